/**
 * Log metric rules as PostHog answers them (LogsMetricRuleSerializer, products/logs/backend/presentation/views/
 * metric_rules_api.py in PostHog/posthog; model LogsMetricRule, products/logs/backend/models.py, migrations
 * 0017_logsmetricrule and 0024_logsmetricrule_source). Keyed by UUID; `created_by` is the user's numeric id (a
 * PrimaryKeyRelatedField), `version` counts the updates; `source` is what it tallies (logs or spans). Loose.
 */
import { z } from "zod";

export const logsMetricRuleSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  metric_name: z.string(),
  enabled: z.boolean(),
  filter_group: z.record(z.string(), z.unknown()).nullable(),
  value_attribute: z.string().nullable(),
  group_by: z.array(z.string()),
  source: z.enum(["logs", "spans"]).optional(),
  version: z.number().int(),
  created_by: z.number().int().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type LogsMetricRule = z.infer<typeof logsMetricRuleSchema>;
