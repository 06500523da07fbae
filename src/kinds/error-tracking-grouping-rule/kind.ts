/**
 * ErrorTrackingGroupingRule, declared once for the kit (src/kit) through what the three rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/grouping_rules/`, keyed
 * by UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts; its assignee and
 * description are set on create only.
 */
import { defineKind } from "../../kit/define-kind";
import { RULES_SOURCE, ruleKindFacts } from "../error-tracking-assignment-rule/rules";
import { errorTrackingGroupingRuleEndpoints } from "./endpoints";
import { errorTrackingGroupingRuleExample } from "./example";
import { errorTrackingGroupingRuleFields, GROUPING_RULE_CREATE_ONLY } from "./fields";

export const {
  kind: errorTrackingGroupingRuleKind,
  model: errorTrackingGroupingRuleModel,
  Lifecycle: ErrorTrackingGroupingRuleLifecycle,
} = defineKind({
  name: "ErrorTrackingGroupingRule",
  noun: "error tracking grouping rule",
  summary: "A rule of a project's error tracking that groups the exceptions matching its filters into one issue.",
  description:
    "A PostHog error tracking grouping rule: the exceptions matching its filters are grouped into one issue of its own, optionally assigned to a user or a role. Its filters change in place; its assignee and description are set when it is created, so changing either replaces it (and its exceptions then group into a new issue). Deleted by DELETE. PostHog serves it under /api/environments/ only, with the `error_tracking` scope.",
  example: errorTrackingGroupingRuleExample,
  fields: errorTrackingGroupingRuleFields,
  exampleInput: "description",
  ...ruleKindFacts({
    noun: "error tracking grouping rule",
    idOutput: "groupingRuleId",
    fields: errorTrackingGroupingRuleFields,
    endpoints: errorTrackingGroupingRuleEndpoints,
    // PostHog requires the filters (400 "Filters are required").
    required: { filters: `PostHog groups the exceptions matching a rule's filters ("Filters are required", ${RULES_SOURCE})` },
    createOnly: GROUPING_RULE_CREATE_ONLY,
    // The ErrorTrackingGroupingRule model's (nullable, no default).
    defaults: { assignee: null, description: null },
  }),
});
