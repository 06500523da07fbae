/**
 * The warehouse saved query endpoints (DataWarehouseSavedQueryViewSet, `/api/projects/<id>/warehouse_saved_queries/`;
 * scope `warehouse_view`), one function each. Views are keyed by UUID and deleted by DELETE (204: PostHog marks the
 * view deleted, renames it `POSTHOG_DELETED_<uuid>` and marks deleted the joins naming it; a deleted view answers 404).
 * PostHog's list is PageNumberPagination of 1000 and takes `search` (words of the name).
 */
import { type WarehouseSavedQuery, warehouseSavedQuerySchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export interface WarehouseSavedQueryFilters {
  /** Case-insensitive words of the name. */
  search?: string;
}

const views = objects.endpoints<typeof warehouseSavedQuerySchema, string, WarehouseSavedQueryFilters>(
  { path: "warehouse_saved_queries", noun: "warehouse saved query", schema: warehouseSavedQuerySchema },
  1000,
);

export const listWarehouseSavedQueries = views.listAll;

/**
 * The live view with exactly this name, or null: PostHog keeps view names unique in a project
 * (`posthog_datawarehouse_saved_query_unique_name`, case-sensitive), `search` only narrows the list.
 */
export async function findWarehouseSavedQueryByName(http: Transport, projectId: number, name: string): Promise<WarehouseSavedQuery | null> {
  for await (const view of views.iterate(http, projectId, { search: name })) if (view.name === name) return view;
  return null;
}

export const getWarehouseSavedQuery = views.get;

/**
 * POST. PostHog's create is an upsert by name (DataWarehouseSavedQueryViewSet.create): a POST naming an existing view
 * updates that view. Never sent without first finding no view of that name; never resent once it may have reached
 * PostHog.
 */
export const createWarehouseSavedQuery = views.create;

/** PATCH. A changed `query` must carry `edited_history_id`: the view's `latest_history_id` as last read. */
export const updateWarehouseSavedQuery = views.update;

export const deleteWarehouseSavedQuery = views.destroy;
