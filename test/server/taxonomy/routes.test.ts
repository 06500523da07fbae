/**
 * Event and property definitions on the local server (src/server/taxonomy/, after posthog/api/event_definition.py,
 * posthog/taxonomy/property_definition_api.py and their enterprise serializers in ee/api/), seeded through the control
 * surface as ingestion makes them.
 */
import { type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let projectId = 0;
let events = "";
let properties = "";
beforeAll(async () => {
  ({ h, projectId, base: events } = await projectHarness("Taxonomy", "event_definitions"));
  properties = `/api/projects/${projectId}/property_definitions/`;
});
afterAll(() => h.server.close());

const seed = (body: Parameters<Harness["control"]["seedDefinitions"]>[1]) => h.control.seedDefinitions(projectId, body);

test("the control surface seeds definitions as ingestion does: once per name, without an enterprise row (listed with description, verified and hidden null) until a GET makes it, properties with the events they were seen on", async () => {
  const first = await seed({ events: [{ name: "signed_up", properties: { plan: "String", seats: "Numeric" } }] });
  const again = await seed({ events: [{ name: "signed_up" }] });
  expect(again.events[0]!.id).toBe(first.events[0]!.id);
  const listed = await h.api("GET", `${events}?search=signed`);
  expect(listed.body.results.map((e: { name: string }) => e.name)).toEqual(["signed_up"]);
  expect(listed.body.results[0]).toMatchObject({ description: null, verified: null, hidden: null, owner: null, tags: [] });
  // Measured on 2025-08-04: the enterprise GET makes the row (`dangerously_get_object`), and the list then answers it.
  expect((await h.api("GET", `${events}${first.events[0]!.id}/`)).body).toMatchObject({ description: "", verified: false, hidden: false });
  expect((await h.api("GET", `${events}?search=signed`)).body.results[0]).toMatchObject({
    description: "",
    verified: false,
    hidden: false,
  });
  const seen = await h.api("GET", `${properties}?event_names=${encodeURIComponent('["signed_up"]')}&filter_by_event_names=true`);
  expect(seen.body.results.map((p: { name: string; property_type: string }) => [p.name, p.property_type])).toEqual([
    ["plan", "String"],
    ["seats", "Numeric"],
  ]);
  expect(seen.body.results[1].is_numerical).toBe(true);
});

test("PATCH: description, owner, tags (tagified), verified by the key's user; hidden and verified exclude each other", async () => {
  const { events: made } = await seed({ events: [{ name: "checkout" }] });
  const path = `${events}${made[0]!.id}/`;
  const me = (await h.api("GET", "/api/users/@me/")).body;
  const res = await h.api("PATCH", path, { body: { description: "Paid", owner: me.id, tags: [" Funnel ", "funnel"], verified: true } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ description: "Paid", tags: ["funnel"], verified: true, hidden: false });
  expect(res.body.owner.id).toBe(me.id);
  expect(res.body.verified_by.id).toBe(me.id);
  expect((await h.api("PATCH", path, { body: { hidden: true, verified: true } })).body).toEqual({
    type: "validation_error",
    code: "invalid_input",
    detail: "An event cannot be both hidden and verified",
    attr: null,
  });
  expect((await h.api("PATCH", path, { body: { hidden: true } })).body).toMatchObject({ hidden: true, verified: false, verified_by: null });
  expect((await h.api("PATCH", path, { body: { owner: 999999 } })).body.attr).toBe("owner");
});

test("property definitions: types and group type indexes list apart; property_type is a choice", async () => {
  const { properties: made } = await seed({
    properties: [
      { name: "email", type: "person", propertyType: "String" },
      { name: "email", type: "group", groupTypeIndex: 1 },
    ],
  });
  const person = await h.api("GET", `${properties}?type=person&search=email`);
  expect(person.body.results.map((p: { id: string }) => p.id)).toEqual([made[0]!.id]);
  const group = await h.api("GET", `${properties}?type=group&group_type_index=1&search=email`);
  expect(group.body.results.map((p: { id: string }) => p.id)).toEqual([made[1]!.id]);
  expect((await h.api("GET", `${properties}?type=group`)).body.detail).toBe("`group_type_index` must be set for `group` type");
  expect((await h.api("GET", `${properties}?type=event&group_type_index=1`)).body.detail).toBe(
    "`group_type_index` can only set for `group` type",
  );
  const bad = await h.api("PATCH", `${properties}${made[1]!.id}/`, { body: { property_type: "Bogus" } });
  expect(bad.body).toMatchObject({ code: "invalid_choice", attr: "property_type" });
  const ok = await h.api("PATCH", `${properties}${made[1]!.id}/`, { body: { property_type: "Numeric", description: "Work email" } });
  expect(ok.body).toMatchObject({ property_type: "Numeric", is_numerical: true, description: "Work email" });
});

test("DELETE removes a definition (204, then 404)", async () => {
  const { events: made } = await seed({ events: [{ name: "gone_soon" }] });
  expect((await h.api("DELETE", `${events}${made[0]!.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${events}${made[0]!.id}/`)).status).toBe(404);
});

test("without ingestion_taxonomy: PATCH answers 402, but a property's type alone may change; without tagging tags are dropped", async () => {
  const org = (await h.control.info()).organizationId;
  const { events: ev, properties: props } = await seed({ events: [{ name: "plan_gate", properties: { amount: null } }] });
  try {
    await h.control.patchOrganization(org, { lackedFeatures: ["ingestion_taxonomy"] });
    const refused = await h.api("PATCH", `${events}${ev[0]!.id}/`, { body: { description: "x" } });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe("payment_required");
    // The base serializers answer no description, verified or hidden.
    expect(Object.keys((await h.api("GET", `${events}${ev[0]!.id}/`)).body)).not.toContain("description");
    const typed = await h.api("PATCH", `${properties}${props[0]!.id}/`, { body: { property_type: "Numeric" } });
    expect(typed.body).toMatchObject({ property_type: "Numeric", is_numerical: true });
    expect((await h.api("PATCH", `${properties}${props[0]!.id}/`, { body: { description: "x" } })).status).toBe(402);
    await h.control.patchOrganization(org, { lackedFeatures: ["tagging"] });
    const dropped = await h.api("PATCH", `${events}${ev[0]!.id}/`, { body: { tags: ["a"], description: "kept" } });
    expect(dropped.body).toMatchObject({ tags: [], description: "kept" });
  } finally {
    await h.control.patchOrganization(org, { lackedFeatures: [] });
  }
});

test("create: today's PostHog creates an event definition by name (unique); PostHog 2025-08-04 refuses personal API keys", async () => {
  const made = await h.api("POST", events, { body: { name: "declared_first" } });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ name: "declared_first", description: null });
  expect((await h.api("POST", events, { body: { name: "declared_first" } })).body).toMatchObject({
    attr: "name",
    detail: "Event definition with name 'declared_first' already exists",
  });
  const scoped = (await h.control.createKey({ scopes: ["*"] })).key;
  expect((await h.api("POST", properties, { body: { name: "x" }, key: scoped })).status).toBe(403);
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const id = (await old.createProject({ name: "Old" })).id;
    const oldKey = (await old.control.createKey({ scopes: ["*"] })).key;
    const refused = await old.api("POST", `/api/projects/${id}/event_definitions/`, { body: { name: "x" }, key: oldKey });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("This action does not support Personal API Key access");
    await old.control.seedDefinitions(id, { events: [{ name: "seeded" }] });
    expect((await old.api("GET", `/api/projects/${id}/event_definitions/`)).body.results[0].name).toBe("seeded");
  } finally {
    await old.server.close();
  }
});
