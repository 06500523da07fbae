/** Batch exports on the local server (src/server/batch-exports/, after posthog/batch_exports/http.py), in both versions. */
import { err, type Harness, projectHarness } from "../helpers";

const POSTGRES = {
  type: "Postgres",
  config: {
    host: "db.example.com",
    port: 5432,
    database: "analytics",
    user: "exporter",
    password: "pg-s3cret",
    has_self_signed_cert: false,
  },
};

describe.each(["current", "2025-08-04"] as const)("PostHog %s", (version) => {
  let h: Harness;
  let base = "";
  beforeAll(async () => ({ h, base } = await projectHarness("Exports", "batch_exports", { postHogVersion: version })));
  afterAll(() => h.server.close());

  const post = (body: Record<string, unknown> = {}) =>
    h.api("POST", base, { body: { name: "Warehouse", interval: "hour", destination: POSTGRES, ...body } });

  test("a create answers the config as sent, a read as PostHog's text, never the credentials", async () => {
    const made = await post();
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Warehouse", model: "events", interval: "hour", paused: false, latest_runs: [] });
    expect(made.body.destination).toEqual({
      type: "Postgres",
      config: { host: "db.example.com", port: 5432, database: "analytics", has_self_signed_cert: false },
    });
    const read = await h.api("GET", `${base}${made.body.id}/`);
    // EncryptedJSONField stores each scalar as Python's str() of it.
    expect(read.body.destination.config).toEqual({
      host: "db.example.com",
      port: "5432",
      database: "analytics",
      has_self_signed_cert: "False",
    });
    expect(read.text).not.toContain("pg-s3cret");
    expect(read.text).not.toContain("exporter");
    const listed = await h.api("GET", base);
    expect(listed.body.results[0]).toEqual(read.body);
  });

  test("an update merges the config sent into the stored one", async () => {
    const made = (await post()).body;
    const patched = await h.api("PATCH", `${base}${made.id}/`, {
      body: { destination: { type: "Postgres", config: { database: "other" } } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.destination.config).toEqual({
      host: "db.example.com",
      port: "5432",
      database: "other",
      has_self_signed_cert: "False",
    });
  });

  test("pause and unpause are actions; a PATCH without them leaves paused as it is", async () => {
    const made = (await post()).body;
    expect((await h.api("POST", `${base}${made.id}/pause/`)).body).toEqual({ paused: true });
    const paused = (await h.api("GET", `${base}${made.id}/`)).body;
    expect(paused.paused).toBe(true);
    expect(paused.last_paused_at).toEqual(expect.any(String));
    expect((await h.api("POST", `${base}${made.id}/unpause/`)).body).toEqual({ paused: false });
    expect((await h.api("GET", `${base}${made.id}/`)).body.paused).toBe(false);
  });

  test("DELETE answers 204, after which the export is a 404", async () => {
    const made = (await post()).body;
    expect((await h.api("DELETE", `${base}${made.id}/`)).status).toBe(204);
    expect((await h.api("GET", `${base}${made.id}/`)).status).toBe(404);
    expect((await h.api("DELETE", `${base}${made.id}/`)).status).toBe(404);
    expect((await h.api("GET", base)).body.results.map((r: { id: string }) => r.id)).not.toContain(made.id);
  });

  test("PostHog's rules: required fields, choices, S3 formats, and the plans without data pipelines", async () => {
    expect((await h.api("POST", base, { body: { interval: "hour", destination: POSTGRES } })).body).toEqual(
      err("validation_error", "required", "This field is required.", "name"),
    );
    expect((await post({ interval: "minute" })).body).toEqual(
      err("validation_error", "invalid_choice", '"minute" is not a valid choice.', "interval"),
    );
    expect((await post({ destination: { type: "S3", config: { file_format: "CSV" } } })).body).toEqual(
      err(
        "validation_error",
        "invalid_input",
        "File format CSV is not supported. Supported file formats are ['Parquet', 'JSONLines']",
        "destination",
      ),
    );
    expect((await post({ interval: "every 5 minutes" })).status).toBe(403);
    const org = h.server.organizationId;
    await h.control.patchOrganization(org, { lackedFeatures: ["data_pipelines"] });
    try {
      expect((await post()).body).toEqual(
        err("validation_error", "invalid_input", "The Data Pipelines addon is required for batch exports."),
      );
    } finally {
      await h.control.patchOrganization(org, { lackedFeatures: [] });
    }
  });

  test("an HTTP destination's token: never answered by today's PostHog, answered by 2025-08-04 (its set of letters)", async () => {
    const made = await post({ destination: { type: "HTTP", config: { url: "https://example.com/hook", token: "http-s3cret" } } });
    expect(made.status).toBe(201);
    expect(JSON.stringify(made.body).includes("http-s3cret")).toBe(version === "2025-08-04");
  });

  test("the destinations and intervals each version has", async () => {
    const databricks = await post({ destination: { type: "Databricks", config: {} } });
    expect(databricks.status).toBe(version === "current" ? 201 : 400);
    const every15 = await post({ interval: "every 15 minutes" });
    // Today's has the choice, behind PostHog's high-frequency feature flag; 2025-08-04 has no such choice.
    expect(every15.status).toBe(version === "current" ? 403 : 400);
  });
});
