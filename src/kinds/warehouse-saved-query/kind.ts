/**
 * WarehouseSavedQuery (a data warehouse view), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/warehouse_saved_queries/`), keyed by UUID, deleted by DELETE (204:
 * DataWarehouseSavedQueryViewSet.destroy marks it deleted, renames it and marks deleted the joins that name it,
 * products/data_warehouse/backend/api/saved_query.py), identified as `<projectId>/<uuid>`. Its field table is
 * src/kinds/warehouse-saved-query/fields.ts.
 */
import { warehouseSavedQueryExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as views from "./endpoints";
import type { Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import { warehouseSavedQueryFields } from "./fields";
import { type WarehouseSavedQueryRecord, warehouseSavedQueryModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { WarehouseSavedQuery } from "./record";
import type { ProviderConfig } from "../../kit/config";

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
function explained(error: unknown): unknown {
  if (!(error instanceof PostHogError && error.status === 400 && error.detail === "Failed to retrieve types for view")) return error;
  return new Error(
    `${error.message} PostHog runs a view's query once on ClickHouse to learn its columns: the query failed there (a column or function ClickHouse refuses), or this PostHog has no ClickHouse to run it on.`,
  );
}

export const warehouseSavedQueryKind: Kind<"project", WarehouseSavedQueryRecord> = {
  ...kindNames("WarehouseSavedQuery"),
  plural: "WarehouseSavedQueries",
  example: warehouseSavedQueryExample,
  noun: "warehouse saved query",
  scope: "project",
  identity: { output: "savedQueryId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "query"],
  api: projectScopedApi<WarehouseSavedQuery, string>({
    get: views.getWarehouseSavedQuery,
    update: async (http, projectId, id, body) => {
      try {
        return await update(http, projectId, id, body);
      } catch (error) {
        throw explained(error);
      }
    },
    remove: views.deleteWarehouseSavedQuery,
  }),
  // No list reads: today's list answers a minimal form without `query` (DataWarehouseSavedQueryMinimalSerializer).
  schema: () => ({
    description:
      "A PostHog data warehouse view (saved query): a named HogQL query other queries select from as a table. PostHog runs the query once on ClickHouse to learn its columns when it is created or changed. Deleted as PostHog deletes views (DELETE, which also deletes the joins that name it); one deleted by hand is created again.",
    inputs: tableInputs(warehouseSavedQueryFields, "warehouse saved query", { key: "uuid" }),
    outputs: tableOutputs(
      warehouseSavedQueryFields,
      "warehouse saved query",
      { savedQueryId: { type: "string", description: "The view's UUID in PostHog." } },
      { key: "uuid" },
    ),
    required: ["savedQueryId", "projectId", "name", "query"],
  }),
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
  model: warehouseSavedQueryModel,
  lifecycle: () => new WarehouseSavedQueryLifecycle(),
  // Today's list answers no `query` (DataWarehouseSavedQueryMinimalSerializer): one GET each.
  importer: projectScopedImport(warehouseSavedQueryFields, {
    list: async (http, projectId) =>
      Promise.all(
        (await views.listWarehouseSavedQueries(http, projectId)).map((view) => views.getWarehouseSavedQuery(http, projectId, view.id)),
      ),
    defaults: {},
    label: (view) => view.name,
  }),
};

/**
 * The WarehouseSavedQuery lifecycle: the kit's field-table lifecycle with its create. PostHog's create is an upsert by
 * name (a POST naming an existing view updates it), so a view of that name is looked for first and never taken over
 * by a POST: the error names it. After an unclear answer the view is looked up by its name (unique in the project)
 * and taken only if this create made it.
 */
export class WarehouseSavedQueryLifecycle extends FieldTableLifecycle<WarehouseSavedQuery> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(warehouseSavedQueryKind, warehouseSavedQueryModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<WarehouseSavedQueryRecord> {
    const name = typeof body["name"] === "string" ? body["name"].trim() : "";
    const find = async () => {
      const found = await views.findWarehouseSavedQueryByName(this.http(), projectId, name);
      return found ? [found] : [];
    };
    try {
      const view = await this.createOnce(projectId, body, () => views.createWarehouseSavedQuery(this.http(), projectId, body), {
        find,
        described: `named ${JSON.stringify(name)}`,
        // A POST naming an existing view updates it (PostHog's upsert): one is looked for first.
        lookFirst: true,
        // A view of this name made since it was looked for: the POST became PostHog's upsert of it, which refuses a
        // new query without the view's history id ("The query was modified by someone else.").
        taken: (error) => error.status === 400 && error.detail === "The query was modified by someone else.",
        otherwise: "choose another name (PostHog keeps view names unique in a project)",
      });
      return { ...view, project_id: projectId };
    } catch (error) {
      throw explained(error);
    }
  }
}
