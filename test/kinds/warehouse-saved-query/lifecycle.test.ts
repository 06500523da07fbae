/**
 * posthog.WarehouseSavedQuery's lifecycle over loopback against the local server, in both PostHog versions it plays:
 * the view's rules before anything is sent, a changed query sent with the view's history id, a view of the same name
 * never taken over by PostHog's upsert, a create whose answer is lost, DELETE and the joins it takes along, the
 * lookups. (Its example's create, preview, drift, adoption, import and delete: the contract, test/kinds/contract.test.ts.)
 */
import * as views from "../../../src/kinds/warehouse-saved-query/endpoints";
import { getWarehouseSavedQuery, listWarehouseSavedQueries } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { WarehouseSavedQueryLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Warehouse views", (connection) => new WarehouseSavedQueryLifecycle(connection));
const hogql = (query: string) => ({ kind: "HogQLQuery", query });

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("PostHog's rules on the name and query fail check, naming the field and the rule, before anything is sent", async () => {
    const { provider, projectId, server } = setup();
    const failures = async (inputs: Json) => (await provider.check({}, { projectId, ...inputs })).failures;
    expect(await failures({ name: "signups", query: hogql("SELECT 1") })).toBeUndefined();
    // DRF trims the name before validate_saved_query_name sees it.
    expect(await failures({ name: "  a.b$c_1  ", query: hogql("SELECT 1") })).toBeUndefined();
    expect(await failures({ name: "sign-ups", query: hogql("SELECT 1") })).toEqual([
      { property: "name", reason: expect.stringContaining("validate_saved_query_name") },
    ]);
    expect(await failures({ name: "1signups", query: hogql("SELECT 1") })).toEqual([{ property: "name", reason: expect.any(String) }]);
    expect(await failures({ name: "x".repeat(129), query: hogql("SELECT 1") })).toEqual([
      { property: "name", reason: expect.stringContaining("at most 128 characters") },
    ]);
    expect(await failures({ name: "v", query: "SELECT 1" })).toEqual([
      { property: "query", reason: expect.stringContaining("HogQLQuery") },
    ]);
    expect(await failures({ name: "v", query: { kind: "EventsQuery", query: "SELECT 1" } })).toEqual([
      { property: "query", reason: expect.stringContaining('must be "HogQLQuery"') },
    ]);
    expect(await failures({ name: "v" })).toEqual([{ property: "query", reason: expect.stringContaining("columns") }]);
    expect(await server.requests({ method: "POST", path: /\/warehouse_saved_queries\/$/ })).toEqual([]);
  });

  test("create, no change, drift, a changed query sent with the view's history id, deleted by hand, DELETE", async () => {
    const { provider, http, projectId, server } = setup();
    const name = `paying_${version.replace(/-/g, "_")}`;
    const inputs: Json = { projectId, name, query: hogql("SELECT distinct_id FROM events WHERE event = 'paid'") };
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ savedQueryId: created.id, projectId, name, query: inputs["query"], status: null });
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    // A new query: PostHog takes it only with the view's latest history id, which the provider reads first.
    const changed = { ...inputs, query: hogql("SELECT distinct_id, timestamp FROM events WHERE event = 'paid'") };
    const updated = await provider.update(created.id, outs, changed);
    expect(updated.outs).toMatchObject({ query: changed.query, status: "Modified" });
    const patches = await server.requests({ method: "PATCH" });
    expect(patches.at(-1)?.bodyKeys).toEqual(["query", "edited_history_id"]);
    expect((await views.getWarehouseSavedQuery(http, projectId, created.id)).query).toEqual(changed.query);

    // A rename alone is sent as it is.
    const renamed = await provider.update(created.id, updated.outs as Json, { ...changed, name: `${name}_2` });
    expect((await server.requests({ method: "PATCH" })).at(-1)?.bodyKeys).toEqual(["name"]);

    // Deleted by hand: a refresh drops it. DELETE renames it in PostHog, so its name is free again.
    await views.deleteWarehouseSavedQuery(http, projectId, created.id);
    expect(await provider.read(created.id, renamed.outs as Json)).toEqual({});
    const again = await provider.create(inputs);
    await provider.delete(again.id, again.outs as Json);
    await expect(views.getWarehouseSavedQuery(http, projectId, again.id)).rejects.toMatchObject({ isNotFound: true });
    expect(await views.findWarehouseSavedQueryByName(http, projectId, name)).toBeNull();
  });

  test("a view of the same name is never taken over by PostHog's upsert: the error names it and adoptId", async () => {
    const { provider, http, projectId, server } = setup();
    const name = `others_${version.replace(/-/g, "_")}`;
    const theirs = await views.createWarehouseSavedQuery(http, projectId, { name, query: hogql("SELECT 1") });
    const posts = () => server.requests({ method: "POST", path: /\/warehouse_saved_queries\/$/ });
    const before = (await posts()).length;
    await expect(provider.create({ projectId, name, query: hogql("SELECT 2") })).rejects.toThrow(
      `PostHog already has a warehouse saved query named "${name}": warehouse saved query ${theirs.id}`,
    );
    await expect(provider.create({ projectId, name, query: hogql("SELECT 2") })).rejects.toThrow(`adoptId: "${theirs.id}"`);
    // Nothing was POSTed: a POST would have been PostHog's upsert of their view.
    expect(await posts()).toHaveLength(before);
    expect((await views.getWarehouseSavedQuery(http, projectId, theirs.id)).query).toEqual(hogql("SELECT 1"));

    // adoptId takes it over: a GET and a PATCH of what differs, with its history id.
    const adopted = await provider.create({ projectId, adoptId: theirs.id, name, query: hogql("SELECT 2") });
    expect(adopted.id).toBe(theirs.id);
    expect((await views.getWarehouseSavedQuery(http, projectId, theirs.id)).query).toEqual(hogql("SELECT 2"));
  });

  test("a create whose answer is lost after PostHog committed is found by its name, not created twice", async () => {
    const { provider, server, http, projectId } = setup();
    const name = `lost_${version.replace(/-/g, "_")}`;
    await server.fault({ method: "POST", path: "/warehouse_saved_queries/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, name, query: hogql("SELECT 1") });
    const live = (await views.listWarehouseSavedQueries(http, projectId)).filter((v) => v.name === name).map((v) => v.id);
    expect(live).toEqual([created.id]);
  });

  test("PostHog's refusals come back named: a variable in the view, a PostHog table's name", async () => {
    const { provider, projectId } = setup();
    await expect(provider.create({ projectId, name: "with_variable", query: hogql("SELECT {x} FROM events") })).rejects.toThrow(
      "Variables like {x} are not allowed in views",
    );
    await expect(provider.create({ projectId, name: "events", query: hogql("SELECT 1") })).rejects.toThrow(
      "View names cannot overlap with PostHog table names",
    );
  });

  test("getWarehouseSavedQuery by id or name, listWarehouseSavedQueries by search", async () => {
    const { http, projectId, server } = setup();
    const name = `looked_up_${version.replace(/-/g, "_")}`;
    const view = await views.createWarehouseSavedQuery(http, projectId, { name, query: hogql("SELECT 1") });
    useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
    expect(await getWarehouseSavedQuery({ projectId, savedQueryId: view.id })).toMatchObject({ savedQueryId: view.id, name });
    expect(await getWarehouseSavedQuery({ projectId, name })).toMatchObject({ savedQueryId: view.id });
    await expect(getWarehouseSavedQuery({ projectId, name: "nothing" })).rejects.toThrow(
      'has no warehouse saved query with name "nothing"',
    );
    expect((await listWarehouseSavedQueries({ projectId, search: name })).map((v) => v.savedQueryId)).toEqual([view.id]);
  });
});
