/**
 * posthog.Insight's `querySql` over loopback against the local server, in both PostHog versions it plays: the query it
 * stands for sent as PostHog's SQL editor saves it, no change after, drift on the statement and on a query of another
 * form, restored; refused beside `query`; written by the importer only for a query it stands for exactly.
 */
import * as insights from "../../../src/kinds/insight/endpoints";
import { InsightLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";
import { importProjects } from "../../helpers/import-run";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Insights from SQL", (connection) => new InsightLifecycle(connection));

// As `fs.readFileSync` reads a file: its lines and its last newline kept.
const SQL = "select count()\nfrom events\nwhere event = '$pageview'\n";
const editorQuery = (sql: string) => ({
  kind: "DataVisualizationNode",
  source: { kind: "HogQLQuery", query: sql },
  display: "ActionsLineGraph",
});

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("created as the SQL editor's query, no change after, drift on the statement and on another form, restored", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = { projectId, name: `Views ${version}`, querySql: SQL };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    await server.clearRequests();
    const created = await provider.create(inputs);
    const [post] = await server.requests({ method: "POST", path: /\/insights\/$/ });
    expect(post!.bodyKeys).toContain("query");
    expect(post!.bodyKeys).not.toContain("query_sql");
    // The local server stores the query as sent.
    expect((await insights.getInsight(http, projectId, Number(created.id))).query).toEqual(editorQuery(SQL));
    const outs = created.outs as Json;
    expect(outs["querySql"]).toBe(SQL);
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    // The chart type changed in PostHog's editor: the statement is the same, no drift.
    const id = Number(created.id);
    await insights.updateInsight(http, projectId, id, { query: { ...editorQuery(SQL), display: "BoldNumber" } });
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    // The statement edited by hand: drift on querySql.
    await insights.updateInsight(http, projectId, id, { query: editorQuery("select 1") });
    const edited = await provider.read(created.id, outs);
    expect(edited.inputs).toEqual({ ...inputs, querySql: "select 1" });
    expect((await provider.diff(created.id, edited.props as Json, inputs)).changes).toBe(true);

    // A query of another form: drift on querySql too.
    const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
    await insights.updateInsight(http, projectId, id, { query: trends });
    const other = await provider.read(created.id, outs);
    expect(other.inputs).toEqual({ ...inputs, querySql: null });

    await server.clearRequests();
    const restored = await provider.update(created.id, other.props as Json, inputs);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["query"]]);
    expect((restored.outs as Json)["querySql"]).toBe(SQL);
    expect((await insights.getInsight(http, projectId, id)).query).toEqual(editorQuery(SQL));
  });

  test("an insight declared with query moves to querySql: one PATCH of the query it stands for", async () => {
    const { provider, http, projectId, server } = setup();
    const before: Json = { projectId, name: `Moved ${version}`, query: editorQuery("select 2") };
    const created = await provider.create(before);
    const after: Json = { projectId, name: `Moved ${version}`, querySql: "select 3" };
    expect((await provider.diff(created.id, created.outs as Json, after)).changes).toBe(true);
    await server.clearRequests();
    const updated = await provider.update(created.id, created.outs as Json, after);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["query"]]);
    expect((await insights.getInsight(http, projectId, Number(created.id))).query).toEqual(editorQuery("select 3"));
    expect((await provider.read(created.id, updated.outs as Json)).inputs).toEqual(after);
  });
});

test("an insight adopted with querySql holding its statement: nothing written", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const existing = await insights.createInsight(http, projectId, { name: "Adopted", saved: true, query: editorQuery(SQL) });
  await server.clearRequests();
  const adopted = await provider.create({ projectId, name: "Adopted", querySql: SQL, adoptId: existing.id });
  expect(adopted.id).toBe(String(existing.id));
  expect(await server.requests({ method: "PATCH" })).toEqual([]);
});

test("querySql beside query, or not a string: refused before anything is sent, naming the fields", async () => {
  const { provider, projectId } = setups.current!;
  const both = await provider.check({}, { projectId, query: editorQuery("select 1"), querySql: "select 1" });
  expect(both.failures).toEqual([
    {
      property: "querySql",
      reason:
        "querySql and query are both declared: querySql stands for a query (a DataVisualizationNode over its HogQL), so declare one of them",
    },
  ]);
  const notText = await provider.check({}, { projectId, querySql: { query: "select 1" } });
  expect(notText.failures).toEqual([{ property: "querySql", reason: "querySql must be a HogQL statement (a string)" }]);
});

test("the importer writes querySql for a query it stands for exactly, and query for any other", async () => {
  const { server, http, projectId } = setups.current!;
  await insights.createInsight(http, projectId, { name: "Exact", saved: true, query: { ...editorQuery("select 10"), version: 2 } });
  await insights.createInsight(http, projectId, {
    name: "Number",
    saved: true,
    query: { ...editorQuery("select 20"), display: "BoldNumber" },
  });
  const { written } = await importProjects(server, "typescript", projectId);
  expect(written).toMatch(/name: "Exact",\n\s+querySql: "select 10",/);
  expect(written).not.toMatch(/querySql: "select 20"/);
  expect(written).toMatch(/display: "BoldNumber"/);
});
