/**
 * Warehouse tables as PostHog answers them (TableSerializer: posthog/warehouse/api/table.py in PostHog 2025-08-04,
 * products/data_warehouse/backend/api/table.py today; model DataWarehouseTable, …/models/table.py). Keyed by UUID.
 * The credential's access key and secret are write-only (CredentialSerializer's `extra_kwargs`): PostHog answers the
 * credential as its id and creation only, never what it holds. Today's PostHog adds `options` and `hogql_name`.
 * Loose.
 */
import { z } from "zod";

export const warehouseTableSchema = z.looseObject({
  id: z.string(),
  deleted: z.boolean().nullish(),
  name: z.string(),
  format: z.string(),
  url_pattern: z.string(),
  credential: z.looseObject({ id: z.string().nullish() }).nullish(),
  columns: z.array(z.looseObject({})).nullish(),
  options: z.record(z.string(), z.unknown()).nullish(),
  external_data_source: z.looseObject({}).nullish(),
  created_by: z.looseObject({}).nullish(),
  created_at: z.string().nullish(),
});
export type WarehouseTable = z.infer<typeof warehouseTableSchema>;
