/**
 * ErrorTrackingAssignmentRule, declared once for the kit (src/kit) through what the three rule kinds share (./rules.ts):
 * `/api/environments/<projectId>/error_tracking/assignment_rules/`, keyed by UUID, deleted by DELETE, identified as
 * `<projectId>/<uuid>`. Its field table is ./fields.ts; both its fields change in place.
 */
import { defineKind } from "../../kit/define-kind";
import { errorTrackingAssignmentRuleEndpoints } from "./endpoints";
import { errorTrackingAssignmentRuleExample } from "./example";
import { errorTrackingAssignmentRuleFields } from "./fields";
import { RULES_SOURCE, ruleKindFacts } from "./rules";

export const {
  kind: errorTrackingAssignmentRuleKind,
  model: errorTrackingAssignmentRuleModel,
  Lifecycle: ErrorTrackingAssignmentRuleLifecycle,
} = defineKind({
  name: "ErrorTrackingAssignmentRule",
  noun: "error tracking assignment rule",
  summary: "A rule of a project's error tracking that assigns the new issues whose exceptions match its filters to a user or a role.",
  description:
    "A PostHog error tracking assignment rule: the new issues whose first exception matches its filters are assigned to a user or a role. Its filters and assignee are changed in place; PostHog evaluates a project's rules in their order (`orderKey`, set in PostHog's interface). Deleted by DELETE. PostHog serves it under /api/environments/ only, with the `error_tracking` scope.",
  example: errorTrackingAssignmentRuleExample,
  fields: errorTrackingAssignmentRuleFields,
  exampleInput: "assignee",
  ...ruleKindFacts({
    noun: "error tracking assignment rule",
    idOutput: "assignmentRuleId",
    fields: errorTrackingAssignmentRuleFields,
    endpoints: errorTrackingAssignmentRuleEndpoints,
    // PostHog requires both fields (400 "Filters are required", "Assignee is required").
    required: {
      filters: `PostHog assigns the issues matching a rule's filters ("Filters are required", ${RULES_SOURCE})`,
      assignee: `an assignment rule assigns to a user or a role ("Assignee is required", ${RULES_SOURCE})`,
    },
    createOnly: [],
    defaults: {},
  }),
});
