/**
 * Error tracking bypass rules as PostHog answers them (ErrorTrackingBypassRuleSerializer,
 * products/error_tracking/backend/presentation/views/bypass_rules.py): `id`, `filters`, `order_key`,
 * `disabled_data`, `created_at`, `updated_at`. Loose.
 */
import { z } from "zod";
import { ruleAnswer } from "../error-tracking-assignment-rule/rules";

export const errorTrackingBypassRuleSchema = z.looseObject(ruleAnswer);
export type ErrorTrackingBypassRule = z.infer<typeof errorTrackingBypassRuleSchema>;
