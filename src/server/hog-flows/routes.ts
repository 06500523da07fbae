/**
 * Hog flows (workflows), `/api/projects/:project_id/hog_flows/` and the same under `/api/environments/`
 * (HogFlowViewSet and HogFlowSerializer, posthog/api/hog_flow.py; model posthog/models/hog_flow/hog_flow.py).
 *
 * - Scope `hog_flow` today; PostHog 2025-08-04's viewset is `INTERNAL`: every personal API key is refused.
 * - `actions` is required, each action by HogFlowActionSerializer (its declared fields only: `id`, `name` ≤ 400,
 *   `description` "" by default, `on_error`, `created_at`, `updated_at`, `filters` null by default, `type` ≤ 100,
 *   `config`, `output_variable`). A flow that is not active is a draft: an action's own checks (trigger type, the
 *   function's template, a delay's duration, conditions) apply only to an active flow. Exactly one action is the trigger,
 *   draft or not ("Exactly one trigger action is required"), and `trigger` becomes that action's config. PostHog
 *   2025-08-04 has no such `validate`: `trigger` is required in the body (HogFlowTriggerSerializer: `filters`, and
 *   `type` "event") and stored as sent.
 * - `conversion` gains `bytecode` (`[]` when it has no filters to compile).
 * - Today's `trigger_masking` (HogFlowMaskingSerializer, products/workflows/backend/api/hog_flow.py): null or
 *   `{hash (required, not blank), ttl (60 to three years), threshold}`, its `bytecode` compiled from the hash; the
 *   detail answers it through that serializer (absent numbers as null), the list as stored. 2025-08-04 has it in
 *   `read_only_fields`: a written value is dropped and null answered.
 * - Today's `variables` (HogFlowVariableSerializer): a list of dictionaries of CharFields (numbers become strings,
 *   values trimmed), keys unique, each item's `json.dumps` together at most 5120 characters; `[]` by default.
 *   2025-08-04 has no such field: dropped unread, never answered.
 * - DELETE is ModelViewSet's: gone for good. The list is limit/offset, most recently updated first.
 *
 * Not imitated: the templates (the local server has none, so an active flow's function action is "Template not
 * found", as PostHog answers an unknown one), the compiled filters' and inputs' bytecode (a trigger masking's is a
 * stand-in: its hash as one string constant), and `billable_action_types`.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import {
  charField,
  choiceField,
  fail,
  FieldFailure,
  type FieldRule,
  integerField,
  jsonField,
  listField,
  nestedSerializerField,
  runRule,
} from "../drf/fields";
import { pyJsonDumps, pyTypeName } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const choices = (values: readonly string[], nullable = false) => choiceField(nullable, (s) => (values.includes(s) ? s : undefined));

/** HogFlowActionSerializer's fields, in its order: [name, rule, default when absent]. */
const ACTION_FIELDS: ReadonlyArray<readonly [string, ReturnType<typeof charField>, Json?]> = [
  ["id", charField({ nullable: false, allowBlank: false })],
  ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
  ["description", charField({ nullable: false, allowBlank: true }), ""],
  ["on_error", choices(["continue", "abort", "complete", "branch"], true)],
  ["created_at", integerField({ nullable: false })],
  ["updated_at", integerField({ nullable: false })],
  ["filters", { nullable: true, parse: (v) => (isJsonObject(v) ? v : fail("invalid", "Invalid data. Expected a dictionary.")) }, null],
  ["type", charField({ maxLength: 100, nullable: false, allowBlank: false })],
  ["config", jsonField(false)],
  ["output_variable", jsonField(true)],
];
const ACTION_REQUIRED = new Set(["id", "name", "type", "config"]);
const DELAY_DURATION = /^\d*\.?\d+[dhm]$/;

