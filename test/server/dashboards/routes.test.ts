/**
 * Dashboards on the local server (src/server/dashboards/, after posthog/api/dashboards/dashboard.py): the record,
 * restriction levels, filters, text tiles and layouts, insights placed through their own `dashboards`, soft delete
 * with and without `delete_insights`, duplication, the list, both URL prefixes, scopes, faults and the log.
 */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let projectId = 0;
let base = "";
beforeAll(async () => ({ h, projectId, base } = await projectHarness("Dashboards", "dashboards")));
afterAll(() => h.server.close());

const V = "validation_error";
const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
const post = (body: unknown) => h.api("POST", base, { body });
const patch = (id: number, body: unknown) => h.api("PATCH", `${base}${id}/`, { body });
const insight = async (dashboards: number[], name = "i") =>
  (await h.api("POST", `/api/projects/${projectId}/insights/`, { body: { name, query: trends, dashboards } })).body;

test("create answers the record today's PostHog returns", async () => {
  const res = await post({ name: "Main", description: "d", pinned: true });
  expect(res.status).toBe(201);
  expect(Object.keys(res.body).slice(-5)).toEqual(["persisted_filters", "persisted_variables", "team_id", "tiles", "tags"]);
  expect(res.body).toEqual({
    id: expect.any(Number),
    name: "Main",
    description: "d",
    pinned: true,
    created_at: expect.any(String),
    created_by: expect.objectContaining({ email: expect.any(String) }),
    is_shared: false,
    deleted: false,
    creation_mode: "default",
    last_accessed_at: null,
    filters: {},
    variables: {},
    breakdown_colors: [],
    data_color_theme_id: null,
    tiles: [],
    restriction_level: 21,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    user_access_level: "manager",
    access_control_version: "v2",
    last_refresh: null,
    persisted_filters: null,
    persisted_variables: null,
    team_id: projectId,
    tags: [],
  });
  expect((await h.api("GET", `${base}${res.body.id}/`)).body.last_accessed_at).toEqual(expect.any(String));
});

test("PostHog 2025-08-04's record: its field order, no persisted filters, team_id or last_accessed_at", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old dashboards" });
    const res = await old.api("POST", `/api/projects/${p.id}/dashboards/`, { body: { name: "Main" } });
    // As the 2025-08-04 backend answered it (keys in its order).
    expect(Object.keys(res.body)).toEqual([
      "id",
      "name",
      "description",
      "pinned",
      "created_at",
      "created_by",
      "is_shared",
      "deleted",
      "creation_mode",
      "filters",
      "variables",
      "breakdown_colors",
      "data_color_theme_id",
      "tiles",
      "restriction_level",
      "effective_restriction_level",
      "effective_privilege_level",
      "user_access_level",
      "access_control_version",
      "last_refresh",
      "tags",
    ]);
    const list = await old.api("GET", `/api/projects/${p.id}/dashboards/`);
    expect(list.body.results[0]).not.toHaveProperty("team_id");
    expect(list.body.results[0]).toHaveProperty("last_accessed_at");
  } finally {
    await old.server.close();
  }
});

test("every field is optional; a null name is kept", async () => {
  expect((await post({ name: null })).body).toMatchObject({ name: null, description: "", pinned: false });
});

test.each([
  [{ restriction_level: 5 }, err(V, "invalid_choice", '"5" is not a valid choice.', "restriction_level")],
  [{ name: "a".repeat(401) }, err(V, "max_length", "Ensure this field has no more than 400 characters.", "name")],
  [{ filters: "x" }, err(V, "invalid_input", "Filters must be a dictionary", null)],
  [{ use_template: "nope" }, err(V, "invalid_input", "Invalid template provided: nope", "use_template")],
  [{ use_dashboard: 999999 }, err(V, "invalid_input", "Invalid value provided", "use_dashboard")],
  [{ use_dashboard: 1, use_template: "x" }, err(V, "invalid_input", "`use_dashboard` and `use_template` cannot be used together", null)],
  [{ pinned: "maybe" }, err(V, "invalid_input", "Must be a valid boolean.", "pinned")],
])("%j is refused as PostHog refuses it", async (body, expected) => {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(res.body).toEqual(expected);
});

