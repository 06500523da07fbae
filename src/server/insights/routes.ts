/**
 * Insights, `/api/projects/:project_id/insights/` and `/api/environments/:project_id/insights/` (InsightViewSet and
 * InsightSerializer, posthog/api/insight.py; tests in posthog/api/test/test_insight.py):
 *
 * - `query` is checked against PostHog's query schema before anything else (query.ts); `filters` is legacy JSON.
 * - `short_id` is generated (8 characters) and read-only; `saved` and `favorited` default to false.
 * - `dashboards` places the insight on dashboards of the project (a tile each); removing one soft-deletes its tile.
 *   A dashboard of another project is "Dashboard not found"; an unknown id "Invalid pk … - object does not exist.".
 * - Soft delete by `PATCH {"deleted": true}` (its tiles too, which a restore does not bring back); DELETE is 405.
 *   Deleted insights are 404 and left out of the list, except to a PATCH with `deleted: false` that restores them.
 * - Today's PostHog adds `resolved_date_range`, `alerts` (the insight's alerts), `last_viewed_at` and
 *   `search_match_type` to the record, sets `saved` on every update that does not send it, deletes an insight's
 *   alerts with it, and does not find another project's dashboard in `dashboards` (does_not_exist); PostHog
 *   2025-08-04 answered "Dashboard not found". `postHogVersion` picks which.
 * - The list is ordered by the insights' own `order` (then `?order=`), filtered as `list` says.
 * - Results need ClickHouse, which the local server does not have: `result`, `last_refresh`, `hasMore`, `columns`
 *   are null and `is_cached` false, as PostHog answers an insight whose results were never computed. `refresh` other
 *   than absent/`force_cache` is not computed either (PostHog would run the query): the same answer is given.
 */
import { createHash } from "node:crypto";
import { generateShortId } from "../state/tokens";
import { notFound, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  FieldFailure,
  type FieldRule,
  fail,
  integerField,
  jsonField,
  listField,
  parseChar,
  primaryKeyField,
} from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, tagify, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { serializeAlert } from "../alerts/routes";
import { insightTiles, liveInsightTiles, placeInsight } from "../dashboards/tiles";
import { alertsSupported, checkQuery } from "./query";

interface InsightContext {
  ctx: ApiContext;
  team: StoredProject;
}

/** `dashboards = PrimaryKeyRelatedField(many=True, queryset=Dashboard.objects.all())`: any dashboard not deleted. */
const dashboardsRule: FieldRule<InsightContext> = listField<InsightContext>({
  nullable: false,
  // PrimaryKeyRelatedField(many=True) names the field, not the item ("dashboards").
  item: (v, _path, ic) => {
    const rule = primaryKeyField<InsightContext>(false, (pk) => ic.ctx.store.objects("dashboards").some((d) => d.id === pk && !d.deleted));
    try {
      return rule.parse(v, ic);
    } catch (e) {
      if (e instanceof FieldFailure) fail(e.code, e.detail);
      throw e;
    }
  },
});

/** The writable fields in InsightSerializer.Meta.fields order. */
const FIELDS: SerializerFields<InsightContext> = [
  ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["derived_name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["filters", jsonField(false)],
  // QueryFieldSerializer: only what the parser let through (a falsy query) can fail here.
  ["query", { nullable: true, parse: (v) => (isJsonObject(v) ? v : fail("invalid", "Query must be a valid JSON object")) }],
  ["order", integerField({ nullable: true })],
  ["deleted", booleanField(false)],
  ["dashboards", dashboardsRule],
  ["description", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["tags", listField<InsightContext>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: true }, path) })],
  ["favorited", booleanField(false)],
  ["saved", booleanField(false)],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
];

