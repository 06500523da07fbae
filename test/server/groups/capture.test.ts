/**
 * The capture endpoint (src/server/groups/capture.ts): events authenticated by a project's api_token, and groups
 * created the real way, by `$groupidentify` events, also as the real posthog-node SDK sends them.
 */
import { PostHog } from "posthog-node";
import { groups, Transport } from "../../../src/client-entry";
import { groupIdentify, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());

async function capture(body: unknown, path = "/batch/") {
  const res = await fetch(`${h.server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("capture", () => {
  beforeEach(() => h.control.reset());

  test("authenticates with the project's api_token, not a personal key", async () => {
    const p = await h.createProject({ name: "Cap" });
    expect(await capture({ api_key: p.api_token, batch: [{ event: "$pageview", distinct_id: "u1", properties: {} }] })).toEqual({
      status: 200,
      body: { status: 1 },
    });
    expect((await capture({ api_key: h.server.apiKey, batch: [{ event: "x" }] })).body).toEqual({
      type: "authentication_error",
      code: "invalid_api_key",
      detail: "Project API key invalid. You can find your project API key in PostHog project settings.",
      attr: null,
    });
    const missing = await capture({ batch: [{ event: "x" }] });
    expect([missing.status, missing.body.code]).toEqual([401, "missing_api_key"]);
    const malformed = await fetch(`${h.server.url}/i/v0/e/`, { method: "POST", body: "{nope" });
    expect(malformed.status).toBe(400);
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).body.ingested_event).toBe(true);
    const logged = (await h.control.requests()).filter((e) => !e.path.startsWith("/api/"));
    expect(logged.map((e) => [e.method, e.path, e.status])).toEqual([
      ["POST", "/batch/", 200],
      ["POST", "/batch/", 401],
      ["POST", "/batch/", 401],
      ["POST", "/i/v0/e/", 400],
    ]);
    expect(logged[0].bodyKeys).toEqual(["api_key", "batch"]);
  });

  test("single events, bare arrays, tokens in properties, and every capture path", async () => {
    const p = await h.createProject({ name: "Paths" });
    expect(
      (
        await capture(
          { token: p.api_token, event: "$groupidentify", properties: { $group_type: "company", $group_key: "c1", $group_set: { a: 1 } } },
          "/i/v0/e/",
        )
      ).status,
    ).toBe(200);
    expect((await capture([{ api_key: p.api_token, ...groupIdentify("company", "c2", {}) }], "/capture/")).status).toBe(200);
    expect(
      (
        await capture(
          { ...groupIdentify("company", "c3", {}), properties: { ...groupIdentify("company", "c3", {}).properties, token: p.api_token } },
          "/e/",
        )
      ).status,
    ).toBe(200);
    const list = await h.api("GET", `/api/projects/${p.id}/groups/?group_type_index=0`);
    expect(list.body.results.map((g: { group_key: string }) => g.group_key).sort()).toEqual(["c1", "c2", "c3"]);
  });

  test("$groupidentify merges $group_set, keeps the first created_at; five types at most", async () => {
    const p = await h.createProject({ name: "Types" });
    await h.control.capture(p.api_token, [
      groupIdentify("company", "acme", { name: "Acme", plan: "free" }, "2024-01-02T03:04:05.123456Z"),
      groupIdentify("company", "acme", { plan: "paid", seats: 5 }, "2024-02-01T00:00:00Z"),
      ...["project", "team", "region", "unit", "sixth"].map((t) => groupIdentify(t, "k", {})),
    ]);
    const found = await h.api("GET", `/api/projects/${p.id}/groups/find/?group_type_index=0&group_key=acme`);
    expect(found.body).toEqual({
      group_type_index: 0,
      group_key: "acme",
      group_properties: { name: "Acme", plan: "paid", seats: 5 },
      created_at: "2024-01-02T03:04:05.123456Z",
      notebook: null,
    });
    const types = await h.api("GET", `/api/projects/${p.id}/groups_types/`);
    expect(types.body.map((t: { group_type: string; group_type_index: number }) => [t.group_type, t.group_type_index])).toEqual([
      ["company", 0],
      ["project", 1],
      ["team", 2],
      ["region", 3],
      ["unit", 4],
    ]);
    expect(Object.keys(types.body[0])).toEqual([
      "group_type",
      "group_type_index",
      "name_singular",
      "name_plural",
      "detail_dashboard",
      "default_columns",
      "created_at",
    ]);
    const project = (await h.api("GET", h.orgPath(`${p.id}/`))).body;
    expect(project.has_group_types).toBe(true);
    expect(project.group_types).toHaveLength(5);
  });
});

// The real posthog-node SDK (the npm package PostHog publishes) pointed at the local server: `groupIdentify` and
// `capture` travel the way they travel to PostHog (batched, gzipped, to `/batch/`), and the groups they make are read
// back through the server's group endpoints and through src/client's groups functions.
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
  expect(types.map((t: { group_type: string; group_type_index: number }) => [t.group_type, t.group_type_index])).toEqual([
    ["company", 0],
    ["workspace", 1],
  ]);
  const acme = await h.api("GET", `/api/projects/${project.id}/groups/find/?group_type_index=0&group_key=acme`);
  expect(acme.body.group_properties).toEqual({ name: "Acme", plan: "enterprise" });
  expect((await h.api("GET", h.orgPath(`${project.id}/`))).body.ingested_event).toBe(true);

  const http = new Transport({ host: h.server.url, apiKey: h.server.apiKey, rateLimits: false });
  expect((await groups.listGroupTypes(http, project.id)).map((t) => t.group_type)).toEqual(["company", "workspace"]);
  expect((await groups.findGroup(http, project.id, 1, "ws-1")).group_properties).toEqual({ seats: 12 });
  const companies = await groups.listGroupsPage(http, project.id, { groupTypeIndex: 0 });
  expect(companies.results.map((g) => g.group_key).sort()).toEqual(["acme", "globex"]);
});
