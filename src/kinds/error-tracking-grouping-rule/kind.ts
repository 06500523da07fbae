/**
 * ErrorTrackingGroupingRule, declared once for the kit (src/kit) through what the three rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/grouping_rules/`, keyed
 * by UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts.
 */
import type { Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { RuleLifecycle, ruleKind } from "../error-tracking-assignment-rule/rules";
import { errorTrackingGroupingRuleEndpoints } from "./endpoints";
import { errorTrackingGroupingRuleExample } from "./example";
import { errorTrackingGroupingRuleFields, GROUPING_RULE_CREATE_ONLY } from "./fields";
import { errorTrackingGroupingRuleModel } from "./model";
import type { ErrorTrackingGroupingRule, errorTrackingGroupingRuleSchema } from "./record";

export const errorTrackingGroupingRuleKind = ruleKind({
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

/** The ErrorTrackingGroupingRule lifecycle: the rules' (../error-tracking-assignment-rule/rules.ts), its assignee and description set on create. */
export class ErrorTrackingGroupingRuleLifecycle extends RuleLifecycle<ErrorTrackingGroupingRule, typeof errorTrackingGroupingRuleSchema> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(
      errorTrackingGroupingRuleKind,
      errorTrackingGroupingRuleModel,
      errorTrackingGroupingRuleEndpoints,
      GROUPING_RULE_CREATE_ONLY,
      connection,
    );
  }
}
