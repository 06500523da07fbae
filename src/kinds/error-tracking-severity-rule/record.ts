/**
 * Error tracking severity rules as PostHog answers them (ErrorTrackingSeverityRuleSerializer,
 * products/error_tracking/backend/presentation/views/severity_rules.py): `id`, `filters`, `severity`, `order_key`,
 * `disabled_data`, `created_at`, `updated_at`. Loose.
 */
import { z } from "zod";
import { ruleAnswer } from "../error-tracking-assignment-rule/rules";

export const errorTrackingSeverityRuleSchema = z.looseObject({ ...ruleAnswer, severity: z.string() });
export type ErrorTrackingSeverityRule = z.infer<typeof errorTrackingSeverityRuleSchema>;
