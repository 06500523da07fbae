/**
 * Error tracking assignment rules as PostHog answers them (ErrorTrackingAssignmentRuleSerializer:
 * products/error_tracking/backend/api/assignment_rules.py today, posthog/api/error_tracking.py in PostHog 2025-08-04):
 * `id`, `filters`, `assignee`, `order_key`, `disabled_data`; today's adds `created_at` and `updated_at`. Loose.
 */
import { z } from "zod";
import { assigneeAnswer, ruleAnswer } from "./rules";

export const errorTrackingAssignmentRuleSchema = z.looseObject({ ...ruleAnswer, assignee: assigneeAnswer });
export type ErrorTrackingAssignmentRule = z.infer<typeof errorTrackingAssignmentRuleSchema>;