test("a refused use_template or use_dashboard leaves the new dashboard behind, as PostHog does", async () => {
  const count = async () => (await h.api("GET", base)).body.count;
  const before = await count();
  expect((await post({ name: "left behind", use_template: "nope" })).status).toBe(400);
  expect((await post({ name: "left behind", use_dashboard: 999999 })).status).toBe(400);
  expect(await count()).toBe(before + 2);
  // Checked before anything is made: both together.
  expect((await post({ use_dashboard: 1, use_template: "x" })).status).toBe(400);
  expect(await count()).toBe(before + 2);
});

test("restriction level 37 is stored and shown as access control v1", async () => {
  expect((await post({ restriction_level: 37 })).body).toMatchObject({ restriction_level: 37, access_control_version: "v1" });
});

test("filters are kept on create, variables only on update (as the 2025-08-04 backend does)", async () => {
  const created = await post({ filters: { date_from: "-7d" }, variables: { a: 1 } });
  expect(created.body).toMatchObject({ filters: { date_from: "-7d" }, variables: {} });
  expect((await patch(created.body.id, { variables: "x" })).body).toEqual(err(V, "invalid_input", "Filters must be a dictionary", null));
  expect((await patch(created.body.id, { variables: { a: 1 } })).body.variables).toEqual({ a: 1 });
});

test("tiles: insights placed by their own dashboards, text tiles and layouts, ordered by the sm layout", async () => {
  const d = (await post({ name: "Tiles" })).body;
  const i = await insight([d.id], "on tiles");
  const withText = await patch(d.id, { tiles: [{ text: { body: "hello" }, layouts: { sm: { y: 5, x: 0, w: 6, h: 5 } } }] });
  expect(withText.body.tiles.map((t: { text: { body: string } | null }) => t.text?.body ?? null)).toEqual(["hello", null]);
  const insightTile = withText.body.tiles[1];
  expect(insightTile).toMatchObject({
    insight: { id: i.id, name: "on tiles" },
    text: null,
    layouts: {},
    color: null,
    order: 1,
    is_cached: false,
  });
  const moved = await patch(d.id, { tiles: [{ id: insightTile.id, layouts: { sm: { x: 1, y: 0, w: 6, h: 5 } }, color: "blue" }] });
  expect(moved.body.tiles[0]).toMatchObject({ id: insightTile.id, color: "blue", order: 0, layouts: { sm: { h: 5, w: 6, x: 1, y: 0 } } });
  // jsonb sorts keys.
  expect(Object.keys(moved.body.tiles[0].layouts.sm)).toEqual(["h", "w", "x", "y"]);
  expect(moved.body.tiles[1]).toMatchObject({ text: { body: "hello", last_modified_by: null }, order: 1 });
  const removed = await patch(d.id, { tiles: [{ id: moved.body.tiles[1].id, text: { body: "hello" }, deleted: true }] });
  expect(removed.body.tiles).toHaveLength(1);
});

test("the list leaves tiles out, is ordered by -pinned then name, and is paginated", async () => {
  await post({ name: "zz pinned", pinned: true });
  await post({ name: "aa not pinned" });
  const all = (await h.api("GET", base)).body.results as Array<{ name: string | null; pinned: boolean }>;
  const pinned = all.filter((d) => d.pinned).map((d) => d.name);
  expect(all.slice(0, pinned.length).every((d) => d.pinned)).toBe(true);
  expect(pinned).toEqual([...pinned].sort());
  expect(pinned).toContain("zz pinned");
  const res = await h.api("GET", `${base}?limit=2`);
  expect(res.body.results[0]).not.toHaveProperty("tiles");
  expect(Object.keys(res.body.results[0]).sort()).toEqual(
    [
      "last_accessed_at",
      "team_id",
      "access_control_version",
      "created_at",
      "created_by",
      "creation_mode",
      "deleted",
      "description",
      "effective_privilege_level",
      "effective_restriction_level",
      "id",
      "is_shared",
      "last_refresh",
      "name",
      "pinned",
      "restriction_level",
      "tags",
      "user_access_level",
    ].sort(),
  );
  expect(res.body.next).toContain("limit=2&offset=2");
});

