/**
 * posthog.Dashboard, posthog.Insight and posthog.Alert against a real PostHog (2025-08-04 here: no ClickHouse, so no
 * results and no alert evaluation; definitions work): a dashboard with text tiles and a trends and a HogQL insight on
 * it, read back without change, drift restored, the dashboard's delete keeping its insights, an insight from a HogQL
 * statement (`querySql`) answered exactly as declared, PostHog's refusal of an
 * unknown query kind matching the provider's; alerts: what this PostHog lets a personal API key do. Everything carries
 * the run's prefix and is marked deleted afterwards.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PostHogError, type Transport, users } from "../../src/client-entry";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import { DashboardLifecycle, InsightLifecycle, AlertLifecycle } from "../../src/provider";
import { insightModel } from "../../src/kinds/insight/kind";
import { exactSqlOf } from "../../src/kinds/insight/fields";
import { pulumiSession, repoRoot } from "../helpers/pulumi-cli";
import { acceptanceTarget, inTargetProject, named, transport, type AcceptanceTarget } from "./real-posthog";

const setup = require("../../scripts/setup") as { pluginBin(): string; languageHostBins(): { yaml: string } };

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let connection: ConstructorParameters<typeof DashboardLifecycle>[0];

const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
const hogql = { kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query: "select count() from events" } };

beforeAll(() => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  connection = inProject.connection;
});
afterAll(async () => {
  if (!client) return;
  for (const insight of await insights.listInsights(client, projectId, { search: target.prefix }))
    if (insight.name?.startsWith(target.prefix)) await insights.deleteInsight(client, projectId, insight.id);
  for (const dashboard of await dashboards.listDashboards(client, projectId))
    if (dashboard.name?.startsWith(target.prefix)) await dashboards.deleteDashboard(client, projectId, dashboard.id);
});

test("a dashboard with text tiles and two insights: read back without change, drift restored, its delete keeps the insights", async () => {
  const boards = new DashboardLifecycle(connection);
  const queries = new InsightLifecycle(connection);
  const boardInputs: Json = {
    projectId,
    name: named(target, "board"),
    description: "Traffic",
    pinned: true,
    textTiles: [
      { body: "# Read me", layouts: { sm: { x: 0, y: 0, w: 6, h: 2 } } },
      { body: "Second", color: "blue" },
    ],
  };
  const board = await boards.create(boardInputs);
  const boardId = Number(board.id);
  expect((await boards.read(board.id, board.outs as Json)).inputs).toEqual(boardInputs);

  const viewsInputs: Json = {
    projectId,
    name: named(target, "views"),
    query: trends,
    dashboards: [boardId],
    favorited: true,
    layouts: { sm: { x: 0, y: 2, w: 6, h: 5 } },
  };
  const sqlInputs: Json = { projectId, name: named(target, "count"), description: "SQL", query: hogql, dashboards: [boardId] };
  const views = await queries.create(viewsInputs);
  const sql = await queries.create(sqlInputs);
  expect((views.outs as Json)["shortId"]).toMatch(/^[0-9A-Za-z]{8}$/);
  for (const [created, inputs] of [
    [views, viewsInputs],
    [sql, sqlInputs],
  ] as const) {
    const read = await queries.read(created.id, created.outs as Json);
    expect(read.inputs).toEqual(inputs);
    expect((await queries.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  }
  const live = await dashboards.getDashboard(client, projectId, boardId);
  expect(
    live.tiles
      ?.filter((t) => t.insight)
      .map((t) => t.insight!.id)
      .sort(),
  ).toEqual([Number(views.id), Number(sql.id)].sort());
  expect(live.tiles?.filter((t) => t.text).map((t) => t.text!.body)).toEqual(["# Read me", "Second"]);
  expect(live.tiles?.find((t) => t.insight?.id === Number(views.id))?.layouts).toEqual({ sm: { x: 0, y: 2, w: 6, h: 5 } });

  // Drift by hand, restored: a tile's text and the dashboard's description; an insight taken off the dashboard.
  const second = live.tiles!.find((t) => t.text?.body === "Second")!;
  await dashboards.updateDashboard(client, projectId, boardId, {
    description: "By hand",
    tiles: [{ id: second.id, text: { id: second.text!.id, body: "Changed" } }],
  });
  await insights.updateInsight(client, projectId, Number(sql.id), { dashboards: [] });
  const driftedBoard = await boards.read(board.id, board.outs as Json);
  expect(driftedBoard.inputs).toMatchObject({ description: "By hand", textTiles: [{ body: "# Read me" }, { body: "Changed" }] });
  const driftedSql = await queries.read(sql.id, sql.outs as Json);
  expect(driftedSql.inputs).toEqual({ ...sqlInputs, dashboards: [] });
  const restoredBoard = await boards.update(board.id, driftedBoard.props as Json, boardInputs);
  await queries.update(sql.id, driftedSql.props as Json, sqlInputs);
  expect((await boards.read(board.id, restoredBoard.outs as Json)).inputs).toEqual(boardInputs);
  expect((await insights.getInsight(client, projectId, Number(sql.id))).dashboards).toEqual([boardId]);

  // The dashboard goes first (as when a program drops it with its insights kept elsewhere): its insights stay.
  await boards.delete(board.id, restoredBoard.outs as Json);
  expect((await insights.getInsight(client, projectId, Number(views.id))).deleted).toBe(false);
  await queries.delete(views.id, views.outs as Json);
  await queries.delete(sql.id, sql.outs as Json);
  await expect(insights.getInsight(client, projectId, Number(sql.id))).rejects.toThrow();
});

test("an insight from a HogQL statement (querySql): created as PostHog's SQL editor saves it, read back without change", async () => {
  const queries = new InsightLifecycle(connection);
  // As `fs.readFileSync` reads a .sql file: its lines and last newline kept.
  const querySql = "select event, count()\nfrom events\ngroup by event\n";
  const inputs: Json = { projectId, name: named(target, "from-sql"), querySql };
  expect(insightModel.validate(inputs)).toEqual([]);
  const created = await queries.create(inputs);
  const live = await insights.getInsight(client, projectId, Number(created.id));
  expect(live.query).toMatchObject({
    kind: "DataVisualizationNode",
    source: { kind: "HogQLQuery", query: querySql },
    display: "ActionsLineGraph",
  });
  // What PostHog answers is exactly what querySql stands for: the importer writes it as querySql.
  expect(exactSqlOf(live.query)).toBe(querySql);
  const read = await queries.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await queries.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
});

test("a query kind PostHog does not know: refused by the provider before sending, and by PostHog with a parse error", async () => {
  const query = { kind: "InsightVizNode", source: { kind: "TrendQuery", series: [] } };
  expect(insightModel.validate({ projectId, query })[0]?.reason).toContain('query.source.kind "TrendQuery" is not one of "TrendsQuery"');
  const refused = await insights.createInsight(client, projectId, { name: named(target, "bad"), query }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(PostHogError);
  expect((refused as PostHogError).status).toBe(400);
  expect((refused as PostHogError).detail).toContain("TrendQuery");
});

test("alerts on PostHog 2025-08-04: no personal API key with scopes may create one, and the provider says what to do", async () => {
  if (target.version !== "2025-08-04") return;
  const queries = new InsightLifecycle(connection);
  const watched = await queries.create({ projectId, name: named(target, "watched"), query: trends });
  // The all-access key reads the current user (user:read); this version's UserSerializer has no numeric id (today's
  // has), so the id an alert subscribes comes from the insight's creator here.
  const me = await users.getCurrentUser(client);
  expect(me.uuid).toMatch(/^[0-9a-f-]{36}$/);
  expect(me.id).toBeUndefined();
  const creator = (await insights.getInsight(client, projectId, Number(watched.id)))["created_by"] as { id: number };
  // The local backend's project key has no user:read: PostHog says which scope is missing.
  if (!target.keyScopes.includes("user:read") && !target.keyScopes.includes("*"))
    await expect(users.getCurrentUser(transport(target, target.keys.projectWrite))).rejects.toThrow("user:read");
  const alertsProvider = new AlertLifecycle(connection);
  await expect(
    alertsProvider.create({
      projectId,
      insight: Number(watched.id),
      subscribedUsers: [creator.id],
      threshold: { configuration: { type: "absolute", bounds: { upper: 10 } } },
    }),
  ).rejects.toThrow(/Personal API Key access.*create and edit the alert in PostHog's interface/s);
  await queries.delete(watched.id, watched.outs as Json);
});

test("pulumi import of a dashboard and an insight on it through the plugin: reads only, declares projectId and name, then manages them", async () => {
  const board = await dashboards.createDashboard(client, projectId, { name: named(target, "imported board") });
  const insight = await insights.createInsight(client, projectId, {
    name: named(target, "imported views"),
    query: trends,
    dashboards: [board.id],
  });
  const session = await pulumiSession(target, [setup.languageHostBins().yaml, setup.pluginBin()]);
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(repoRoot, ".cache", "acceptance-dashboard-import-"));
  try {
    const header = "name: acceptance-dashboard-import\nruntime: yaml\n";
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), header);
    const stack = await session.stack(dir, `dashboard-import-${process.pid}`);
    await stack.setConfig("posthog:apiKey", { value: target.keys.all ?? target.apiKey, secret: true });
    const cli = (args: string[]) => {
      const result = session.cli(dir, [...args, "--stack", stack.name]);
      if (result.status !== 0) throw new Error(`pulumi ${args.join(" ")}: ${result.stderr}${result.stdout}`);
      return result.stdout;
    };
    cli(["import", "posthog:index:Dashboard", "board", `${projectId}/${board.id}`, "--yes", "--out", path.join(dir, "board.yaml")]);
    cli(["import", "posthog:index:Insight", "views", `${projectId}/${insight.id}`, "--yes", "--out", path.join(dir, "views.yaml")]);
    const code = ["board.yaml", "views.yaml"].map((file) => fs.readFileSync(path.join(dir, file), "utf8")).join("");
    expect(code).toContain(`name: ${named(target, "imported board")}`);
    expect(code).toContain(`name: ${named(target, "imported views")}`);
    expect(code).not.toContain("query");
    // Both generated blocks start with `resources:`: one program declares both.
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${header}resources:\n${code.replace(/^resources:\n/gm, "")}`);
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 3 });
    cli(["state", "unprotect", "--all", "--yes"]);
    await stack.destroy();
    await expect(insights.getInsight(client, projectId, insight.id)).rejects.toThrow();
    await expect(dashboards.getDashboard(client, projectId, board.id)).rejects.toThrow();
  } finally {
    await session.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
