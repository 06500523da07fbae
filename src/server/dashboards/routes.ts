/**
 * Dashboards, `/api/projects/:project_id/dashboards/` and `/api/environments/:project_id/dashboards/`
 * (DashboardsViewSet, DashboardSerializer and DashboardBasicSerializer, posthog/api/dashboards/dashboard.py; tiles
 * posthog/models/dashboard_tile.py; tests posthog/api/test/dashboards/):
 *
 * - Every field is optional; `name` may be null. `restriction_level` is 21 (everyone in the project can edit) or 37
 *   (only collaborators can edit). `filters` and `variables` are read-only method fields that create and update read
 *   from the request themselves: a truthy one that is not a dictionary is "Filters must be a dictionary" (for
 *   `variables` too, attr null); create ignores `variables`.
 * - `tiles` is read-only in the serializer, but an update applies the tiles of the request: a tile with `text`
 *   creates or changes a text tile, a tile with `id` and `layouts`/`color`/`deleted` changes that tile. Insights
 *   are placed through the insight's `dashboards`. Tiles are ordered by their `sm` layout (y, then x).
 * - Soft delete by `PATCH {"deleted": true}` (DELETE is 405): its tiles are deleted with it; `delete_insights: true`
 *   also deletes the insights that are on no other dashboard. `PATCH {"deleted": false}` alone restores it with all
 *   its tiles, but not the insights `delete_insights` deleted.
 * - The list (DashboardBasicSerializer, no tiles) is ordered by `-pinned, name`, LimitOffsetPagination.
 * - `use_dashboard` copies the tiles of a dashboard of the project; templates are not modelled: `use_template` is
 *   refused as an invalid template. Either refusal leaves the new dashboard behind, as PostHog does (see create).
 * - Today's PostHog adds `persisted_filters`, `persisted_variables` (null when empty) and `team_id` to the record
 *   (and `team_id` to the list), `last_accessed_at` to the full record, and `filters_overrides`, `show_description`,
 *   `transparent_background` to tiles; the server answers PostHog 2025-08-04's record when it plays that version.
 */
import { notFound, validationError } from "../drf/errors";
import { booleanField, charField, type FieldRule, fail, integerField, jsonField, listField, parseChar } from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, tagify, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { jsonbOrder } from "../state/jsonb";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { liveInsightTiles, tilesOf } from "./tiles";
import { serializeInsight } from "../insights/routes";

/** Dashboard.RestrictionLevel (posthog/models/dashboard.py). */
export const RESTRICTION_LEVELS = [21, 37];

const restrictionRule: FieldRule<unknown> = {
  nullable: false,
  parse: (v) => {
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : Number.NaN;
    return RESTRICTION_LEVELS.includes(n) ? n : fail("invalid_choice", `"${pyStr(v)}" is not a valid choice.`);
  },
};

/** The writable fields in DashboardSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["pinned", booleanField(false)],
  ["deleted", booleanField(false)],
  ["use_template", charField({ nullable: false, allowBlank: true })],
  ["use_dashboard", integerField({ nullable: true })],
  ["delete_insights", booleanField(false)],
  ["breakdown_colors", jsonField(false)],
  ["data_color_theme_id", integerField({ nullable: true })],
  ["tags", listField<unknown>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: true }, path) })],
  ["restriction_level", restrictionRule],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
];

const current = (ctx: ApiContext) => ctx.services.version !== "2025-08-04";
const lastAccessed = (d: StoredObject) => (typeof d.fields.last_accessed_at === "number" ? isoFromMicros(d.fields.last_accessed_at) : null);

/** The fields of DashboardBasicSerializer (today's adds `team_id`). */
function access(d: StoredObject): JsonObject {
  const level = typeof d.fields.restriction_level === "number" ? d.fields.restriction_level : 21;
  return {
    restriction_level: level,
    effective_restriction_level: level,
    effective_privilege_level: 37,
    user_access_level: "manager",
    access_control_version: level > 21 ? "v1" : "v2",
    last_refresh: null,
  };
}

