/**
 * The error tracking severity rule's field table: what today's ErrorTrackingSeverityRuleCreateRequestSerializer and
 * …UpdateRequestSerializer take (products/error_tracking/backend/presentation/views/severity_rules.py): `filters` and
 * `severity`, both required on create and both changed in place by an update. The create also takes `order_key`,
 * which the rule kinds keep as an output (../error-tracking-assignment-rule/rules.ts). PostHog 2025-08-04 has no
 * severity rules.
 */
import { z } from "zod";
import type { ApiTypes, FieldDef, LeftOut } from "../../kit/field-table";
import { filtersField } from "../error-tracking-assignment-rule/rules";

/**
 * ERROR_TRACKING_ISSUE_SEVERITIES (products/error_tracking/backend/facade/contracts.py), kept in step with ingestion's
 * RuleSeverity (rust/cymbal/src/modes/processing/rules/severity.rs).
 */
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;

const SERIALIZER = "ErrorTrackingSeverityRuleCreateRequestSerializer, products/error_tracking/backend/presentation/views/severity_rules.py";

export const errorTrackingSeverityRuleFields = {
  filters: filtersField(
    "Which new issues the rule gives its severity: a property group of filters on the exception event that creates the issue. The first matching rule, in PostHog's order (`orderKey`), wins.",
  ),
  severity: {
    input: z.enum(SEVERITIES, { error: `must be "low", "medium", "high" or "critical" (${SERIALIZER})` }),
    doc: 'The severity a new issue matching the filters gets: "low", "medium", "high" or "critical".',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const errorTrackingSeverityRuleLeftOut: LeftOut = {
  order_key:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
  disabled_data:
    "outputs (src/kinds/error-tracking-assignment-rule/rules.ts): PostHog's order of the rules and its record of a rule it disabled",
};

/** Where PostHog's generated API types state this kind, or why none does. */
export const errorTrackingSeverityRuleApiTypes: ApiTypes = {
  missing:
    "the generated types read (products/error_tracking/frontend/generated/api.schemas.ts at the commit test/fixtures/posthog-api-facts.json names) predate the severity rules' viewset; its fields are its serializers' (products/error_tracking/backend/presentation/views/severity_rules.py)",
};
