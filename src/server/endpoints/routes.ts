/**
 * Endpoints, `/api/projects/:project_id/endpoints/` and `/api/environments/:project_id/endpoints/` (today's
 * EndpointViewSet, products/endpoints/backend/api.py; its writes EndpointCrudService, logic/crud.py; its checks
 * logic/validation.py and constants.py; models products/endpoints/backend/models.py; tests
 * products/endpoints/backend/tests/test_endpoint.py and test_endpoint_versioning.py). PostHog 2025-08-04 has no
 * endpoints: in that mode these routes do not exist, and PostHog's router answers 404.
 *
 * - Keyed by name among the project's endpoints not deleted; `scope_object = "endpoint"`. Listed newest first,
 *   limit/offset, `?is_active=` and `?created_by=` filtered.
 * - Create (`validate_endpoint_request`, strict): `query` required ("This field is required."), `name` required and
 *   `^[a-zA-Z][a-zA-Z0-9_-]{0,127}$` ("Invalid name '…'. Must start with a letter, …"), `data_freshness_seconds` one of
 *   the buckets; the query a HogQLQuery (a `query` string, no `connectionId`) or an insight query; its placeholders
 *   `{variables.<code_name>}` filled from the project's insight variables and each defined, its variables keyed by
 *   existing variables' UUIDs. A name an active endpoint has: 400 {"name": "An endpoint with this name already exists
 *   for this team."}. Version 1 holds the query, description ("" when none) and data freshness (86400 when none);
 *   `is_active` defaults to true; `is_materialized: true` materializes it.
 * - The query is kept as PostHog's model dumps it: a HogQLQuery with each of its fields, null where not given.
 * - Update (PATCH or PUT, `validate_update_request`): `deleted: true` soft-deletes (200 {"success": true}); the name is
 *   left as it is; a query other than the current version's makes a new version (its description, data freshness
 *   and materialization carried over); `description`, `data_freshness_seconds` are the current version's, `is_active`
 *   the endpoint's (deactivating undoes every materialization); `is_materialized: true` on an inactive endpoint is
 *   refused ("Cannot enable materialization on inactive endpoint.").
 * - DELETE marks it deleted (204): the name answers 404 and is free again.
 *
 * Not imitated: parsing HogQL (a statement is stored as sent), running and materializing (`materialization` says it
 * is pending), `can_materialize_query`, tags, bucket overrides, optional breakdown properties, versions' own routes.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import { pyTypeName } from "../drf/py";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, userBasic } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "endpoints";
const NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,127}$/;
const FRESHNESS = [900, 1800, 3600, 21600, 43200, 86400, 604800];
const DEFAULT_FRESHNESS = 86400;
/** InsightQueryNode (posthog/types.py) and the web analytics queries EndpointRequest.query also takes. */
const INSIGHT_KINDS = [
  "TrendsQuery",
  "FunnelsQuery",
  "RetentionQuery",
  "PathsQuery",
  "StickinessQuery",
  "LifecycleQuery",
  "WebStatsTableQuery",
  "WebOverviewQuery",
];
/** HogQLQuery's fields as its model dumps them (test_endpoint.py's `sample_query`). */
const HOGQL_FIELDS = ["explain", "filters", "kind", "modifiers", "name", "query", "response", "tags", "values", "variables", "version"];
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

interface Version {
  id: string;
  version: number;
  query: JsonObject;
  description: string;
  data_freshness_seconds: number;
  is_materialized: boolean;
  created_at: number;
}

const versionsOf = (e: StoredObject): Version[] => (Array.isArray(e.fields.versions) ? (e.fields.versions as unknown as Version[]) : []);
const currentOf = (e: StoredObject): Version => versionsOf(e).find((v) => v.version === e.fields.current_version)!;

/** `EndpointRequest.query`: a HogQLQuery or an insight query, as its model dumps it. */
function parseQuery(value: Json): JsonObject {
  if (!isJsonObject(value)) throw validationError(`Input should be a valid dictionary, got ${pyTypeName(value)}.`, "query");
  const kind = value.kind;
  if (kind === "HogQLQuery") {
    if (typeof value.query !== "string") throw validationError("query.query: Field required (HogQLQuery).", "query");
    if (value.connectionId)
      throw validationError(
        "Endpoints can't query a direct connection. Switch the connection to PostHog (ClickHouse) and query a synced table instead.",
        "query",
      );
    const dumped: JsonObject = Object.fromEntries(HOGQL_FIELDS.map((field) => [field, null]));
    return { ...dumped, ...cloneJson(value) };
  }
  if (typeof kind === "string" && INSIGHT_KINDS.includes(kind)) return cloneJson(value);
  throw validationError(
    `Input tag '${String(kind)}' found using 'kind' does not match any of the expected tags: 'HogQLQuery', ${INSIGHT_KINDS.map((k) => `'${k}'`).join(", ")}.`,
    "query",
  );
}