/** One action: its fields, then HogFlowActionSerializer.validate (a draft's checks skipped). */
function action(value: Json, path: Array<string | number>, draft: boolean): JsonObject {
  if (!isJsonObject(value)) return fail("invalid", "Invalid data. Expected a dictionary, but got str.", path);
  const out: JsonObject = {};
  for (const [name, rule, fallback] of ACTION_FIELDS) {
    if (!(name in value)) {
      if (ACTION_REQUIRED.has(name)) fail("required", "This field is required.", [...path, name]);
      if (fallback !== undefined) out[name] = fallback;
      continue;
    }
    try {
      out[name] = runRule(rule, value[name] as Json, undefined);
    } catch (e) {
      if (e instanceof FieldFailure) throw new FieldFailure(e.code, e.detail, [...path, name, ...e.path]);
      throw e;
    }
  }
  if (draft) return out;
  const config = isJsonObject(out.config) ? out.config : {};
  const type = String(out.type);
  let functionTrigger = false;
  if (type === "trigger") {
    if (["webhook", "manual", "tracking_pixel"].includes(String(config.type))) functionTrigger = true;
    else if (!["event", "batch", "schedule"].includes(String(config.type))) fail("invalid", "Invalid trigger type", [...path, "config"]);
  }
  if (type.includes("function") || functionTrigger) fail("invalid", "Template not found", [...path, "template_id"]);
  if (config.condition && Array.isArray(config.conditions) && config.conditions.length > 0)
    fail("invalid", "Cannot specify both 'conditions' and 'condition' fields", [...path, "config"]);
  if (type === "delay" && !(typeof config.delay_duration === "string" && DELAY_DURATION.test(config.delay_duration)))
    fail(
      "invalid",
      "delay_duration must be a string matching ^\\d*\\.?\\d+[dhm]$ (e.g. '30m', '2h', '1d'). Seconds and ISO-8601 formats are not supported.",
      [...path, "config"],
    );
  return out;
}

/** HogFlowMaskingSerializer: `validate` compiles the hash (here a stand-in: the hash as one string constant). */
const triggerMasking = nestedSerializerField<unknown>(
  true,
  {
    ttl: integerField({ nullable: true, min: 60, max: 60 * 60 * 24 * 365 * 3 }),
    threshold: integerField({ nullable: true }),
    hash: charField({ nullable: false, allowBlank: false }),
    bytecode: jsonField(true),
  },
  (masking) => {
    if (!("hash" in masking)) fail("required", "This field is required.", ["hash"]);
    return { ...masking, bytecode: ["_H", 1, 32, masking.hash ?? ""] };
  },
);

/** HOG_FLOW_VARIABLES_MAX_BYTES. */
const VARIABLES_MAX = 5120;
const variableValue = charField({ nullable: false, allowBlank: true });

/** HogFlowVariableSerializer's items: DictField(child=CharField(allow_blank=True)). */
const variableItems = listField<unknown>({
  nullable: false,
  item: (item, path) => {
    if (!isJsonObject(item)) return fail("not_a_dict", `Expected a dictionary of items but got type "${pyTypeName(item)}".`, path);
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(item)) {
      try {
        out[key] = runRule(variableValue, value as Json, undefined);
      } catch (e) {
        if (e instanceof FieldFailure) throw new FieldFailure(e.code, e.detail, [...path, key]);
        throw e;
      }
    }
    return out;
  },
});

/** HogFlowVariableSerializer: a ListSerializer (its own errors are `non_field_errors`), then its `validate`. */
const variablesField: FieldRule<unknown> = {
  nullable: false,
  parse: (v) => {
    if (!Array.isArray(v)) return fail("not_a_list", `Expected a list of items but got type "${pyTypeName(v)}".`, ["non_field_errors"]);
    const variables = runRule(variableItems, v, undefined) as JsonObject[];
    const keys = variables.map((variable) => variable.key ?? null);
    if (new Set(keys).size !== keys.length) fail("invalid", "Variable keys must be unique", ["non_field_errors"]);
    if (variables.reduce((total, variable) => total + pyJsonDumps(variable).length, 0) > VARIABLES_MAX)
      fail("invalid", "Total size of variables definition must be less than 5KB", ["non_field_errors"]);
    return variables;
  },
};

/**
 * 2025-08-04's `trigger` (HogFlowTriggerSerializer, posthog/api/hog_flow.py): required, `filters` and `type` ("event")
 * both required; stored as sent. Today's derives it from the trigger action instead (`validated`).
 */
const trigger0804 = nestedSerializerField<unknown>(false, { filters: jsonField(false), type: choices(["event"]) }, (trigger) => {
  for (const field of ["filters", "type"]) if (!(field in trigger)) fail("required", "This field is required.", [field]);
  return trigger;
});

const flowFields = (draft: boolean, today: boolean): SerializerFields<unknown> => [
  ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["status", choices(["draft", "active", "archived"])],
  ["trigger", today ? jsonField(false) : trigger0804],
  ["conversion", jsonField(true)],
  [
    "exit_condition",
    choices(["exit_on_conversion", "exit_on_trigger_not_matched", "exit_on_trigger_not_matched_or_conversion", "exit_only_at_end"]),
  ],
  ["edges", jsonField(false)],
  ["actions", listField<unknown>({ nullable: false, item: (value, path) => action(value, path, draft) })],
  // 2025-08-04: trigger_masking is read-only and variables unknown, both dropped unread.
  ...(today
    ? ([
        ["trigger_masking", triggerMasking],
        ["variables", variablesField],
      ] as const)
    : []),
];

