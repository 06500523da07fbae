/**
 * ErrorTrackingSeverityRule, declared once for the kit (src/kit) through what the error tracking rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/severity_rules/`, keyed
 * by UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts; both its fields
 * change in place. At most 100 a project (MAX_SEVERITY_RULES_PER_TEAM, products/error_tracking/backend/logic/rules.py:
 * PostHog refuses the next create). PostHog 2025-08-04 has no severity rules: its router answers 404.
 */
import { defineKind } from "../../kit/define-kind";
import { unservedRefusal } from "../../kit/unserved";
import { RULES_SOURCE, ruleKindFacts } from "../error-tracking-assignment-rule/rules";
import { errorTrackingSeverityRuleEndpoints } from "./endpoints";
import { errorTrackingSeverityRuleExample } from "./example";
import { errorTrackingSeverityRuleFields } from "./fields";

export const {
  kind: errorTrackingSeverityRuleKind,
  model: errorTrackingSeverityRuleModel,
  Lifecycle: ErrorTrackingSeverityRuleLifecycle,
} = defineKind({
  name: "ErrorTrackingSeverityRule",
  noun: "error tracking severity rule",
  summary: "A rule of a project's error tracking that gives the new issues whose exceptions match its filters a severity.",
  description:
    "A PostHog error tracking severity rule: a new issue whose first exception matches its filters gets its severity (low, medium, high or critical); the first matching rule in PostHog's order wins. Its filters and severity change in place; deleted by DELETE. At most 100 a project. PostHog serves it under /api/environments/ only, with the `error_tracking` scope; today's PostHog only (PostHog 2025-08-04 has no severity rules).",
  example: errorTrackingSeverityRuleExample,
  fields: errorTrackingSeverityRuleFields,
  exampleInput: "severity",
  ...ruleKindFacts({
    noun: "error tracking severity rule",
    idOutput: "severityRuleId",
    fields: errorTrackingSeverityRuleFields,
    endpoints: errorTrackingSeverityRuleEndpoints,
    // ErrorTrackingSeverityRuleCreateRequestSerializer: both required.
    required: {
      filters: `PostHog gives its severity to the issues matching a rule's filters ("This field is required.", ${RULES_SOURCE})`,
      severity: `a severity rule gives one ("This field is required.", ${RULES_SOURCE})`,
    },
    createOnly: [],
    defaults: {},
  }),
  createRefusal: unservedRefusal("error tracking severity rules", "error_tracking:write"),
});
