/**
 * Subscriptions as PostHog answers them (SubscriptionSerializer, ee/api/subscription.py; model
 * posthog/models/subscription.py). Loose: today's fields beyond PostHog 2025-08-04's (`content_type`,
 * `integration_id`, `dashboard_export_insights`, `enabled`, the AI report's) pass through where a version has them.
 */
import { z } from "zod";

export const TARGET_TYPES = ["email", "slack", "webhook"] as const;
export const FREQUENCIES = ["daily", "weekly", "monthly", "yearly"] as const;
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export const subscriptionSchema = z.looseObject({
  id: z.number().int(),
  dashboard: z.number().int().nullable(),
  insight: z.number().int().nullable(),
  target_type: z.string(),
  target_value: z.string(),
  frequency: z.string(),
  interval: z.number().int(),
  byweekday: z.array(z.string()).nullable(),
  bysetpos: z.number().int().nullable(),
  count: z.number().int().nullable(),
  start_date: z.string(),
  until_date: z.string().nullable(),
  created_at: z.string().nullish(),
  created_by: z.unknown().optional(),
  deleted: z.boolean(),
  title: z.string().nullable(),
  summary: z.string().nullish(),
  next_delivery_date: z.string().nullish(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
