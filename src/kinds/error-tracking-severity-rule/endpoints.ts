/**
 * The error tracking severity rule endpoints (ErrorTrackingSeverityRuleViewSet,
 * `/api/environments/<id>/error_tracking/severity_rules/`, products/error_tracking/backend/presentation/views/
 * severity_rules.py), one function each: see ../error-tracking-assignment-rule/rules.ts for what the rule kinds'
 * endpoints share. Listed whole (`pagination_class = None`: `{"results": [...]}`).
 */
import { ruleEndpoints } from "../error-tracking-assignment-rule/rules";
import { errorTrackingSeverityRuleSchema } from "./record";

const rules = ruleEndpoints("severity_rules", "error tracking severity rule", errorTrackingSeverityRuleSchema);

export const listErrorTrackingSeverityRules = rules.listAll;

export const getErrorTrackingSeverityRule = rules.get;

/** Never resent once it may have reached PostHog: a resend makes a twin. */
export const createErrorTrackingSeverityRule = rules.create;

/** PostHog answers 204: the rule is read back. */
export const updateErrorTrackingSeverityRule = rules.update;

export const deleteErrorTrackingSeverityRule = rules.destroy;

/** Every page of the list. */
export const errorTrackingSeverityRulePages = rules.pages;

export const errorTrackingSeverityRuleEndpoints = rules;
