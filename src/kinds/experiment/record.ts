/**
 * Experiment records as PostHog returns them (ExperimentSerializer: today's
 * products/experiments/backend/presentation/serializers.py, 2025-08-04's ee/clickhouse/views/experiments.py).
 * Loose: today's `status`, `scheduling_config`, `*_metrics_ordered_uuids`, `only_count_matured_users` and each
 * variant's `split_percent` pass through.
 */
import { z } from "zod";
import { minimalFlagSchema } from "../feature-flag/record";

export const experimentVariantSchema = z.looseObject({
  key: z.string(),
  name: z.string().nullish(),
  rollout_percentage: z.number().nullish(),
});

export const experimentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  feature_flag_key: z.string().nullish(),
  feature_flag: minimalFlagSchema.nullish(),
  holdout_id: z.number().int().nullish(),
  /** ExperimentToSavedMetricSerializer: each link's `saved_metric` (its id) and `metadata`. */
  saved_metrics: z.array(z.looseObject({ saved_metric: z.number().int(), metadata: z.unknown() })).nullish(),
  parameters: z.looseObject({ feature_flag_variants: z.array(experimentVariantSchema).optional() }).nullish(),
  filters: z.looseObject({}).nullish(),
  archived: z.boolean(),
  deleted: z.boolean().nullish(),
  created_at: z.string(),
  type: z.string().nullish(),
  metrics: z.array(z.looseObject({})).nullish(),
  metrics_secondary: z.array(z.looseObject({})).nullish(),
  exposure_criteria: z.looseObject({}).nullish(),
  stats_config: z.looseObject({}).nullish(),
  conclusion: z.string().nullish(),
  conclusion_comment: z.string().nullish(),
  status: z.string().optional(),
});
export type Experiment = z.infer<typeof experimentSchema>;
