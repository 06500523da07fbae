/**
 * Experiment saved metric records as PostHog returns them (ExperimentSavedMetricSerializer:
 * ee/clickhouse/views/experiment_saved_metrics.py in 2025-08-04; today's rules in
 * products/experiments/backend/experiment_saved_metric_service.py). Loose: fields a version adds pass through.
 */
import { z } from "zod";

export const experimentSavedMetricSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullish(),
  query: z.looseObject({}),
  tags: z.array(z.string()).optional(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type ExperimentSavedMetric = z.infer<typeof experimentSavedMetricSchema>;
