/** Cohorts on the local server (src/server/cohorts/, after posthog/api/cohort.py): filters, soft delete, list. */
import { err, type Harness, projectHarness } from "../helpers";

let h: Harness;
let base = "";
beforeAll(async () => ({ h, base } = await projectHarness("Cohorts", "cohorts")));
afterAll(() => h.server.close());

const V = "validation_error";
const filters = {
  properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "email", operator: "icontains", value: "@x.com" }] }] },
};
const post = (body: unknown) => h.api("POST", base, { body });

test("a dynamic cohort from person filters", async () => {
  const res = await post({ name: "Customers", filters });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    name: "Customers",
    description: "",
    filters,
    deleted: false,
    is_static: false,
    is_calculating: true,
    count: null,
    groups: [],
  });
});

test("a cohort without filters answers empty properties, name null", async () => {
  const res = await post({});
  expect(res.body).toMatchObject({ name: null, filters: { properties: {} } });
});

test.each([
  [{ name: "x", filters: { x: 1 } }, err(V, "invalid_input", "Must contain a 'properties' key with type and values", "filters__detail")],
  [
    { name: "x", filters: { properties: { type: "AND", values: [{ type: "person", key: "email" }] } } },
    err(V, "invalid_input", "Missing required keys for person filter: value, operator", "filters"),
  ],
  [
    { name: "x", filters: { properties: { type: "AND", values: [{ type: "cohort", key: "id" }] } } },
    err(V, "invalid_input", "Missing required keys for cohort filter: value", "filters"),
  ],
  [
    { name: "x", query: { kind: "EventsQuery" }, is_static: true },
    err(V, "invalid_input", "Query must be an ActorsQuery or HogQLQuery. Got: EventsQuery", "query"),
  ],
  [
    { name: "x", query: { kind: "HogQLQuery", query: "select 1" } },
    err(V, "invalid_input", "Cannot create a dynamic cohort with a query. Set is_static to true.", null),
  ],
])("refuses %j", async (body, expected) => {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(res.body).toEqual(expected);
});

const PYD = "https://errors.pydantic.dev/2.10/v/";
test.each([
  [
    { type: "AND", values: ["x", 3] },
    `[{'type': 'model_attributes_type', 'loc': ('properties', 'values', 0), 'msg': 'Input should be a valid dictionary or object to extract fields from', 'input': 'x', 'url': '${PYD}model_attributes_type'}, {'type': 'model_attributes_type', 'loc': ('properties', 'values', 1), 'msg': 'Input should be a valid dictionary or object to extract fields from', 'input': 3, 'url': '${PYD}model_attributes_type'}]`,
  ],
  [
    { type: "AND", values: [{ type: "OR", values: [{ type: "event", key: "x" }] }] },
    `[{'type': 'union_tag_invalid', 'loc': ('properties', 'values', 0, 'OR', 'values', 0), 'msg': "Input tag 'event' found using 'type' does not match any of the expected tags: 'behavioral', 'cohort', 'person', 'AND', 'OR'", 'input': {'type': 'event', 'key': 'x'}, 'ctx': {'discriminator': "'type'", 'tag': 'event', 'expected_tags': "'behavioral', 'cohort', 'person', 'AND', 'OR'"}, 'url': '${PYD}union_tag_invalid'}]`,
  ],
  [
    { type: "AND", values: [{ type: "cohort", key: "x", value: 1.5, extra: true }] },
    `[{'type': 'literal_error', 'loc': ('properties', 'values', 0, 'cohort', 'key'), 'msg': "Input should be 'id'", 'input': 'x', 'ctx': {'expected': "'id'"}, 'url': '${PYD}literal_error'}, {'type': 'int_from_float', 'loc': ('properties', 'values', 0, 'cohort', 'value'), 'msg': 'Input should be a valid integer, got a number with a fractional part', 'input': 1.5, 'url': '${PYD}int_from_float'}, {'type': 'extra_forbidden', 'loc': ('properties', 'values', 0, 'cohort', 'extra'), 'msg': 'Extra inputs are not permitted', 'input': True, 'url': '${PYD}extra_forbidden'}]`,
  ],
  [
    { type: "XOR", values: [] },
    `[{'type': 'literal_error', 'loc': ('properties', 'type'), 'msg': "Input should be 'AND' or 'OR'", 'input': 'XOR', 'ctx': {'expected': "'AND' or 'OR'"}, 'url': '${PYD}literal_error'}]`,
  ],
  [
    [],
    `[{'type': 'model_type', 'loc': ('properties',), 'msg': 'Input should be a valid dictionary or instance of Group', 'input': [], 'ctx': {'class_name': 'Group'}, 'url': '${PYD}model_type'}]`,
  ],
])("filters.properties %j: pydantic's error list, as PostHog 2025-08-04 answers it", async (properties, detail) => {
  const res = await post({ name: "x", filters: { properties } });
  expect(res.body).toEqual(err(V, "invalid_input", detail, "filters"));
});

