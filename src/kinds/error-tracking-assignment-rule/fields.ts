/**
 * The error tracking assignment rule's field table: what PostHog's create takes (today's
 * ErrorTrackingAssignmentRuleCreateRequestSerializer, products/error_tracking/backend/api/assignment_rules.py;
 * `ErrorTrackingAssignmentRuleViewSet.create` in posthog/api/error_tracking.py of PostHog 2025-08-04): `filters` and
 * `assignee`, both required, both changed by an update.
 */
import type { FieldDef, LeftOut, ApiTypes } from "../../kit/field-table";
import { assigneeField, filtersField } from "./rules";

export const errorTrackingAssignmentRuleFields = {
  filters: filtersField(
    "Which exceptions the rule matches: a property group of filters on the exception event (`$exception_types`, `$exception_message`, …). A new issue whose first exception matches is assigned to `assignee`.",
  ),
  assignee: assigneeField(
    'Who a matching issue is assigned to: a user (`{ type: "user", id: <the user\'s numeric id> }`) or a role (`{ type: "role", id: <the Role\'s roleId> }`).',
    false,
  ),
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const errorTrackingAssignmentRuleLeftOut: LeftOut = {
  order_key:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
  disabled_data:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const errorTrackingAssignmentRuleApiTypes: ApiTypes = {
  file: "products/error_tracking/frontend/generated/api.schemas.ts",
  schemas: ["ErrorTrackingAssignmentRuleApi", "ErrorTrackingAssignmentRuleCreateRequestApi", "ErrorTrackingAssignmentRuleUpdateRequestApi"],
};
