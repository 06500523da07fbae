/**
 * Between Pulumi's view of an error tracking suppression rule and PostHog's: the kit's field-table model over its
 * table (./fields.ts).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import { ruleOutputs, ruleOutputTypes } from "../error-tracking-assignment-rule/rules";
import type { ErrorTrackingSuppressionRule } from "./record";
import { errorTrackingSuppressionRuleFields } from "./fields";

export type ErrorTrackingSuppressionRuleRecord = InProject<ErrorTrackingSuppressionRule>;

export const errorTrackingSuppressionRuleModel = fieldModel<ErrorTrackingSuppressionRule>({
  className: "ErrorTrackingSuppressionRule",
  noun: "error tracking suppression rule",
  summary: "A rule of a project's error tracking that drops the exceptions matching its filters at ingestion.",
  fields: errorTrackingSuppressionRuleFields,
  exampleInput: "filters",
  fixedOutputs: ruleOutputs,
  outputTypes: ruleOutputTypes,
});
