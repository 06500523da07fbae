/**
 * Warehouse view links (joins) as PostHog answers them (ViewLinkSerializer: products/data_warehouse/backend/api/
 * view_link.py today, posthog/warehouse/api/view_link.py in PostHog 2025-08-04). Keyed by UUID. The table names are
 * answered as HogQL prints the tables (`to_printed_hogql()`), which for PostHog's tables and views is their name.
 * A join marked deleted (its view was deleted) is still answered by GET, with `deleted: true`. Loose.
 */
import { z } from "zod";

export const warehouseViewLinkSchema = z.looseObject({
  id: z.string(),
  deleted: z.boolean().nullish(),
  created_by: z.looseObject({}).nullish(),
  created_at: z.string().nullish(),
  source_table_name: z.string(),
  source_table_key: z.string(),
  joining_table_name: z.string(),
  joining_table_key: z.string(),
  field_name: z.string(),
  configuration: z.looseObject({}).nullish(),
});
export type WarehouseViewLink = z.infer<typeof warehouseViewLinkSchema>;
