/**
 * Insight records as PostHog returns them (InsightSerializer, posthog/api/insight.py). Loose: fields a PostHog
 * version adds pass through. `query` is PostHog's query schema (InsightVizNode, HogQLQuery, …), kept as JSON here;
 * `result` and its companions need ClickHouse and are null where PostHog did not compute them.
 */
import { z } from "zod";

export const insightSchema = z.looseObject({
  id: z.number().int(),
  short_id: z.string(),
  name: z.string().nullable(),
  derived_name: z.string().nullish(),
  description: z.string().nullish(),
  query: z.record(z.string(), z.unknown()).nullable(),
  filters: z.record(z.string(), z.unknown()).optional(),
  deleted: z.boolean(),
  /** Ids of the dashboards it is on (each a tile; see `dashboard_tiles`). */
  dashboards: z.array(z.number().int()),
  dashboard_tiles: z.array(z.looseObject({ id: z.number().int(), dashboard_id: z.number().int() })).optional(),
  tags: z.array(z.string()).optional(),
  favorited: z.boolean().optional(),
  saved: z.boolean().optional(),
  created_at: z.string().nullish(),
  last_modified_at: z.string().nullish(),
});
export type Insight = z.infer<typeof insightSchema>;
