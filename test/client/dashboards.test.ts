/**
 * The endpoint functions of dashboards, insights and alerts (src/kinds/dashboard/endpoints.ts, insights.ts, alerts.ts)
 * against the local server over loopback: every page of a list, tiles through the insight's dashboards, soft delete
 * with and without delete_insights, alerts by UUID and DELETE, errors naming the object, creates never resent.
 */
import { PostHogError, type Transport } from "../../src/client-entry";
import * as alerts from "../../src/kinds/alert/endpoints";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import { startClientProject } from "../helpers/client-project";
import type { LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId = 0;
beforeAll(async () => ({ server, http, projectId } = await startClientProject("Dashboards")));
afterAll(() => server.close());

const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };

test("dashboards and insights: tiles through the insight, every page of the lists, soft delete", async () => {
  const d = await dashboards.createDashboard(http, projectId, { name: "Client board", pinned: true });
  expect(d).toMatchObject({ name: "Client board", pinned: true, deleted: false, restriction_level: 21, tiles: [] });
  const made = [];
  for (let i = 0; i < 3; i++)
    made.push(await insights.createInsight(http, projectId, { name: `client-${i}`, query: trends, dashboards: [d.id] }));
  expect(made[0]).toMatchObject({ query: trends, dashboards: [d.id], short_id: expect.any(String) });

  const board = await dashboards.getDashboard(http, projectId, d.id);
  expect(board.tiles?.map((t) => t.insight?.name).sort()).toEqual(["client-0", "client-1", "client-2"]);
  const withText = await dashboards.updateDashboard(http, projectId, d.id, {
    tiles: [{ text: { body: "# Notes" }, layouts: { sm: { x: 0, y: 0, w: 6, h: 2 } } }],
  });
  expect(withText.tiles?.[0].text?.body).toBe("# Notes");

  await server.clearRequests();
  const all = await insights.listInsights(http, projectId, {}, 2);
  expect(all.map((i) => i.name).sort()).toEqual(["client-0", "client-1", "client-2"]);
  expect(await server.requests({ method: "GET" })).toHaveLength(2);
  expect((await insights.findInsightByShortId(http, projectId, made[1].short_id))?.id).toBe(made[1].id);

  expect((await insights.updateInsight(http, projectId, made[2].id, { dashboards: [] })).dashboards).toEqual([]);
  // made[2] is on no dashboard now: delete_insights only takes those on this dashboard alone.
  expect((await dashboards.deleteDashboard(http, projectId, d.id, true)).deleted).toBe(true);
  expect((await insights.listInsights(http, projectId)).map((i) => i.name)).toEqual(["client-2"]);
  expect((await dashboards.listDashboards(http, projectId)).map((x) => x.id)).not.toContain(d.id);
  expect((await insights.deleteInsight(http, projectId, made[2].id)).deleted).toBe(true);
});

test("a query PostHog's schema refuses is a 400 parse_error with pydantic's message; a missing insight names itself", async () => {
  const bad = await insights.createInsight(http, projectId, { query: { kind: "NopeQuery" } }).catch((e: unknown) => e);
  expect(bad).toBeInstanceOf(PostHogError);
  expect(bad).toMatchObject({ status: 400, code: "parse_error" });
  expect((bad as Error).message).toContain("Input tag 'NopeQuery' found using 'kind'");
  const missing = await insights.getInsight(http, projectId, 987654).catch((e: unknown) => e);
  expect((missing as Error).message).toContain(`insight 987654 in project ${projectId}`);
});

test("alerts: create on a trends insight, update, DELETE by UUID; a non-UUID id never reaches PostHog", async () => {
  const i = await insights.createInsight(http, projectId, { name: "watched", query: trends });
  const me = i.created_by as { id: number };
  const a = await alerts.createAlert(http, projectId, {
    insight: i.id,
    subscribed_users: [me.id],
    threshold: { configuration: { type: "absolute", bounds: { upper: 100 } } },
    condition: { type: "absolute_value" },
    config: { type: "TrendsAlertConfig", series_index: 0 },
    calculation_interval: "daily",
  });
  expect(a).toMatchObject({ insight: { id: i.id }, subscribed_users: [{ id: me.id }], state: "Not firing", enabled: true });
  expect((await alerts.listAlerts(http, projectId, i.id)).map((x) => x.id)).toEqual([a.id]);
  expect((await alerts.updateAlert(http, projectId, a.id, { enabled: false })).enabled).toBe(false);
  await alerts.deleteAlert(http, projectId, a.id);
  await expect(alerts.getAlert(http, projectId, a.id)).rejects.toMatchObject({ status: 404 });
  expect(() => alerts.getAlert(http, projectId, "../insights")).toThrow('The PostHog alert id "../insights" must be a UUID.');
});

test("a create that fails after it may have reached PostHog is not resent", async () => {
  await server.clearRequests();
  await server.fault({ method: "POST", path: "/dashboards/", status: 503 });
  await expect(dashboards.createDashboard(http, projectId, { name: "once" })).rejects.toMatchObject({ kind: "ambiguous" });
  await server.fault({ method: "POST", path: "/insights/", status: 503 });
  await expect(insights.createInsight(http, projectId, { name: "once" })).rejects.toMatchObject({ kind: "ambiguous" });
  expect(await server.requests({ method: "POST" })).toHaveLength(2);
});
