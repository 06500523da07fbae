/**
 * ErrorTrackingAssignmentRule, declared once for the kit (src/kit) through what the three rule kinds share (./rules.ts):
 * `/api/environments/<projectId>/error_tracking/assignment_rules/`, keyed by UUID, deleted by DELETE, identified as
 * `<projectId>/<uuid>`. Its field table is ./fields.ts.
 */
import { errorTrackingAssignmentRuleEndpoints } from "./endpoints";
import { errorTrackingAssignmentRuleExample } from "./example";
import { errorTrackingAssignmentRuleFields } from "./fields";
import { type ErrorTrackingAssignmentRuleRecord, errorTrackingAssignmentRuleModel } from "./model";
import type { Kind } from "../../kit/kind";
import { ruleKind, ruleLifecycle } from "./rules";

export const errorTrackingAssignmentRuleKind: Kind<"project", ErrorTrackingAssignmentRuleRecord> = ruleKind({
  name: "ErrorTrackingAssignmentRule",
  noun: "error tracking assignment rule",
  idOutput: "assignmentRuleId",
  description:
    "A PostHog error tracking assignment rule: the new issues whose first exception matches its filters are assigned to a user or a role. Its filters and assignee are changed in place; PostHog evaluates a project's rules in their order (`orderKey`, set in PostHog's interface). Deleted by DELETE. PostHog serves it under /api/environments/ only, with the `error_tracking` scope.",
  fields: errorTrackingAssignmentRuleFields,
  endpoints: errorTrackingAssignmentRuleEndpoints,
  model: errorTrackingAssignmentRuleModel,
  example: errorTrackingAssignmentRuleExample,
  createOnly: [],
  required: ["assignee"],
  defaults: {},
  lifecycle: () => new ErrorTrackingAssignmentRuleLifecycle(),
});

/** The ErrorTrackingAssignmentRule lifecycle: the rules' (RuleLifecycle), both its fields change in place. */
export const ErrorTrackingAssignmentRuleLifecycle = ruleLifecycle(
  () => errorTrackingAssignmentRuleKind,
  errorTrackingAssignmentRuleModel,
  errorTrackingAssignmentRuleEndpoints,
  [],
);
