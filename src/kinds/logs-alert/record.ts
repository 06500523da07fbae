/**
 * Log alerts as PostHog answers them (LogsAlertConfigurationSerializer, products/logs/backend/alerts_api.py; its
 * retrieve LogsAlertConfigurationDetailSerializer adds `destinations`, which the list leaves out). Loose: the state
 * timeline, check times and creator pass through.
 */
import { z } from "zod";

/** One destination as the alert's retrieve answers it (LogsAlertDestinationConfigApi): its secrets reduced. */
export const logsAlertDestinationAnswer = z.looseObject({
  hog_function_ids: z.array(z.string()),
  type: z.string(),
  enabled: z.boolean().optional(),
  slack_workspace_id: z.number().int().nullish(),
  slack_channel_id: z.string().nullish(),
  webhook_url: z.string().nullish(),
  pagerduty_routing_key: z.string().nullish(),
  pagerduty_severity: z.string().nullish(),
  pagerduty_region: z.string().nullish(),
});
export type LogsAlertDestinationAnswer = z.infer<typeof logsAlertDestinationAnswer>;

export const logsAlertSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  filters: z.record(z.string(), z.unknown()).nullish(),
  threshold_count: z.number().int(),
  threshold_operator: z.string(),
  window_minutes: z.number().int(),
  evaluation_periods: z.number().int(),
  datapoints_to_alarm: z.number().int(),
  cooldown_minutes: z.number().int(),
  schedule_restriction: z.looseObject({}).nullish(),
  snooze_until: z.string().nullish(),
  state: z.string(),
  destination_types: z.array(z.string()).optional(),
  destinations: z.array(logsAlertDestinationAnswer).optional(),
  created_at: z.string(),
});
export type LogsAlert = z.infer<typeof logsAlertSchema>;
