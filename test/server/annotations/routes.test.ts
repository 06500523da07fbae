/** Annotations on the local server (src/server/annotations/, after posthog/api/annotation.py). */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let base = "";
beforeAll(async () => ({ h, base } = await projectHarness("Annotations", "annotations")));
afterAll(() => h.server.close());

const V = "validation_error";
const post = (body: unknown) => h.api("POST", base, { body });

test("create answers the record", async () => {
  const res = await post({ content: "Launch", date_marker: "2026-01-01T00:00:00Z", scope: "project" });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    content: "Launch",
    date_marker: "2026-01-01T00:00:00Z",
    scope: "project",
    creation_type: "USR",
    deleted: false,
    dashboard_item: null,
  });
});

test.each([
  [{ content: "x", scope: "recording" }, err(V, "invalid_input", "Recording scope is deprecated", null)],
  [{ content: "x", scope: "nope" }, err(V, "invalid_choice", '"nope" is not a valid choice.', "scope")],
  [
    { date_marker: "bad" },
    err(
      V,
      "invalid_input",
      "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
      "date_marker",
    ),
  ],
])("refuses %j", async (body, expected) => {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(res.body).toEqual(expected);
});

test("today's fields: emoji (blank is null), hidden_in_user_interface, tags only with the tag scope", async () => {
  const made = await post({ content: "Deploy", scope: "project", emoji: "", hidden_in_user_interface: true });
  expect(made.body).toMatchObject({ emoji: null, hidden_in_user_interface: true, tags: [] });
  expect((await post({ content: "x", scope: "tag" })).body).toEqual(
    err(V, "invalid_input", "At least one tag is required when scope is 'tag'.", "tags"),
  );
  expect((await post({ content: "x", scope: "project", tags: ["a"] })).body).toEqual(
    err(V, "invalid_input", "Tags can only be set when scope is 'tag'.", "tags"),
  );
  expect((await post({ content: "x", scope: "tag", tags: [" Web "] })).body.tags).toEqual(["web"]);
  expect((await post({ content: "x", dashboard_id: 999999 })).body).toEqual(
    err(V, "invalid_input", "Dashboard not found.", "dashboard_id"),
  );
  expect((await post({ content: "x".repeat(8193) })).body.code).toBe("max_length");
  expect((await h.api("GET", `${base}?hidden_in_user_interface=true`)).body.results.map((a: { id: number }) => a.id)).toEqual([
    made.body.id,
  ]);
});

test("soft delete hides it from GET too; PATCH restores it", async () => {
  const a = await post({ content: "Soft", scope: "project" });
  expect((await h.api("DELETE", `${base}${a.body.id}/`)).status).toBe(405);
  await h.api("PATCH", `${base}${a.body.id}/`, { body: { deleted: true } });
  expect((await h.api("GET", `${base}${a.body.id}/`)).status).toBe(404);
  const restored = await h.api("PATCH", `${base}${a.body.id}/`, { body: { deleted: false } });
  expect(restored.body.deleted).toBe(false);
  expect((await h.api("GET", `${base}${a.body.id}/`)).status).toBe(200);
});

test("organization-scoped annotations appear in every project of the organization", async () => {
  const other = await h.createProject({ name: "Sibling" });
  const a = await post({ content: "Org-wide", scope: "organization" });
  const list = await h.api("GET", `/api/projects/${other.id}/annotations/?scope=organization`);
  expect(list.body.results.map((x: { id: number }) => x.id)).toContain(a.body.id);
});

test("list: default limit 1000, date_marker DESC, scope and date filters", async () => {
  const p = await h.createProject({ name: "Dated" });
  const path = `/api/projects/${p.id}/annotations/`;
  for (const d of ["2026-01-01", "2026-03-01", "2026-02-01"])
    await h.api("POST", path, { body: { content: d, date_marker: `${d}T00:00:00Z`, scope: "project" } });
  // the organization-wide annotation made above (no date_marker: NULLs first when descending) shows here too
  const all = await h.api("GET", `${path}?scope=project`);
  expect(all.body.results.map((x: { content: string }) => x.content)).toEqual(["2026-03-01", "2026-02-01", "2026-01-01"]);
  const ranged = await h.api("GET", `${path}?date_from=2026-01-15T00:00:00Z&date_to=2026-02-15T00:00:00Z`);
  expect(ranged.body.results.map((x: { content: string }) => x.content)).toEqual(["2026-02-01"]);
  expect((await h.api("GET", `${path}?scope=nope`)).body).toEqual(err(V, "invalid_input", "Invalid scope: nope", null));
  expect((await h.api("GET", path)).body.results[0].content).toBe("Org-wide");
  expect((await h.api("GET", `${path}?limit=1`)).body.next).toBe(`${h.server.url}${path}?limit=1&offset=1`);
});

test("scopes: annotation:read does not write", async () => {
  const reader = await h.control.createKey({ scopes: ["annotation:read"] });
  expect((await h.api("POST", base, { key: reader.key, body: { content: "x" } })).body.detail).toBe(
    "API key missing required scope 'annotation:write'",
  );
});

test("PostHog 2025-08-04: content to 400 characters, no emoji, hidden_in_user_interface, tags or tag scope, an unknown dashboard a 500", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old annotations" });
    const path = `/api/projects/${p.id}/annotations/`;
    const created = await old.api("POST", path, { body: { content: "Launch", scope: "project", emoji: "🚀", tags: ["x"] } });
    expect(created.status).toBe(201);
    for (const key of ["emoji", "hidden_in_user_interface", "tags"]) expect(created.body).not.toHaveProperty(key);
    expect((await old.api("POST", path, { body: { content: "x".repeat(401) } })).body).toMatchObject({
      code: "max_length",
      attr: "content",
    });
    expect((await old.api("POST", path, { body: { content: "x", scope: "tag" } })).body).toMatchObject({
      code: "invalid_choice",
      attr: "scope",
    });
    expect((await old.api("POST", path, { body: { content: "x", scope: "dashboard", dashboard_id: 999999 } })).status).toBe(500);
  } finally {
    await old.server.close();
  }
});
