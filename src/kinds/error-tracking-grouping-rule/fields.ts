/**
 * The error tracking grouping rule's field table: what PostHog's create takes (today's
 * ErrorTrackingGroupingRuleCreateRequestSerializer, products/error_tracking/backend/api/grouping_rules.py;
 * `ErrorTrackingGroupingRuleViewSet.create` in posthog/api/error_tracking.py of PostHog 2025-08-04): `filters`
 * (required), `assignee` and `description`. Today's update takes `filters` only
 * (ErrorTrackingGroupingRuleUpdateRequestSerializer), and no version's update clears anything (`if assignee:`), so
 * the assignee and the description are set on create: changing either replaces the rule (./kind.ts). Today's PostHog
 * also refuses filters without a property filter ("Filters must contain at least one filter value.",
 * `has_filter_values`); PostHog 2025-08-04 takes them, so that rule is left to the PostHog that has it.
 */
import { z } from "zod";
import type { FieldDef, LeftOut, ApiTypes } from "../../kit/field-table";
import { assigneeField, filtersField } from "../error-tracking-assignment-rule/rules";

export const errorTrackingGroupingRuleFields = {
  filters: filtersField(
    "Which exceptions the rule groups: a property group of filters on the exception event. Every matching exception goes into one issue, the rule's own, whatever PostHog's fingerprint says.",
  ),
  assignee: assigneeField(
    'Who the rule\'s issue is assigned to (assignment rules are then skipped for it): a user (`{ type: "user", id: <numeric id> }`) or a role (`{ type: "role", id: <roleId> }`), or null. Changing it replaces the rule.',
    true,
  ),
  description: {
    input: z.string({ error: "must be a string or null" }).nullable(),
    doc: "What the rule is for, shown in PostHog's interface. Changing it replaces the rule. PostHog 2025-08-04 stores it but never answers it.",
    lackedBy: ["2025-08-04"],
  },
} as const satisfies Record<string, FieldDef>;

/** The fields PostHog sets on create only (see above). */
export const GROUPING_RULE_CREATE_ONLY = ["assignee", "description"] as const;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const errorTrackingGroupingRuleLeftOut: LeftOut = {
  order_key:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
  disabled_data:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const errorTrackingGroupingRuleApiTypes: ApiTypes = {
  file: "products/error_tracking/frontend/generated/api.schemas.ts",
  schemas: ["ErrorTrackingGroupingRuleApi", "ErrorTrackingGroupingRuleCreateRequestApi", "ErrorTrackingGroupingRuleUpdateRequestApi"],
};
