/**
 * The error tracking suppression rule's field table: what PostHog's create and update take (today's
 * ErrorTrackingSuppressionRuleCreateRequestSerializer and …UpdateRequestSerializer,
 * products/error_tracking/backend/api/suppression_rules.py; `ErrorTrackingSuppressionRuleViewSet` in
 * posthog/api/error_tracking.py of PostHog 2025-08-04): `filters`, and today `sampling_rate`. Today's PostHog makes a
 * rule without filters match every exception (`{"type": "AND", "values": []}`); PostHog 2025-08-04 requires them
 * ("Filters are required"), which is left to it.
 */
import { z } from "zod";
import type { FieldDef, LeftOut, ApiTypes } from "../../kit/field-table";
import { filtersField, RULES_SOURCE } from "../error-tracking-assignment-rule/rules";

export const errorTrackingSuppressionRuleFields = {
  filters: filtersField(
    "Which exceptions are dropped at ingestion: a property group of filters on the exception event. Today's PostHog takes none (or an empty group) as every exception; PostHog 2025-08-04 requires them.",
  ),
  sampling_rate: {
    input: z
      .number({ error: `must be a number from 0 to 1 (ErrorTrackingSuppressionRuleCreateRequestSerializer, ${RULES_SOURCE})` })
      .min(0, { error: `must be at least 0 (ErrorTrackingSuppressionRuleCreateRequestSerializer, ${RULES_SOURCE})` })
      .max(1, { error: `must be at most 1 (ErrorTrackingSuppressionRuleCreateRequestSerializer, ${RULES_SOURCE})` }),
    doc: "The share of matching exceptions dropped: 1 (PostHog's default) drops every one, 0.5 half of them, 0 none (today's PostHog only).",
    lackedBy: ["2025-08-04"],
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const errorTrackingSuppressionRuleLeftOut: LeftOut = {
  order_key:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
  disabled_data:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const errorTrackingSuppressionRuleApiTypes: ApiTypes = {
  file: "products/error_tracking/frontend/generated/api.schemas.ts",
  schemas: [
    "ErrorTrackingSuppressionRuleApi",
    "ErrorTrackingSuppressionRuleCreateRequestApi",
    "ErrorTrackingSuppressionRuleUpdateRequestApi",
  ],
};
