/**
 * LlmEvaluation (an LLM analytics evaluation), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/evaluations/`, EvaluationViewSet, products/ai_observability/backend/api/evaluations.py;
 * the product was products/llm_analytics before PostHog renamed it), keyed by UUID, identified as
 * `<projectId>/<uuid>`, deleted by `PATCH {"deleted": true}` (a ForbidDestroyModel: DELETE answers 405; a deleted one
 * is a 404). Personal API keys need `evaluation:read`/`evaluation:write`. PostHog 2025-08-04 has no evaluations: it
 * answers 404.
 *
 * What PostHog writes itself (models/evaluations.py, `Evaluation.save`): `status` from `enabled` (active or paused;
 * error, with `status_reason`, when PostHog disables it after a provider failure), each condition set's compiled
 * `bytecode`, a Hog source's `bytecode`, the configs' defaults (`allows_na: false`, the trace window), and a report
 * configuration of its own for each new evaluation. The provider's API key is not the evaluation's: it is a provider
 * key of the project (LLMProviderKeyViewSet, `llm_analytics/provider_keys`), which the model configuration names by
 * id, so no secret passes through this kind. Nothing about an evaluation is unique: a create whose answer was lost is
 * never resent blindly.
 */
import { defineKind } from "../../kit/define-kind";
import { isPlainObject } from "../../kit/json";
import type { Failure, Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { byName } from "../../kit/named";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import { unservedRefusal } from "../../kit/unserved";
import * as evaluations from "./endpoints";
import { llmEvaluationExample } from "./example";
import { CONFIGS, llmEvaluationFields, SERIALIZER } from "./fields";

/** EVALUATION_CONFIG_MODELS: the output type each evaluation type takes. */
const OUTPUT_OF: Readonly<Record<string, string>> = { llm_judge: "boolean", hog: "boolean", sentiment: "sentiment" };

const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** What each evaluation type's config model requires of `evaluation_config` (LLMJudgeConfig, HogEvalConfig, SentimentEvalConfig). */
function configProblem(type: string, config: Record<string, unknown>): string | undefined {
  if (type === "llm_judge") {
    if ("source" in config) return "an llm_judge evaluation takes {prompt}, not source";
    if (blank(config["prompt"]))
      return 'an llm_judge evaluation needs a prompt that is not blank ("Prompt cannot be empty", LLMJudgeConfig)';
  }
  if (type === "hog") {
    if ("prompt" in config) return "a hog evaluation takes {source}, not prompt";
    if (blank(config["source"]))
      return 'a hog evaluation needs Hog source that is not blank ("Source code cannot be empty", HogEvalConfig)';
  }
  if (type === "sentiment") {
    if ("prompt" in config) return "a sentiment evaluation takes {source?}, not prompt";
    if (config["source"] !== undefined && config["source"] !== "user_messages")
      return 'a sentiment evaluation\'s source is "user_messages" (SentimentEvalConfig)';
  }
  return undefined;
}

/**
 * The rules across fields, on what is known before anything is sent: `Evaluation.save` and the serializer's
 * `validate` (validate_evaluation_configs, validate_target_config, the model configuration only for an LLM judge).
 * An input whose value is not known yet (another resource's output) is PostHog's to judge.
 */
function crossFieldFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  const failures: Failure[] = [];
  const settled = (input: string) => !failed(input) && !isUnknown(inputs[input]);
  const type = known["evaluation_type"];
  const output = known["output_type"];
  const typeKnown = typeof type === "string" && settled("evaluationType");
  if (typeKnown && typeof output === "string" && settled("outputType") && OUTPUT_OF[type] !== output)
    failures.push({
      property: "outputType",
      reason: `a ${type} evaluation's outputType is "${OUTPUT_OF[type]}" ("Unsupported combination: ${type} + ${output}", EVALUATION_CONFIG_MODELS, ${CONFIGS})`,
    });
  const config = known["evaluation_config"];
  if (typeKnown && isPlainObject(config) && settled("evaluationConfig")) {
    const problem = configProblem(type, config);
    if (problem) failures.push({ property: "evaluationConfig", reason: `${problem} (validate_evaluation_configs, ${CONFIGS})` });
  }
  const outputConfig = known["output_config"];
  if (output === "sentiment" && isPlainObject(outputConfig) && Object.keys(outputConfig).length > 0 && settled("outputConfig"))
    failures.push({
      property: "outputConfig",
      reason: `a sentiment output takes no settings: PostHog drops them (SentimentOutputConfig, ${CONFIGS})`,
    });
  if (typeKnown && type !== "llm_judge" && isPlainObject(known["model_configuration"]) && settled("modelConfiguration"))
    failures.push({
      property: "modelConfiguration",
      reason: `only an llm_judge evaluation takes a model configuration ("This evaluation type does not use model configuration.", Evaluation.save)`,
    });
  const target = known["target"] ?? "generation";
  const targetConfig = known["target_config"];
  if (settled("target") && target !== "trace" && isPlainObject(targetConfig) && Object.keys(targetConfig).length > 0)
    failures.push({
      property: "targetConfig",
      reason: `targetConfig is for a "trace" target only: PostHog stores {} for any other (validate_target_config, ${CONFIGS})`,
    });
  return failures;
}

