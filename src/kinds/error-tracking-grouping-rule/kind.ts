/**
 * ErrorTrackingGroupingRule, declared once for the kit (src/kit) through what the three rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/grouping_rules/`, keyed
 * by UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts.
 */
import { ruleKind, ruleLifecycle } from "../error-tracking-assignment-rule/rules";
import { errorTrackingGroupingRuleEndpoints } from "./endpoints";
import { errorTrackingGroupingRuleExample } from "./example";
import { errorTrackingGroupingRuleFields, GROUPING_RULE_CREATE_ONLY } from "./fields";
import { type ErrorTrackingGroupingRuleRecord, errorTrackingGroupingRuleModel } from "./model";
import type { Kind } from "../../kit/kind";

export const errorTrackingGroupingRuleKind: Kind<"project", ErrorTrackingGroupingRuleRecord> = ruleKind({
  name: "ErrorTrackingGroupingRule",
  noun: "error tracking grouping rule",
  idOutput: "groupingRuleId",
  description:
    "A PostHog error tracking grouping rule: the exceptions matching its filters are grouped into one issue of its own, optionally assigned to a user or a role. Its filters change in place; its assignee and description are set when it is created, so changing either replaces it (and its exceptions then group into a new issue). Deleted by DELETE. PostHog serves it under /api/environments/ only, with the `error_tracking` scope.",
  fields: errorTrackingGroupingRuleFields,
  endpoints: errorTrackingGroupingRuleEndpoints,
  model: errorTrackingGroupingRuleModel,
  example: errorTrackingGroupingRuleExample,
  createOnly: GROUPING_RULE_CREATE_ONLY,
  required: [],
  // The ErrorTrackingGroupingRule model's (nullable, no default).
  defaults: { assignee: null, description: null },
  lifecycle: () => new ErrorTrackingGroupingRuleLifecycle(),
});

/** The ErrorTrackingGroupingRule lifecycle: the rules' (RuleLifecycle), its assignee and description set on create. */
export const ErrorTrackingGroupingRuleLifecycle = ruleLifecycle(
  () => errorTrackingGroupingRuleKind,
  errorTrackingGroupingRuleModel,
  errorTrackingGroupingRuleEndpoints,
  GROUPING_RULE_CREATE_ONLY,
);
