/**
 * The error tracking assignment rule endpoints (ErrorTrackingAssignmentRuleViewSet,
 * `/api/environments/<id>/error_tracking/assignment_rules/`), one function each: see ./rules.ts for what the three
 * rule kinds' endpoints share (keyed by UUID, an update read back, DELETE).
 */
import { ruleEndpoints } from "./rules";
import { errorTrackingAssignmentRuleSchema } from "./record";

const rules = ruleEndpoints("assignment_rules", "error tracking assignment rule", errorTrackingAssignmentRuleSchema);

export const listErrorTrackingAssignmentRules = rules.listAll;

export const getErrorTrackingAssignmentRule = rules.get;

/** Never resent once it may have reached PostHog: a resend makes a twin. */
export const createErrorTrackingAssignmentRule = rules.create;

/** PostHog answers 204: the rule is read back. */
export const updateErrorTrackingAssignmentRule = rules.update;

export const deleteErrorTrackingAssignmentRule = rules.destroy;

/** Every page of the list. */
export const errorTrackingAssignmentRulePages = rules.pages;

export const errorTrackingAssignmentRuleEndpoints = rules;
