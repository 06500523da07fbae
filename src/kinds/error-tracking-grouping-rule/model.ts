/**
 * Between Pulumi's view of an error tracking grouping rule and PostHog's: the kit's field-table model over its table
 * (./fields.ts). PostHog requires the filters (400 "Filters are required").
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import { RULES_SOURCE, ruleOutputs, ruleOutputTypes } from "../error-tracking-assignment-rule/rules";
import type { ErrorTrackingGroupingRule } from "./record";
import { errorTrackingGroupingRuleFields } from "./fields";

export type ErrorTrackingGroupingRuleRecord = InProject<ErrorTrackingGroupingRule>;

export const errorTrackingGroupingRuleModel = fieldModel<ErrorTrackingGroupingRule>({
  className: "ErrorTrackingGroupingRule",
  noun: "error tracking grouping rule",
  summary: "A rule of a project's error tracking that groups the exceptions matching its filters into one issue.",
  fields: errorTrackingGroupingRuleFields,
  exampleInput: "description",
  required: { filters: `PostHog groups the exceptions matching a rule's filters ("Filters are required", ${RULES_SOURCE})` },
  fixedOutputs: ruleOutputs,
  outputTypes: ruleOutputTypes,
});
