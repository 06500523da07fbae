/**
 * Insight variables, `/api/projects/:project_id/insight_variables/` and the same under `/api/environments/`
 * (InsightVariableViewSet and InsightVariableSerializer, posthog/api/insight_variable.py in both versions; model
 * InsightVariable):
 *
 * - `name` (at most 400, trimmed, not blank) and `type` (String, Number, Boolean, List, Date) are required;
 *   `default_value` and `values` are JSON, null allowed.
 * - `code_name` is made on create from the name: its letters, digits and spaces (today also underscores), spaces as
 *   `_`, lower-cased; a second variable of the project with that code name is refused ("Variable with this code name
 *   already exists" today, "Variable with name already exists" in 2025-08-04). An update never changes it.
 * - Today, a List variable's `values` are stored as text (nulls dropped; an object or array refused, naming its
 *   index; anything but a list stored as `[]`) and its `default_value` as text (`""` for none), and both are read so.
 *   PostHog 2025-08-04 stores and answers them as sent.
 * - Scope `insight_variable` today; PostHog 2025-08-04's viewset is `INTERNAL`: every personal API key is refused.
 * - DELETE is ModelViewSet's: gone for good. Today's list pages by number (500 to a page), 2025-08-04's by limit and
 *   offset (100); in the order they were made.
 *
 * Not imitated: today's `is_multi`, `values_query` and `values_query_connection_id` (newer than the serializer played
 * here).
 */
import { randomUUID } from "node:crypto";
import { validationError } from "../drf/errors";
import { charField, choiceField, jsonField } from "../drf/fields";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, pageNumberAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const TYPES = ["String", "Number", "Boolean", "List", "Date"];
/** Today's InsightVariablePagination. */
const PAGE_SIZE = 500;

const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
  ["type", choiceField(false, (s) => (TYPES.includes(s) ? s : undefined))],
  ["default_value", jsonField(true)],
  ["values", jsonField(true)],
];

/** `_scalar_to_str`. */
function scalarText(value: Json): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  return undefined;
}

/** `_coerce_list_value_lenient`: never refuses (used on read and for a default). */
function lenientText(value: Json | undefined): string | null {
  if (value === null || value === undefined) return null;
  const scalar = scalarText(value);
  if (scalar !== undefined) return scalar;
  if (isJsonObject(value)) {
    const inner = scalarText(value.value ?? null) ?? scalarText(value.label ?? null);
    if (inner !== undefined) return inner;
  }
  return JSON.stringify(value);
}

/** `_coerce_list_values`: each value's text, nulls dropped, an object or array refused. */
function listValues(values: Json[]): string[] {
  const out: string[] = [];
  for (const [index, value] of values.entries()) {
    if (value === null) continue;
    const scalar = scalarText(value);
    if (scalar === undefined) {
      const shape = isJsonObject(value) ? "an object" : "an array";
      throw validationError(
        `List variable values must be strings or numbers (got ${shape} at index ${index}). Enter each value as plain text or a number.`,
        "values",
        "invalid",
      );
    }
    out.push(scalar);
  }
  return out;
}

/** Today's `InsightVariableSerializer.validate` of a List variable; 2025-08-04 had none. */
function validated(ctx: ApiContext, attrs: JsonObject, existing: StoredObject | undefined): JsonObject {
  const type = attrs.type ?? existing?.fields.type;
  if (ctx.services.version !== "current" || type !== "List") return attrs;
  const out = { ...attrs };
  if ("values" in out) out.values = Array.isArray(out.values) ? listValues(out.values) : [];
  if ("default_value" in out) out.default_value = lenientText(out.default_value) || "";
  return out;
}

/** `InsightVariableSerializer.create`'s code name (2025-08-04 kept no underscores). */
function codeName(ctx: ApiContext, name: string): string {
  const keep = (c: string) => /[\p{L}\p{N}]/u.test(c) || c === " " || (c === "_" && ctx.services.version === "current");
  return [...name].filter(keep).join("").replaceAll(" ", "_").toLowerCase();
}

export function serializeInsightVariable(ctx: ApiContext, v: StoredObject): JsonObject {
  const f = v.fields;
  let values = cloneJson(f.values ?? null);
  let defaultValue = cloneJson(f.default_value ?? null);
  // Today's `to_representation` of a List variable.
  if (ctx.services.version === "current" && f.type === "List") {
    values = Array.isArray(values) ? values.map(lenientText).filter((t): t is string => t !== null) : [];
    defaultValue = lenientText(defaultValue);
  }
  return {
    id: f.uuid ?? null,
    name: f.name ?? "",
    type: f.type ?? null,
    default_value: defaultValue,
    created_by: userBasic(ctx.store, v.createdBy),
    created_at: isoFromMicros(v.createdAtMicros),
    code_name: f.code_name ?? null,
    values,
  };
}

const variablesOf = (ctx: ApiContext, team: StoredProject) =>
  ctx.store
    .objects("insightVariables")
    .filter((v) => v.teamId === team.id)
    .sort((a, b) => a.id - b.id);

function list(ctx: ApiContext, team: StoredProject) {
  const rows = variablesOf(ctx, team);
  if (ctx.services.version !== "current") return pageAnswer(ctx, rows, (v) => serializeInsightVariable(ctx, v));
  return pageNumberAnswer(ctx, rows, (v) => serializeInsightVariable(ctx, v), PAGE_SIZE);
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validated(ctx, validateBody(ctx.req.body(), FIELDS, null, ["name", "type"], false), undefined);
  const code = codeName(ctx, String(attrs.name));
  if (variablesOf(ctx, team).some((v) => v.fields.code_name === code))
    throw validationError(
      ctx.services.version === "current" ? "Variable with this code name already exists" : "Variable with name already exists",
    );
  const v = ctx.store.addObject("insightVariables", team.id, ctx.user.id, { uuid: randomUUID(), ...attrs, code_name: code });
  return json(201, serializeInsightVariable(ctx, v));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const v = findInProject(ctx.store, "insightVariables", team, id);
  Object.assign(v.fields, validated(ctx, validateBody(ctx.req.body(), FIELDS, null, ["name", "type"], partial), v));
  return updatedAnswer(ctx, v, () => serializeInsightVariable(ctx, v));
}

export function insightVariableRoutes() {
  return nestedViewSetRoutes({
    path: "insight_variables",
    scopeObject: "insight_variable",
    environments: true,
    // 2025-08-04: scope_object = "INTERNAL", no scope for any action.
    scopesFor: (ctx) => (ctx.services.version === "2025-08-04" ? null : undefined),
    lookup: uuidLookup("insightVariables", "uuid"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeInsightVariable(ctx, findInProject(ctx.store, "insightVariables", team, id))),
    update,
    destroy: (ctx, team, id) => {
      ctx.store.removeObject("insightVariables", findInProject(ctx.store, "insightVariables", team, id).id);
      return noContent();
    },
  });
}
