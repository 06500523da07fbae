/**
 * Score definitions as PostHog answers them (ScoreDefinitionSerializer, products/ai_observability/backend/api/
 * score_definitions.py; ScoreDefinitionApi, products/ai_observability/frontend/generated/api.schemas.ts): every field
 * read-only, the config the current immutable version's. Keyed by UUID. Loose.
 */
import { z } from "zod";

export const llmScoreDefinitionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  kind: z.string(),
  archived: z.boolean(),
  current_version: z.number().int().nullish(),
  current_version_id: z.string().nullish(),
  config: z.record(z.string(), z.unknown()).nullish(),
  created_at: z.string().nullish(),
});
export type LlmScoreDefinition = z.infer<typeof llmScoreDefinitionSchema>;
