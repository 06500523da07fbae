/**
 * Insights on the local server (src/server/insights/, after posthog/api/insight.py): the record without results,
 * the query schema check (messages as the 2025-08-04 backend answers them), dashboards through the insight's own
 * field, soft delete, the list, both URL prefixes, scopes, faults and the log.
 */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let projectId = 0;
let base = "";
beforeAll(async () => ({ h, projectId, base } = await projectHarness("Insights", "insights")));
afterAll(() => h.server.close());

const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
const post = (body: unknown) => h.api("POST", base, { body });
const dashboard = async (name: string, pid = projectId) =>
  (await h.api("POST", `/api/projects/${pid}/dashboards/`, { body: { name } })).body;
const PARSE = (detail: string) => err("invalid_request", "parse_error", detail, null);

test("create answers the record PostHog returns, without results", async () => {
  const res = await post({ name: "Pageviews", query: trends });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    name: "Pageviews",
    derived_name: null,
    filters: {},
    query: trends,
    order: null,
    deleted: false,
    dashboards: [],
    dashboard_tiles: [],
    last_refresh: null,
    result: null,
    hasMore: null,
    columns: null,
    description: null,
    favorited: false,
    saved: false,
    is_sample: false,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    is_cached: false,
    tags: [],
  });
  expect(res.body.short_id).toMatch(/^[0-9A-Za-z]{8}$/);
  expect(res.body).toMatchObject({ resolved_date_range: null, alerts: [], last_viewed_at: expect.any(String), search_match_type: null });
  expect(res.body.filters_hash).toMatch(/^cache_[0-9a-f]{32}$/);
  expect(res.body.created_by.email).toBeTruthy();
  expect(res.body.last_modified_by.id).toBe(res.body.created_by.id);
});

test("short_id is read-only; saved, favorited and a HogQL query are stored", async () => {
  const res = await post({ short_id: "abc", saved: true, favorited: true, query: { kind: "HogQLQuery", query: "select 1" } });
  expect(res.status).toBe(201);
  expect(res.body.short_id).not.toBe("abc");
  expect(res.body).toMatchObject({ name: null, saved: true, favorited: true, query: { kind: "HogQLQuery", query: "select 1" } });
});

test.each([
  [
    { kind: "NopeQuery" },
    /^1 validation error for QuerySchemaRoot\n {2}Input tag 'NopeQuery' found using 'kind' does not match any of the expected tags: 'EventsNode', .*'InsightVizNode', 'TrendsQuery'.* \[type=union_tag_invalid/s,
  ],
  [
    { kind: "InsightVizNode", source: { kind: "TrendsQuery" } },
    /^1 validation error for QuerySchemaRoot\nInsightVizNode\.source\.TrendsQuery\.series\n {2}Field required \[type=missing, input_value=\{'kind': 'TrendsQuery'\}, input_type=dict\]\n {4}For further information visit https:\/\/errors\.pydantic\.dev\/2\.10\/v\/missing$/,
  ],
  [{ kind: "HogQLQuery" }, /^1 validation error for QuerySchemaRoot\nHogQLQuery\.query\n {2}Field required \[type=missing/],
  [
    "x",
    /^1 validation error for QuerySchemaRoot\n {2}Input should be a valid dictionary or object to extract fields from \[type=model_attributes_type, input_value='x', input_type=str\]/,
  ],
  [
    { kind: "InsightVizNode", source: { kind: "HogQLQuery", query: "select 1" } },
    /InsightVizNode\.source\n {2}Input tag 'HogQLQuery' found using 'kind'/,
  ],
  [
    { kind: "InsightVizNode", source: { kind: "RetentionQuery" } },
    /InsightVizNode\.source\.RetentionQuery\.retentionFilter\n {2}Field required/,
  ],
  [
    { kind: "InsightVizNode", source: { kind: "FunnelsQuery", series: [{ kind: "ActionsNode" }] } },
    /InsightVizNode\.source\.FunnelsQuery\.series\.0\.ActionsNode\.id\n {2}Field required/,
  ],
  [{ source: {} }, /^1 validation error for QuerySchemaRoot\n {2}Unable to extract tag using discriminator 'kind'/],
])("query %j is refused as PostHog's schema refuses it", async (query, detail) => {
  const res = await post({ name: "bad", query });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ type: "invalid_request", code: "parse_error", attr: null });
  expect(res.body.detail).toMatch(detail);
});

