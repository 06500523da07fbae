/**
 * The real posthog-node SDK (the npm package PostHog publishes) pointed at the local server: `groupIdentify` and
 * `capture` travel the way they travel to PostHog (batched, gzipped, to `/batch/`), and the groups they make are read
 * back through the server's group endpoints and through src/client's groups functions.
 */
import { PostHog } from "posthog-node";
import { groups, Transport } from "../../src/client";
import { harness, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());

test("posthog-node groupIdentify and capture create groups the endpoints and src/client read back", async () => {
  const project = await h.createProject({ name: "SDK" });
  await h.control.clearRequests();
  const client = new PostHog(project.api_token, { host: h.server.url, flushAt: 20, flushInterval: 0 });
  client.groupIdentify({ groupType: "company", groupKey: "acme", properties: { name: "Acme", plan: "enterprise" } });
  client.groupIdentify({ groupType: "company", groupKey: "globex", properties: { name: "Globex" } });
  client.groupIdentify({ groupType: "workspace", groupKey: "ws-1", properties: { seats: 12 } });
  client.capture({ distinctId: "user-1", event: "signed up", groups: { company: "acme" }, properties: { source: "sdk" } });
  // The SDK batches: nothing is guaranteed to be sent before shutdown() flushes the queue.
  await client.shutdown();

  const sent = (await h.control.requests()).filter((r) => !r.path.startsWith("/api/"));
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.every((r) => r.method === "POST" && r.path === "/batch/" && r.status === 200)).toBe(true);

  const types = (await h.api("GET", `/api/projects/${project.id}/groups_types/`)).body;
  expect(types.map((t: { group_type: string; group_type_index: number }) => [t.group_type, t.group_type_index])).toEqual([["company", 0], ["workspace", 1]]);
  const acme = await h.api("GET", `/api/projects/${project.id}/groups/find/?group_type_index=0&group_key=acme`);
  expect(acme.body.group_properties).toEqual({ name: "Acme", plan: "enterprise" });
  expect((await h.api("GET", h.orgPath(`${project.id}/`))).body.ingested_event).toBe(true);

  const http = new Transport({ host: h.server.url, apiKey: h.server.apiKey, rateLimits: false });
  expect((await groups.listGroupTypes(http, project.id)).map((t) => t.group_type)).toEqual(["company", "workspace"]);
  expect((await groups.findGroup(http, project.id, 1, "ws-1")).group_properties).toEqual({ seats: 12 });
  const companies = await groups.listGroupsPage(http, project.id, { groupTypeIndex: 0 });
  expect(companies.results.map((g) => g.group_key).sort()).toEqual(["acme", "globex"]);
});
