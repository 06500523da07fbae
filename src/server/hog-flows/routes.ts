/**
 * Hog flows (workflows), `/api/projects/:project_id/hog_flows/` and the same under `/api/environments/`
 * (HogFlowViewSet and HogFlowSerializer, posthog/api/hog_flow.py; model posthog/models/hog_flow/hog_flow.py).
 *
 * - Scope `hog_flow` today; PostHog 2025-08-04's viewset is `INTERNAL`: every personal API key is refused.
 * - `actions` is required, each action by HogFlowActionSerializer (its declared fields only: `id`, `name` ≤ 400,
 *   `description` "" by default, `on_error`, `created_at`, `updated_at`, `filters` null by default, `type` ≤ 100,
 *   `config`, `output_variable`). A flow that is not active is a draft: an action's own checks (trigger type, the
 *   function's template, a delay's duration, conditions) apply only to an active flow. Exactly one action is the trigger,
 *   draft or not ("Exactly one trigger action is required"), and `trigger` becomes that action's config.
 * - `conversion` gains `bytecode` (`[]` when it has no filters to compile).
 * - DELETE is ModelViewSet's: gone for good. The list is limit/offset, most recently updated first.
 *
 * Not imitated: the templates (the local server has none, so an active flow's function action is "Template not
 * found", as PostHog answers an unknown one), the compiled filters' and inputs' bytecode, `trigger_masking`,
 * `variables` and `billable_action_types`.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import { charField, choiceField, fail, FieldFailure, integerField, jsonField, listField, runRule } from "../drf/fields";
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

const flowFields = (draft: boolean): SerializerFields<unknown> => [
  ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["status", choices(["draft", "active", "archived"])],
  ["trigger", jsonField(false)],
  ["conversion", jsonField(true)],
  [
    "exit_condition",
    choices(["exit_on_conversion", "exit_on_trigger_not_matched", "exit_on_trigger_not_matched_or_conversion", "exit_only_at_end"]),
  ],
  ["edges", jsonField(false)],
  ["actions", listField<unknown>({ nullable: false, item: (value, path) => action(value, path, draft) })],
];

/** HogFlowSerializer: `to_internal_value` (a draft unless active), the fields, then `validate`. */
function validated(ctx: ApiContext, instance: StoredObject | null, partial: boolean): JsonObject {
  const body = ctx.req.body();
  const status = isJsonObject(body) && body.status !== undefined && body.status !== null ? body.status : (instance?.fields.status ?? null);
  const data = validateBody(body, flowFields(status !== "active"), null, ["actions"], partial);
  const actions = (data.actions ?? instance?.fields.actions ?? []) as Json[];
  const triggers = actions.filter((a) => isJsonObject(a) && a.type === "trigger") as JsonObject[];
  if (triggers.length !== 1) throw validationError("Exactly one trigger action is required", "actions");
  data.trigger = triggers[0]!.config ?? null;
  if (isJsonObject(data.conversion) && !("bytecode" in data.conversion)) data.conversion = { ...data.conversion, bytecode: [] };
  return data;
}

export function serializeHogFlow(ctx: ApiContext, f: StoredObject): JsonObject {
  const v = f.fields;
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
    trigger_masking: null,
    conversion: v.conversion ?? null,
    exit_condition: v.exit_condition ?? "exit_on_conversion",
    edges: v.edges ?? {},
    actions: v.actions ?? {},
    abort_action: null,
  };
}

const flowsOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects("hogFlows").filter((f) => f.teamId === team.id);

function list(ctx: ApiContext, team: StoredProject) {
  const rows = flowsOf(ctx, team).sort((a, b) => b.updatedAtMicros - a.updatedAtMicros || b.id - a.id);
  return pageAnswer(ctx, rows, (f) => serializeHogFlow(ctx, f));
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
