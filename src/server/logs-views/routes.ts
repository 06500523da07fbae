/**
 * Saved logs views, `/api/projects/:project_id/logs/views/` and `/api/environments/:project_id/logs/views/` (today's
 * LogsViewViewSet and LogsViewSerializer, products/logs/backend/presentation/views/views_api.py; model LogsView,
 * products/logs/backend/models.py; the answer's shape and the column types from products/logs/frontend/generated/
 * api.schemas.ts). PostHog 2025-08-04 has none (its products/logs/backend/ holds the log query only): in that mode
 * these routes do not exist, and PostHog's router answers 404.
 *
 * - Keyed by `short_id` (the viewset's `lookup_field`, made by `generate_short_id`); `id` is a UUID. A plain
 *   ModelViewSet: DELETE destroys (204); listed newest first, limit/offset. `scope_object = "logs"`.
 * - `name` (CharField, 400, required, not blank), `filters` (a DictField of anything, default {}), `columns` (null, the
 *   default, or a list of LogsViewColumnSerializer: `id` and `type` required, `name` and `expression` optional
 *   CharFields, `width` 1 to 2000; a `custom` column needs its `expression`; other keys dropped, an optional key
 *   omitted rather than null), `pinned` (default false).
 *
 * Not imitated: the `logs-saved-views` feature flag some versions' permission asks for (on here).
 */
import { randomUUID } from "node:crypto";
import { notFound } from "../drf/errors";
import { booleanField, charField, FieldFailure, type FieldRule, fail, integerField, listField, runRule } from "../drf/fields";
import { pyTypeName } from "../drf/py";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import { generateShortId } from "../state/tokens";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "logsViews";
const COLUMN_TYPES = ["timestamp", "level", "source", "trace_id", "span_id", "person", "session", "pattern", "message", "custom"];

/** LogsViewColumnSerializer: its fields in order, then `validate`. */
function column(value: Json, path: Array<string | number>): Json {
  if (!isJsonObject(value))
    return fail("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(value)}.`, [...path, "non_field_errors"]);
  const out: JsonObject = {};
  const rules: ReadonlyArray<readonly [string, FieldRule<unknown>, boolean]> = [
    ["id", charField({ nullable: false, allowBlank: false }), true],
    [
      "type",
      {
        nullable: false,
        parse: (v) =>
          typeof v === "string" && COLUMN_TYPES.includes(v) ? v : fail("invalid_choice", `"${String(v)}" is not a valid choice.`),
      },
      true,
    ],
    ["name", charField({ nullable: false, allowBlank: false }), false],
    ["expression", charField({ nullable: false, allowBlank: false }), false],
    ["width", integerField({ nullable: false, min: 1, max: 2000 }), false],
  ];
  for (const [name, rule, required] of rules) {
    try {
      if (!(name in value)) {
        if (required) fail("required", "This field is required.");
        continue;
      }
      out[name] = runRule(rule, value[name]!, undefined);
    } catch (e) {
      if (!(e instanceof FieldFailure)) throw e;
      return fail(e.code, e.detail, [...path, name, ...e.path]);
    }
  }
  if (out.type === "custom" && !out.expression) return fail("invalid", "Custom columns require an expression.", [...path, "expression"]);
  return out;
}

/** DictField: a dictionary, its values as sent. */
const dictField: FieldRule<unknown> = {
  nullable: false,
  parse: (v) => (isJsonObject(v) ? cloneJson(v) : fail("not_a_dict", `Expected a dictionary of items but got type "${pyTypeName(v)}".`)),
};

/** The writable fields in LogsViewSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
  ["filters", dictField],
  ["columns", listField<unknown>({ nullable: true, item: (v, path) => column(v, path) })],
  ["pinned", booleanField(false)],
];

function serialize(ctx: ApiContext, v: StoredObject): JsonObject {
  const f = v.fields;
  return {
    id: String(f.id),
    short_id: String(f.short_id),
    name: f.name ?? "",
    filters: cloneJson(f.filters ?? {}),
    columns: cloneJson(f.columns ?? null),
    pinned: f.pinned === true,
    created_at: isoFromMicros(v.createdAtMicros),
    created_by: userBasic(ctx.store, v.createdBy),
    updated_at: isoFromMicros(v.updatedAtMicros),
  };
}

const viewsOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects(KIND).filter((v) => v.teamId === team.id);

function viewOf(ctx: ApiContext, id: number): StoredObject {
  const v = ctx.store.object(KIND, id);
  if (!v) throw notFound();
  return v;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, ["name"], false);
  const fields: JsonObject = { filters: {}, columns: null, pinned: false, ...attrs, id: randomUUID(), short_id: generateShortId() };
  return json(201, serialize(ctx, ctx.store.addObject(KIND, team.id, ctx.user.id, fields)));
}

function update(ctx: ApiContext, id: number, partial: boolean) {
  const view = viewOf(ctx, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, ["name"], partial);
  Object.assign(view.fields, attrs);
  return updatedAnswer(ctx, view, () => serialize(ctx, view));
}

/** Today's PostHog only: PostHog 2025-08-04 routes no saved logs views (404). */
export function logsViewRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  return nestedViewSetRoutes({
    path: "logs/views",
    scopeObject: "logs",
    environments: true,
    lookup: (ctx, team, key) => viewsOf(ctx, team).find((v) => v.fields.short_id === key)?.id ?? null,
    list: (ctx, team) => pageAnswer(ctx, viewsOf(ctx, team).sort(newestFirst), (v) => serialize(ctx, v)),
    create,
    retrieve: (ctx, _team, id) => json(200, serialize(ctx, viewOf(ctx, id))),
    update: (ctx, _team, id, partial) => update(ctx, id, partial),
    destroy: (ctx, _team, id) => {
      ctx.store.removeObject(KIND, id);
      return noContent();
    },
  });
}
