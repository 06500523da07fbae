/**
 * A project's error tracking settings as PostHog answers them (ErrorTrackingSettingsSerializer,
 * products/error_tracking/backend/presentation/views/settings.py): the four rate limit fields, null until set. PostHog
 * answers no id: the kit gives the record its project's (a singleton, src/kit/kind.ts). Loose.
 */
import { z } from "zod";

export const errorTrackingSettingsSchema = z.looseObject({
  project_rate_limit_value: z.number().nullish(),
  project_rate_limit_bucket_size_minutes: z.number().nullish(),
  per_issue_rate_limit_value: z.number().nullish(),
  per_issue_rate_limit_bucket_size_minutes: z.number().nullish(),
});
export type ErrorTrackingSettings = z.infer<typeof errorTrackingSettingsSchema> & { id: number };