test("a missing key is worded for the first filter it concerns", async () => {
  const properties = {
    type: "AND",
    values: [
      { type: "cohort", key: "id", value: 1, x: 1 },
      { type: "person", key: "e" },
    ],
  };
  expect((await post({ name: "x", filters: { properties } })).body.detail).toBe("Missing required keys for person filter: value, operator");
});

test("filters come back in jsonb's key order (shorter keys first)", async () => {
  const res = await post({
    name: "ordered",
    filters: { properties: { values: [{ value: "v", operator: "exact", key: "k", type: "person" }], type: "AND" } },
  });
  expect(JSON.stringify(res.body.filters)).toBe(
    '{"properties":{"type":"AND","values":[{"key":"k","type":"person","value":"v","operator":"exact"}]}}',
  );
});

test("a dynamic cohort with a query is refused after it was saved: the cohort stays", async () => {
  const res = await post({ name: "left-behind", query: { kind: "HogQLQuery", query: "select 1" } });
  expect(res.body.detail).toBe("Cannot create a dynamic cohort with a query. Set is_static to true.");
  expect((await h.api("GET", `${base}?search=left-behind`)).body.count).toBe(1);
});

test("is_set needs no value; static cohorts skip the filter checks", async () => {
  const isSet = { properties: { type: "AND", values: [{ type: "person", key: "email", operator: "is_set" }] } };
  expect((await post({ name: "set", filters: isSet })).status).toBe(201);
  expect((await post({ name: "static", is_static: true, filters: { anything: true } })).status).toBe(201);
});

test("soft delete: hidden from the list, still read by GET; DELETE is 405", async () => {
  const c = await post({ name: "soft-cohort", filters });
  expect((await h.api("DELETE", `${base}${c.body.id}/`)).status).toBe(405);
  expect((await h.api("PATCH", `${base}${c.body.id}/`, { body: { deleted: true } })).body.deleted).toBe(true);
  expect((await h.api("GET", `${base}?search=soft-cohort`)).body.count).toBe(0);
  expect((await h.api("GET", `${base}${c.body.id}/`)).body.deleted).toBe(true);
});

test("names are not unique; the list pages (DRF sorts the query of its links) and searches names", async () => {
  const p = await h.createProject({ name: "Many cohorts" });
  const path = `/api/projects/${p.id}/cohorts/`;
  for (let i = 0; i < 3; i++) expect((await h.api("POST", path, { body: { name: "Same", filters } })).status).toBe(201);
  const page = await h.api("GET", `${path}?limit=2&search=same`);
  expect(page.body.count).toBe(3);
  expect(page.body.next).toBe(`${h.server.url}${path}?limit=2&offset=2&search=same`);
});

test("a flag may target a cohort of its project, and carries its name; behavioral cohorts are refused", async () => {
  const c = await post({ name: "Targets", filters });
  const flags = base.replace("cohorts", "feature_flags");
  const f = await h.api("POST", flags, {
    body: { key: "coh-flag", filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: c.body.id }] }] } },
  });
  expect(f.status).toBe(201);
  expect(f.body.filters.groups[0].properties[0].cohort_name).toBe("Targets");
  const behavioral = await post({
    name: "Did things",
    filters: {
      properties: { type: "AND", values: [{ type: "behavioral", key: "$pageview", value: "performed_event", event_type: "events" }] },
    },
  });
  const refused = await h.api("POST", flags, {
    body: { key: "coh-flag2", filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: behavioral.body.id }] }] } },
  });
  expect(refused.body).toEqual(
    err(V, "behavioral_cohort_found", "Cohort 'Did things' with filters on events cannot be used in feature flags.", "filters"),
  );
});

test("scopes: cohort:read does not write", async () => {
  const reader = await h.control.createKey({ scopes: ["cohort:read"] });
  expect((await h.api("GET", base, { key: reader.key })).status).toBe(200);
  expect((await h.api("POST", base, { key: reader.key, body: { name: "x" } })).body.detail).toBe(
    "API key missing required scope 'cohort:write'",
  );
});