/** InsightSerializer as the 2025-08-04 backend answers it (no ClickHouse: no results). */
export function serializeInsight(ctx: ApiContext, i: StoredObject): JsonObject {
  const f = i.fields;
  const tiles = liveInsightTiles(ctx.store, i.id);
  // to_representation: with a query the filters are {}; without one, legacy filters say at least `insight: TRENDS`.
  const query = cloneJson(f.query ?? null);
  const hasQuery = isJsonObject(query) && Object.keys(query).length > 0;
  const filters: JsonObject = hasQuery ? {} : isJsonObject(f.filters) ? cloneJson(f.filters) : {};
  if (!hasQuery && !("insight" in filters)) filters.insight = "TRENDS";
  return {
    id: i.id,
    short_id: pyStr(f.short_id ?? ""),
    name: f.name ?? null,
    derived_name: f.derived_name ?? null,
    filters,
    query,
    order: f.order ?? null,
    deleted: i.deleted,
    dashboards: tiles.map((t) => t.fields.dashboard_id ?? null),
    dashboard_tiles: tiles.map((t) => ({ id: t.id, dashboard_id: t.fields.dashboard_id ?? null, deleted: null })),
    last_refresh: null,
    cache_target_age: null,
    next_allowed_client_refresh: null,
    result: null,
    hasMore: null,
    columns: null,
    created_at: isoFromMicros(i.createdAtMicros),
    created_by: userBasic(ctx.store, i.createdBy),
    description: f.description ?? null,
    updated_at: isoFromMicros(i.updatedAtMicros),
    favorited: f.favorited === true,
    saved: f.saved === true,
    last_modified_at: isoFromMicros(typeof f.last_modified_at === "number" ? f.last_modified_at : i.createdAtMicros),
    last_modified_by: userBasic(ctx.store, typeof f.last_modified_by === "number" ? f.last_modified_by : i.createdBy),
    // The sample insights PostHog makes on a flag's usage dashboard (`_create_tile_for_insight`).
    is_sample: f.is_sample === true,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    user_access_level: "manager",
    timezone: null,
    is_cached: false,
    query_status: null,
    hogql: null,
    types: null,
    ...(ctx.services.version === "2025-08-04"
      ? {}
      : {
          resolved_date_range: null,
          alerts: alertsSupported(f.query, ctx.services.version)
            ? ctx.store
                .objects("alerts")
                .filter((a) => a.fields.insight === i.id)
                .map((a) => serializeAlert(ctx, a))
            : [],
          last_viewed_at: typeof f.last_viewed_at === "number" ? isoFromMicros(f.last_viewed_at) : null,
          search_match_type: null,
        }),
    // The tagged-item mixin adds `tags` last; `filters_hash` is the results' cache key (here a digest of the query).
    tags: cloneJson(f.tags ?? []),
    filters_hash: `cache_${createHash("md5")
      .update(`${i.teamId}:${JSON.stringify(query)}:${JSON.stringify(filters)}`)
      .digest("hex")}`,
  };
}

/** `Insight.MATERIAL_INSIGHT_FIELDS` (posthog/models/insight.py): changing one moves `last_modified_*`. */
const MATERIAL = ["name", "description", "filters", "query"];

function validated(ctx: ApiContext, team: StoredProject, partial: boolean): JsonObject {
  const body = ctx.req.body();
  // QuerySchemaParser runs while the body is parsed: before the serializer's own checks.
  if (isJsonObject(body)) checkQuery(body.query);
  const attrs = validateBody(body, FIELDS, { ctx, team }, [], partial);
  if (Array.isArray(attrs.dashboards)) {
    for (const id of attrs.dashboards) {
      const d = ctx.store.object("dashboards", Number(id));
      if (!d || d.teamId === team.id) continue;
      // Today's TeamScopedDashboardsField does not find another project's dashboard; 2025-08-04 found it and refused.
      if (ctx.services.version === "2025-08-04") throw validationError("Dashboard not found");
      throw validationError(`Invalid pk "${pyStr(id)}" - object does not exist.`, "dashboards", "does_not_exist");
    }
  }
  if (Array.isArray(attrs.tags)) attrs.tags = tagify(attrs.tags.map(pyStr));
  delete attrs._create_in_folder;
  return attrs;
}

/** posthog/utils.py str_to_bool. */
const strToBool = (v: string) => ["y", "yes", "t", "true", "on", "1"].includes(v.trim().toLowerCase());

/** Sort keys `?order=` may name (others are not modelled and fall back to the default). */
const ORDER_KEYS: Record<string, (i: StoredObject) => number | string> = {
  id: (i) => i.id,
  created_at: (i) => i.createdAtMicros,
  last_modified_at: (i) => (typeof i.fields.last_modified_at === "number" ? i.fields.last_modified_at : i.createdAtMicros),
  name: (i) => pyStr(i.fields.name ?? ""),
  order: (i) => (typeof i.fields.order === "number" ? i.fields.order : Number.POSITIVE_INFINITY),
};

/**
 * InsightViewSet: the filterset's `short_id` and `created_by`, then `_filter_request` (`saved`: saved or on a
 * dashboard, `favorited` of any value, `search` in name, derived name, tags and description, `user`: mine), ordered
 * by `order` (the insight's own field, NULLs last) unless `?order=` names another.
 */
