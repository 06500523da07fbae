/**
 * Dashboard tiles (posthog/models/dashboard_tile.py): an insight or a text placed on a dashboard, with its `layouts`
 * and `color`. A tile is soft-deleted with its dashboard or its insight and restored with them. An insight is put on a
 * dashboard through its own `dashboards` field (InsightSerializer._update_insight_dashboards, posthog/api/insight.py);
 * text tiles and layouts through the dashboard's `tiles` (DashboardSerializer._update_tiles,
 * posthog/api/dashboards/dashboard.py). Tile ids are shared by insight and text tiles, as in PostgreSQL. A text
 * tile's text is kept on the tile and answered with the tile's id (PostHog numbers texts in their own table).
 */
import type { Store } from "../state/store";
import type { StoredObject } from "../state/types";

export function tilesOf(store: Store, dashboardId: number): StoredObject[] {
  return store.objects("dashboardTiles").filter((t) => t.fields.dashboard_id === dashboardId);
}

export function insightTiles(store: Store, insightId: number): StoredObject[] {
  return store.objects("dashboardTiles").filter((t) => t.fields.insight_id === insightId);
}

/** `DashboardTile.objects`: tiles that are not deleted, of dashboards that are not deleted. */
function liveTile(store: Store, tile: StoredObject): boolean {
  if (tile.deleted) return false;
  const dashboard = store.object("dashboards", Number(tile.fields.dashboard_id));
  return dashboard !== undefined && !dashboard.deleted;
}

/** An insight's tiles in `DashboardTile.objects`: those that put it on a dashboard today. */
export function liveInsightTiles(store: Store, insightId: number): StoredObject[] {
  return insightTiles(store, insightId).filter((t) => liveTile(store, t));
}

/** `get_or_create` of an insight's tile on a dashboard, undeleting it if it was deleted. */
export function placeInsight(store: Store, teamId: number, userId: number, insightId: number, dashboardId: number): void {
  const tile = insightTiles(store, insightId).find((t) => t.fields.dashboard_id === dashboardId);
  if (tile) {
    tile.deleted = false;
    store.changed();
    return;
  }
  store.addObject("dashboardTiles", teamId, userId, {
    dashboard_id: dashboardId,
    insight_id: insightId,
    text: null,
    layouts: {},
    color: null,
  });
}
