/**
 * Insight variables as PostHog answers them (InsightVariableSerializer, posthog/api/insight_variable.py in PostHog/
 * posthog, both versions; model InsightVariable, products/product_analytics/backend/models/insight_variable.py today,
 * posthog/models/insight_variable.py in 2025-08-04). Keyed by UUID. `code_name` is PostHog's, made from the name on
 * create. Loose: fields a version adds (today's `is_multi`, `values_query`) pass through.
 */
import { z } from "zod";

export const insightVariableSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  default_value: z.unknown(),
  values: z.unknown(),
  code_name: z.string().nullish(),
  created_by: z.looseObject({}).nullish(),
  created_at: z.string().nullish(),
});
export type InsightVariable = z.infer<typeof insightVariableSchema>;
