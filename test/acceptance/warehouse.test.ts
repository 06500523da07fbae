/**
 * posthog.WarehouseSavedQuery and posthog.WarehouseViewLink against a real PostHog, as far as it goes without
 * ClickHouse (the local backend has none): PostHog's refusals of a view's name and query agree with the provider's
 * rules or come back named; a view's create runs its query on ClickHouse to learn its columns, so without ClickHouse it
 * is refused ("Failed to retrieve types for view") and the error says why; a view made without that run (PostHog's
 * `soft_update`, as its interface's drafts are) is adopted, renamed, refreshed and deleted; a changed query passes
 * PostHog's history check (it then meets ClickHouse); a view of a name taken is never taken over by PostHog's upsert.
 * Joins: PostHog 2025-08-04 refuses every personal API key (`INTERNAL`). Views carry the run's prefix (its "-" made
 * "_", which view names refuse) and are deleted afterwards.
 */
import type { Transport } from "../../src/client-entry";
import * as views from "../../src/kinds/warehouse-saved-query/endpoints";
import { WarehouseSavedQueryLifecycle, WarehouseViewLinkLifecycle } from "../../src/provider";
import { acceptanceTarget, inTargetProject, type AcceptanceTarget } from "./real-posthog";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let connection: ConstructorParameters<typeof WarehouseSavedQueryLifecycle>[0];

beforeAll(() => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  connection = inProject.connection;
});
afterAll(async () => {
  if (!client) return;
  for (const v of await views.listWarehouseSavedQueries(client, projectId, { search: viewName("") }))
    if (v.name.startsWith(viewName(""))) await views.deleteWarehouseSavedQuery(client, projectId, v.id);
});

const viewName = (what: string) => `${target.prefix.replace(/-/g, "_")}${what}`;
const hogql = (query: string) => ({ kind: "HogQLQuery", query });
/** A view PostHog stores without running its query (`soft_update`: no columns), as its interface saves drafts. */
const unrun = (name: string, query: string) =>
  views.createWarehouseSavedQuery(client, projectId, { name, query: hogql(query), soft_update: true });

test("WarehouseSavedQuery: the provider's name rules are PostHog's; PostHog's own refusals come back named", async () => {
  const provider = new WarehouseSavedQueryLifecycle(connection);
  // A name the provider refuses, PostHog refuses too (validate_saved_query_name).
  expect((await provider.check({}, { projectId, name: "sign-ups", query: hogql("SELECT 1") })).failures).toEqual([
    { property: "name", reason: expect.stringContaining("validate_saved_query_name") },
  ]);
  await expect(views.createWarehouseSavedQuery(client, projectId, { name: "sign-ups", query: hogql("SELECT 1") })).rejects.toMatchObject({
    status: 400,
    attr: "name",
  });
  // What needs PostHog's HogQL database is PostHog's to refuse: a PostHog table's name, an unknown table, a variable.
  await expect(provider.create({ projectId, name: "events", query: hogql("SELECT 1") })).rejects.toThrow(
    "View names cannot overlap with PostHog table names",
  );
  await expect(provider.create({ projectId, name: viewName("nowhere"), query: hogql("SELECT a FROM nowhere") })).rejects.toThrow(
    'Invalid query: Unknown table "nowhere".',
  );
  await expect(provider.create({ projectId, name: viewName("variable"), query: hogql("SELECT {x} FROM events") })).rejects.toThrow(
    "Variables like {x} are not allowed in views",
  );
});

test("WarehouseSavedQuery: a create runs the query on ClickHouse; without ClickHouse it is refused and the error says why", async () => {
  const provider = new WarehouseSavedQueryLifecycle(connection);
  const inputs: Json = { projectId, name: viewName("signups"), query: hogql("SELECT distinct_id FROM events WHERE event = 'signed_up'") };
  if (target.clickhouse !== false) {
    const created = await provider.create(inputs);
    expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
    await provider.delete(created.id, created.outs as Json);
    return;
  }
  await expect(provider.create(inputs)).rejects.toThrow(
    /Failed to retrieve types for view.*PostHog runs a view's query once on ClickHouse to learn its columns/s,
  );
  expect(await views.findWarehouseSavedQueryByName(client, projectId, viewName("signups"))).toBeNull();
});