/** A live value as a program declares it: without what PostHog compiles into it or answers beside it. */
function inputValue(field: string, value: unknown): unknown {
  const without = (object: unknown, keys: readonly string[]) =>
    isPlainObject(object) ? Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key))) : object;
  if (field === "conditions" && Array.isArray(value)) return value.map((set) => without(set, ["bytecode", "bytecode_error"]));
  if (field === "evaluation_config") return without(value, ["bytecode"]);
  if (field === "model_configuration") {
    const config = without(value, ["provider_key_name"]);
    return isPlainObject(config) && config["provider_key_id"] === null ? without(config, ["provider_key_id"]) : config;
  }
  return value;
}

export const {
  kind: llmEvaluationKind,
  model: llmEvaluationModel,
  Lifecycle: LlmEvaluationLifecycle,
} = defineKind({
  name: "LlmEvaluation",
  noun: "LLM evaluation",
  summary: "An LLM analytics evaluation: an LLM judge, Hog code or a sentiment classifier run on a project's AI generations.",
  description:
    "A PostHog LLM analytics evaluation: an LLM judge (a prompt, a provider and model), Hog code or a sentiment classifier that PostHog runs on the project's matching $ai_generation events or traces. Declared fields are managed; deleted by marking it deleted; one deleted by hand is created again. The provider's API key is a provider key of the project, named by `modelConfiguration.provider_key_id`, never an input. Today's PostHog only (the `evaluation:write` scope); PostHog 2025-08-04 has no evaluations.",
  example: llmEvaluationExample,
  scope: "project",
  identity: { output: "llmEvaluationId", key: "uuid", doc: "The evaluation's UUID in PostHog." },
  deletion: "soft-delete",
  importInputs: ["projectId", "name", "evaluationType", "outputType"],
  endpoints: {
    get: evaluations.getLlmEvaluation,
    update: evaluations.updateLlmEvaluation,
    remove: evaluations.deleteLlmEvaluation,
    create: evaluations.createLlmEvaluation,
  },
  outputs: {
    status: {
      type: "string",
      description: "PostHog's state of it: active, paused, or error (disabled by PostHog; `statusReason` says why).",
    },
    statusReason: { type: "string", description: "Why PostHog disabled it, or null." },
  },
  // EvaluationViewSet lists with EvaluationSerializer, as it retrieves (the slim list is for MCP clients only).
  listReads: listedPages(evaluations.llmEvaluationPages),
  fields: llmEvaluationFields,
  exampleInput: "evaluationConfig",
  // `name`, `evaluation_type` and `output_type` are model fields without defaults (Evaluation, models/evaluations.py).
  required: {
    name: `the evaluation's name (${SERIALIZER})`,
    evaluationType: `llm_judge, hog or sentiment (${SERIALIZER})`,
    outputType: `boolean or sentiment (${SERIALIZER})`,
  },
  moreFailures: crossFieldFailures,
  // The outputs every LlmEvaluation has besides its kind's (its id, its project): what `pulumi import` declares and
  // PostHog's own status.
  fixedOutputs: (record) => ({
    name: record.name,
    evaluationType: record.evaluation_type,
    outputType: record.output_type,
    status: record.status ?? (record.enabled ? "active" : "paused"),
    statusReason: record.status_reason ?? null,
  }),
  outputTypes: {
    name: { type: "string", doc: "The evaluation's name." },
    evaluationType: { type: "string", doc: "llm_judge, hog or sentiment." },
    outputType: { type: "string", doc: "boolean or sentiment." },
    status: { type: "string", doc: "PostHog's state of it: active, paused, or error (disabled by PostHog; `statusReason` says why)." },
    statusReason: {
      type: "string | null",
      doc: "Why PostHog disabled it (provider_key_required, provider_key_invalid, model_not_found, …), or null.",
    },
  },
  types: {
    LlmEvaluationConfig: {
      type: "{\n  /** An llm_judge's criteria: what makes a good or a bad response. */\n  prompt?: string;\n  /** A hog evaluation's Hog code (true passes, false fails, null is N/A), or a sentiment evaluation's \"user_messages\". */\n  source?: string;\n}",
      doc: 'What an LLM evaluation runs: `{prompt}` for llm_judge, `{source}` for hog, `{source?: "user_messages"}` for sentiment.',
    },
    LlmEvaluationOutputConfig: {
      type: "{\n  /** Whether a boolean evaluation may answer N/A (default false). */\n  allows_na?: boolean;\n}",
      doc: "An LLM evaluation's output settings (BooleanOutputConfig).",
    },
    LlmEvaluationCondition: {
      type: "{\n  /** The condition set's stable id (at most 100 characters). */\n  id: string;\n  /** The share of matching generations evaluated, 0 to 100 (default 100). */\n  rollout_percentage?: number;\n  /** Property filters (event or person) a generation must match, all of them. */\n  properties?: Array<Record<string, unknown>>;\n}",
      doc: "A set of conditions an LLM evaluation runs on (EvaluationConditionApi).",
    },
    LlmEvaluationTargetConfig: {
      type: "{\n  /** Seconds after the first matching generation before the trace is evaluated (10 to 7200, default 1800). */\n  window_seconds?: number;\n}",
      doc: "A trace target's settings (TraceTargetConfig).",
    },
    LlmEvaluationModel: {
      type: '{\n  provider: "openai" | "anthropic" | "gemini" | "openrouter" | "fireworks" | "azure_openai" | "together_ai" | "minimax" | "zeabur";\n  /** The provider\'s model id, e.g. "gpt-4o-mini" (at most 100 characters). */\n  model: string;\n  /** The id of the project\'s provider key of the same provider (made in PostHog), or null. */\n  provider_key_id?: string | null;\n}',
      doc: "An LLM judge's provider, model and provider key (ModelConfigurationSerializer).",
    },
  },
  lookups: {
    list: (http, projectId) => evaluations.listLlmEvaluations(http, projectId),
    uniqueBy: byName({
      list: evaluations.listLlmEvaluations,
      plural: "LLM evaluations",
      idInput: "llmEvaluationId",
      description: "The evaluation's exact name; or give llmEvaluationId.",
    }),
    outputs: {
      name: { type: "string" },
      description: { type: "string" },
      enabled: { type: "boolean" },
      status: { type: "string" },
      evaluationType: { type: "string" },
      outputType: { type: "string" },
      evaluationConfig: { type: "object", additionalProperties: ANY },
      target: { type: "string" },
    },
  },
  importer: {
    // The model's defaults (Evaluation, models/evaluations.py) and the configs' (evaluation_configs.py).
    defaults: {
      description: "",
      enabled: false,
      output_config: { allows_na: false },
      conditions: [],
      target: "generation",
      target_config: {},
      model_configuration: null,
    },
    inputValue,
    label: (evaluation) => evaluation.name,
  },
  lostCreate: (sent) => `among the project's LLM evaluations (named ${JSON.stringify(sent["name"] ?? null)})`,
  createRefusal: unservedRefusal("LLM evaluations", "evaluation:write"),
});
