/**
 * Warehouse saved queries (views) as PostHog answers them (DataWarehouseSavedQuerySerializer:
 * posthog/warehouse/api/saved_query.py in PostHog 2025-08-04, products/data_warehouse/backend/api/saved_query.py
 * today). Keyed by UUID. `latest_history_id` is the id of the view's latest activity entry, which a PATCH of `query`
 * must send back as `edited_history_id`. Today's list answers a minimal form without `query`. Loose.
 */
import { z } from "zod";

export const warehouseSavedQuerySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  query: z.looseObject({}).nullish(),
  deleted: z.boolean().nullish(),
  created_by: z.looseObject({}).nullish(),
  created_at: z.string().nullish(),
  sync_frequency: z.string().nullish(),
  columns: z.array(z.looseObject({})).nullish(),
  status: z.string().nullish(),
  last_run_at: z.string().nullish(),
  latest_error: z.string().nullish(),
  latest_history_id: z.union([z.string(), z.number()]).nullish(),
});
export type WarehouseSavedQuery = z.infer<typeof warehouseSavedQuerySchema>;
