/**
 * LLM evaluations, `/api/projects/:project_id/evaluations/` and `/api/environments/:project_id/evaluations/` (today's
 * EvaluationViewSet and EvaluationSerializer, products/ai_observability/backend/api/evaluations.py; model Evaluation,
 * products/ai_observability/backend/models/evaluations.py; the configs' pydantic models
 * products/ai_observability/backend/models/evaluation_configs.py; the answer's shape EvaluationApi,
 * products/ai_observability/frontend/generated/api.schemas.ts; the product was products/llm_analytics before PostHog
 * renamed it). PostHog 2025-08-04 has no evaluations (its products/llm_observability/ serves the LLM proxy only): in
 * that mode these routes do not exist, and PostHog's router answers 404.
 *
 * - Keyed by UUID; a ForbidDestroyModel (DELETE 405): `PATCH {"deleted": true}` deletes, after which list and
 *   retrieve leave it out (an update still finds it). Listed newest first, limit/offset. `scope_object = "evaluation"`.
 * - `name` (400), `evaluation_type` and `output_type` required; `description` blank by default; `enabled` false by
 *   default, and `status` follows it (active or paused; `Evaluation._coerce_status_and_enabled`).
 * - The type pair is one of llm_judge + boolean, hog + boolean, sentiment + sentiment ("Unsupported combination");
 *   the configs are validated by their pydantic models when either is given (or for sentiment, whose models need
 *   nothing): an LLM judge's prompt stripped and not blank, Hog source not blank (its `bytecode` added), sentiment's
 *   source "user_messages"; `allows_na` defaulted to false for a boolean output; keys a model does not know dropped.
 *   The serializer's `validate` runs the same check first when both configs and both types are sent (`config` error).
 * - `target` generation (default) or trace; `target_config` `{window_seconds}` (10 to 7200, default 1800, no other
 *   key) for a trace, stored `{}` for a generation target.
 * - `model_configuration` `{provider, model, provider_key_id?}`, only for llm_judge ("This evaluation type does not use
 *   model configuration."); a key id must name one of the project's provider keys ("Provider key not found"). An
 *   update that sends one replaces the old; one that sends null keeps it.
 * - Each condition set is stored with its compiled `bytecode` and `bytecode_error`.
 *
 * Not imitated: running evaluations (the status stays as `enabled` makes it), compiling Hog and filters (`bytecode` is
 * an empty program here), provider keys (none exist here, so any `provider_key_id` is not found), the trial limits a
 * re-enable is checked against, the report configuration PostHog makes with each evaluation, and the viewset's other
 * actions (create_from_cluster, test_hog, …).
 */
import { randomUUID } from "node:crypto";
import { notFound, serverError, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, fail, type FieldRule, jsonField, nestedSerializerField } from "../drf/fields";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "llmEvaluations";

/** EVALUATION_CONFIG_MODELS: the pairs PostHog takes, and whether their models need nothing (`evaluation_configs_allow_empty`). */
const PAIRS: Readonly<Record<string, { output: string; allowEmpty: boolean }>> = {
  llm_judge: { output: "boolean", allowEmpty: false },
  hog: { output: "boolean", allowEmpty: false },
  sentiment: { output: "sentiment", allowEmpty: true },
};
const PROVIDERS = ["openai", "anthropic", "gemini", "openrouter", "fireworks", "azure_openai", "together_ai", "minimax", "zeabur"];
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const choices = (values: readonly string[]) => choiceField(false, (s) => (values.includes(s) ? s : undefined));

/** UUIDField(allow_null=True). */
const uuidField: FieldRule<unknown> = {
  nullable: true,
  parse: (v) => {
    if (!(typeof v === "string" && UUID.test(v))) return fail("invalid", "Must be a valid UUID.");
    const hex = v.replace(/-/g, "").toLowerCase();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  },
};

/** ModelConfigurationSerializer: provider, model, provider_key_id (all but the key required). */
const modelConfiguration: FieldRule<unknown> = {
  nullable: true,
  parse: (v, ctx) => {
    const parsed = nestedSerializerField(false, {
      provider: choices(PROVIDERS),
      model: charField({ maxLength: 100, nullable: false, allowBlank: false }),
      provider_key_id: uuidField,
    }).parse(v, ctx) as JsonObject;
    for (const field of ["provider", "model"]) if (!(field in parsed)) fail("required", "This field is required.", [field]);
    return parsed;
  },
};

