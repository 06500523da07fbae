/**
 * Experiment holdout records as PostHog returns them (ExperimentHoldoutSerializer, ee/clickhouse/views/experiment_holdouts.py,
 * in 2025-08-04 and today's source). Loose: fields a version adds pass through.
 */
import { z } from "zod";

export const experimentHoldoutSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullish(),
  filters: z.array(z.looseObject({})).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type ExperimentHoldout = z.infer<typeof experimentHoldoutSchema>;
