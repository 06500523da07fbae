/**
 * ErrorTrackingAssignmentRule, declared once for the kit (src/kit) through what the three rule kinds share (./rules.ts):
 * `/api/environments/<projectId>/error_tracking/assignment_rules/`, keyed by UUID, deleted by DELETE, identified as
 * `<projectId>/<uuid>`. Its field table is ./fields.ts.
 */
import type { Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { errorTrackingAssignmentRuleEndpoints } from "./endpoints";
import { errorTrackingAssignmentRuleExample } from "./example";
import { errorTrackingAssignmentRuleFields } from "./fields";
import { errorTrackingAssignmentRuleModel } from "./model";
import type { errorTrackingAssignmentRuleSchema } from "./record";
import { RuleLifecycle, ruleKind } from "./rules";
import type { ErrorTrackingAssignmentRule } from "./record";

export const errorTrackingAssignmentRuleKind = ruleKind({
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

/** The ErrorTrackingAssignmentRule lifecycle: the rules' (./rules.ts); both its fields change in place. */
export class ErrorTrackingAssignmentRuleLifecycle extends RuleLifecycle<
  ErrorTrackingAssignmentRule,
  typeof errorTrackingAssignmentRuleSchema
> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(errorTrackingAssignmentRuleKind, errorTrackingAssignmentRuleModel, errorTrackingAssignmentRuleEndpoints, [], connection);
  }
}
