/**
 * posthog.Dashboard and posthog.Insight's lifecycles over loopback against the local server, in both PostHog
 * versions it plays: a dashboard with text tiles and insights placed on it through their `dashboards`, no change
 * after PostHog's normalisations, drift as the live inputs, restore, deleted by hand, soft delete that keeps the
 * insights (import: the contract, test/kinds/contract.test.ts).
 */
import * as dashboards from "../../../src/kinds/dashboard/endpoints";
import * as insights from "../../../src/kinds/insight/endpoints";
import { getDashboard, getInsight, listDashboards, listInsights } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { DashboardLifecycle, InsightLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Dashboards", (connection) => ({
  dashboards: new DashboardLifecycle(connection),
  insights: new InsightLifecycle(connection),
}));

const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
const hogql = { kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query: "select count() from events" } };

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("a dashboard with text tiles: create, no change, drift as old => new, restore, deleted by hand, soft delete", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = {
      projectId,
      name: `Web ${version}`,
      description: "Traffic",
      pinned: true,
      tags: ["Web"],
      textTiles: [{ body: "# Read me", layouts: { sm: { x: 0, y: 0, w: 6, h: 2 } } }, { body: "Second" }],
    };
    expect((await provider.dashboards.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.dashboards.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ dashboardId: Number(created.id), projectId, name: inputs["name"], tags: ["web"] });
    const live = await dashboards.getDashboard(http, projectId, Number(created.id));
    expect(live.tiles?.map((t) => t.text?.body)).toEqual(["# Read me", "Second"]);
    expect((await provider.dashboards.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.dashboards.read(created.id, outs)).inputs).toEqual(inputs);

    // By hand: the description, and the second tile's text.
    const second = live.tiles!.find((t) => t.text?.body === "Second")!;
    await dashboards.updateDashboard(http, projectId, Number(created.id), {
      description: "By hand",
      tiles: [{ id: second.id, text: { id: second.text!.id, body: "Changed" } }],
    });
    const drifted = await provider.dashboards.read(created.id, outs);
    expect(drifted.inputs).toMatchObject({ description: "By hand", textTiles: [{ body: "# Read me" }, { body: "Changed" }] });

    await server.clearRequests();
    const restored = await provider.dashboards.update(created.id, drifted.props as Json, inputs);
    expect(restored.outs).toMatchObject({ description: "Traffic" });
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["description", "tiles"]]);
    const fewer = await provider.dashboards.update(created.id, restored.outs as Json, { ...inputs, textTiles: [{ body: "Only" }] });
    const after = await dashboards.getDashboard(http, projectId, Number(created.id));
    expect(after.tiles?.map((t) => t.text?.body)).toEqual(["Only"]);
    expect((await provider.dashboards.diff(created.id, fewer.outs as Json, { ...inputs, textTiles: [{ body: "Only" }] })).changes).toBe(
      false,
    );

    await dashboards.deleteDashboard(http, projectId, Number(created.id));
    expect(await provider.dashboards.read(created.id, fewer.outs as Json)).toEqual({});
    const again = await provider.dashboards.create(inputs);
    await provider.dashboards.delete(again.id, again.outs as Json);
    await expect(dashboards.getDashboard(http, projectId, Number(again.id))).rejects.toThrow();
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });

  test("insights on a dashboard: shortId, PostHog's query form equal, drift, moved off, and the dashboard's delete keeps them", async () => {
    const { provider, http, projectId, server } = setup();
    const board = await provider.dashboards.create({ projectId, name: `Board ${version}` });
    const boardId = Number(board.id);
    const trendsInputs: Json = { projectId, name: "Views", query: trends, dashboards: [boardId], favorited: true };
    const sqlInputs: Json = { projectId, name: "Count", description: "SQL", query: hogql, dashboards: [boardId] };
    const first = await provider.insights.create(trendsInputs);
    const second = await provider.insights.create(sqlInputs);
    expect((first.outs as Json)["shortId"]).toMatch(/^[0-9A-Za-z]{8}$/);
    expect((await insights.getInsight(http, projectId, Number(first.id))).saved).toBe(true);
    expect(first.outs).toMatchObject({ insightId: Number(first.id), projectId, dashboards: [boardId], favorited: true });
    const onBoard = await dashboards.getDashboard(http, projectId, boardId);
    expect(onBoard.tiles?.map((t) => t.insight?.id).sort()).toEqual([Number(first.id), Number(second.id)].sort());
    expect((await provider.insights.diff(first.id, first.outs as Json, trendsInputs)).changes).toBe(false);

    // PostHog's answer may add keys to the query (today's `upgrade()` adds `version`): not drift.
    await insights.updateInsight(http, projectId, Number(first.id), { query: { ...trends, version: 2 } });
    expect((await provider.insights.read(first.id, first.outs as Json)).inputs).toEqual(trendsInputs);
    await insights.updateInsight(http, projectId, Number(first.id), { name: "By hand", dashboards: [] });
    const drifted = await provider.insights.read(first.id, first.outs as Json);
    expect(drifted.inputs).toEqual({ ...trendsInputs, name: "By hand", dashboards: [] });
    await server.clearRequests();
    await provider.insights.update(first.id, drifted.props as Json, trendsInputs);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["name", "dashboards"]]);

    // The dashboard goes (as `pulumi destroy` deletes it once its insights are gone or moved): its insights stay.
    await provider.dashboards.delete(board.id, board.outs as Json);
    expect((await insights.getInsight(http, projectId, Number(second.id))).deleted).toBe(false);
    await provider.insights.delete(second.id, second.outs as Json);
    await expect(insights.getInsight(http, projectId, Number(second.id))).rejects.toThrow();
  });

  test("an insight's tile layouts: written through the dashboard after the create, read back, drift by hand, restored", async () => {
    const { provider, http, projectId, server } = setup();
    const board = await provider.dashboards.create({ projectId, name: `Layouts ${version}`, textTiles: [{ body: "# Top" }] });
    const boardId = Number(board.id);
    const layouts = { sm: { x: 0, y: 2, w: 6, h: 5 } };
    const inputs: Json = { projectId, name: "Placed", query: hogql, dashboards: [boardId], layouts };
    const created = await provider.insights.create(inputs);
    const tileOf = async () =>
      (await dashboards.getDashboard(http, projectId, boardId)).tiles!.find((t) => t.insight?.id === Number(created.id))!;
    expect((await tileOf()).layouts).toEqual(layouts);
    expect(created.outs).toMatchObject({ layouts });
    const read = await provider.insights.read(created.id, created.outs as Json);
    expect(read.inputs).toEqual(inputs);
    expect((await provider.insights.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

    // Moved by hand in PostHog's interface: drift as the live layouts; up writes the tile again, one dashboard PATCH.
    await dashboards.updateDashboard(http, projectId, boardId, {
      tiles: [{ id: (await tileOf()).id, layouts: { sm: { x: 6, y: 0, w: 6, h: 5 } } }],
    });
    const drifted = await provider.insights.read(created.id, created.outs as Json);
    expect(drifted.inputs).toEqual({ ...inputs, layouts: { sm: { x: 6, y: 0, w: 6, h: 5 } } });
    await server.clearRequests();
    await provider.insights.update(created.id, drifted.props as Json, inputs);
    expect((await server.requests({ method: "PATCH" })).map((r) => [r.path.split("/")[4], r.bodyKeys])).toEqual([
      ["dashboards", ["tiles"]],
    ]);
    expect((await tileOf()).layouts).toEqual(layouts);
    // The dashboard's text tiles are its own: the insight's layouts leave them be.
    expect((await dashboards.getDashboard(http, projectId, boardId)).tiles!.find((t) => t.text)?.text?.body).toBe("# Top");
    expect((await provider.insights.check({}, { projectId, layouts })).failures?.[0]?.reason).toContain("layouts needs dashboards");
  });

  test("an insight create whose answer is lost is not resent: the error says how to find and adopt it", async () => {
    const { provider, server, http, projectId } = setup();
    await server.fault({ method: "POST", path: "/insights/?$", status: 502, afterCommit: true });
    await expect(provider.insights.create({ projectId, name: `lost-${version}`, query: hogql })).rejects.toThrow(
      `adopt it with \`pulumi import posthog:index:Insight <name> ${projectId}/<id>\``,
    );
    expect((await insights.listInsights(http, projectId, { search: `lost-${version}` })).length).toBe(1);
  });

  test("the lookups, and a query PostHog refuses is refused before sending", async () => {
    const { provider, http, projectId, server } = setup();
    const board = await dashboards.createDashboard(http, projectId, { name: `import-${version}` });
    const insight = await insights.createInsight(http, projectId, { name: `import-${version}`, query: hogql });

    useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
    await insights.updateInsight(http, projectId, insight.id, { dashboards: [board.id] });
    expect(await getDashboard({ projectId, dashboardId: board.id })).toMatchObject({
      dashboardId: board.id,
      tiles: [{ insight: { id: insight.id } }],
    });
    expect((await listDashboards({ projectId, search: `IMPORT-${version}` })).map((d) => d.dashboardId)).toEqual([board.id]);
    expect(await getInsight({ projectId, shortId: insight.short_id })).toMatchObject({ insightId: insight.id, query: hogql });
    expect((await listInsights({ projectId, dashboardId: board.id })).map((i) => i.insightId)).toEqual([insight.id]);
    expect(await listInsights({ projectId, search: `import-${version}`, favorited: true })).toEqual([]);
    await expect(getInsight({ projectId, shortId: "nothing1" })).rejects.toThrow('has no insight with shortId "nothing1"');

    await server.clearRequests();
    const check = await provider.insights.check({}, { projectId, query: { kind: "TrendsQueryy" } });
    expect(check.failures?.[0]?.reason).toContain('query.kind "TrendsQueryy" is not a query kind PostHog knows');
    expect(await server.requests()).toEqual([]);
  });
});
