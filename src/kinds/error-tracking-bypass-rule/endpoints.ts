/**
 * The error tracking bypass rule endpoints (ErrorTrackingBypassRuleViewSet,
 * `/api/environments/<id>/error_tracking/bypass_rules/`, products/error_tracking/backend/presentation/views/
 * bypass_rules.py), one function each: see ../error-tracking-assignment-rule/rules.ts for what the rule kinds'
 * endpoints share. Listed 100 to a page.
 */
import { ruleEndpoints } from "../error-tracking-assignment-rule/rules";
import { errorTrackingBypassRuleSchema } from "./record";

const rules = ruleEndpoints("bypass_rules", "error tracking bypass rule", errorTrackingBypassRuleSchema);

export const listErrorTrackingBypassRules = rules.listAll;

export const getErrorTrackingBypassRule = rules.get;

/** Never resent once it may have reached PostHog: a resend makes a twin. */
export const createErrorTrackingBypassRule = rules.create;

/** PostHog answers 204: the rule is read back. */
export const updateErrorTrackingBypassRule = rules.update;

export const deleteErrorTrackingBypassRule = rules.destroy;

/** Every page of the list. */
export const errorTrackingBypassRulePages = rules.pages;

export const errorTrackingBypassRuleEndpoints = rules;
