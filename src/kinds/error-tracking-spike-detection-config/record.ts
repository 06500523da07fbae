/**
 * A project's error tracking spike detection configuration as PostHog answers it
 * (ErrorTrackingSpikeDetectionConfigSerializer, products/error_tracking/backend/presentation/views/
 * spike_detection_config.py): its three numbers. PostHog answers no id: the kit gives the record its project's (a
 * singleton, src/kit/kind.ts). Loose.
 */
import { z } from "zod";

export const errorTrackingSpikeDetectionConfigSchema = z.looseObject({
  snooze_duration_minutes: z.number(),
  multiplier: z.number(),
  threshold: z.number(),
});
export type ErrorTrackingSpikeDetectionConfig = z.infer<typeof errorTrackingSpikeDetectionConfigSchema> & { id: number };
