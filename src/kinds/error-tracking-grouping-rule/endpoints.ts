/**
 * The error tracking grouping rule endpoints (ErrorTrackingGroupingRuleViewSet,
 * `/api/environments/<id>/error_tracking/grouping_rules/`), one function each: see
 * ../error-tracking-assignment-rule/rules.ts for what the three rule kinds' endpoints share. Today's list is answered
 * whole (`pagination_class = None`); PostHog 2025-08-04's 100 to a page.
 */
import { ruleEndpoints } from "../error-tracking-assignment-rule/rules";
import { errorTrackingGroupingRuleSchema } from "./record";

const rules = ruleEndpoints("grouping_rules", "error tracking grouping rule", errorTrackingGroupingRuleSchema);

export const listErrorTrackingGroupingRules = rules.listAll;

export const getErrorTrackingGroupingRule = rules.get;

/** Never resent once it may have reached PostHog: a resend makes a twin. */
export const createErrorTrackingGroupingRule = rules.create;

/** PostHog answers 204: the rule is read back. */
export const updateErrorTrackingGroupingRule = rules.update;

export const deleteErrorTrackingGroupingRule = rules.destroy;

/** Every page of the list. */
export const errorTrackingGroupingRulePages = rules.pages;

export const errorTrackingGroupingRuleEndpoints = rules;
