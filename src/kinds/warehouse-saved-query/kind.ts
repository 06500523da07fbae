/**
 * WarehouseSavedQuery (a data warehouse view), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/warehouse_saved_queries/`), keyed by UUID, deleted by DELETE (204:
 * DataWarehouseSavedQueryViewSet.destroy marks it deleted, renames it and marks deleted the joins that name it,
 * products/data_warehouse/backend/api/saved_query.py), identified as `<projectId>/<uuid>`. Its field table is
 * ./fields.ts. PostHog's create is an upsert by name (a POST naming an existing view updates it), so a view of that
 * name is looked for first and never taken over by a POST: the error names it. After an unclear answer the view is
 * looked up by its name (unique in the project) and taken only if this create made it.
 */
import { PostHogError, type Transport } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { ANY } from "../../kit/property";
import * as views from "./endpoints";
import { warehouseSavedQueryExample } from "./example";
import { warehouseSavedQueryFields } from "./fields";
import type { WarehouseSavedQuery } from "./record";

/**
 * A PATCH as PostHog takes it: a changed `query` carries the view's latest activity id as `edited_history_id`, else
 * PostHog refuses it ("The query was modified by someone else.", DataWarehouseSavedQuerySerializer.update). The id is
 * read just before, so a change made in PostHog since is not overwritten unseen: it is refused by PostHog then.
 */
async function update(http: Transport, projectId: number, id: string, body: Record<string, unknown>): Promise<WarehouseSavedQuery> {
  if (!("query" in body)) return views.updateWarehouseSavedQuery(http, projectId, id, body);
  const live = await views.getWarehouseSavedQuery(http, projectId, id);
  return views.updateWarehouseSavedQuery(http, projectId, id, { ...body, edited_history_id: live.latest_history_id ?? null });
}

/** PostHog's refusal when it could not run the query to infer the view's columns (ClickHouse), said plainly. */
function explained(error: unknown): Error | undefined {
  if (!(error instanceof PostHogError && error.status === 400 && error.detail === "Failed to retrieve types for view")) return undefined;
  return new Error(
    `${error.message} PostHog runs a view's query once on ClickHouse to learn its columns: the query failed there (a column or function ClickHouse refuses), or this PostHog has no ClickHouse to run it on.`,
  );
}

/** The name as PostHog keeps it (DRF's CharField trims). */
const trimmed = (name: unknown) => (typeof name === "string" ? name.trim() : "");

export const {
  kind: warehouseSavedQueryKind,
  model: warehouseSavedQueryModel,
  Lifecycle: WarehouseSavedQueryLifecycle,
} = defineKind({
  name: "WarehouseSavedQuery",
  plural: "WarehouseSavedQueries",
  noun: "warehouse saved query",
  summary: "A view of a project's data warehouse: a named HogQL query that other queries select from as a table.",
  description:
    "A PostHog data warehouse view (saved query): a named HogQL query other queries select from as a table. PostHog runs the query once on ClickHouse to learn its columns when it is created or changed. Deleted as PostHog deletes views (DELETE, which also deletes the joins that name it); one deleted by hand is created again.",
  example: warehouseSavedQueryExample,
  scope: "project",
  identity: { output: "savedQueryId", key: "uuid", doc: "The view's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "query"],
  endpoints: {
    get: views.getWarehouseSavedQuery,
    update: async (http, projectId, id: string, body) => {
      try {
        return await update(http, projectId, id, body);
      } catch (error) {
        throw explained(error) ?? error;
      }
    },
    remove: views.deleteWarehouseSavedQuery,
    create: views.createWarehouseSavedQuery,
  },
  // No list reads: today's list answers a minimal form without `query` (DataWarehouseSavedQueryMinimalSerializer).
  fields: warehouseSavedQueryFields,
  exampleInput: "query",
  // PostHog needs both: a view without a query has no columns to infer, and its create fails.
  required: {
    name: "HogQL queries a view by its name",
    query: "PostHog infers a view's columns from its query (DataWarehouseSavedQuerySerializer.create)",
  },
  alwaysPresent: ["savedQueryId", "projectId", "name", "query"],
  fixedOutputs: (record) => ({ name: record.name, query: record.query ?? null, status: record.status ?? null }),
  outputTypes: {
    name: { type: "string", doc: "The view's name, as PostHog stores it." },
    query: { type: "WarehouseViewQuery | null", doc: "The view's query, as PostHog stores it." },
    status: {
      type: "string | null",
      doc: 'The state of its materialization, if any ("Running", "Completed", "Failed", "Modified", "Cancelled"), else null.',
    },
  },
  types: {
    WarehouseViewQuery: {
      type: '{\n  kind: "HogQLQuery";\n  /** One HogQL SELECT, without variables (`{name}`) or filters. */\n  query: string;\n  [key: string]: unknown;\n}',
      doc: "A view's query: one HogQL SELECT.",
    },
  },
  lookups: {
    list: (http, projectId, query) => views.listWarehouseSavedQueries(http, projectId, query),
    uniqueBy: {
      input: "name",
      spec: { type: "string", description: "The view's name (exact)." },
      find: views.findWarehouseSavedQueryByName,
    },
    filters: {
      search: {
        spec: { type: "string", description: "Words of the name (case-insensitive)." },
        query: (v) => ["search", String(v)],
      },
    },
    outputs: {
      name: { type: "string" },
      status: { type: "string", nullable: true },
      columns: { type: "array", items: { type: "object", additionalProperties: ANY }, nullable: true },
      createdAt: { type: "string", nullable: true },
    },
  },
  // Today's list answers no `query` (DataWarehouseSavedQueryMinimalSerializer): one GET each.
  importer: {
    list: async (http, projectId) =>
      Promise.all(
        (await views.listWarehouseSavedQueries(http, projectId)).map((view) => views.getWarehouseSavedQuery(http, projectId, view.id)),
      ),
    defaults: {},
    label: (view) => view.name,
  },
  findBy: {
    field: "name",
    find: (http, projectId, name) => views.findWarehouseSavedQueryByName(http, projectId, trimmed(name)),
    described: (name) => `named ${JSON.stringify(trimmed(name))}`,
    // A POST naming an existing view updates it (PostHog's upsert): one is looked for first.
    lookFirst: true,
    // A view of this name made since it was looked for: the POST became PostHog's upsert of it, which refuses a new
    // query without the view's history id ("The query was modified by someone else.").
    taken: (error) => error.status === 400 && error.detail === "The query was modified by someone else.",
    otherwise: "choose another name (PostHog keeps view names unique in a project)",
  },
  createRefusal: explained,
});