function head(ctx: ApiContext, d: StoredObject, withLastAccessed: boolean): JsonObject {
  const f = d.fields;
  return {
    id: d.id,
    name: f.name ?? null,
    description: pyStr(f.description ?? ""),
    pinned: f.pinned === true,
    created_at: isoFromMicros(d.createdAtMicros),
    created_by: userBasic(ctx.store, d.createdBy),
    ...(withLastAccessed ? { last_accessed_at: lastAccessed(d) } : {}),
    is_shared: false,
    deleted: d.deleted,
    creation_mode: f.creation_mode ?? "default",
  };
}

function basic(ctx: ApiContext, d: StoredObject): JsonObject {
  return {
    ...head(ctx, d, true),
    tags: cloneJson(d.fields.tags ?? []),
    ...access(d),
    ...(current(ctx) ? { team_id: d.teamId } : {}),
  };
}

/** The layouts' `sm` position, 100 when absent (DashboardSerializer.get_tiles). */
function position(t: StoredObject, axis: "x" | "y"): number {
  const layouts = t.fields.layouts;
  const sm = isJsonObject(layouts) && isJsonObject(layouts.sm) ? layouts.sm : null;
  const v = sm?.[axis];
  return typeof v === "number" ? v : 100;
}

function serializeTile(ctx: ApiContext, t: StoredObject, order: number): JsonObject {
  const insight = typeof t.fields.insight_id === "number" ? ctx.store.object("insights", t.fields.insight_id) : undefined;
  const text = isJsonObject(t.fields.text) ? t.fields.text : null;
  return {
    id: t.id,
    insight: insight ? serializeInsight(ctx, insight) : null,
    text: text
      ? {
          id: t.id,
          created_by: userBasic(ctx.store, t.createdBy),
          last_modified_by: null,
          body: text.body ?? null,
          last_modified_at: isoFromMicros(t.updatedAtMicros),
          team: t.teamId,
        }
      : null,
    layouts: jsonbOrder(t.fields.layouts ?? {}),
    color: t.fields.color ?? null,
    // Today's DashboardTile model fields (posthog/models/dashboard_tile.py); not in PostHog 2025-08-04.
    ...(current(ctx)
      ? { filters_overrides: cloneJson(t.fields.filters_overrides ?? {}), show_description: null, transparent_background: null }
      : {}),
    order,
    last_refresh: null,
    is_cached: false,
  };
}

export function serializeDashboard(ctx: ApiContext, d: StoredObject): JsonObject {
  const tiles = tilesOf(ctx.store, d.id)
    .filter((t) => !t.deleted)
    .filter((t) => {
      // DashboardTile.dashboard_queryset: tiles of deleted insights are left out.
      const i = typeof t.fields.insight_id === "number" ? ctx.store.object("insights", t.fields.insight_id) : undefined;
      return i === undefined ? isJsonObject(t.fields.text) : !i.deleted;
    })
    .sort((a, b) => position(a, "y") - position(b, "y") || position(a, "x") - position(b, "x"));
  const filters = isJsonObject(d.fields.filters) ? cloneJson(d.fields.filters) : {};
  const variables = isJsonObject(d.fields.variables) ? cloneJson(d.fields.variables) : {};
  const middle: JsonObject = {
    filters,
    variables,
    breakdown_colors: cloneJson(d.fields.breakdown_colors ?? []),
    data_color_theme_id: d.fields.data_color_theme_id ?? null,
  };
  const serializedTiles = tiles.map((t, i) => serializeTile(ctx, t, i));
  // The tagged-item mixin adds `tags` last.
  const tags = cloneJson(d.fields.tags ?? []);
  if (!current(ctx)) {
    // 2025-08-04: no last_accessed_at in the full form, tiles before the access fields.
    return { ...head(ctx, d, false), ...middle, tiles: serializedTiles, ...access(d), tags };
  }
  // Today's DASHBOARD_SHARED_FIELDS, then tiles (posthog/api/dashboards/dashboard.py).
  return {
    ...head(ctx, d, true),
    ...middle,
    ...access(d),
    persisted_filters: Object.keys(filters).length > 0 ? filters : null,
    persisted_variables: Object.keys(variables).length > 0 ? variables : null,
    team_id: d.teamId,
    tiles: serializedTiles,
    tags,
  };
}

