/**
 * ErrorTrackingSuppressionRule, declared once for the kit (src/kit) through what the three rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/suppression_rules/`,
 * keyed by UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts.
 */
import { ruleKind, ruleLifecycle } from "../error-tracking-assignment-rule/rules";
import { errorTrackingSuppressionRuleEndpoints } from "./endpoints";
import { errorTrackingSuppressionRuleExample } from "./example";
import { errorTrackingSuppressionRuleFields } from "./fields";
import { type ErrorTrackingSuppressionRuleRecord, errorTrackingSuppressionRuleModel } from "./model";
import type { Kind } from "../../kit/kind";

export const errorTrackingSuppressionRuleKind: Kind<"project", ErrorTrackingSuppressionRuleRecord> = ruleKind({
  name: "ErrorTrackingSuppressionRule",
  noun: "error tracking suppression rule",
  idOutput: "suppressionRuleId",
  description:
    "A PostHog error tracking suppression rule: the exceptions matching its filters are dropped at ingestion (today's PostHog: a share of them, `samplingRate`). Changed in place; deleted by DELETE. PostHog serves it under /api/environments/ only, with the `error_tracking` scope.",
  fields: errorTrackingSuppressionRuleFields,
  endpoints: errorTrackingSuppressionRuleEndpoints,
  model: errorTrackingSuppressionRuleModel,
  example: errorTrackingSuppressionRuleExample,
  createOnly: [],
  required: [],
  // ErrorTrackingSuppressionRuleCreateRequestSerializer's default (today's PostHog).
  defaults: { sampling_rate: 1 },
  lifecycle: () => new ErrorTrackingSuppressionRuleLifecycle(),
});

/** The ErrorTrackingSuppressionRule lifecycle: the rules' (RuleLifecycle), everything changes in place. */
export const ErrorTrackingSuppressionRuleLifecycle = ruleLifecycle(
  () => errorTrackingSuppressionRuleKind,
  errorTrackingSuppressionRuleModel,
  errorTrackingSuppressionRuleEndpoints,
  [],
);
