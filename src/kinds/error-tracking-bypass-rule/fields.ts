/**
 * The error tracking bypass rule's field table: what today's ErrorTrackingBypassRuleCreateRequestSerializer and
 * …UpdateRequestSerializer take (products/error_tracking/backend/presentation/views/bypass_rules.py): `filters`,
 * required on create, which must hold at least one property filter ("A bypass rule must have at least one filter.":
 * a rule without one would exempt every exception from the rate limits, which the settings' limits do instead).
 * PostHog 2025-08-04 has no bypass rules.
 */
import type { ApiTypes, FieldDef, LeftOut } from "../../kit/field-table";
import { filtersField } from "../error-tracking-assignment-rule/rules";

export const errorTrackingBypassRuleFields = {
  filters: filtersField(
    "Which exceptions the project's rate limits (ErrorTrackingSettings) let through whatever their count: a property group of filters on the exception event, with at least one filter.",
    '"A bypass rule must have at least one filter."',
  ),
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const errorTrackingBypassRuleLeftOut: LeftOut = {
  order_key:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
  disabled_data:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const errorTrackingBypassRuleApiTypes: ApiTypes = {
  file: "products/error_tracking/frontend/generated/api.schemas.ts",
  schemas: ["ErrorTrackingBypassRuleApi", "ErrorTrackingBypassRuleCreateRequestApi", "ErrorTrackingBypassRuleUpdateRequestApi"],
};
