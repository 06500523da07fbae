/**
 * Warehouse saved queries (views), `/api/projects/:project_id/warehouse_saved_queries/` and the same under
 * `/api/environments/` (DataWarehouseSavedQueryViewSet and DataWarehouseSavedQuerySerializer of today's PostHog,
 * products/data_warehouse/backend/api/saved_query.py; posthog/warehouse/api/saved_query.py in 2025-08-04; model
 * …/models/datawarehouse_saved_query.py). Scope `warehouse_view` in both versions.
 *
 * - `name`: a CharField (trimmed, required, at most 128 characters) checked by `validate_saved_query_name`
 *   (`^[A-Za-z_$][A-Za-z0-9_.$]*$`, not one of PostHog's own tables) and `validate_name` (not a table of the project:
 *   here, another live view or a warehouse table), unique in the project.
 * - `query`: a JSONField whose `query` key PostHog parses as HogQL (`validate_query`): a placeholder `{x}` is refused
 *   ("Variables like {x} are not allowed in views").
 * - POST is an upsert by name: a POST naming a live view of the project updates it (200).
 * - A PATCH (or the upsert) changing `query` must carry `edited_history_id`, the view's latest activity id
 *   (`latest_history_id`), else "The query was modified by someone else."; `soft_update: true` skips that check.
 * - DELETE (204) marks the view deleted, renames it `POSTHOG_DELETED_<uuid>` (DataWarehouseSavedQuery.soft_delete)
 *   and marks deleted the joins naming it; deleted views answer 404 everywhere.
 * - The list is PageNumberPagination of 1000, `-created_at`, and takes `search` (name).
 *
 * Not imitated (they need ClickHouse or a HogQL compiler): the query's parsing and compilation against the project's
 * tables ("Invalid query: Unknown table …"), a syntax error (a 500 on 2025-08-04, measured), and the run that infers
 * the view's columns ("Failed to retrieve types for view" when it fails, as it always does on a PostHog without
 * ClickHouse): here every query compiles and a view has no columns. Materialization (`sync_frequency`, Temporal) is
 * not imitated either.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import { type FieldRule, fail, invalid, jsonField, parseChar } from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { icontains, newestFirst, pageNumberAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

/** PostHog's own HogQL tables (the `Database` class's tables, posthog/hogql/database/database.py). */
export const POSTHOG_TABLES = [
  "events",
  "groups",
  "persons",
  "person_distinct_ids",
  "person_distinct_id_overrides",
  "error_tracking_issue_fingerprint_overrides",
  "session_replay_events",
  "cohort_people",
  "static_cohort_people",
  "log_entries",
  "query_log",
  "app_metrics",
  "console_logs_log_entries",
  "batch_export_log_entries",
  "sessions",
  "heatmaps",
  "exchange_rate",
  "web_stats_daily",
  "web_bounces_daily",
  "web_stats_hourly",
  "web_bounces_hourly",
  "web_stats_combined",
  "web_bounces_combined",
  "raw_persons_revenue_analytics",
  "raw_session_replay_events",
  "raw_person_distinct_ids",
  "raw_persons",
  "raw_groups",
  "raw_cohort_people",
  "raw_person_distinct_id_overrides",
  "raw_error_tracking_issue_fingerprint_overrides",
  "raw_sessions",
  "raw_query_log",
  "pg_embeddings",
  "logs",
  "numbers",
];

const PAGE_SIZE = 1000;
const VIEW_NAME = /^[A-Za-z_$][A-Za-z0-9_.$]*$/;

interface ViewContext {
  ctx: ApiContext;
  team: StoredProject;
  instance: StoredObject | null;
}

/** The project's live views. */
function viewsOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store.objects("warehouseSavedQueries").filter((v) => v.teamId === team.id && !v.deleted);
}

/** The tables a name may not take: PostHog's own and the project's (here, its live views and warehouse tables). */
export function projectHasTable(ctx: ApiContext, team: StoredProject, name: string): boolean {
  return (
    POSTHOG_TABLES.includes(name) ||
    viewsOf(ctx, team).some((v) => v.fields.name === name) ||
    ctx.store.objects("warehouseTables").some((t) => t.teamId === team.id && !t.deleted && t.fields.name === name)
  );
}

const nameRule: FieldRule<ViewContext> = {
  nullable: false,
  parse: (v, { ctx, team, instance }) => {
    const name = parseChar(v, { maxLength: 128, allowBlank: false });
    if (!VIEW_NAME.test(name)) invalid(`${name} is not a valid view name. View names can only contain letters, numbers, '_', '.', or '$' `);
    if (POSTHOG_TABLES.includes(name)) invalid(`${name} is not a valid view name. View names cannot overlap with PostHog table names.`);
    // validate_name: an upsert keeps its own name.
    if (instance?.fields.name === name) return name;
    if (projectHasTable(ctx, team, name)) invalid("A table with this name already exists.");
    return name;
  },
};

