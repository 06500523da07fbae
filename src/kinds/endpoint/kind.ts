/**
 * Endpoint, declared once for the kit (src/kit): a named query served over PostHog's API, project-scoped
 * (`/api/projects/<projectId>/endpoints/`, EndpointViewSet, products/endpoints/backend/api.py; the writes in
 * products/endpoints/backend/logic/crud.py, the checks in logic/validation.py), keyed by its name in PostHog's paths
 * (`lookup_field = "name"`) and identified as `<projectId>/<name>`. Personal API keys need `endpoint:read`/
 * `endpoint:write`.
 *
 * - A name is one active endpoint's in a project (`An endpoint with this name already exists for this team.`): a
 *   create whose answer was lost is found by it. PostHog does not rename one (an update leaves the name): a new name
 *   replaces the endpoint.
 * - A PATCH whose query differs from the current version's makes a new version (`currentVersion` + 1), the
 *   description, data freshness and materialization going with it; any other field is the endpoint's or the current
 *   version's. A change made by hand to the query is drift like any other, and putting it back is one more version.
 * - DELETE marks it deleted (204) and undoes its materialization: PostHog then answers 404 for the name, and the name
 *   is free again.
 * PostHog 2025-08-04 has no endpoints: it answers 404.
 */
import { defineKind } from "../../kit/define-kind";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject } from "../../kit/json";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import { unservedRefusal } from "../../kit/unserved";
import { queryProblems } from "../insight/fields";
import * as endpoints from "./endpoints";
import { endpointExample } from "./example";
import { ENDPOINT_QUERY_KINDS, endpointFields, placeholdersOf, sqlOf, sqlQuery, VALIDATION } from "./fields";
import type { Endpoint } from "./record";

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A record as `querySql` reads it: with its query's HogQL statement. */
function withSql<R extends Endpoint>(record: R): R & { query_sql: string | null } {
  return { ...record, query_sql: sqlOf(record.query) };
}

/** A body as PostHog takes it: `querySql` sent as the query it stands for (PostHog has no such field). */
function sentBody(body: Json): Json {
  const { query_sql: sql, ...rest } = body;
  return typeof sql === "string" ? { ...rest, query: sqlQuery(sql) } : body;
}

/** The statement of a HogQL query PostHog keeps with nothing else set (every other field null), else undefined. */
function bareSqlOf(query: unknown): string | undefined {
  const sql = sqlOf(query);
  if (sql === null || !isPlainObject(query)) return undefined;
  return Object.entries(query).every(([key, value]) => key === "kind" || key === "query" || value === null) ? sql : undefined;
}

/** `validate_endpoint_request` and `validate_update_request` on what is known before anything is sent. */
function endpointFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  const failures: Failure[] = [];
  const query = inputs["query"];
  if (query !== undefined && inputs["querySql"] !== undefined)
    failures.push({
      property: "querySql",
      reason: "querySql and query are both declared: querySql stands for a query (a HogQLQuery of its statement), so declare one of them",
    });
  if (query === undefined && inputs["querySql"] === undefined)
    failures.push({ property: "query", reason: `query (or querySql) is required: the query the endpoint runs (${VALIDATION})` });
  if (known["is_materialized"] === true && known["is_active"] === false && !failed("isMaterialized") && !failed("isActive"))
    failures.push({
      property: "isMaterialized",
      reason: `isMaterialized needs an active endpoint ("Cannot enable materialization on inactive endpoint.", validate_update_request, ${VALIDATION})`,
    });
  // A query holding a value not known yet (an Output inside it, in a preview) is checked once it is known.
  if (query === undefined || isUnknown(query) || failed("query")) return failures;
  const problems = queryProblems(query, ENDPOINT_QUERY_KINDS, "EndpointRequest.query, posthog/schema.py");
  if (problems.length > 0) return [...failures, ...problems.map((reason): Failure => ({ property: "query", reason }))];
  const sql = sqlOf(query);
  if (sql === null || !isPlainObject(query)) return failures;
  if (query["connectionId"])
    failures.push({
      property: "query",
      reason: `query.connectionId: an endpoint cannot query a direct connection; query a synced table instead (DIRECT_CONNECTION_UNSUPPORTED, ${VALIDATION})`,
    });
  // Variables no placeholder names are dropped (`sync_hogql_query_variables`); the others are keyed by their UUIDs.
  const used = placeholdersOf(sql);
  const variables = isPlainObject(query["variables"]) ? query["variables"] : {};
  const badIds = Object.entries(variables)
    .filter(([id, v]) => isPlainObject(v) && used.has(String(v["code_name"])) && !UUID.test(id))
    .map(([id]) => id);
  if (badIds.length > 0)
    failures.push({
      property: "query",
      reason: `query.variables are keyed by their insight variables' UUIDs: ${badIds.sort().join(", ")} ("Variable ID(s) not valid UUIDs", validate_variable_placeholders, ${VALIDATION})`,
    });
  return failures;
}

