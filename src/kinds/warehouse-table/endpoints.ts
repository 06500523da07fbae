/**
 * The warehouse table endpoints (TableViewSet, `/api/projects/<id>/warehouse_tables/`, the same under
 * `/api/environments/`: posthog/warehouse/api/table.py, routed by posthog/api/__init__.py, in PostHog 2025-08-04;
 * products/data_warehouse/backend/api/table.py today), one function each. Personal API keys need
 * `warehouse_table:read`/`warehouse_table:write` (`scope_object = "warehouse_table"`, posthog/scopes.py). DELETE (204)
 * marks the table deleted and marks deleted the joins naming it (DataWarehouseTable.soft_delete); a deleted table
 * answers 404. The list is LimitOffsetPagination of 100, newest first, and takes `search` (words of the name).
 */
import type { Transport } from "../../client/transport";
import * as objects from "../../client/project-objects";
import { type WarehouseTable, warehouseTableSchema } from "./record";

export interface WarehouseTableFilters {
  /** Case-insensitive words of the name. */
  search?: string;
}

const tables = objects.endpoints<typeof warehouseTableSchema, string, WarehouseTableFilters>({
  path: "warehouse_tables",
  noun: "warehouse table",
  schema: warehouseTableSchema,
});

export const listWarehouseTables = tables.listAll;

/**
 * The live tables of exactly this name (none or one): PostHog refuses a table's name that its HogQL database of the
 * project already holds (TableSerializer.validate_name); `search` only narrows the list.
 */
export async function findWarehouseTablesByName(http: Transport, projectId: number, name: string): Promise<WarehouseTable[]> {
  const found: WarehouseTable[] = [];
  for await (const table of tables.iterate(http, projectId, { search: name })) if (table.name === name) found.push(table);
  return found;
}

export const getWarehouseTable = tables.get;

/**
 * POST. PostHog reads the files before it stores the table (their columns), which may take a while; never resent once
 * it may have reached PostHog.
 */
export const createWarehouseTable = tables.create;

/** PATCH. A credential sent is merged into the one PostHog holds (TableViewSet.perform_update). */
export const updateWarehouseTable = tables.update;

export const deleteWarehouseTable = tables.destroy;

/** Every page of the unfiltered list. */
export const warehouseTablePages = tables.pages;
