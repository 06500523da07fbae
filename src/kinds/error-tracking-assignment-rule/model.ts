/**
 * Between Pulumi's view of an error tracking assignment rule and PostHog's: the kit's field-table model over its table
 * (./fields.ts). PostHog requires both fields (400 "Filters are required", "Assignee is required").
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { ErrorTrackingAssignmentRule } from "./record";
import { errorTrackingAssignmentRuleFields } from "./fields";
import { RULES_SOURCE, ruleOutputs, ruleOutputTypes } from "./rules";

export type ErrorTrackingAssignmentRuleRecord = InProject<ErrorTrackingAssignmentRule>;

export const errorTrackingAssignmentRuleModel = fieldModel<ErrorTrackingAssignmentRule>({
  className: "ErrorTrackingAssignmentRule",
  noun: "error tracking assignment rule",
  summary: "A rule of a project's error tracking that assigns the new issues whose exceptions match its filters to a user or a role.",
  fields: errorTrackingAssignmentRuleFields,
  exampleInput: "assignee",
  required: {
    filters: `PostHog assigns the issues matching a rule's filters ("Filters are required", ${RULES_SOURCE})`,
    assignee: `an assignment rule assigns to a user or a role ("Assignee is required", ${RULES_SOURCE})`,
  },
  fixedOutputs: ruleOutputs,
  outputTypes: ruleOutputTypes,
});