/** `request.data.get(name)` when truthy: it must be a dictionary. */
function requestDict(ctx: ApiContext, name: string): JsonObject | null {
  const body = ctx.req.body();
  const v = isJsonObject(body) ? body[name] : undefined;
  if (v === undefined || v === null || v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0)) return null;
  if (!isJsonObject(v)) throw validationError("Filters must be a dictionary");
  return Object.keys(v).length === 0 ? null : v;
}

function validated(ctx: ApiContext, partial: boolean): JsonObject {
  const attrs = validateBody(ctx.req.body(), FIELDS, null, [], partial);
  if (attrs.use_dashboard && attrs.use_template) throw validationError("`use_dashboard` and `use_template` cannot be used together");
  if (Array.isArray(attrs.tags)) attrs.tags = tagify(attrs.tags.map(pyStr));
  delete attrs._create_in_folder;
  return attrs;
}

function list(ctx: ApiContext, team: StoredProject) {
  const rows = ctx.store.objects("dashboards").filter((d) => d.teamId === team.id && !d.deleted);
  // ORDER BY -pinned, name (PostgreSQL sorts NULL names last).
  const name = (d: StoredObject) => (typeof d.fields.name === "string" ? d.fields.name : null);
  rows.sort((a, b) => {
    const pinned = Number(b.fields.pinned === true) - Number(a.fields.pinned === true);
    if (pinned) return pinned;
    const [x, y] = [name(a), name(b)];
    if (x === y) return a.id - b.id;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  });
  return pageAnswer(ctx, rows, (d) => basic(ctx, d));
}

/**
 * DashboardSerializer.create makes the dashboard before it reads the template or the dashboard to copy, outside a
 * transaction: a bad `use_template` or `use_dashboard` answers 400 and leaves the new, empty dashboard behind
 * (measured on the 2025-08-04 backend). A create is therefore never retried blindly.
 */
function create(ctx: ApiContext, team: StoredProject) {
  const { deleted, use_template, use_dashboard, delete_insights: _unused, ...fields } = validated(ctx, false);
  const filters = requestDict(ctx, "filters") ?? {};
  const source = typeof use_dashboard === "number" && use_dashboard !== 0 ? use_dashboard : null;
  const mode = use_template ? "template" : source !== null ? "duplicate" : "default";
  const dashboard = ctx.store.addObject("dashboards", team.id, ctx.user.id, { ...fields, filters, creation_mode: mode });
  dashboard.deleted = deleted === true;
  if (use_template) throw validationError(`Invalid template provided: ${pyStr(use_template)}`, "use_template");
  if (source !== null) {
    const original = ctx.store.objects("dashboards").find((d) => d.id === source && d.teamId === team.id && !d.deleted);
    if (!original) throw validationError("Invalid value provided", "use_dashboard");
    // DashboardTile.copy_to_dashboard: the same insights and texts, with their layouts and colors.
    for (const t of tilesOf(ctx.store, original.id).filter((x) => !x.deleted)) {
      ctx.store.addObject("dashboardTiles", team.id, ctx.user.id, { ...cloneJson(t.fields), dashboard_id: dashboard.id });
    }
  }
  return json(201, serializeDashboard(ctx, dashboard));
}

function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const d = findInProject(ctx.store, "dashboards", team, id);
  // dangerously_get_queryset: a deleted dashboard is only found by a PATCH whose whole body is {"deleted": false}.
  const body = ctx.req.body();
  const restoring =
    ctx.actionName === "partial_update" && isJsonObject(body) && Object.keys(body).length === 1 && "deleted" in body && !body.deleted;
  if (d.deleted && !restoring) throw notFound();
  return d;
}

