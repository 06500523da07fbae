/**
 * ErrorTrackingSuppressionRule, declared once for the kit (src/kit) through what the three rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/suppression_rules/`,
 * keyed by UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts.
 */
import type { Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { RuleLifecycle, ruleKind } from "../error-tracking-assignment-rule/rules";
import { errorTrackingSuppressionRuleEndpoints } from "./endpoints";
import { errorTrackingSuppressionRuleExample } from "./example";
import { errorTrackingSuppressionRuleFields } from "./fields";
import { errorTrackingSuppressionRuleModel } from "./model";
import type { ErrorTrackingSuppressionRule, errorTrackingSuppressionRuleSchema } from "./record";

export const errorTrackingSuppressionRuleKind = ruleKind({
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

/** The ErrorTrackingSuppressionRule lifecycle: the rules' (../error-tracking-assignment-rule/rules.ts); everything changes in place. */
export class ErrorTrackingSuppressionRuleLifecycle extends RuleLifecycle<
  ErrorTrackingSuppressionRule,
  typeof errorTrackingSuppressionRuleSchema
> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(errorTrackingSuppressionRuleKind, errorTrackingSuppressionRuleModel, errorTrackingSuppressionRuleEndpoints, [], connection);
  }
}
