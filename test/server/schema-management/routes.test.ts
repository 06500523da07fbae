/**
 * Schema management on the local server (src/server/schema-management/, after posthog/api/schema_property_group.py,
 * posthog/api/event_schema.py and posthog/api/test/test_schema_property_group.py): property groups and the event
 * schemas that attach them to event definitions, as today's PostHog serves them; none in the 2025-08-04 mode.
 */
import { type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let projectId = 0;
let groups = "";
let schemas = "";
beforeAll(async () => {
  ({ h, projectId, base: groups } = await projectHarness("Schemas", "schema_property_groups"));
  schemas = `/api/projects/${projectId}/event_schemas/`;
});
afterAll(() => h.server.close());

const eventId = async (name: string) => (await h.control.seedDefinitions(projectId, { events: [{ name }] })).events[0]!.id;

test("a group is created with its properties, answered by name with their defaults; its name is unique in the project", async () => {
  const res = await h.api("POST", groups, {
    body: {
      name: "User Info",
      description: "Basic user information",
      properties: [
        { name: " user_id ", property_type: "String", is_required: true, description: "User ID" },
        { name: "email", property_type: "String" },
      ],
    },
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ name: "User Info", description: "Basic user information", events: [] });
  expect(res.body.properties).toMatchObject([
    { name: "email", is_required: false, is_optional_in_types: false, description: "", validation_rules: null },
    { name: "user_id", is_required: true, description: "User ID" },
  ]);
  const again = await h.api("POST", groups, { body: { name: "User Info" } });
  expect(again.status).toBe(400);
  expect(again.body).toMatchObject({ attr: "name", detail: "A property group with this name already exists for this team" });
  expect((await h.api("GET", `${groups}${res.body.id}/`)).body).toEqual(res.body);
});

test.each([
  ["a blank property name", { name: "", property_type: "String" }, "properties__0__name", "This field may not be blank."],
  [
    "a name over 200 characters",
    { name: "a".repeat(201), property_type: "String" },
    "properties__0__name",
    "Property name must be 200 characters or less",
  ],
  ["an unknown type", { name: "p", property_type: "Array" }, "properties__0__property_type", '"Array" is not a valid choice.'],
  [
    "an enum on a Numeric",
    { name: "p", property_type: "Numeric", validation_rules: { enum: ["a"] } },
    "validation_rules",
    "Unrecognized keys for Numeric validation: enum",
  ],
  [
    "rules on a Boolean",
    { name: "p", property_type: "Boolean", validation_rules: { enum: ["true"] } },
    "validation_rules",
    "Validation rules are not supported for Boolean properties",
  ],
  [
    "bounds the wrong way",
    { name: "p", property_type: "Numeric", validation_rules: { minimum: 50, maximum: 50 } },
    "validation_rules",
    "Lower bound (minimum=50) must be less than upper bound (maximum=50)",
  ],
  [
    "an empty enum",
    { name: "p", property_type: "String", validation_rules: { enum: [] } },
    "validation_rules",
    "'enum' list must not be empty",
  ],
])("PostHog's rules refuse %s", async (what, property, attr, detail) => {
  const res = await h.api("POST", groups, { body: { name: `Refused: ${what}`, properties: [property] } });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ attr, detail });
});

test("an update's properties replace the group's whole list, each anew; a name twice is refused and changes nothing", async () => {
  const made = (await h.api("POST", groups, { body: { name: "Replaced", properties: [{ name: "a", property_type: "String" }] } })).body;
  const path = `${groups}${made.id}/`;
  const res = await h.api("PATCH", path, {
    body: {
      properties: [
        { id: made.properties[0].id, name: "a", property_type: "Numeric" },
        { name: "b", property_type: "Object" },
      ],
    },
  });
  expect(res.status).toBe(200);
  expect(res.body.properties.map((p: { name: string; property_type: string }) => [p.name, p.property_type])).toEqual([
    ["a", "Numeric"],
    ["b", "Object"],
  ]);
  // The nested `id` is read-only: no sent property keeps its own.
  expect(res.body.properties[0].id).not.toBe(made.properties[0].id);
  const twice = await h.api("PATCH", path, {
    body: {
      properties: [
        { name: "c", property_type: "String" },
        { name: "c", property_type: "String" },
      ],
    },
  });
  expect(twice.body).toMatchObject({ attr: "properties", detail: "A property named 'c' already exists in this group" });
  expect((await h.api("GET", path)).body.properties).toHaveLength(2);
});

test("an event schema attaches a group to an event once; the group lists the event; both must be the project's", async () => {
  const group = (
    await h.api("POST", groups, {
      body: { name: "Checkout", properties: [{ name: "cart_value", property_type: "Numeric", is_required: true }] },
    })
  ).body;
  const event = await eventId("checkout_started");
  const res = await h.api("POST", schemas, { body: { event_definition: event.toUpperCase(), property_group_id: group.id } });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ event_definition: event, property_group: { id: group.id, name: "Checkout" } });
  const twice = await h.api("POST", schemas, { body: { event_definition: event, property_group_id: group.id } });
  expect(twice.status).toBe(400);
  expect(twice.body.detail).toMatch(/unique/);
  expect((await h.api("GET", `${groups}${group.id}/`)).body.events).toEqual([{ id: event, name: "checkout_started" }]);
  expect((await h.api("GET", `${schemas}?event_definition=${event}`)).body.results.map((s: { id: string }) => s.id)).toEqual([res.body.id]);
  const other = await h.createProject({ name: "Other" });
  const foreign = (await h.api("POST", `/api/projects/${other.id}/schema_property_groups/`, { body: { name: "Theirs" } })).body;
  const refused = await h.api("POST", schemas, { body: { event_definition: event, property_group_id: foreign.id } });
  expect(refused.body).toMatchObject({ attr: "property_group_id", code: "does_not_exist" });
  // No retrieve, no update: list, create and destroy only.
  expect((await h.api("GET", `${schemas}${res.body.id}/`)).status).toBe(405);
  expect((await h.api("PATCH", `${schemas}${res.body.id}/`, { body: {} })).status).toBe(405);
});

test("a group deleted by hand takes its event schemas with it, as an event definition deleted does", async () => {
  const group = (await h.api("POST", groups, { body: { name: "Gone" } })).body;
  const kept = (await h.api("POST", groups, { body: { name: "Kept" } })).body;
  const event = await eventId("gone_event");
  await h.api("POST", schemas, { body: { event_definition: event, property_group_id: group.id } });
  await h.api("POST", schemas, { body: { event_definition: event, property_group_id: kept.id } });
  expect((await h.api("DELETE", `${groups}${group.id}/`)).status).toBe(204);
  const listed = (await h.api("GET", `${schemas}?event_definition=${event}`)).body.results;
  expect(listed.map((s: { property_group: { id: string } }) => s.property_group.id)).toEqual([kept.id]);
  expect((await h.api("DELETE", `/api/projects/${projectId}/event_definitions/${event}/`)).status).toBe(204);
  expect((await h.api("GET", `${schemas}?event_definition=${event}`)).body.results).toEqual([]);
  expect((await h.api("GET", `${groups}${kept.id}/`)).body.events).toEqual([]);
});

test("PostHog 2025-08-04 has no schema management: both routes answer 404 Endpoint not found.", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const project = await old.createProject({ name: "Old" });
    for (const path of ["schema_property_groups", "event_schemas"]) {
      const res = await old.api("GET", `/api/projects/${project.id}/${path}/`);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Endpoint not found.");
    }
  } finally {
    await old.server.close();
  }
});
