/**
 * Alert records as PostHog returns them (AlertSerializer, posthog/api/alert.py): the insight and the subscribed
 * users come back expanded (InsightBasicSerializer, UserBasicSerializer) although they are written as ids. Loose:
 * today's detector, schedule and investigation fields pass through.
 */
import { z } from "zod";

export const alertSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  insight: z.looseObject({ id: z.number().int(), short_id: z.string().optional() }),
  subscribed_users: z.array(z.looseObject({ id: z.number().int(), email: z.string().nullish() })),
  threshold: z
    .looseObject({
      id: z.string().optional(),
      name: z.string().nullish(),
      configuration: z.looseObject({ type: z.string(), bounds: z.looseObject({}).nullish() }),
    })
    .nullable(),
  condition: z.looseObject({ type: z.string().optional() }).nullish(),
  state: z.string(),
  enabled: z.boolean(),
  calculation_interval: z.string().nullish(),
  config: z.record(z.string(), z.unknown()).nullish(),
  skip_weekend: z.boolean().nullish(),
  snoozed_until: z.string().nullish(),
  schedule_restriction: z.looseObject({}).nullish(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