/** The writable fields in EvaluationSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["enabled", booleanField(false)],
  ["evaluation_type", choices(Object.keys(PAIRS))],
  ["evaluation_config", jsonField(false)],
  ["output_type", choices(["boolean", "sentiment"])],
  ["output_config", jsonField(false)],
  ["conditions", jsonField(false)],
  ["target", choices(["generation", "trace"])],
  ["target_config", jsonField(false)],
  ["model_configuration", modelConfiguration],
  ["deleted", booleanField(false)],
];
const REQUIRED = ["name", "evaluation_type", "output_type"];

const DEFAULTS: JsonObject = {
  description: "",
  enabled: false,
  evaluation_config: {},
  output_config: {},
  conditions: [],
  target: "generation",
  target_config: {},
  model_configuration: null,
  deleted: false,
};

/** A pydantic model's refusal, as `validate_evaluation_configs` words it. */
const invalidConfig = (type: string, output: string, problem: string) => new Error(`Invalid config for ${type}/${output}: ${problem}`);

/** `validate_evaluation_configs`: each config through its model, dumped as pydantic dumps it (unknown keys dropped). */
function validatedConfigs(type: string, output: string, config: Json, outputConfig: Json): [JsonObject, JsonObject] {
  const pair = PAIRS[type];
  if (!pair || pair.output !== output) throw new Error(`Unsupported combination: ${type} + ${output}`);
  if (!isJsonObject(config) || !isJsonObject(outputConfig)) throw invalidConfig(type, output, "argument after ** must be a mapping");
  let evaluation: JsonObject;
  if (type === "llm_judge") {
    const prompt = config.prompt;
    if (typeof prompt !== "string") throw invalidConfig(type, output, "prompt: Field required");
    if (prompt.trim() === "") throw invalidConfig(type, output, "prompt: Value error, Prompt cannot be empty");
    evaluation = { prompt: prompt.trim() };
  } else if (type === "hog") {
    const source = config.source;
    if (typeof source !== "string") throw invalidConfig(type, output, "source: Field required");
    if (source.trim() === "") throw invalidConfig(type, output, "source: Value error, Source code cannot be empty");
    evaluation = { source, bytecode: [] };
  } else {
    const source = config.source ?? "user_messages";
    if (source !== "user_messages") throw invalidConfig(type, output, "source: Input should be 'user_messages'");
    evaluation = { source };
  }
  if (output === "sentiment") return [evaluation, {}];
  const allows = outputConfig.allows_na ?? false;
  if (typeof allows !== "boolean") throw invalidConfig(type, output, "allows_na: Input should be a valid boolean");
  return [evaluation, { allows_na: allows }];
}

/** `validate_target_config`: TraceTargetConfig for a trace (extra keys forbidden), `{}` for any other target. */
function validatedTarget(target: string, config: Json): JsonObject {
  if (target !== "trace") return {};
  const bag = isJsonObject(config) ? config : {};
  const extra = Object.keys(bag).filter((key) => key !== "window_seconds");
  if (extra.length > 0)
    throw validationError(`Invalid target_config for trace: ${extra[0]}: Extra inputs are not permitted`, "target_config");
  const window = bag.window_seconds ?? 1800;
  if (typeof window !== "number" || !Number.isInteger(window) || window < 10 || window > 7200)
    throw validationError("Invalid target_config for trace: window_seconds: Input should be between 10 and 7200", "target_config");
  return { window_seconds: window };
}

/** `Evaluation.save`: status from enabled, the type checks, the configs, the target, the conditions compiled. */
function save(f: JsonObject, enabledChanged: boolean): void {
  if (enabledChanged) f.status = f.enabled === true ? "active" : "paused";
  if (f.status !== "error") {
    f.status_reason = null;
    f.status_reason_detail = null;
  }
  const type = String(f.evaluation_type);
  const output = String(f.output_type);
  if (type !== "llm_judge" && f.model_configuration !== null)
    throw validationError("This evaluation type does not use model configuration.", "model_configuration");
  if (PAIRS[type]?.output !== output) throw validationError(`Unsupported combination: ${type} + ${output}`);
  const filled = (v: Json | undefined) => isJsonObject(v) && Object.keys(v).length > 0;
  if (PAIRS[type]!.allowEmpty || filled(f.evaluation_config) || filled(f.output_config)) {
    try {
      [f.evaluation_config, f.output_config] = validatedConfigs(type, output, f.evaluation_config ?? {}, f.output_config ?? {});
    } catch (error) {
      throw validationError((error as Error).message);
    }
  }
  f.target_config = validatedTarget(String(f.target), f.target_config ?? {});
  const conditions = f.conditions;
  // `for condition in self.conditions: condition.get(...)`: anything but a list of dictionaries fails in Python.
  if (!Array.isArray(conditions) || !conditions.every(isJsonObject)) throw serverError();
  f.conditions = conditions.map((condition) => ({ ...condition, bytecode: [], bytecode_error: null }));
}