test("the query is checked before the other fields, and a falsy query is not checked", async () => {
  const res = await post({ name: "x".repeat(401), query: { kind: "Nope" } });
  expect(res.body.code).toBe("parse_error");
  expect((await post({ name: "x".repeat(401) })).body).toEqual(
    err("validation_error", "max_length", "Ensure this field has no more than 400 characters.", "name"),
  );
  // Without a query, the legacy filters say TRENDS (as the 2025-08-04 backend answers).
  expect((await post({ query: null })).body).toMatchObject({ query: null, filters: { insight: "TRENDS" } });
  expect((await post({ query: {} })).body).toMatchObject({ query: {}, filters: { insight: "TRENDS" } });
  expect((await post({ query: false })).body).toEqual(
    err("validation_error", "invalid_input", "Query must be a valid JSON object", "query"),
  );
});

test("PATCH checks the query too", async () => {
  const id = (await post({ query: trends })).body.id;
  const res = await h.api("PATCH", `${base}${id}/`, { body: { query: { kind: "TrendsQuery" } } });
  expect(res.body.detail).toMatch(/^1 validation error for QuerySchemaRoot\nTrendsQuery\.series\n {2}Field required/);
  expect(res.body).toEqual(PARSE(res.body.detail));
});

test("dashboards places the insight; removing one deletes its tile", async () => {
  const a = await dashboard("A");
  const b = await dashboard("B");
  const created = await post({ name: "on two", query: trends, dashboards: [a.id, b.id] });
  expect(created.body.dashboards).toEqual([a.id, b.id]);
  expect(created.body.dashboard_tiles).toEqual([
    { id: expect.any(Number), dashboard_id: a.id, deleted: null },
    { id: expect.any(Number), dashboard_id: b.id, deleted: null },
  ]);
  const patched = await h.api("PATCH", `${base}${created.body.id}/`, { body: { dashboards: [b.id] } });
  expect(patched.body.dashboards).toEqual([b.id]);
  const onA = await h.api("GET", `/api/projects/${projectId}/dashboards/${a.id}/`);
  expect(onA.body.tiles).toEqual([]);
  // Back on A: the same tile is restored.
  const back = await h.api("PATCH", `${base}${created.body.id}/`, { body: { dashboards: [a.id, b.id] } });
  expect(back.body.dashboard_tiles.map((t: { id: number }) => t.id).sort()).toEqual(
    created.body.dashboard_tiles.map((t: { id: number }) => t.id).sort(),
  );
});

test("dashboards: an unknown id, and another project's dashboard", async () => {
  expect((await post({ dashboards: [99999] })).body).toEqual(
    err("validation_error", "does_not_exist", 'Invalid pk "99999" - object does not exist.', "dashboards"),
  );
  expect((await post({ dashboards: ["x"] })).body).toEqual(
    err("validation_error", "incorrect_type", "Incorrect type. Expected pk value, received str.", "dashboards"),
  );
  const other = await h.createProject({ name: "Other insights" });
  const foreign = await dashboard("Foreign", other.id);
  expect((await post({ dashboards: [foreign.id] })).body).toEqual(
    err("validation_error", "does_not_exist", `Invalid pk "${foreign.id}" - object does not exist.`, "dashboards"),
  );
});

test("PostHog 2025-08-04: another project's dashboard is 'Dashboard not found', updates keep saved, no alerts fields", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const a = await old.createProject({ name: "Old A" });
    const b = await old.createProject({ name: "Old B" });
    const foreign = (await old.api("POST", `/api/projects/${b.id}/dashboards/`, { body: {} })).body;
    const insights = `/api/projects/${a.id}/insights/`;
    expect((await old.api("POST", insights, { body: { dashboards: [foreign.id] } })).body).toEqual(
      err("validation_error", "invalid_input", "Dashboard not found", null),
    );
    const created = (await old.api("POST", insights, { body: { name: "old" } })).body;
    expect(Object.keys(created).slice(-4)).toEqual(["hogql", "types", "tags", "filters_hash"]);
    expect((await old.api("PATCH", `${insights}${created.id}/`, { body: { name: "x" } })).body.saved).toBe(false);
  } finally {
    await old.server.close();
  }
});

test("today's update sets saved unless it is sent", async () => {
  const id = (await post({ name: "unsaved" })).body.id;
  expect((await h.api("PATCH", `${base}${id}/`, { body: { name: "renamed" } })).body.saved).toBe(true);
  expect((await h.api("PATCH", `${base}${id}/`, { body: { saved: false } })).body.saved).toBe(false);
});

