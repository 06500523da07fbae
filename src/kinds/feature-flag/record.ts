/**
 * Feature flag records as PostHog returns them (FeatureFlagSerializer, products/feature_flags/backend/api/
 * feature_flag.py, formerly posthog/api/feature_flag.py). Loose: fields a PostHog version adds pass through; those
 * only some versions send (today's `archived`, `updated_at`, `evaluation_contexts`, `bucketing_identifier`,
 * `last_called_at`; 2025-08-04's `is_simple_flag`, `rollout_percentage`) are optional.
 */
import { z } from "zod";

/** A release condition: property filters, a rollout percentage, an optional variant override. */
export const flagConditionSchema = z.looseObject({
  properties: z.array(z.looseObject({})).nullish(),
  rollout_percentage: z.number().nullish(),
  variant: z.string().nullish(),
  aggregation_group_type_index: z.number().int().nullish(),
});

export const flagFiltersSchema = z.looseObject({
  groups: z.array(flagConditionSchema),
  multivariate: z
    .looseObject({ variants: z.array(z.looseObject({ key: z.string(), name: z.string().nullish(), rollout_percentage: z.number() })) })
    .nullish(),
  /** Payloads by `"true"` or variant key, as JSON text. */
  payloads: z.record(z.string(), z.unknown()).nullish(),
  /** Today's PostHog gives every condition set its own (the flag-level one when it had none). */
  aggregation_group_type_index: z.number().int().nullish(),
});

export const featureFlagSchema = z.looseObject({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  filters: flagFiltersSchema,
  deleted: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
  version: z.number().int().nullish(),
  ensure_experience_continuity: z.boolean().nullish(),
  rollback_conditions: z.unknown().optional(),
  performed_rollback: z.boolean().nullish(),
  tags: z.array(z.string()).optional(),
  archived: z.boolean().optional(),
  evaluation_contexts: z.array(z.string()).optional(),
  evaluation_runtime: z.string().nullish(),
  is_remote_configuration: z.boolean().nullish(),
  has_encrypted_payloads: z.boolean().nullish(),
  usage_dashboard: z.number().int().nullish(),
  analytics_dashboards: z.array(z.number().int()).optional(),
  status: z.string().optional(),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

/**
 * MinimalFeatureFlagSerializer (the same file): the short form of a flag that other answers carry (a survey's linked,
 * targeting and internal targeting flags, an experiment's flag).
 */
export const minimalFlagSchema = z.looseObject({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  filters: z.looseObject({}),
  deleted: z.boolean(),
  active: z.boolean(),
});
