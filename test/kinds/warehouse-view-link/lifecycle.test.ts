/**
 * posthog.WarehouseViewLink's lifecycle over loopback against the local server: today's PostHog (create, no change,
 * a join of the same table and field never made twice, a create whose answer is lost, a join its view's deletion took
 * along read as gone, PostHog's refusals named, DELETE) and PostHog 2025-08-04, which refuses every personal API key
 * here. (Its example's create, preview, drift, adoption, import and delete: the contract, test/kinds/contract.test.ts.)
 */
import * as links from "../../../src/kinds/warehouse-view-link/endpoints";
import * as views from "../../../src/kinds/warehouse-saved-query/endpoints";
import { Transport } from "../../../src/client-entry";
import { WarehouseViewLinkLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Warehouse joins", (connection) => new WarehouseViewLinkLifecycle(connection));
const current = () => setups.current!;

const join = (projectId: number, fieldName: string): Json => ({
  projectId,
  sourceTableName: "events",
  sourceTableKey: "distinct_id",
  joiningTableName: "persons",
  joiningTableKey: "id",
  fieldName,
});

test("create, no change, drift, restore, DELETE", async () => {
  const { provider, http, projectId } = current();
  const inputs = { ...join(projectId, "buyer"), configuration: { experiments_optimized: false } };
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ viewLinkId: created.id, projectId, sourceTableName: "events", fieldName: "buyer" });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);

  await links.updateWarehouseViewLink(http, projectId, created.id, { joining_table_key: "properties.email" });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, joiningTableKey: "properties.email" });
  await provider.update(created.id, drifted.props as Json, inputs);
  expect((await links.getWarehouseViewLink(http, projectId, created.id)).joining_table_key).toBe("id");

  await provider.delete(created.id, created.outs as Json);
  await expect(links.getWarehouseViewLink(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("a join adding a field the source table has from another join is never made twice: the error names it", async () => {
  const { provider, http, projectId, server } = current();
  const theirs = await links.createWarehouseViewLink(http, projectId, {
    source_table_name: "events",
    source_table_key: "distinct_id",
    joining_table_name: "persons",
    joining_table_key: "id",
    field_name: "taken",
  });
  const posts = async () => (await server.requests({ method: "POST", path: /\/warehouse_view_links\/$/ })).length;
  const before = await posts();
  await expect(provider.create(join(projectId, "taken"))).rejects.toThrow(
    `PostHog already has a warehouse view link adding "taken" to "events": warehouse view link ${theirs.id}`,
  );
  expect(await posts()).toBe(before);
});

test("a create whose answer is lost after PostHog committed is found by its table and field, not created twice", async () => {
  const { provider, server, http, projectId } = current();
  await server.fault({ method: "POST", path: "/warehouse_view_links/?$", status: 502, afterCommit: true });
  const created = await provider.create(join(projectId, "lost"));
  const live = (await links.listWarehouseViewLinks(http, projectId)).filter((l) => l.field_name === "lost").map((l) => l.id);
  expect(live).toEqual([created.id]);
});

test("PostHog's refusals on create come back named; deleting the view a join names takes the join along", async () => {
  const { provider, http, projectId } = current();
  await expect(provider.create({ ...join(projectId, "x"), joiningTableName: "nowhere" })).rejects.toThrow("Invalid table: nowhere");
  await expect(provider.create({ ...join(projectId, "x"), sourceTableKey: "1 + 1" })).rejects.toThrow(
    "Join key 1 + 1 must be a table field",
  );
  await expect(provider.create(join(projectId, "a.b"))).rejects.toThrow("Field name must not contain a period");
  expect((await provider.check({}, { ...join(projectId, "x"), sourceTableName: " " })).failures).toEqual([
    { property: "sourceTableName", reason: expect.stringContaining("may not be blank") },
  ]);

  const view = await views.createWarehouseSavedQuery(http, projectId, { name: "plans", query: { kind: "HogQLQuery", query: "SELECT 1" } });
  const created = await provider.create({ ...join(projectId, "plan"), joiningTableName: "plans", joiningTableKey: "distinct_id" });
  await views.deleteWarehouseSavedQuery(http, projectId, view.id);
  // PostHog still answers the join, marked deleted: a refresh reads it as gone.
  expect((await links.getWarehouseViewLink(http, projectId, created.id)).deleted).toBe(true);
  expect(await provider.read(created.id, created.outs as Json)).toEqual({});
});

test("PostHog 2025-08-04 refuses every personal API key with scopes here (INTERNAL): its error is said as it is", async () => {
  const { server, projectId } = setups["2025-08-04"]!;
  // A key with scopes, as the real backend's `*` key; a key without scopes is a legacy key that passes.
  const apiKey = await server.key({ scopes: ["*"] });
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 10 } });
  const provider = new WarehouseViewLinkLifecycle({
    config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) },
    transport,
  });
  await expect(provider.create(join(projectId, "old"))).rejects.toThrow("This action does not support Personal API Key access");
});