test("soft delete: DELETE is 405, PATCH deleted hides it and its tiles, PATCH restores", async () => {
  const d = await dashboard("Holder");
  const id = (await post({ name: "gone", query: trends, dashboards: [d.id] })).body.id;
  expect((await h.api("DELETE", `${base}${id}/`)).status).toBe(405);
  expect((await h.api("PATCH", `${base}${id}/`, { body: { deleted: true } })).body.deleted).toBe(true);
  expect((await h.api("GET", `${base}${id}/`)).status).toBe(404);
  expect((await h.api("GET", `/api/projects/${projectId}/dashboards/${d.id}/`)).body.tiles).toEqual([]);
  const list = await h.api("GET", `${base}?limit=1000`);
  expect(list.body.results.map((i: { id: number }) => i.id)).not.toContain(id);
  // Deleting it again, or any other PATCH, does not find it.
  expect((await h.api("PATCH", `${base}${id}/`, { body: { deleted: true } })).status).toBe(404);
  expect((await h.api("PATCH", `${base}${id}/`, { body: { name: "x" } })).status).toBe(404);
  const restored = await h.api("PATCH", `${base}${id}/`, { body: { deleted: false, name: "back" } });
  expect(restored.body).toMatchObject({ deleted: false, name: "back", dashboards: [] });
  expect((await h.api("GET", `${base}${id}/`)).status).toBe(200);
});

test("the list is paginated, ordered by order, and filters on short_id, saved, favorited and search", async () => {
  const first = (await post({ name: "Findable thing", saved: true, order: 0 })).body;
  const tagged = (await post({ name: "plain", tags: ["findable-tag"], favorited: true })).body;
  const res = await h.api("GET", `${base}?limit=1`);
  expect(res.body).toMatchObject({ next: expect.stringContaining("limit=1&offset=1"), previous: null });
  expect(res.body.results[0].id).toBe(first.id);
  const ids = async (query: string) => (await h.api("GET", `${base}?${query}`)).body.results.map((i: { id: number }) => i.id);
  expect(await ids(`short_id=${first.short_id}`)).toEqual([first.id]);
  expect(await ids("search=findable")).toEqual([first.id, tagged.id]);
  // `favorited` of any value means favorited ones.
  const favorited = await ids("favorited=false");
  expect(favorited).toContain(tagged.id);
  expect(favorited).not.toContain(first.id);
  expect(await ids("saved=true")).toContain(first.id);
  expect(await ids("saved=true")).not.toContain(tagged.id);
  expect(await ids("saved=false")).toContain(tagged.id);
  expect((await ids("order=-id"))[0]).toBe(tagged.id);
});

test("the environment prefix answers the same insight; another project's is 404", async () => {
  const id = (await post({ name: "env" })).body.id;
  expect((await h.api("GET", `/api/environments/${projectId}/insights/${id}/`)).body.name).toBe("env");
  const other = await h.createProject({ name: "Other project" });
  expect((await h.api("GET", `/api/projects/${other.id}/insights/${id}/`)).status).toBe(404);
  expect((await h.api("GET", `${base}abc/`)).status).toBe(404);
});

test("tags are stripped, lower-cased and deduplicated", async () => {
  expect((await post({ tags: ["A ", "a", "b"] })).body.tags).toEqual(["a", "b"]);
});

test("scopes: insight:read lists, insight:write is needed to create", async () => {
  const reader = await h.control.createKey({ scopes: ["insight:read"] });
  expect((await h.api("GET", base, { key: reader.key })).status).toBe(200);
  expect((await h.api("POST", base, { key: reader.key, body: {} })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'insight:write'", null),
  );
  const other = await h.control.createKey({ scopes: ["dashboard:write"] });
  expect((await h.api("GET", base, { key: other.key })).body.detail).toBe("API key missing required scope 'insight:read'");
});

test("faults and the request log apply as for projects", async () => {
  await h.control.clearRequests();
  await h.control.addFault({ method: "POST", path: "/insights/", status: 503 });
  expect((await post({})).status).toBe(503);
  expect((await post({})).status).toBe(201);
  const log = await h.control.requests();
  expect(log.filter((r) => r.path.endsWith("/insights/")).map((r) => r.status)).toEqual([503, 201]);
});
