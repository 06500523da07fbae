/**
 * examples/dashboard through the real Pulumi CLI against the local server, in one stack: a project created in the
 * same program, a dashboard with a text tile, a trends and a HogQL insight on it, an alert on the trends insight for
 * the program's own user. Create, no-op preview (PostHog's forms compare equal), drift shown as `old => new` and
 * restored, an insight deleted by hand created again on the dashboard, destroy (dashboard and insights marked
 * deleted, the alert DELETEd).
 */
import * as path from "node:path";
import { alerts, dashboards, insights, Transport } from "../../src/client";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";
import type { Stack } from "@pulumi/pulumi/automation";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;
let stack: Stack;

const writes = async () => (await server.requests()).filter((r) => r.method !== "GET");
const output = async <T>(name: string) => (await stack.outputs())[name]!.value as T;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server);
  stack = await session.stack(path.join(repoRoot, "examples", "dashboard"), `e2e-dashboard-${process.pid}`);
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

test("examples/dashboard: create, no-op preview, drift as old => new, restore, deleted by hand, destroy", async () => {
  const up = await stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 6 });
  const projectId = await output<number>("projectId");
  const dashboardId = await output<number>("dashboardId");
  const board = await dashboards.getDashboard(http, projectId, dashboardId);
  expect(board).toMatchObject({ name: "Traffic", pinned: true, tags: ["web"] });
  const onBoard = board.tiles!.filter((t) => t.insight).map((t) => t.insight!.name);
  expect(onBoard.sort()).toEqual(["Page views", "Sign-ups this week"]);
  expect(board.tiles!.find((t) => t.text)?.text?.body).toContain("## Traffic");
  // Ordered by their layouts: the text tile on top, then the two insights side by side.
  expect(board.tiles!.map((t) => t.layouts?.["sm"])).toEqual([
    { x: 0, y: 0, w: 12, h: 2 },
    { x: 0, y: 2, w: 8, h: 5 },
    { x: 8, y: 2, w: 4, h: 5 },
  ]);
  const signupsId = await output<number>("signupsInsightId");
  const viewsShortId = await output<string>("viewsShortId");
  const [views] = await insights.listInsights(http, projectId, { short_id: viewsShortId });
  const alertId = await output<string>("alertId");
  expect(await alerts.getAlert(http, projectId, alertId)).toMatchObject({ insight: { id: views!.id }, calculation_interval: "daily" });

  await server.clearRequests();
  await stack.preview({ expectNoChanges: true });
  expect(await writes()).toEqual([]);

  // By hand: the dashboard's description, the trends insight's name, the alert's bound, and the HogQL insight deleted.
  // Refresh shows the drift as old => new and drops the deleted one; up restores each with one PATCH and creates the
  // insight again on the dashboard.
  await dashboards.updateDashboard(http, projectId, dashboardId, { description: "Edited by hand" });
  await insights.updateInsight(http, projectId, views!.id, { name: "Renamed by hand" });
  await alerts.updateAlert(http, projectId, alertId, { threshold: { configuration: { type: "absolute", bounds: { upper: 5 } } } });
  await insights.deleteInsight(http, projectId, signupsId);
  expect((await stack.refresh()).summary.resourceChanges).toMatchObject({ update: 3, delete: 1 });
  const preview = await stack.preview({ diff: true });
  expect(preview.stdout).toMatch(/~ description\s*: "Edited by hand" => "Page views and sign-ups of the web app"/);
  expect(preview.stdout).toMatch(/~ name\s*: "Renamed by hand" => "Page views"/);
  expect(preview.stdout).toMatch(/~ upper\s*: 5 => 10000/);
  expect(preview.changeSummary).toMatchObject({ update: 3, create: 1 });
  await server.clearRequests();
  await stack.up();
  expect((await writes()).map((r) => [r.method, r.path.replace(/\/\d+\/|\/[0-9a-f-]{36}\//g, "/x/"), r.bodyKeys]).sort()).toEqual([
    ["PATCH", "/api/projects/x/alerts/x/", ["threshold"]],
    ["PATCH", "/api/projects/x/dashboards/x/", ["description"]],
    ["PATCH", "/api/projects/x/dashboards/x/", ["tiles"]],
    ["PATCH", "/api/projects/x/insights/x/", ["name"]],
    ["POST", "/api/projects/x/insights/", ["saved", "name", "description", "query", "dashboards"]],
  ]);
  const again = await output<number>("signupsInsightId");
  expect(again).not.toBe(signupsId);
  expect((await insights.getInsight(http, projectId, again)).dashboards).toEqual([dashboardId]);

  await server.clearRequests();
  await stack.destroy();
  const deleted = (await writes()).map((r) => [r.method, r.path.split("/")[4], r.bodyKeys]);
  expect(deleted[0]).toEqual(["DELETE", "alerts", undefined]);
  expect(deleted.filter((w) => w[1] === "insights")).toEqual([
    ["PATCH", "insights", ["deleted"]],
    ["PATCH", "insights", ["deleted"]],
  ]);
  expect(deleted).toContainEqual(["PATCH", "dashboards", ["deleted"]]);
  expect(deleted.filter((w) => w[1] === "dashboards")).toHaveLength(1);
});
