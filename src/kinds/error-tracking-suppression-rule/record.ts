/**
 * Error tracking suppression rules as PostHog answers them (ErrorTrackingSuppressionRuleSerializer:
 * products/error_tracking/backend/api/suppression_rules.py today, posthog/api/error_tracking.py in PostHog
 * 2025-08-04): `id`, `filters`, `order_key`; today's adds `disabled_data`, `sampling_rate`, `created_at` and
 * `updated_at`. Loose.
 */
import { z } from "zod";
import { ruleAnswer } from "../error-tracking-assignment-rule/rules";

export const errorTrackingSuppressionRuleSchema = z.looseObject({ ...ruleAnswer, sampling_rate: z.number().optional() });
export type ErrorTrackingSuppressionRule = z.infer<typeof errorTrackingSuppressionRuleSchema>;
