/**
 * Notebooks on the local server (src/server/notebooks/, after posthog/api/notebook.py), in both PostHog versions it
 * plays (the same there): keyed by short id, the list's minimal form, PostHog's version check, soft delete.
 */
import { POSTHOG_VERSIONS } from "../../../src/server";
import { err, type Harness, projectHarness } from "../helpers";

const DOC = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello" }] }] };

describe.each(POSTHOG_VERSIONS)("PostHog %s", (postHogVersion) => {
  let h: Harness;
  let base = "";
  beforeAll(async () => ({ h, base } = await projectHarness("Notebooks", "notebooks", { postHogVersion })));
  afterAll(() => h.server.close());

  test("created with a short id and version 0; the list answers the minimal form; read by the short id only", async () => {
    const made = await h.api("POST", base, { body: { title: "Review", content: DOC, text_content: "Hello" } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: "Review", content: DOC, text_content: "Hello", version: 0, deleted: false });
    expect(made.body.short_id).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(made.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = (await h.api("GET", base)).body.results.find((n: { short_id: string }) => n.short_id === made.body.short_id);
    expect(listed).not.toHaveProperty("content");
    expect(listed).not.toHaveProperty("version");
    expect((await h.api("GET", `${base}${made.body.short_id}/`)).body.content).toEqual(DOC);
    expect((await h.api("GET", `${base}${made.body.id}/`)).status).toBe(404);
  });

  test("content is saved only with the stored version, which then counts up; a version sent alone is stored as sent", async () => {
    const { short_id } = (await h.api("POST", base, { body: { title: "Versioned", content: DOC } })).body;
    const item = `${base}${short_id}/`;
    expect((await h.api("PATCH", item, { body: { content: DOC } })).body).toEqual(
      err("server_error", "conflict", "Someone else edited the Notebook"),
    );
    expect((await h.api("PATCH", item, { body: { content: DOC, version: 3 } })).status).toBe(409);
    expect((await h.api("PATCH", item, { body: { content: DOC, version: 0 } })).body.version).toBe(1);
    // Empty content is not checked (`if validated_data.get("content")`).
    expect((await h.api("PATCH", item, { body: { content: {} } })).status).toBe(200);
    expect((await h.api("PATCH", item, { body: { title: "Renamed", version: 9 } })).body).toMatchObject({ title: "Renamed", version: 9 });
  });

  test.each([
    [{ title: "x".repeat(257) }, err("validation_error", "max_length", "Ensure this field has no more than 256 characters.", "title")],
    [{ version: "x" }, err("validation_error", "invalid_input", "A valid integer is required.", "version")],
  ])("refuses %j", async (body, expected) => {
    expect((await h.api("POST", base, { body })).body).toEqual(expected);
  });

  test("deleted by PATCH (DELETE is 405), then 404 but to an update, which restores it", async () => {
    const { short_id } = (await h.api("POST", base, { body: { title: "Gone" } })).body;
    const item = `${base}${short_id}/`;
    expect((await h.api("DELETE", item)).status).toBe(405);
    expect((await h.api("PATCH", item, { body: { deleted: true } })).status).toBe(200);
    expect((await h.api("GET", item)).status).toBe(404);
    expect((await h.api("PATCH", item, { body: { deleted: false } })).body.deleted).toBe(false);
    expect((await h.api("GET", item)).status).toBe(200);
  });
});
