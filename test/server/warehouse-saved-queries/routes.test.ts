/**
 * Warehouse saved queries on the local server (src/server/warehouse-saved-queries/, after PostHog's
 * DataWarehouseSavedQueryViewSet): the name's rules, the query's placeholders, the upsert by name, the history check
 * of a changed query, DELETE's rename and the joins it takes along, the page-number list, the same in 2025-08-04.
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
let base = "";
let links = "";
beforeAll(async () => {
  h = await harness();
  const p = await h.createProject({ name: "Views" });
  base = `/api/projects/${p.id}/warehouse_saved_queries/`;
  links = `/api/projects/${p.id}/warehouse_view_links/`;
});
afterAll(() => h.server.close());

const V = "validation_error";
const hogql = (query: string) => ({ kind: "HogQLQuery", query });
const post = (body: unknown) => h.api("POST", base, { body });

test("create answers the view: its UUID, no columns (no ClickHouse here), its history id", async () => {
  const res = await post({ name: "  signups  ", query: hogql("SELECT 1") });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: "signups",
    query: hogql("SELECT 1"),
    deleted: false,
    columns: [],
    status: null,
    latest_history_id: expect.any(String),
    created_by: expect.objectContaining({ email: expect.any(String) }),
  });
});

test("the name: validate_saved_query_name, PostHog's tables, the project's tables, 128 characters, required", async () => {
  expect((await post({ name: "sign-ups", query: hogql("SELECT 1") })).body).toEqual(
    err(V, "invalid_input", "sign-ups is not a valid view name. View names can only contain letters, numbers, '_', '.', or '$' ", "name"),
  );
  expect((await post({ name: "persons", query: hogql("SELECT 1") })).body).toEqual(
    err(V, "invalid_input", "persons is not a valid view name. View names cannot overlap with PostHog table names.", "name"),
  );
  expect((await post({ name: "x".repeat(129), query: hogql("SELECT 1") })).body).toMatchObject({ attr: "name", code: "max_length" });
  expect((await post({ query: hogql("SELECT 1") })).body).toMatchObject({ attr: "name", code: "required" });
  expect((await post({ name: "with_var", query: hogql("SELECT {x} FROM events") })).body).toEqual(
    err(V, "invalid_input", "Variables like {x} are not allowed in views", "query"),
  );
});

test("POST of a taken name is PostHog's upsert; a new query needs the view's history id, or soft_update", async () => {
  const view = (await post({ name: "upserted", query: hogql("SELECT 1") })).body;
  const again = await post({ name: "upserted" });
  expect(again.status).toBe(200);
  expect(again.body.id).toBe(view.id);
  expect((await post({ name: "upserted", query: hogql("SELECT 2") })).body).toEqual(
    err(V, "invalid_input", "The query was modified by someone else."),
  );
  const at = `${base}${view.id}/`;
  const current = (await h.api("GET", at)).body.latest_history_id;
  const patched = await h.api("PATCH", at, { body: { query: hogql("SELECT 2"), edited_history_id: current } });
  expect(patched.body).toMatchObject({ query: hogql("SELECT 2"), status: "Modified" });
  expect(patched.body.latest_history_id).not.toBe(current);
  // The old history id is stale now.
  expect((await h.api("PATCH", at, { body: { query: hogql("SELECT 3"), edited_history_id: current } })).status).toBe(400);
  expect((await h.api("PATCH", at, { body: { query: hogql("SELECT 3"), soft_update: true } })).status).toBe(200);
});

test("DELETE renames the view, marks deleted the joins naming it, and answers 404 after", async () => {
  const view = (await post({ name: "doomed", query: hogql("SELECT 1") })).body;
  const join = (
    await h.api("POST", links, {
      body: {
        source_table_name: "events",
        source_table_key: "distinct_id",
        joining_table_name: "doomed",
        joining_table_key: "distinct_id",
        field_name: "doom",
      },
    })
  ).body;
  expect((await h.api("DELETE", `${base}${view.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${view.id}/`)).status).toBe(404);
  expect((await h.api("GET", `${links}${join.id}/`)).body.deleted).toBe(true);
  expect((await post({ name: "doomed", query: hogql("SELECT 1") })).status).toBe(201);
});

test("the list: live views newest first, `search` on the name", async () => {
  const listed = (await h.api("GET", `${base}?search=signup`)).body;
  expect(listed).toMatchObject({ count: 1, next: null, previous: null });
  expect(listed.results.map((v: { name: string }) => v.name)).toEqual(["signups"]);
});

test("scope warehouse_view in both versions", async () => {
  const key = await h.control.createKey({ scopes: ["project:read"] });
  expect((await h.api("GET", base, { key: key.key })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'warehouse_view:read'"),
  );
});