test("soft delete: DELETE is 405; deleting keeps insights others use unless delete_insights", async () => {
  const d = (await post({ name: "Doomed" })).body;
  const other = (await post({ name: "Keeper" })).body;
  const shared = await insight([d.id, other.id], "shared");
  const own = await insight([d.id], "own");
  const kept = await insight([d.id], "kept");
  expect((await h.api("DELETE", `${base}${d.id}/`)).status).toBe(405);
  expect((await patch(d.id, { deleted: true, delete_insights: true })).body.deleted).toBe(true);
  expect((await h.api("GET", `${base}${d.id}/`)).status).toBe(404);
  const insights = `/api/projects/${projectId}/insights/`;
  expect((await h.api("GET", `${insights}${shared.id}/`)).body.dashboards).toEqual([other.id]);
  expect((await h.api("GET", `${insights}${own.id}/`)).status).toBe(404);
  expect((await h.api("GET", `${insights}${kept.id}/`)).status).toBe(404);
  // PATCH {"deleted": false} alone restores it and its tiles, not the insights delete_insights deleted.
  expect((await patch(d.id, { name: "x", deleted: false })).status).toBe(404);
  const restored = await patch(d.id, { deleted: false });
  expect(restored.body.tiles.map((t: { insight: { name: string } }) => t.insight.name)).toEqual(["shared"]);
  expect((await h.api("GET", `${insights}${own.id}/`)).status).toBe(404);
});

test("restoring brings back a tile its insight had left (as the 2025-08-04 backend does)", async () => {
  const d = (await post({ name: "Comeback" })).body;
  const i = await insight([d.id], "left");
  await h.api("PATCH", `/api/projects/${projectId}/insights/${i.id}/`, { body: { dashboards: [] } });
  await patch(d.id, { deleted: true });
  const restored = await patch(d.id, { deleted: false });
  expect(restored.body.tiles.map((t: { insight: { id: number } }) => t.insight.id)).toEqual([i.id]);
});

test("without delete_insights, the insights stay", async () => {
  const d = (await post({ name: "Soft" })).body;
  const i = await insight([d.id], "stays");
  await patch(d.id, { deleted: true });
  const res = await h.api("GET", `/api/projects/${projectId}/insights/${i.id}/`);
  expect(res.status).toBe(200);
  expect(res.body.dashboards).toEqual([]);
});

test("use_dashboard duplicates the tiles", async () => {
  const d = (await post({ name: "Original" })).body;
  const i = await insight([d.id], "copied");
  const copy = await post({ name: "Copy", use_dashboard: d.id });
  expect(copy.body.creation_mode).toBe("duplicate");
  expect(copy.body.tiles.map((t: { insight: { id: number } }) => t.insight.id)).toEqual([i.id]);
});

test("the environment prefix answers the same dashboard; another project's is 404", async () => {
  const d = (await post({ name: "Env" })).body;
  expect((await h.api("GET", `/api/environments/${projectId}/dashboards/${d.id}/`)).body.name).toBe("Env");
  const other = await h.createProject({ name: "Elsewhere" });
  expect((await h.api("GET", `/api/projects/${other.id}/dashboards/${d.id}/`)).status).toBe(404);
});

test("a project's own first dashboard is listed", async () => {
  const p = await h.createProject({ name: "Fresh" });
  const res = await h.api("GET", `/api/projects/${p.id}/dashboards/`);
  expect(res.body.results.map((d: { id: number }) => d.id)).toEqual([p.primary_dashboard]);
});

test("scopes: dashboard:read lists, dashboard:write is needed to create", async () => {
  const reader = await h.control.createKey({ scopes: ["dashboard:read"] });
  expect((await h.api("GET", base, { key: reader.key })).status).toBe(200);
  expect((await h.api("POST", base, { key: reader.key, body: {} })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'dashboard:write'", null),
  );
});

test("faults and the request log apply as for projects", async () => {
  await h.control.clearRequests();
  await h.control.addFault({ method: "POST", path: "/dashboards/", status: 503 });
  expect((await post({})).status).toBe(503);
  expect((await post({})).status).toBe(201);
  const log = await h.control.requests();
  expect(log.filter((r) => r.path.endsWith("/dashboards/")).map((r) => r.status)).toEqual([503, 201]);
});
