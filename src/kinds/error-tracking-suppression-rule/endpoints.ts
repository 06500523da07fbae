/**
 * The error tracking suppression rule endpoints (ErrorTrackingSuppressionRuleViewSet,
 * `/api/environments/<id>/error_tracking/suppression_rules/`), one function each: see
 * ../error-tracking-assignment-rule/rules.ts for what the three rule kinds' endpoints share.
 */
import { ruleEndpoints } from "../error-tracking-assignment-rule/rules";
import { errorTrackingSuppressionRuleSchema } from "./record";

const rules = ruleEndpoints("suppression_rules", "error tracking suppression rule", errorTrackingSuppressionRuleSchema);

export const listErrorTrackingSuppressionRules = rules.listAll;

export const getErrorTrackingSuppressionRule = rules.get;

/** Never resent once it may have reached PostHog: a resend makes a twin. */
export const createErrorTrackingSuppressionRule = rules.create;

/** PostHog answers 204: the rule is read back. */
export const updateErrorTrackingSuppressionRule = rules.update;

export const deleteErrorTrackingSuppressionRule = rules.destroy;

/** Every page of the list. */
export const errorTrackingSuppressionRulePages = rules.pages;

export const errorTrackingSuppressionRuleEndpoints = rules;