export const {
  kind: endpointKind,
  model: endpointModel,
  Lifecycle: EndpointLifecycle,
} = defineKind({
  name: "Endpoint",
  noun: "endpoint",
  summary: "A named HogQL or insight query of a project, served over PostHog's API by its name.",
  description:
    "A PostHog endpoint: a named HogQL or insight query that PostHog serves over its API (`/api/projects/<id>/endpoints/<name>/run`), with its variables, cached or materialized. Declared fields are managed; a change of query is a new version in PostHog; a new name replaces it; deleted as PostHog deletes endpoints (marked deleted, the name freed); one deleted by hand is created again. Today's PostHog only (the `endpoint:write` scope); PostHog 2025-08-04 has no endpoints.",
  example: endpointExample,
  scope: "project",
  identity: {
    output: "endpointName",
    key: "text",
    doc: "The endpoint's name, its key in PostHog's paths (`/api/projects/<projectId>/endpoints/<name>/`).",
  },
  deletion: "delete",
  importInputs: ["projectId", "name", "query"],
  endpoints: {
    get: (http, projectId, name: string) => endpoints.getEndpoint(http, projectId, name),
    update: endpoints.updateEndpoint,
    remove: endpoints.deleteEndpoint,
    create: async (http, projectId, body) => withSql(await endpoints.createEndpoint(http, projectId, sentBody(body))),
  },
  // EndpointViewSet lists with the serialization it retrieves with (`_serialize`).
  listReads: listedPages(endpoints.endpointPages),
  inputs: (table) => ({ ...table, name: { ...table["name"]!, willReplaceOnChanges: true } }),
  outputs: {
    endpointUuid: { type: "string", description: "PostHog's UUID of the endpoint." },
    currentVersion: { type: "integer", description: "The number of its current version: each change of query makes one." },
    endpointPath: { type: "string", description: "The path that runs it: `/api/environments/<projectId>/endpoints/<name>/run`." },
  },
  fields: endpointFields,
  exampleInput: "description",
  required: { name: `its name, its key in PostHog's paths (${VALIDATION})` },
  moreFailures: endpointFailures,
  // The outputs every Endpoint has besides its kind's (its name, its project): what `pulumi import` declares (its
  // name and query), PostHog's id, its current version and the path that runs it.
  fixedOutputs: (record) => ({
    name: record.name,
    query: record.query,
    endpointUuid: record.uuid,
    currentVersion: record.current_version,
    endpointPath: record.endpoint_path ?? null,
  }),
  outputTypes: {
    name: { type: "string", doc: "The endpoint's name." },
    query: { type: "EndpointQuery", doc: "The current version's query, as PostHog keeps it." },
    endpointUuid: { type: "string", doc: "PostHog's UUID of the endpoint." },
    currentVersion: { type: "number", doc: "The number of its current version (1 when created; each change of query adds one)." },
    endpointPath: { type: "string | null", doc: "The path that runs it, `/api/environments/<projectId>/endpoints/<name>/run`." },
  },
  types: {
    EndpointQuery: {
      type: "{\n  kind: string;\n  [field: string]: unknown;\n}",
      doc: "A HogQLQuery or an insight query node of PostHog's query schema (posthog/schema.py): its `kind` and the node's own fields.",
    },
  },
  lookups: {
    list: (http, projectId) => endpoints.listEndpoints(http, projectId),
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true },
      query: { type: "object", additionalProperties: ANY },
      isActive: { type: "boolean" },
      isMaterialized: { type: "boolean", nullable: true },
      dataFreshnessSeconds: { type: "integer", nullable: true },
      currentVersion: { type: "integer" },
      endpointPath: { type: "string", nullable: true },
    },
  },
  // The list has every field of the table: no GET each.
  importer: {
    // A HogQL query with nothing else set is written as its statement; any other as itself.
    list: async (_http, _projectId, read) =>
      (await read(endpoints.listEndpoints)).map((endpoint) => {
        const sql = bareSqlOf(endpoint.query);
        return sql === undefined ? endpoint : { ...endpoint, query: null, query_sql: sql };
      }),
    // EndpointCrudService.create's defaults.
    defaults: { description: "", data_freshness_seconds: 86400, is_active: true, is_materialized: false },
    label: (endpoint) => endpoint.name,
  },
  /**
   * A name is one active endpoint's in a project: after an unclear answer the project's endpoint of that name is
   * looked for, and taken only when shown to be this create's.
   */
  findBy: {
    field: "name",
    find: async (http, projectId, name) => (typeof name === "string" ? endpoints.findEndpointNamed(http, projectId, name) : null),
    // EndpointCrudService.create: 400 {"name": "An endpoint with this name already exists for this team."}.
    taken: (error) => error.status === 400 && /endpoint with this name already exists/.test(error.message),
    otherwise: "choose another name",
  },
  createRefusal: unservedRefusal("endpoints", "endpoint:write"),
  hooks: {
    /** A new name is a new endpoint: PostHog renames none (EndpointCrudService.update leaves the name). */
    replaces(olds, news) {
      const name = news["name"];
      const renamed = name !== undefined && (isUnknown(name) || name !== olds["name"]);
      return [...this.kit.replaces(olds, news), ...(renamed ? ["name"] : [])];
    },
    /** An adopted endpoint with its query's statement, which `querySql` is compared with before anything is written. */
    async adopted(projectId, inputs) {
      const found = await this.kit.adopted(projectId, inputs);
      return found && withSql(found);
    },
    complete(read, declared) {
      return this.kit.complete(withSql(read), declared);
    },
    write(projectId, id, body, declared) {
      return this.kit.write(projectId, id, sentBody(body), declared);
    },
  },
});
