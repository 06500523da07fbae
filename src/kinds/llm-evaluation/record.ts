/**
 * LLM evaluations as PostHog answers them (EvaluationSerializer, products/ai_observability/backend/api/evaluations.py;
 * EvaluationApi, products/ai_observability/frontend/generated/api.schemas.ts). Keyed by UUID. Loose: what PostHog adds
 * (compiled bytecode, the creator, its status detail) passes through.
 */
import { z } from "zod";

export const llmEvaluationSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  enabled: z.boolean(),
  /** PostHog's own lifecycle state: active, paused, or error (disabled by PostHog, `status_reason` says why). */
  status: z.string().nullish(),
  status_reason: z.string().nullish(),
  evaluation_type: z.string(),
  evaluation_config: z.record(z.string(), z.unknown()).nullish(),
  output_type: z.string(),
  output_config: z.record(z.string(), z.unknown()).nullish(),
  conditions: z.array(z.unknown()).nullish(),
  target: z.string().nullish(),
  target_config: z.record(z.string(), z.unknown()).nullish(),
  model_configuration: z.looseObject({}).nullish(),
  deleted: z.boolean().optional(),
  created_at: z.string().nullish(),
});
export type LlmEvaluation = z.infer<typeof llmEvaluationSchema>;
