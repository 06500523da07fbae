/**
 * Warehouse view links on the local server (src/server/warehouse-view-links/, after PostHog's ViewLinkViewSet): the
 * checks of a create (tables, keys, field name), none on update, DELETE for good, and 2025-08-04's refusal of every
 * personal API key with scopes (INTERNAL).
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
let base = "";
beforeAll(async () => {
  h = await harness();
  base = `/api/projects/${(await h.createProject({ name: "Joins" })).id}/warehouse_view_links/`;
});
afterAll(() => h.server.close());

const V = "validation_error";
const link = (extra: Record<string, unknown> = {}) => ({
  source_table_name: "events",
  source_table_key: "distinct_id",
  joining_table_name: "persons",
  joining_table_key: "id",
  field_name: "buyer",
  ...extra,
});
const post = (body: unknown) => h.api("POST", base, { body });

test("create checks the tables, the keys and the field name; update checks none of them; DELETE is for good", async () => {
  expect((await post(link({ joining_table_name: "nowhere" }))).body).toEqual(err(V, "invalid_input", "Invalid table: nowhere"));
  expect((await post(link({ source_table_key: "1 + 1" }))).body).toEqual(err(V, "invalid_input", "Join key 1 + 1 must be a table field"));
  expect((await post(link({ joining_table_key: "lower(properties.email)" }))).status).toBe(201);
  expect((await post(link({ field_name: "a.b" }))).body).toEqual(err(V, "invalid_input", "Field name must not contain a period: '.'"));
  expect((await post(link())).body).toEqual(err(V, "invalid_input", 'Field name "buyer" already exists on table "events"'));
  const made = (await post(link({ field_name: "second", configuration: null }))).body;
  expect(made).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), deleted: false, configuration: null });
  expect((await h.api("PATCH", `${base}${made.id}/`, { body: { joining_table_name: "nowhere" } })).body.joining_table_name).toBe("nowhere");
  expect((await h.api("DELETE", `${base}${made.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${made.id}/`)).status).toBe(404);
  expect((await h.api("GET", base)).body.results.map((l: { field_name: string }) => l.field_name)).toEqual(["buyer"]);
});

test("PostHog 2025-08-04 refuses personal API keys with scopes (INTERNAL); today's asks for warehouse_view", async () => {
  const key = await h.control.createKey({ scopes: ["project:read"] });
  expect((await h.api("GET", base, { key: key.key })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'warehouse_view:read'"),
  );
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old joins" });
    const all = await old.control.createKey({ scopes: ["*"] });
    expect((await old.api("GET", `/api/projects/${p.id}/warehouse_view_links/`, { key: all.key })).body).toEqual(
      err("authentication_error", "permission_denied", "This action does not support Personal API Key access"),
    );
  } finally {
    await old.server.close();
  }
});
