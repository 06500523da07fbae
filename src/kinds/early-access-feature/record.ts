/**
 * Early access feature records as PostHog returns them (EarlyAccessFeatureSerializer,
 * products/early_access_features/backend/api.py: the same in 2025-08-04 and today's source). Loose: fields a version
 * adds pass through. Keyed by UUID; `feature_flag` is the flag it releases (MinimalFeatureFlagSerializer).
 */
import { z } from "zod";
import { minimalFlagSchema } from "../feature-flag/record";

export const earlyAccessFeatureSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  stage: z.string(),
  documentation_url: z.string().nullish(),
  created_at: z.string().nullish(),
  feature_flag: minimalFlagSchema.nullish(),
});
export type EarlyAccessFeature = z.infer<typeof earlyAccessFeatureSchema>;
