/**
 * Session recording playlists on the local server (src/server/session-recording-playlists/, after
 * posthog/session_recordings/session_recording_playlist_api.py), in both PostHog versions it plays (the same there).
 */
import { POSTHOG_VERSIONS } from "../../../src/server";
import { err, type Harness, projectHarness } from "../helpers";

const V = "validation_error";
const FILTERS = { date_from: "-7d", filter_test_accounts: true };

describe.each(POSTHOG_VERSIONS)("PostHog %s", (postHogVersion) => {
  let h: Harness;
  let base = "";
  beforeAll(async () => ({ h, base } = await projectHarness("Playlists", "session_recording_playlists", { postHogVersion })));
  afterAll(() => h.server.close());
  const post = (body: unknown) => h.api("POST", base, { body });

  test("a saved filter: created with its type and a short id, read and updated by the short id, never by the number", async () => {
    const made = await post({ name: "Rage clicks", type: "filters", filters: FILTERS, pinned: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "Rage clicks",
      type: "filters",
      filters: FILTERS,
      pinned: true,
      description: "",
      deleted: false,
    });
    expect(made.body.short_id).toMatch(/^[0-9A-Za-z]{8}$/);
    expect((await h.api("GET", `${base}${made.body.short_id}/`)).body.id).toBe(made.body.id);
    expect((await h.api("GET", `${base}${made.body.id}/`)).status).toBe(404);
    // `type` is read-only on update: ignored.
    const patched = await h.api("PATCH", `${base}${made.body.short_id}/`, {
      body: { description: "Weekly", filters: FILTERS, type: "collection" },
    });
    expect(patched.body).toMatchObject({ description: "Weekly", type: "filters" });
  });

  test.each([
    [{ name: "x" }, err(V, "invalid_input", "Must provide a valid playlist type: either filters or collection", null)],
    [{ name: "x", type: "saved" }, err(V, "invalid_input", "Must provide a valid playlist type: either filters or collection", null)],
    [{ name: "x", type: "collection", filters: FILTERS }, err(V, "invalid_input", "You cannot create a collection with filters", null)],
    [{ name: "x", type: "filters" }, err(V, "invalid_input", "You must provide a valid filters when creating a saved filter", null)],
    [
      { name: "x", type: "filters", filters: {} },
      err(V, "invalid_input", "You must provide a valid filters when creating a saved filter", null),
    ],
    [{ name: "x".repeat(401), type: "collection" }, err(V, "max_length", "Ensure this field has no more than 400 characters.", "name")],
  ])("refuses %j", async (body, expected) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
  });

  test("an update of a saved filter must carry filters, also to delete it; a collection takes none; deleted is 404 but to PATCH", async () => {
    const saved = (await post({ name: "Errors", type: "filters", filters: FILTERS })).body;
    const path = `${base}${saved.short_id}/`;
    expect((await h.api("PATCH", path, { body: { deleted: true } })).body).toEqual(
      err(V, "invalid_input", "You cannot remove all filters when updating a saved filter", null),
    );
    expect((await h.api("PATCH", path, { body: { deleted: true, filters: FILTERS } })).status).toBe(200);
    expect((await h.api("GET", path)).status).toBe(404);
    expect((await h.api("GET", base)).body.results.map((p: { short_id: string }) => p.short_id)).not.toContain(saved.short_id);
    expect((await h.api("PATCH", path, { body: { deleted: false, filters: FILTERS } })).body.deleted).toBe(false);
    expect((await h.api("DELETE", path)).status).toBe(405);

    const collection = (await post({ name: "Onboarding", type: "collection" })).body;
    expect(collection.filters).toEqual({});
    const cpath = `${base}${collection.short_id}/`;
    expect((await h.api("PATCH", cpath, { body: { filters: FILTERS } })).body).toEqual(
      err(V, "invalid_input", "You cannot update a collection to add filters", null),
    );
    expect((await h.api("PATCH", cpath, { body: { deleted: true } })).status).toBe(200);
  });

  test("the list: live ones, newest change first, by type, pinned and search", async () => {
    const a = (await post({ name: "Alpha list", type: "collection", pinned: true })).body;
    const b = (await post({ name: "Beta list", type: "filters", filters: FILTERS })).body;
    const ids = async (query: string) => (await h.api("GET", `${base}${query}`)).body.results.map((p: { short_id: string }) => p.short_id);
    expect((await ids("?search=list")).slice(0, 2)).toEqual([b.short_id, a.short_id]);
    expect(await ids("?type=collection")).toContain(a.short_id);
    expect(await ids("?type=collection")).not.toContain(b.short_id);
    expect(await ids("?pinned=false")).toContain(a.short_id);
    expect(await ids("?pinned=false")).not.toContain(b.short_id);
    expect(await ids(`?short_id=${b.short_id}`)).toEqual([b.short_id]);
  });
});