/** `validate_query`: the HogQL text is at `query["query"]` (a missing one is PostHog's KeyError: a 500). */
const queryRule = jsonField<ViewContext>(true, (query) => {
  if (!isJsonObject(query) || typeof query.query !== "string") return fail("invalid", "Invalid query: expected a HogQL query.");
  const placeholder = /\{\s*([A-Za-z_$][A-Za-z0-9_.$]*)\s*\}/.exec(query.query);
  if (placeholder) invalid(`Variables like {${placeholder[1]}} are not allowed in views`);
  return query;
});

/** The writable fields in Meta.fields order (`sync_frequency` is a method field, read from the request by `update`). */
export const FIELDS: SerializerFields<ViewContext> = [
  ["deleted", { nullable: true, parse: (v) => (typeof v === "boolean" ? v : fail("invalid", "Must be a valid boolean.")) }],
  ["name", nameRule],
  ["query", queryRule],
  ["edited_history_id", { nullable: true, parse: (v) => parseChar(v, { allowBlank: true }) }],
  ["soft_update", { nullable: true, parse: (v) => (typeof v === "boolean" ? v : fail("invalid", "Must be a valid boolean.")) }],
];

export function serializeSavedQuery(ctx: ApiContext, v: StoredObject): JsonObject {
  const f = v.fields;
  return {
    id: f.uuid ?? null,
    deleted: v.deleted,
    name: f.name ?? null,
    query: f.query ?? {},
    created_by: userBasic(ctx.store, v.createdBy),
    created_at: isoFromMicros(v.createdAtMicros),
    sync_frequency: null,
    columns: [],
    status: f.status ?? null,
    last_run_at: null,
    latest_error: null,
    latest_history_id: f.latest_history_id ?? null,
  };
}

function list(ctx: ApiContext, team: StoredProject) {
  let rows = viewsOf(ctx, team);
  const search = ctx.req.param("search");
  if (search) rows = rows.filter((v) => search.split(/\s+/).every((word) => icontains(v.fields.name, word)));
  rows.sort(newestFirst);
  return pageNumberAnswer(ctx, rows, (v) => serializeSavedQuery(ctx, v), PAGE_SIZE);
}

/** A new activity entry's id: each create and update logs one, which the next change of `query` must name. */
const logged = (v: StoredObject) => {
  v.fields.latest_history_id = randomUUID();
};

function create(ctx: ApiContext, team: StoredProject) {
  const body = ctx.req.body();
  const existing = isJsonObject(body) ? viewsOf(ctx, team).find((v) => v.fields.name === body.name) : undefined;
  // The viewset's upsert: a POST naming a view of the project updates it (partial).
  if (existing) return update(ctx, team, existing.id, true);
  const attrs = validateBody(body, FIELDS, { ctx, team, instance: null }, ["name"], false);
  const { deleted, edited_history_id: _, soft_update: __, ...fields } = attrs;
  const v = ctx.store.addObject("warehouseSavedQueries", team.id, ctx.user.id, { uuid: randomUUID(), ...fields });
  v.deleted = deleted === true;
  logged(v);
  return json(201, serializeSavedQuery(ctx, v));
}

function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const v = ctx.store.object("warehouseSavedQueries", id);
  if (!v || v.teamId !== team.id || v.deleted) throw notFound();
  return v;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const v = find(ctx, team, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, { ctx, team, instance: v }, ["name"], partial);
  const { deleted, edited_history_id: edited, soft_update: soft, ...fields } = attrs;
  if (isJsonObject(fields.query) && soft !== true && pyStr(edited ?? null) !== pyStr(v.fields.latest_history_id ?? null)) {
    throw validationError("The query was modified by someone else.");
  }
  if ("query" in fields) fields.status = "Modified";
  Object.assign(v.fields, fields);
  if (typeof deleted === "boolean") v.deleted = deleted;
  logged(v);
  return updatedAnswer(ctx, v, () => serializeSavedQuery(ctx, v));
}

function destroy(ctx: ApiContext, team: StoredProject, id: number) {
  const v = find(ctx, team, id);
  const name = v.fields.name;
  for (const join of ctx.store.objects("warehouseViewLinks")) {
    if (join.teamId === team.id && !join.deleted && (join.fields.source_table_name === name || join.fields.joining_table_name === name))
      join.deleted = true;
  }
  v.deleted = true;
  v.fields.deleted_name = name ?? null;
  v.fields.name = `POSTHOG_DELETED_${randomUUID()}`;
  ctx.store.changed();
  return noContent();
}

export function warehouseSavedQueryRoutes() {
  return nestedViewSetRoutes({
    path: "warehouse_saved_queries",
    scopeObject: "warehouse_view",
    environments: true,
    lookup: uuidLookup("warehouseSavedQueries", "uuid"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeSavedQuery(ctx, find(ctx, team, id))),
    update,
    destroy,
  });
}
