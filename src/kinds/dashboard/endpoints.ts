/** The dashboard endpoints (posthog/api/dashboards/dashboard.py, DashboardsViewSet), one function each. */
import { type Dashboard, dashboardSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type DashboardBody = objects.ObjectBody;

const dashboards = objects.endpoints<typeof dashboardSchema, number>({ path: "dashboards", noun: "dashboard", schema: dashboardSchema });

/** One page of the list: the basic form, without tiles. */
export const listDashboardsPage = dashboards.listPage;

/** Every dashboard of the project that is not deleted (basic form: `getDashboard` has the tiles). */
export function listDashboards(http: Transport, projectId: number, pageSize?: number): Promise<Dashboard[]> {
  return dashboards.listAll(http, projectId, {}, pageSize);
}

/** With its tiles: the insights on it (full records) and its text tiles, ordered by their layout. */
export const getDashboard = dashboards.get;

/** Never resent once it may have reached PostHog: a resend would make a second dashboard. */
export const createDashboard = dashboards.create;

/**
 * `tiles` in the body changes text tiles (`{text: {body}, layouts?, color?}`, with `id` to change one) and the layouts,
 * colors or deletion of insight tiles (`{id, layouts?, color?, deleted?}`); insights are placed through their own
 * `dashboards`.
 */
export const updateDashboard = dashboards.update;

/**
 * Soft delete (DELETE is 405). Its tiles go with it; `deleteInsights` also deletes the insights that are on no other
 * dashboard (PostHog's `delete_insights`); insights other dashboards use always stay.
 */
export function deleteDashboard(http: Transport, projectId: number, id: number, deleteInsights = false): Promise<Dashboard> {
  return objects.softDelete(http, dashboards.collection, projectId, id, deleteInsights ? { delete_insights: true } : {});
}
