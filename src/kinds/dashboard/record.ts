/**
 * Dashboard records as PostHog returns them (DashboardSerializer and DashboardBasicSerializer, posthog/api/dashboards/
 * dashboard.py; tiles posthog/models/dashboard_tile.py). Loose: fields a PostHog version adds pass through. The list
 * answers the basic form, without `tiles`, `filters` and `variables`.
 */
import { z } from "zod";

export const dashboardTileSchema = z.looseObject({
  id: z.number().int(),
  /**
   * The insight on this tile, or null for a text tile. PostHog nests the whole insight record (DashboardTileSerializer
   * nests InsightSerializer, products/dashboards/backend/api/dashboard.py), and every field passes through; the
   * dashboard itself reads only these. The insight builds on the dashboard (it places itself on dashboards), not the
   * other way: its full record is src/kinds/insight/record.ts.
   */
  insight: z.looseObject({ id: z.number().int(), short_id: z.string(), name: z.string().nullable() }).nullish(),
  text: z.looseObject({ id: z.number().int().optional(), body: z.string().nullish() }).nullish(),
  /** Positions per breakpoint (`sm`, `xs`): `{x, y, w, h}`. */
  layouts: z.record(z.string(), z.unknown()).nullish(),
  color: z.string().nullish(),
  order: z.number().int().nullish(),
});

export const dashboardSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullish(),
  pinned: z.boolean(),
  created_at: z.string(),
  deleted: z.boolean(),
  creation_mode: z.string().nullish(),
  tags: z.array(z.string()).optional(),
  /** 21: everyone in the project can edit; 37: only collaborators can edit. */
  restriction_level: z.number().int(),
  filters: z.record(z.string(), z.unknown()).optional(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  tiles: z.array(dashboardTileSchema).nullish(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardTile = z.infer<typeof dashboardTileSchema>;