/** `sync_hogql_query_variables` then `validate_variable_placeholders`, over the project's insight variables. */
function syncVariables(ctx: ApiContext, team: StoredProject, query: JsonObject): void {
  if (query.kind !== "HogQLQuery" || typeof query.query !== "string") return;
  const used = new Set([...query.query.matchAll(/\{\s*variables\.([A-Za-z_][A-Za-z0-9_]*)\s*\}/g)].map((m) => m[1]!));
  if (used.size === 0) {
    query.variables = null;
    return;
  }
  const teamVariables = ctx.store.objects("insightVariables").filter((v) => v.teamId === team.id);
  const declared = isJsonObject(query.variables) ? query.variables : {};
  const synced: JsonObject = {};
  for (const [id, variable] of Object.entries(declared))
    if (isJsonObject(variable) && typeof variable.code_name === "string" && used.has(variable.code_name)) synced[id] = cloneJson(variable);
  const named = new Set(Object.values(synced).map((v) => (v as JsonObject).code_name));
  for (const code of used) {
    if (named.has(code)) continue;
    const found = teamVariables.find((v) => v.fields.code_name === code);
    if (found) {
      const value = found.fields.default_value ?? null;
      synced[String(found.fields.uuid)] = { variableId: String(found.fields.uuid), code_name: code, value, isNull: value === null };
      named.add(code);
    }
  }
  const undefinedNames = [...used].filter((code) => !named.has(code)).sort();
  if (undefinedNames.length > 0)
    throw validationError(
      `Query references undefined variable(s): ${undefinedNames.join(", ")}. See https://posthog.com/docs/endpoints/variables for detail.`,
      "query",
    );
  const ids = Object.keys(synced);
  const notUuids = ids.filter((id) => !UUID.test(id)).sort();
  if (notUuids.length > 0) throw validationError(`Variable ID(s) not valid UUIDs: ${notUuids.join(", ")}. `, "query");
  const missing = ids.filter((id) => !teamVariables.some((v) => String(v.fields.uuid) === id.toLowerCase())).sort();
  if (missing.length > 0)
    throw validationError(
      `Variable ID(s) not found: ${missing.join(", ")}. Make sure the variables exist in https://app.posthog.com/data-management/variables.`,
      "query",
    );
  query.variables = ids.length > 0 ? synced : null;
}

/** `validate_data_freshness`. */
function freshness(value: Json | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !FRESHNESS.includes(value))
    throw validationError(
      `Data freshness must be one of: [${FRESHNESS.join(", ")}] seconds (15 minutes, 30 minutes, 1 hour, 6 hours, 12 hours, 24 hours, 7 days).`,
      "data_freshness_seconds",
    );
  return value;
}

/** A boolean of EndpointRequest (pydantic's `Optional[bool]`). */
function bool(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw validationError("Input should be a valid boolean.", field);
  return value;
}

function text(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw validationError("Input should be a valid string.", field);
  return value;
}

function serialize(ctx: ApiContext, e: StoredObject): JsonObject {
  const v = currentOf(e);
  const f = e.fields;
  const path = `/api/environments/${e.teamId}/endpoints/${String(f.name)}/run`;
  return {
    id: String(f.uuid),
    name: String(f.name),
    description: v.description,
    query: cloneJson(v.query),
    is_active: f.is_active !== false,
    data_freshness_seconds: v.data_freshness_seconds,
    endpoint_path: path,
    url: ctx.req.absoluteUri(path),
    ui_url: ctx.req.absoluteUri(`/project/${e.teamId}/endpoints/${String(f.name)}`),
    created_at: isoFromMicros(e.createdAtMicros),
    updated_at: isoFromMicros(e.updatedAtMicros),
    created_by: userBasic(ctx.store, e.createdBy),
    is_materialized: v.is_materialized,
    current_version: v.version,
    current_version_id: v.id,
    versions_count: versionsOf(e).length,
    derived_from_insight: f.derived_from_insight ?? null,
    last_executed_at: null,
    materialization: v.is_materialized
      ? { name: String(f.name), status: "Running", can_materialize: true, last_materialized_at: null, error: "" }
      : { name: String(f.name), can_materialize: true, reason: null },
    bucket_overrides: null,
    columns: [],
    tags: [],
    optional_breakdown_properties: [],
  };
}

const activeOf = (ctx: ApiContext, team: StoredProject) =>
  ctx.store.objects(KIND).filter((e) => e.teamId === team.id && e.fields.deleted !== true);

function list(ctx: ApiContext, team: StoredProject) {
  let rows = activeOf(ctx, team);
  const active = ctx.req.query.get("is_active")?.at(-1);
  if (active !== undefined) rows = rows.filter((e) => (e.fields.is_active !== false) === (active === "true" || active === "True"));
  const by = ctx.req.query.get("created_by")?.at(-1);
  if (by !== undefined) rows = rows.filter((e) => String(e.createdBy) === by);
  return pageAnswer(ctx, rows.sort(newestFirst), (e) => serialize(ctx, e));
}

