/**
 * Scheduled changes as PostHog answers them (ScheduledChangeSerializer, products/feature_flags/backend/api/scheduled_change.py; model
 * ScheduledChange, products/feature_flags/backend/models/scheduled_change.py today, posthog/models/scheduled_change.py
 * in 2025-08-04). `record_id` is PostHog's text of the flag's id, read as the number a program declares. Loose:
 * today's recurrence fields are absent from 2025-08-04, and fields a version adds pass through.
 */
import { z } from "zod";

/** The flag's id, PostHog's text of it read as a number (text that is no id, made outside PostHog's checks, as it is). */
const recordId = z.union([z.string(), z.number()]).transform((id) => (typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id));

export const scheduledChangeSchema = z.looseObject({
  id: z.number().int(),
  record_id: recordId,
  model_name: z.string(),
  payload: z.unknown(),
  scheduled_at: z.string().nullable(),
  /** When it ran, or failed for good: a one-time schedule is then spent. */
  executed_at: z.string().nullish(),
  failure_reason: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  /** Today's PostHog only (absent from 2025-08-04). */
  is_recurring: z.boolean().nullish(),
  recurrence_interval: z.string().nullish(),
  cron_expression: z.string().nullish(),
  end_date: z.string().nullish(),
  last_executed_at: z.string().nullish(),
});
export type FeatureFlagSchedule = z.infer<typeof scheduledChangeSchema>;
