/**
 * The LLM evaluation's field table: the writable fields of today's EvaluationSerializer
 * (products/ai_observability/backend/api/evaluations.py in PostHog/posthog; model Evaluation,
 * products/ai_observability/backend/models/evaluations.py; the configs' pydantic models
 * products/ai_observability/backend/models/evaluation_configs.py; types EvaluationApi,
 * products/ai_observability/frontend/generated/api.schemas.ts), each with PostHog's rule. The rules across fields (the
 * type and output pair, the config each type takes, a model only for an LLM judge, a window only for a trace target)
 * are the model's (./kind.ts). PostHog 2025-08-04 has no evaluations.
 */
import { z } from "zod";
import { type ApiTypes, type Equality, type FieldDef, type LeftOut, sameWithin, withinForm } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

export const SERIALIZER = "EvaluationSerializer, products/ai_observability/backend/api/evaluations.py";
export const CONFIGS = "products/ai_observability/backend/models/evaluation_configs.py";

/** EvaluationType. */
export const EVALUATION_TYPES = ["llm_judge", "hog", "sentiment"] as const;
/** OutputType. */
export const OUTPUT_TYPES = ["boolean", "sentiment"] as const;
/** EvaluationTarget (models/evaluations.py). */
export const TARGETS = ["generation", "trace"] as const;
/** LLMProvider (products/ai_observability/backend/models/provider_keys.py), as LLMProviderEnumApi lists it. */
export const PROVIDERS = [
  "openai",
  "anthropic",
  "gemini",
  "openrouter",
  "fireworks",
  "azure_openai",
  "together_ai",
  "minimax",
  "zeabur",
] as const;
/** TRACE_EVAL_MIN_WINDOW_SECONDS, TRACE_EVAL_MAX_WINDOW_SECONDS and the default (evaluation_configs.py). */
export const TRACE_WINDOW = { min: 10, max: 7200, default: 1800 } as const;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A CharField's value as DRF keeps it: trimmed. */
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const sameTrimmed: Equality = (declared, live) => trimmed(declared) === trimmed(live);

/**
 * A config as PostHog keeps it: the LLM judge's prompt stripped (LLMJudgeConfig), the keys PostHog adds (a Hog
 * source's `bytecode`, the output's `allows_na` default, the trace window's default) its own.
 */
const sameConfig: Equality = (declared, live) => {
  const form =
    isPlainObject(declared) && typeof declared["prompt"] === "string" ? { ...declared, prompt: declared["prompt"].trim() } : declared;
  return sameWithin(form, live);
};

const configRule = z.strictObject(
  {
    prompt: z.string({ error: "must be a string" }).optional(),
    source: z.string({ error: "must be a string" }).optional(),
  },
  { error: `must be {prompt} (llm_judge), {source} (hog) or {source?: "user_messages"} (sentiment) (${CONFIGS}; no other keys)` },
);