/** DashboardSerializer._update_tiles for each tile of the request. */
function updateTile(ctx: ApiContext, team: StoredProject, dashboard: StoredObject, tile: Json): void {
  if (!isJsonObject(tile)) return;
  const id = typeof tile.id === "number" ? tile.id : null;
  const existing = id === null ? undefined : tilesOf(ctx.store, dashboard.id).find((t) => t.id === id);
  if (isJsonObject(tile.text)) {
    const text: JsonObject = { body: tile.text.body ?? null };
    if (existing) {
      existing.fields.text = text;
      if ("layouts" in tile) existing.fields.layouts = cloneJson(tile.layouts);
      if ("color" in tile) existing.fields.color = cloneJson(tile.color);
      if (typeof tile.deleted === "boolean") existing.deleted = tile.deleted;
      existing.updatedAtMicros = nowMicros();
      return;
    }
    const created = ctx.store.addObject("dashboardTiles", team.id, ctx.user.id, {
      dashboard_id: dashboard.id,
      insight_id: null,
      text,
      layouts: cloneJson(tile.layouts ?? {}),
      color: cloneJson(tile.color ?? null),
    });
    created.deleted = tile.deleted === true;
    return;
  }
  if (!existing || !("deleted" in tile || "color" in tile || "layouts" in tile)) return;
  // An insight tile's insight is never changed here.
  if ("layouts" in tile) existing.fields.layouts = cloneJson(tile.layouts);
  if ("color" in tile) existing.fields.color = cloneJson(tile.color);
  if (typeof tile.deleted === "boolean") existing.deleted = tile.deleted;
  existing.updatedAtMicros = nowMicros();
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const dashboard = find(ctx, team, id);
  const { deleted, use_template: _template, use_dashboard: _copy, delete_insights, ...fields } = validated(ctx, partial);
  if (dashboard.deleted && deleted === false) {
    // _undo_delete_related_tiles: every tile of the dashboard comes back, those an insight had left too. Its loop that
    // restores deleted insights reads DashboardTile.objects while the dashboard is still deleted: it finds no tile,
    // so insights deleted with `delete_insights` stay deleted (measured on the 2025-08-04 backend).
    for (const t of tilesOf(ctx.store, dashboard.id)) t.deleted = false;
  }
  if (deleted === true) {
    // _delete_related_tiles: with delete_insights, each insight that ever had a tile here and now has exactly one live
    // tile (DashboardTile.objects: the tile and its dashboard not deleted), so insights other dashboards use stay.
    for (const t of tilesOf(ctx.store, dashboard.id)) {
      const insightId = t.fields.insight_id;
      const live = typeof insightId === "number" ? liveInsightTiles(ctx.store, insightId) : [];
      if (delete_insights === true && typeof insightId === "number" && live.length === 1) {
        const insight = ctx.store.object("insights", insightId);
        if (insight) insight.deleted = true;
      }
      t.deleted = true;
    }
    // A group type showing this dashboard loses it.
    for (const g of ctx.store.state.groupTypes) if (g.teamId === team.id && g.detailDashboard === dashboard.id) g.detailDashboard = null;
  }
  const filters = requestDict(ctx, "filters");
  if (filters) dashboard.fields.filters = filters;
  const variables = requestDict(ctx, "variables");
  if (variables) dashboard.fields.variables = variables;
  Object.assign(dashboard.fields, fields);
  if (typeof deleted === "boolean") dashboard.deleted = deleted;
  const body = ctx.req.body();
  if (isJsonObject(body) && Array.isArray(body.tiles)) for (const tile of body.tiles) updateTile(ctx, team, dashboard, tile);
  return updatedAnswer(ctx, dashboard, () => serializeDashboard(ctx, dashboard));
}

export function dashboardRoutes() {
  return nestedViewSetRoutes({
    path: "dashboards",
    scopeObject: "dashboard",
    environments: true,
    list,
    create,
    retrieve: (ctx, team, id) => {
      // retrieve() stamps last_accessed_at.
      const d = find(ctx, team, id);
      d.fields.last_accessed_at = nowMicros();
      ctx.store.changed();
      return json(200, serializeDashboard(ctx, d));
    },
    update,
  });
}
