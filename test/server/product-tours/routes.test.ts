/**
 * Product tours on the local server (src/server/product-tours/, after today's ProductTourViewSet): the internal
 * targeting flag's groups as `_build_flag_groups` makes them (display frequency, wait period, the user's targeting)
 * and its state as the tour's (launched, stopped, auto-launch off), the serializer's rules in its words, a second
 * live tour of a name the database's refusal (500); PostHog 2025-08-04 has none (404).
 */
import { err, harness, type Harness } from "../helpers";

const V = "validation_error";
type Group = { properties: Array<{ key: string; operator: string; value: unknown }> };

describe("today's PostHog", () => {
  let h: Harness;
  let base = "";
  let project = 0;
  beforeAll(async () => {
    h = await harness();
    project = (await h.createProject({ name: "Tours" })).id;
    base = `/api/projects/${project}/product_tours`;
  });
  afterAll(() => h.server.close());

  const flagOf = async (tour: string) => {
    const id = (await h.api("GET", `${base}/${tour}/`)).body.internal_targeting_flag.id;
    return (await h.api("GET", `/api/projects/${project}/feature_flags/${id}/`)).body;
  };
  const keys = (groups: Group[]) => groups.map((g) => g.properties.map((p) => `${p.key} ${p.operator} ${String(p.value)}`));

  test("no flag without auto_launch; with it, the exclusions by display frequency, a wait period's alternatives, the user's groups", async () => {
    const plain = await h.api("POST", `${base}/`, { body: { name: "Plain", targeting_flag_filters: { groups: [{ properties: [] }] } } });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ internal_targeting_flag: null, auto_launch: false, content: {} });
    expect(Object.hasOwn(plain.body, "targeting_flag_filters")).toBe(false);

    const content = { steps: [], displayFrequency: "show_once", conditions: { seenTourWaitPeriod: { days: 7, types: ["tour"] } } };
    const email = { key: "email", type: "person", operator: "is_set", value: "is_set" };
    const made = await h.api("POST", `${base}/`, {
      body: { name: "Auto", auto_launch: true, content, targeting_flag_filters: { groups: [{ properties: [email] }] } },
    });
    const id = made.body.id;
    const flag = await flagOf(id);
    expect(flag).toMatchObject({
      key: expect.stringMatching(/^product-tour-targeting-auto-[0-9a-f]{8}$/),
      name: "Product Tour: Auto",
      active: false,
    });
    expect(keys(flag.filters.groups)).toEqual([
      [`$product_tour_shown/${id} is_not_set is_not_set`, "$product_tour_last_seen_date/tour is_not_set is_not_set", "email is_set is_set"],
      [`$product_tour_shown/${id} is_not_set is_not_set`, "$product_tour_last_seen_date/tour is_date_before 7d", "email is_set is_set"],
    ]);
    // The GET answers the groups without the tour's exclusions (the wait period's properties stay).
    expect(keys((await h.api("GET", `${base}/${id}/`)).body.targeting_flag_filters.groups)).toEqual([
      ["$product_tour_last_seen_date/tour is_not_set is_not_set", "email is_set is_set"],
      ["$product_tour_last_seen_date/tour is_date_before 7d", "email is_set is_set"],
    ]);

    // A new display frequency rebuilds the tour's own properties, the user's kept once each.
    await h.api("PATCH", `${base}/${id}/`, { body: { content: { steps: [], displayFrequency: "always" } } });
    expect(keys((await flagOf(id)).filters.groups)).toEqual([["email is_set is_set"]]);
  });

  test("the flag is on while the tour runs and auto-launches: launched, stopped, auto-launch off and on again", async () => {
    const id = (await h.api("POST", `${base}/`, { body: { name: "Runs", auto_launch: true } })).body.id;
    const active = async () => (await flagOf(id)).active;
    await h.api("PATCH", `${base}/${id}/`, { body: { start_date: "2026-01-01T00:00:00Z" } });
    expect(await active()).toBe(true);
    await h.api("PATCH", `${base}/${id}/`, { body: { auto_launch: false } });
    expect(await active()).toBe(false);
    await h.api("PATCH", `${base}/${id}/`, { body: { auto_launch: true } });
    expect(await active()).toBe(true);
    await h.api("PATCH", `${base}/${id}/`, { body: { end_date: "2026-02-01T00:00:00Z" } });
    expect(await active()).toBe(false);
  });

  test("the serializer's rules in its words; a second live tour of a name is the database's 500, an archived one frees it", async () => {
    const refused = async (body: object) => (await h.api("POST", `${base}/`, { body })).body;
    expect(await refused({ name: "A", content: [] })).toEqual(err(V, "invalid_input", "Content must be an object", "content"));
    expect(await refused({ name: "A", content: { type: "announcement", steps: [] } })).toEqual(
      err(V, "invalid_input", "Announcements must have exactly 1 step.", "content"),
    );
    expect(await refused({ name: "A", content: { conditions: { linkedFlagVariant: "any" } } })).toEqual(
      err(V, "invalid_input", "linkedFlagVariant can only be used when a linked_flag_id is specified", null),
    );
    expect(await refused({ name: "A", linked_flag_id: 999999 })).toEqual(
      err(V, "invalid_input", "Feature Flag with this ID does not exist", null),
    );
    expect(await refused({ name: "A", start_date: "2026-01-01T00:00:00Z", content: { steps: [{ useManualSelector: true }] } })).toEqual(
      err(V, "invalid_input", "Step 1 is missing an element selector", null),
    );
    expect((await h.api("POST", `${base}/`, { body: { name: "Taken" } })).status).toBe(201);
    expect((await h.api("POST", `${base}/`, { body: { name: "Taken" } })).status).toBe(500);
    expect((await h.api("POST", `${base}/`, { body: { name: "Gone", archived: true } })).status).toBe(201);
    expect((await h.api("POST", `${base}/`, { body: { name: "Gone" } })).status).toBe(201);
  });
});

test("PostHog 2025-08-04 has no product tours, saved logs views or logs sampling rules: 404", async () => {
  const h = await harness({ postHogVersion: "2025-08-04" });
  try {
    const id = (await h.createProject({ name: "Old" })).id;
    for (const path of ["product_tours", "logs/views", "logs/sampling_rules"]) {
      expect((await h.api("GET", `/api/projects/${id}/${path}/`)).status).toBe(404);
      expect((await h.api("POST", `/api/projects/${id}/${path}/`, { body: { name: "x" } })).status).toBe(404);
    }
  } finally {
    await h.server.close();
  }
});