function list(ctx: ApiContext, team: StoredProject) {
  let rows = ctx.store.objects("insights").filter((i) => i.teamId === team.id && !i.deleted);
  const shortId = ctx.req.param("short_id");
  if (shortId !== undefined) rows = rows.filter((i) => i.fields.short_id === shortId);
  const createdBy = ctx.req.param("created_by");
  if (createdBy !== undefined) rows = rows.filter((i) => String(i.createdBy) === createdBy);
  const saved = ctx.req.param("saved");
  if (saved !== undefined) {
    rows = strToBool(saved)
      ? rows.filter((i) => i.fields.saved === true || insightTiles(ctx.store, i.id).length > 0)
      : rows.filter((i) => i.fields.saved !== true);
  }
  if (ctx.req.param("favorited") !== undefined) rows = rows.filter((i) => i.fields.favorited === true);
  if (ctx.req.param("user") !== undefined) rows = rows.filter((i) => i.createdBy === ctx.user.id);
  const search = ctx.req.param("search")?.toLowerCase();
  if (search) {
    const has = (v: unknown) => typeof v === "string" && v.toLowerCase().includes(search);
    rows = rows.filter(
      (i) =>
        has(i.fields.name) ||
        has(i.fields.derived_name) ||
        has(i.fields.description) ||
        (Array.isArray(i.fields.tags) && i.fields.tags.some(has)),
    );
  }
  const order = ctx.req.param("order") ?? "order";
  const descending = order.startsWith("-");
  const key = ORDER_KEYS[order.replace(/^-/, "")] ?? ORDER_KEYS.order;
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return descending ? -c : c;
  });
  return pageAnswer(ctx, rows, (i) => serializeInsight(ctx, i));
}

function create(ctx: ApiContext, team: StoredProject) {
  const { deleted, dashboards, ...fields } = validated(ctx, team, false);
  const now = nowMicros();
  const insight = ctx.store.addObject("insights", team.id, ctx.user.id, {
    ...fields,
    short_id: generateShortId(),
    // Today's create records the creator's view (InsightViewed).
    last_viewed_at: now,
    last_modified_at: now,
    last_modified_by: ctx.user.id,
  });
  insight.deleted = deleted === true;
  if (Array.isArray(dashboards)) for (const d of dashboards) placeInsight(ctx.store, team.id, ctx.user.id, insight.id, Number(d));
  return json(201, serializeInsight(ctx, insight));
}

/**
 * dangerously_get_queryset: deleted insights are found only by a PATCH whose `deleted` is false (to restore them);
 * deleting a deleted insight again is a 404.
 */
function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const i = findInProject(ctx.store, "insights", team, id);
  const body = ctx.req.body();
  const restoring = ctx.actionName === "partial_update" && isJsonObject(body) && body.deleted === false;
  if (i.deleted && !restoring) throw notFound();
  return i;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const insight = find(ctx, team, id);
  const { deleted, dashboards, ...fields } = validated(ctx, team, partial);
  // Today's update sets `saved` unless the request does (a vestige the search depends on); 2025-08-04 did not.
  if (ctx.services.version !== "2025-08-04" && !("saved" in fields)) fields.saved = true;
  if (Object.keys(fields).some((k) => MATERIAL.includes(k))) {
    fields.last_modified_at = nowMicros();
    fields.last_modified_by = ctx.user.id;
  }
  Object.assign(insight.fields, fields);
  if (deleted === true) {
    for (const t of insightTiles(ctx.store, insight.id)) t.deleted = true;
  } else if (Array.isArray(dashboards)) {
    const wanted = new Set(dashboards.map(Number));
    for (const t of insightTiles(ctx.store, insight.id)) if (!wanted.has(Number(t.fields.dashboard_id))) t.deleted = true;
    for (const d of wanted) placeInsight(ctx.store, team.id, ctx.user.id, insight.id, d);
  }
  if (typeof deleted === "boolean") insight.deleted = deleted;
  // update(): an insight that can carry no alert loses them, and today's PostHog deletes them with the insight.
  if (!alertsSupported(insight.fields.query, ctx.services.version) || (deleted === true && ctx.services.version !== "2025-08-04")) {
    for (const a of ctx.store.objects("alerts").filter((x) => x.fields.insight === insight.id)) ctx.store.removeObject("alerts", a.id);
  }
  return updatedAnswer(ctx, insight, () => serializeInsight(ctx, insight));
}

export function insightRoutes() {
  return nestedViewSetRoutes({
    path: "insights",
    scopeObject: "insight",
    environments: true,
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeInsight(ctx, find(ctx, team, id))),
    update,
  });
}