/** `_create_or_update_model_configuration`: the key must be the project's. */
function modelConfigurationOf(sent: Json): Json {
  if (!isJsonObject(sent)) return null;
  if (sent.provider_key_id) throw validationError("Provider key not found", "model_configuration__provider_key_id");
  return { provider: sent.provider ?? null, model: sent.model ?? null, provider_key_id: null };
}

function serializeEvaluation(ctx: ApiContext, e: StoredObject): JsonObject {
  const f = e.fields;
  const model = f.model_configuration;
  return {
    id: String(f.id),
    name: f.name ?? "",
    description: f.description ?? "",
    enabled: f.enabled === true,
    status: f.status ?? "paused",
    status_reason: f.status_reason ?? null,
    status_reason_detail: f.status_reason_detail ?? null,
    evaluation_type: f.evaluation_type ?? null,
    evaluation_config: cloneJson(f.evaluation_config ?? {}),
    output_type: f.output_type ?? null,
    output_config: cloneJson(f.output_config ?? {}),
    conditions: cloneJson(f.conditions ?? []),
    target: f.target ?? "generation",
    target_config: cloneJson(f.target_config ?? {}),
    model_configuration: isJsonObject(model) ? { ...cloneJson(model), provider_key_name: null } : null,
    created_at: isoFromMicros(e.createdAtMicros),
    updated_at: isoFromMicros(e.updatedAtMicros),
    created_by: userBasic(ctx.store, e.createdBy),
    deleted: f.deleted === true,
  };
}

/** The serializer's `validate`: both configs and both types sent are checked together first. */
function validateTogether(attrs: JsonObject): void {
  if (!("evaluation_config" in attrs && "output_config" in attrs)) return;
  const type = attrs.evaluation_type;
  const output = attrs.output_type;
  if (typeof type !== "string" || typeof output !== "string") return;
  try {
    [attrs.evaluation_config, attrs.output_config] = validatedConfigs(type, output, attrs.evaluation_config!, attrs.output_config!);
  } catch (error) {
    throw validationError((error as Error).message, "config");
  }
}

const liveOf = (ctx: ApiContext, team: StoredProject) =>
  ctx.store.objects(KIND).filter((e) => e.teamId === team.id && e.fields.deleted !== true);

function liveOne(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const e = findInProject(ctx.store, KIND, team, id);
  if (e.fields.deleted === true) throw notFound();
  return e;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, null, REQUIRED, false);
  validateTogether(attrs);
  const fields: JsonObject = { ...cloneJson(DEFAULTS), ...attrs, id: randomUUID() };
  fields.model_configuration = modelConfigurationOf(attrs.model_configuration ?? null);
  save(fields, true);
  return json(201, serializeEvaluation(ctx, ctx.store.addObject(KIND, team.id, ctx.user.id, fields)));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  // An update finds a deleted evaluation too (`safely_get_queryset` filters `deleted` for the other actions only).
  const e = findInProject(ctx.store, KIND, team, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, null, REQUIRED, partial);
  validateTogether(attrs);
  const fields: JsonObject = { ...cloneJson(e.fields) };
  const { model_configuration: model, ...rest } = attrs;
  Object.assign(fields, rest);
  if (model !== undefined && model !== null) fields.model_configuration = modelConfigurationOf(model);
  save(fields, "enabled" in attrs && attrs.enabled !== e.fields.enabled);
  Object.assign(e.fields, fields);
  return updatedAnswer(ctx, e, () => serializeEvaluation(ctx, e));
}

/** Today's PostHog only: PostHog 2025-08-04 routes no evaluations (404). */
export function evaluationRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  return nestedViewSetRoutes({
    path: "evaluations",
    scopeObject: "evaluation",
    environments: true,
    lookup: uuidLookup(KIND, "id"),
    list: (ctx, team) => pageAnswer(ctx, liveOf(ctx, team).sort(newestFirst), (e) => serializeEvaluation(ctx, e)),
    create,
    retrieve: (ctx, team, id) => json(200, serializeEvaluation(ctx, liveOne(ctx, team, id))),
    update,
  });
}