function bodyOf(ctx: ApiContext): JsonObject {
  const body = ctx.req.body();
  if (!isJsonObject(body)) throw validationError(`Input should be a valid dictionary, got ${pyTypeName(body)}.`);
  return body;
}

function create(ctx: ApiContext, team: StoredProject) {
  const body = bodyOf(ctx);
  if (body.query === undefined || body.query === null || (isJsonObject(body.query) && Object.keys(body.query).length === 0))
    throw validationError("This field is required.", "query");
  const name = text(body, "name");
  if (!name) throw validationError("This field is required.", "name");
  if (!NAME.test(name))
    throw validationError(
      `Invalid name '${name}'. Must start with a letter, contain only alphanumeric characters, hyphens, or underscores, and be between 1 and 128 characters long.`,
      "name",
    );
  const query = parseQuery(body.query);
  syncVariables(ctx, team, query);
  const dataFreshness = freshness(body.data_freshness_seconds);
  const isActive = bool(body, "is_active") ?? true;
  const materialize = bool(body, "is_materialized") === true;
  if (activeOf(ctx, team).some((e) => e.fields.name === name))
    throw validationError("An endpoint with this name already exists for this team.", "name");
  const version: Version = {
    id: randomUUID(),
    version: 1,
    query,
    description: text(body, "description") ?? "",
    data_freshness_seconds: dataFreshness ?? DEFAULT_FRESHNESS,
    is_materialized: materialize,
    created_at: nowMicros(),
  };
  const endpoint = ctx.store.addObject(KIND, team.id, ctx.user.id, {
    uuid: randomUUID(),
    name,
    is_active: isActive,
    deleted: false,
    current_version: 1,
    derived_from_insight: text(body, "derived_from_insight") ?? null,
    versions: [version] as unknown as Json,
  });
  return json(201, serialize(ctx, endpoint));
}

function softDelete(ctx: ApiContext, e: StoredObject): void {
  e.fields.deleted = true;
  for (const v of versionsOf(e)) v.is_materialized = false;
  ctx.store.changed();
}

function update(ctx: ApiContext, team: StoredProject, id: number) {
  const e = ctx.store.object(KIND, id);
  if (!e) throw notFound();
  const body = bodyOf(ctx);
  if (bool(body, "deleted") === true) {
    softDelete(ctx, e);
    return json(200, { success: true });
  }
  const dataFreshness = freshness(body.data_freshness_seconds);
  const isActive = bool(body, "is_active");
  const materialize = bool(body, "is_materialized");
  const description = text(body, "description");
  const willBeActive = isActive ?? e.fields.is_active !== false;
  if (!willBeActive && materialize === true)
    throw validationError("Cannot enable materialization on inactive endpoint.", "is_materialized");
  const query = body.query === undefined || body.query === null ? undefined : parseQuery(body.query);
  if (query) syncVariables(ctx, team, query);

  if (isActive !== undefined) e.fields.is_active = isActive;
  if (e.fields.is_active === false) for (const v of versionsOf(e)) v.is_materialized = false;
  let target = currentOf(e);
  const wasMaterialized = target.is_materialized;
  if (query && JSON.stringify(query) !== JSON.stringify(target.query)) {
    // `create_new_version`: the query changed, the rest carried over.
    target = { ...target, id: randomUUID(), version: versionsOf(e).length + 1, query, created_at: nowMicros() };
    e.fields.versions = [...versionsOf(e), target] as unknown as Json;
    e.fields.current_version = target.version;
  }
  if (description !== undefined) target.description = description;
  if ("data_freshness_seconds" in body) target.data_freshness_seconds = dataFreshness ?? DEFAULT_FRESHNESS;
  if (e.fields.is_active !== false) {
    if (materialize === false) target.is_materialized = false;
    else if (materialize === true || wasMaterialized) target.is_materialized = true;
  }
  return updatedAnswer(ctx, e, () => serialize(ctx, e));
}

/** Today's PostHog only: PostHog 2025-08-04 routes no endpoints (404). */
export function endpointRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  return nestedViewSetRoutes({
    path: "endpoints",
    scopeObject: "endpoint",
    environments: true,
    lookup: (ctx, team, key) => activeOf(ctx, team).find((e) => e.fields.name === key)?.id ?? null,
    list,
    create,
    retrieve: (ctx, team, id) => {
      const e = ctx.store.object(KIND, id);
      if (!e || e.teamId !== team.id) throw notFound();
      return json(200, serialize(ctx, e));
    },
    update: (ctx, team, id) => update(ctx, team, id),
    destroy: (ctx, _team, id) => {
      const e = ctx.store.object(KIND, id);
      if (!e) throw notFound();
      softDelete(ctx, e);
      return noContent();
    },
  });
}
