/**
 * Error tracking grouping rules as PostHog answers them (ErrorTrackingGroupingRuleSerializer:
 * products/error_tracking/backend/api/grouping_rules.py today, posthog/api/error_tracking.py in PostHog 2025-08-04):
 * `id`, `filters`, `assignee`, `order_key`, `disabled_data`; today's adds `description`, the `issue` its exceptions
 * are grouped into (`{id, name}` or null), `created_at` and `updated_at`. PostHog 2025-08-04 stores a description but
 * never answers it. Loose.
 */
import { z } from "zod";
import { assigneeAnswer, ruleAnswer } from "../error-tracking-assignment-rule/rules";

export const errorTrackingGroupingRuleSchema = z.looseObject({
  ...ruleAnswer,
  assignee: assigneeAnswer,
  description: z.string().nullish(),
  issue: z.looseObject({}).nullish(),
});
export type ErrorTrackingGroupingRule = z.infer<typeof errorTrackingGroupingRuleSchema>;