export const llmEvaluationFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .refine((v) => v.trim() !== "", { error: `must not be blank (Evaluation.name, ${SERIALIZER})` })
      .refine((v) => [...v.trim()].length <= 400, { error: `must be at most 400 characters (Evaluation.name, ${SERIALIZER})` }),
    equal: sameTrimmed,
    doc: "The evaluation's name (at most 400 characters; PostHog trims it).",
  },
  description: {
    input: z.string({ error: "must be a string" }),
    equal: sameTrimmed,
    doc: "What the evaluation checks (PostHog stores blank when none).",
  },
  enabled: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether PostHog runs the evaluation on new generations (PostHog's default: false). PostHog also pauses it itself on a provider error (`status`).",
  },
  evaluation_type: {
    input: z.enum(EVALUATION_TYPES, { error: `must be one of ${EVALUATION_TYPES.join(", ")} (EvaluationType, ${CONFIGS})` }),
    doc: '"llm_judge" (an LLM scores each generation against a prompt), "hog" (deterministic Hog code) or "sentiment" (user-message sentiment).',
  },
  evaluation_config: {
    type: "LlmEvaluationConfig",
    input: configRule,
    equal: sameConfig,
    liveForm: withinForm,
    doc: '`{prompt: "…"}` for an LLM judge (PostHog strips it), `{source: "…"}` for Hog code (PostHog compiles it), `{source: "user_messages"}` or `{}` for sentiment.',
  },
  output_type: {
    input: z.enum(OUTPUT_TYPES, { error: `must be one of ${OUTPUT_TYPES.join(", ")} (OutputType, ${CONFIGS})` }),
    doc: '"boolean" (pass or fail; for llm_judge and hog) or "sentiment" (for sentiment).',
  },
  output_config: {
    type: "LlmEvaluationOutputConfig",
    input: z.strictObject(
      { allows_na: z.boolean({ error: "must be true or false" }).optional() },
      { error: `must be {allows_na?} (BooleanOutputConfig, ${CONFIGS}; no other keys)` },
    ),
    equal: sameWithin,
    doc: "`{allows_na: true}` lets a boolean evaluation answer N/A for a generation it does not apply to (PostHog's default: false).",
  },
  conditions: {
    type: "LlmEvaluationCondition[]",
    input: z.array(
      z.strictObject(
        {
          id: z.string({ error: "must be a string" }).max(100, { error: "must be at most 100 characters (EvaluationConditionApi.id)" }),
          rollout_percentage: z
            .number({ error: "must be a number" })
            .min(0, { error: "must be from 0 to 100 (EvaluationConditionApi.rollout_percentage)" })
            .max(100, { error: "must be from 0 to 100 (EvaluationConditionApi.rollout_percentage)" })
            .optional(),
          properties: z.array(z.record(z.string(), z.unknown()), { error: "must be a list of property filters" }).optional(),
        },
        { error: "must be {id, rollout_percentage?, properties?} (EvaluationConditionApi; no other keys)" },
      ),
      { error: "must be a list of condition sets" },
    ),
    equal: sameWithin,
    doc: "Which generations are evaluated: condition sets `{id, rollout_percentage?, properties?}`, OR between sets and AND within one; `rollout_percentage` (0 to 100, default 100) samples the matching ones. PostHog compiles each set (its `bytecode`).",
  },
  target: {
    input: z.enum(TARGETS, { error: `must be "generation" or "trace" (EvaluationTarget, models/evaluations.py)` }),
    doc: 'What it runs on: each matching "generation" (PostHog\'s default), or the whole "trace" once it settles.',
  },
  target_config: {
    type: "LlmEvaluationTargetConfig",
    input: z.strictObject(
      {
        window_seconds: z
          .number({ error: "must be a number" })
          .int({ error: "must be an integer" })
          .min(TRACE_WINDOW.min, { error: `must be from ${TRACE_WINDOW.min} to ${TRACE_WINDOW.max} (TraceTargetConfig, ${CONFIGS})` })
          .max(TRACE_WINDOW.max, { error: `must be from ${TRACE_WINDOW.min} to ${TRACE_WINDOW.max} (TraceTargetConfig, ${CONFIGS})` })
          .optional(),
      },
      { error: `must be {window_seconds?} (TraceTargetConfig, ${CONFIGS}: extra keys are forbidden)` },
    ),
    equal: sameWithin,
    doc: `For a trace target: \`{window_seconds}\`, how long PostHog waits after the first matching generation before it evaluates the trace (${TRACE_WINDOW.min} to ${TRACE_WINDOW.max}, default ${TRACE_WINDOW.default}).`,
  },
  model_configuration: {
    type: "LlmEvaluationModel",
    input: z.strictObject(
      {
        provider: z.enum(PROVIDERS, { error: `must be one of ${PROVIDERS.join(", ")} (LLMProvider, ModelConfigurationSerializer)` }),
        model: z
          .string({ error: "must be a string" })
          .refine((v) => v.trim() !== "", { error: "must not be blank (ModelConfigurationSerializer.model)" })
          .refine((v) => [...v.trim()].length <= 100, { error: "must be at most 100 characters (ModelConfigurationSerializer.model)" }),
        provider_key_id: z
          .string({ error: "must be a UUID or null" })
          .refine((v) => UUID.test(v), { error: "must be a UUID: the id of one of the project's LLM provider keys" })
          .nullable()
          .optional(),
      },
      { error: "must be {provider, model, provider_key_id?} (ModelConfigurationSerializer; no other keys)" },
    ),
    equal: sameWithin,
    doc: "The LLM judge's provider and model, and the id of the project's provider key it runs with (`provider_key_id`, a key made in PostHog's LLM analytics settings: the API key itself never passes through the evaluation). Only an llm_judge evaluation takes one.",
  },
} as const satisfies Record<string, FieldDef>;

/**
 * PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts): none but
 * `deleted`, which is the kind's deletion (EvaluationViewSet is a ForbidDestroyModel: DELETE answers 405).
 */
export const llmEvaluationLeftOut: LeftOut = {};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const llmEvaluationApiTypes: ApiTypes = {
  file: "products/ai_observability/frontend/generated/api.schemas.ts",
  schemas: ["EvaluationApi", "PatchedEvaluationApi"],
};
