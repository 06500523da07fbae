/**
 * ErrorTrackingBypassRule, declared once for the kit (src/kit) through what the error tracking rule kinds share
 * (../error-tracking-assignment-rule/rules.ts): `/api/environments/<projectId>/error_tracking/bypass_rules/`, keyed by
 * UUID, deleted by DELETE, identified as `<projectId>/<uuid>`. Its field table is ./fields.ts; its filters change in
 * place. PostHog 2025-08-04 has no bypass rules: its router answers 404.
 */
import { defineKind } from "../../kit/define-kind";
import { unservedRefusal } from "../../kit/unserved";
import { RULES_SOURCE, ruleKindFacts } from "../error-tracking-assignment-rule/rules";
import { errorTrackingBypassRuleEndpoints } from "./endpoints";
import { errorTrackingBypassRuleExample } from "./example";
import { errorTrackingBypassRuleFields } from "./fields";

export const {
  kind: errorTrackingBypassRuleKind,
  model: errorTrackingBypassRuleModel,
  Lifecycle: ErrorTrackingBypassRuleLifecycle,
} = defineKind({
  name: "ErrorTrackingBypassRule",
  noun: "error tracking bypass rule",
  summary: "A rule of a project's error tracking that exempts the exceptions matching its filters from its rate limits.",
  description:
    "A PostHog error tracking bypass rule: the exceptions matching its filters are ingested whatever the project's rate limits (ErrorTrackingSettings), and count against none. Its filters change in place; deleted by DELETE. PostHog serves it under /api/environments/ only, with the `error_tracking` scope; today's PostHog only (PostHog 2025-08-04 has no bypass rules).",
  example: errorTrackingBypassRuleExample,
  fields: errorTrackingBypassRuleFields,
  exampleInput: "filters",
  ...ruleKindFacts({
    noun: "error tracking bypass rule",
    idOutput: "bypassRuleId",
    fields: errorTrackingBypassRuleFields,
    endpoints: errorTrackingBypassRuleEndpoints,
    // ErrorTrackingBypassRuleCreateRequestSerializer's `filters` (required=True).
    required: { filters: `a bypass rule lets through the exceptions its filters match ("This field is required.", ${RULES_SOURCE})` },
    createOnly: [],
    defaults: {},
  }),
  createRefusal: unservedRefusal("error tracking bypass rules", "error_tracking:write"),
});
