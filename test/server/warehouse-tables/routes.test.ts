/**
 * Self-managed warehouse tables on the local server (src/server/warehouse-tables/, after PostHog's TableViewSet): the
 * credential's key and secret write-only and merged on update, the name's rules in both versions (today's lets an
 * update keep the table's own name; 2025-08-04 refuses it as taken), today's URL rules and options, DELETE's soft
 * delete and the joins it takes along, the list's search, a view's name taken by a table.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { err, harness, type Harness } from "../helpers";

const V = "validation_error";
const KEY = "EXAMPLEKEYID0001";
const SECRET = "example-bucket-secret";
const credential = { access_key: KEY, access_secret: SECRET };
const table = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  format: "Parquet",
  url_pattern: "https://exports.s3.us-east-1.amazonaws.com/orders/*.parquet",
  credential,
  ...extra,
});

test.each(["current", "2025-08-04"] as const)(
  "PostHog %s keeps the key and secret it never answers; a PATCH of the secret keeps the key",
  async (version) => {
    const statePath = join(mkdtempSync(join(tmpdir(), "warehouse-tables-")), "state.json");
    const h = await harness({ postHogVersion: version, statePath });
    const p = await h.createProject({ name: "Kept" });
    const made = (await h.api("POST", `/api/projects/${p.id}/warehouse_tables/`, { body: table("kept") })).body;
    await h.api("PATCH", `/api/projects/${p.id}/warehouse_tables/${made.id}/`, {
      body: { credential: { access_secret: "rotated-secret" } },
    });
    await h.server.close();
    const state = JSON.parse(readFileSync(statePath, "utf8"));
    const stored = state.objects.warehouseTables.find((t: { fields: { uuid: string } }) => t.fields.uuid === made.id);
    expect(stored.fields.credential).toMatchObject({ access_key: KEY, access_secret: "rotated-secret" });
  },
);

describe.each(["current", "2025-08-04"] as const)("PostHog %s", (version) => {
  let h: Harness;
  let base = "";
  beforeAll(async () => {
    h = await harness({ postHogVersion: version });
    const p = await h.createProject({ name: "Tables" });
    base = `/api/projects/${p.id}/warehouse_tables/`;
  });
  afterAll(() => h.server.close());
  const post = (body: unknown) => h.api("POST", base, { body });

  test("create answers the table without the credential's key or secret; a PATCH of the secret keeps the key", async () => {
    const res = await post(table("orders"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "orders",
      format: "Parquet",
      credential: { id: expect.any(String), created_at: expect.any(String) },
      columns: [],
      deleted: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect("options" in res.body).toBe(version === "current");
    const at = `${base}${res.body.id}/`;
    expect((await h.api("PATCH", at, { body: { credential: { access_secret: "rotated-secret" } } })).status).toBe(200);
    expect(JSON.stringify((await h.api("GET", at)).body)).not.toContain("rotated-secret");
  });

  test("what both versions refuse: the fields' rules, a credential without its key or with a blank secret, a taken name", async () => {
    expect((await post({ ...table("x"), format: "Avro" })).body).toMatchObject({ attr: "format", code: "invalid_choice" });
    expect((await post({ ...table("x"), name: "n".repeat(129) })).body).toMatchObject({ attr: "name", code: "max_length" });
    expect((await post({ ...table("x"), url_pattern: `https://h.example.com/${"p".repeat(480)}` })).body).toMatchObject({
      attr: "url_pattern",
      code: "max_length",
    });
    expect((await post({ ...table("x"), credential: undefined })).body).toMatchObject({ attr: "credential", code: "required" });
    expect((await post({ ...table("x"), credential: { access_secret: SECRET } })).body).toMatchObject({
      attr: "credential__access_key",
      code: "required",
    });
    expect((await post({ ...table("x"), credential: { access_key: KEY, access_secret: "  " } })).body).toMatchObject({
      attr: "credential__access_secret",
      code: "blank",
    });
    expect((await post(table("events"))).body).toEqual(err(V, "invalid_input", "A table with this name already exists.", "name"));
    await post(table("taken"));
    expect((await post(table("taken"))).body).toEqual(err(V, "invalid_input", "A table with this name already exists.", "name"));
  });

  test("an update sending the table's own name: today's PostHog keeps it, 2025-08-04 refuses it as taken", async () => {
    const made = (await post(table("own_name"))).body;
    const res = await h.api("PATCH", `${base}${made.id}/`, { body: { name: "own_name" } });
    if (version === "current") expect(res.status).toBe(200);
    else expect(res.body).toEqual(err(V, "invalid_input", "A table with this name already exists.", "name"));
    expect((await h.api("PATCH", `${base}${made.id}/`, { body: { name: "renamed" } })).body.name).toBe("renamed");
  });

  test("the URL: today's PostHog takes an https URL with a public host; 2025-08-04 takes any", async () => {
    for (const [url, detail] of [
      ["http://exports.example.com/a.csv", "URL pattern must use https."],
      ["https:///a.csv", "URL pattern must include a valid hostname."],
      ["https://localhost/a.csv", "URL pattern hostname is not allowed."],
      ["https://10.0.0.8/a.csv", "URL pattern hostname must not resolve to internal IP ranges."],
      ["https://[::1]/a.csv", "URL pattern hostname must not resolve to internal IP ranges."],
    ]) {
      const res = await post(table(`url_${Math.random().toString(36).slice(2)}`, { url_pattern: url }));
      if (version === "current") expect(res.body).toEqual(err(V, "invalid_input", detail!, "url_pattern"));
      else expect(res.status).toBe(201);
    }
  });

  test("options: a dictionary in today's PostHog; 2025-08-04 drops them", async () => {
    const res = await post(table("with_options", { format: "CSVWithNames", options: { csv_allow_double_quotes: true } }));
    expect(res.status).toBe(201);
    if (version === "current") {
      expect(res.body.options).toEqual({ csv_allow_double_quotes: true });
      expect((await post(table("bad_options", { options: "yes" }))).body).toMatchObject({ attr: "options", code: "not_a_dict" });
    } else expect("options" in res.body).toBe(false);
  });

  test("DELETE marks the table deleted and the joins naming it; then 404; its name is free; the list searches names", async () => {
    const made = (await post(table("joined"))).body;
    const links = base.replace("warehouse_tables", "warehouse_view_links");
    const join = await h.api("POST", links, {
      body: {
        source_table_name: "events",
        source_table_key: "distinct_id",
        joining_table_name: "joined",
        joining_table_key: "id",
        field_name: "joined",
      },
    });
    expect(join.status).toBe(201);
    expect((await h.api("GET", `${base}?search=JOIN`)).body.results.map((t: { name: string }) => t.name)).toEqual(["joined"]);
    expect((await h.api("DELETE", `${base}${made.id}/`)).status).toBe(204);
    expect((await h.api("GET", `${base}${made.id}/`)).status).toBe(404);
    expect((await h.api("DELETE", `${base}${made.id}/`)).status).toBe(404);
    expect((await h.api("GET", `${links}${join.body.id}/`)).body.deleted).toBe(true);
    expect((await post(table("joined"))).status).toBe(201);
  });

  test("a view may not take a table's name (the project's HogQL database holds it)", async () => {
    await post(table("shared_name"));
    const views = base.replace("warehouse_tables", "warehouse_saved_queries");
    expect((await h.api("POST", views, { body: { name: "shared_name", query: { kind: "HogQLQuery", query: "SELECT 1" } } })).body).toEqual(
      err(V, "invalid_input", "A table with this name already exists.", "name"),
    );
  });
});
