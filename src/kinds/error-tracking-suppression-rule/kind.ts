/**
 * ErrorTrackingSuppressionRule, declared once for the kit (src/kit) through what the three rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/suppression_rules/`,
 * keyed by UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts; everything
 * changes in place.
 */
import { defineKind } from "../../kit/define-kind";
import { ruleKindFacts } from "../error-tracking-assignment-rule/rules";
import { errorTrackingSuppressionRuleEndpoints } from "./endpoints";
import { errorTrackingSuppressionRuleExample } from "./example";
import { errorTrackingSuppressionRuleFields } from "./fields";

export const {
  kind: errorTrackingSuppressionRuleKind,
  model: errorTrackingSuppressionRuleModel,
  Lifecycle: ErrorTrackingSuppressionRuleLifecycle,
} = defineKind({
  name: "ErrorTrackingSuppressionRule",
  noun: "error tracking suppression rule",
  summary: "A rule of a project's error tracking that drops the exceptions matching its filters at ingestion.",
  description:
    "A PostHog error tracking suppression rule: the exceptions matching its filters are dropped at ingestion (today's PostHog: a share of them, `samplingRate`). Changed in place; deleted by DELETE. PostHog serves it under /api/environments/ only, with the `error_tracking` scope.",
  example: errorTrackingSuppressionRuleExample,
  fields: errorTrackingSuppressionRuleFields,
  exampleInput: "filters",
  ...ruleKindFacts({
    noun: "error tracking suppression rule",
    idOutput: "suppressionRuleId",
    fields: errorTrackingSuppressionRuleFields,
    endpoints: errorTrackingSuppressionRuleEndpoints,
    required: {},
    createOnly: [],
    // ErrorTrackingSuppressionRuleCreateRequestSerializer's default (today's PostHog).
    defaults: { sampling_rate: 1 },
  }),
});