test("WarehouseSavedQuery: adopted, renamed, refreshed, its query changed through PostHog's history check, DELETE", async () => {
  const provider = new WarehouseSavedQueryLifecycle(connection);
  const view = await unrun(viewName("adopted"), "SELECT event FROM events");
  const inputs: Json = { projectId, name: viewName("adopted_2"), query: hogql("SELECT event FROM events") };
  const adopted = await provider.create({ ...inputs, adoptId: view.id });
  expect(adopted.id).toBe(view.id);
  expect(adopted.outs).toMatchObject({ savedQueryId: view.id, name: viewName("adopted_2"), query: inputs["query"] });
  const read = await provider.read(adopted.id, adopted.outs as Json);
  expect(read.inputs).toEqual({ ...inputs, adoptId: view.id });
  expect((await provider.diff(adopted.id, read.props as Json, { ...inputs, adoptId: view.id })).changes).toBe(false);

  // A new query is sent with the view's history id: PostHog's check passes (without it: "The query was modified by
  // someone else."), then it runs the query on ClickHouse.
  const changed = { ...inputs, adoptId: view.id, query: hogql("SELECT event, timestamp FROM events") };
  if (target.clickhouse === false) {
    await expect(provider.update(adopted.id, read.props as Json, changed)).rejects.toThrow("Failed to retrieve types for view");
    await expect(views.updateWarehouseSavedQuery(client, projectId, view.id, { query: changed.query })).rejects.toThrow(
      "The query was modified by someone else.",
    );
  } else {
    expect((await provider.update(adopted.id, read.props as Json, changed)).outs).toMatchObject({ query: changed.query });
  }

  await provider.delete(adopted.id, adopted.outs as Json);
  await expect(views.getWarehouseSavedQuery(client, projectId, view.id)).rejects.toMatchObject({ isNotFound: true });
  // PostHog renamed it on delete (POSTHOG_DELETED_<uuid>): its name is free again.
  expect(await views.findWarehouseSavedQueryByName(client, projectId, viewName("adopted_2"))).toBeNull();
});

test("WarehouseSavedQuery: a view of the name exists: never taken over by PostHog's upsert, the error names it", async () => {
  const provider = new WarehouseSavedQueryLifecycle(connection);
  const theirs = await unrun(viewName("theirs"), "SELECT 1");
  await expect(provider.create({ projectId, name: viewName("theirs"), query: hogql("SELECT 2") })).rejects.toThrow(
    `PostHog already has a warehouse saved query named "${viewName("theirs")}": warehouse saved query ${theirs.id}`,
  );
  expect((await views.getWarehouseSavedQuery(client, projectId, theirs.id)).query).toEqual(hogql("SELECT 1"));
  // What the provider avoids: PostHog's POST of a taken name without a query updates that view (200).
  const upserted = await views.createWarehouseSavedQuery(client, projectId, { name: viewName("theirs") });
  expect(upserted.id).toBe(theirs.id);
});

test("WarehouseViewLink: PostHog 2025-08-04 refuses every personal API key (INTERNAL), today's takes `warehouse_view`", async () => {
  const provider = new WarehouseViewLinkLifecycle(connection);
  const inputs: Json = {
    projectId,
    sourceTableName: "events",
    sourceTableKey: "distinct_id",
    joiningTableName: "persons",
    joiningTableKey: "id",
    fieldName: viewName("person_join"),
  };
  if (target.version === "2025-08-04") {
    await expect(provider.create(inputs)).rejects.toThrow("This action does not support Personal API Key access");
    return;
  }
  const created = await provider.create(inputs);
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  await provider.delete(created.id, created.outs as Json);
});
