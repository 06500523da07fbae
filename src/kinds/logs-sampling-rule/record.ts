/**
 * Logs sampling rules as PostHog answers them (LogsSamplingRuleSerializer,
 * products/logs/backend/presentation/views/sampling_api.py in PostHog/posthog; model LogsExclusionRule,
 * products/logs/backend/models.py, first made as LogsSamplingRule by migration 0009_logssamplingrule; types
 * LogsSamplingRuleApi, products/logs/frontend/generated/api.schemas.ts). Keyed by UUID. Loose.
 */
import { z } from "zod";

export const logsSamplingRuleSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  priority: z.number().int(),
  rule_type: z.string(),
  scope_service: z.string().nullable(),
  scope_path_pattern: z.string().nullable(),
  scope_attribute_filters: z.array(z.looseObject({})),
  config: z.unknown(),
  version: z.number().int(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type LogsSamplingRule = z.infer<typeof logsSamplingRuleSchema>;