/** HogFlowSerializer: `to_internal_value` (a draft unless active), the fields, then `validate`. */
function validated(ctx: ApiContext, instance: StoredObject | null, partial: boolean): JsonObject {
  const body = ctx.req.body();
  const status = isJsonObject(body) && body.status !== undefined && body.status !== null ? body.status : (instance?.fields.status ?? null);
  const today = ctx.services.version !== "2025-08-04";
  const data = validateBody(body, flowFields(status !== "active", today), null, today ? ["actions"] : ["actions", "trigger"], partial);
  // 2025-08-04's serializer has no `validate`: the trigger is stored as sent.
  if (today) {
    const actions = (data.actions ?? instance?.fields.actions ?? []) as Json[];
    const triggers = actions.filter((a) => isJsonObject(a) && a.type === "trigger") as JsonObject[];
    if (triggers.length !== 1) throw validationError("Exactly one trigger action is required", "actions");
    data.trigger = triggers[0]!.config ?? null;
  }
  if (isJsonObject(data.conversion) && !("bytecode" in data.conversion)) data.conversion = { ...data.conversion, bytecode: [] };
  return data;
}

/** The detail's trigger masking: through HogFlowMaskingSerializer, whose absent nullable fields answer null. */
function maskingAnswer(masking: Json | undefined): Json {
  if (!isJsonObject(masking)) return masking ?? null;
  return { ttl: masking.ttl ?? null, threshold: masking.threshold ?? null, hash: masking.hash ?? null, bytecode: masking.bytecode ?? null };
}

/** A flow as HogFlowSerializer (`detail`) or the list's HogFlowMinimalSerializer answers it. */
export function serializeHogFlow(ctx: ApiContext, f: StoredObject, detail = true): JsonObject {
  const v = f.fields;
  const today = ctx.services.version !== "2025-08-04";
  return {
    id: v.uuid ?? null,
    name: v.name ?? null,
    description: v.description ?? "",
    version: v.version ?? 1,
    status: v.status ?? "draft",
    created_at: isoFromMicros(f.createdAtMicros),
    created_by: userBasic(ctx.store, f.createdBy),
    updated_at: isoFromMicros(f.updatedAtMicros),
    trigger: v.trigger ?? {},
    trigger_masking: today && detail ? maskingAnswer(v.trigger_masking) : (v.trigger_masking ?? null),
    conversion: v.conversion ?? null,
    exit_condition: v.exit_condition ?? "exit_on_conversion",
    edges: v.edges ?? {},
    actions: v.actions ?? {},
    abort_action: null,
    ...(today && { variables: v.variables ?? [] }),
  };
}

const flowsOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects("hogFlows").filter((f) => f.teamId === team.id);

function list(ctx: ApiContext, team: StoredProject) {
  const rows = flowsOf(ctx, team).sort((a, b) => b.updatedAtMicros - a.updatedAtMicros || b.id - a.id);
  return pageAnswer(ctx, rows, (f) => serializeHogFlow(ctx, f, false));
}

function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const f = ctx.store.object("hogFlows", id);
  if (!f || f.teamId !== team.id) throw notFound();
  return f;
}

function create(ctx: ApiContext, team: StoredProject) {
  const data = validated(ctx, null, false);
  const f = ctx.store.addObject("hogFlows", team.id, ctx.user.id, { uuid: randomUUID(), version: 1, ...data });
  return json(201, serializeHogFlow(ctx, f));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const f = find(ctx, team, id);
  Object.assign(f.fields, validated(ctx, f, partial));
  return updatedAnswer(ctx, f, () => serializeHogFlow(ctx, f));
}

export function hogFlowRoutes() {
  return nestedViewSetRoutes({
    path: "hog_flows",
    scopeObject: "hog_flow",
    environments: true,
    // 2025-08-04: scope_object = "INTERNAL", no scope for any action.
    scopesFor: (ctx) => (ctx.services.version === "2025-08-04" ? null : undefined),
    lookup: uuidLookup("hogFlows", "uuid"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeHogFlow(ctx, find(ctx, team, id))),
    update,
    destroy: (ctx, team, id) => {
      ctx.store.removeObject("hogFlows", find(ctx, team, id).id);
      return noContent();
    },
  });
}
