/** Cohorts on the local server (src/server/cohorts/, after posthog/api/cohort.py): filters, soft delete, list. */
import { err, type Harness, projectHarness } from "../helpers";

let h: Harness;
let base = "";
/** The same endpoints as PostHog 2025-08-04 answers them (the real backend's version). */
let old: Harness;
let oldBase = "";
beforeAll(async () => {
  ({ h, base } = await projectHarness("Cohorts", "cohorts"));
  ({ h: old, base: oldBase } = await projectHarness("Cohorts", "cohorts", { postHogVersion: "2025-08-04" }));
});
afterAll(() => Promise.all([h.server.close(), old.server.close()]));

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
  const res = await old.api("POST", oldBase, { body: { name: "x", filters: { properties } } });
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

test("filters come back in jsonb's key order (shorter keys first), as sent in PostHog 2025-08-04", async () => {
  const res = await old.api("POST", oldBase, {
    body: {
      name: "ordered",
      filters: { properties: { values: [{ value: "v", operator: "exact", key: "k", type: "person" }], type: "AND" } },
    },
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

const leaves = (...values: unknown[]) => ({ properties: { type: "AND", values } });

test("today's PostHog stores the filters as its models dump them: negation false, nulls dropped, integers read; 2025-08-04 as sent", async () => {
  const sent = leaves(
    { type: "person", key: "plan", operator: "exact", value: "pro" },
    {
      type: "behavioral",
      key: "$pageview",
      value: "performed_event",
      event_type: "events",
      time_value: "30",
      time_interval: "day",
      operator: null,
    },
  );
  expect((await post({ name: "dumped", filters: sent })).body.filters).toEqual(
    leaves(
      { type: "person", key: "plan", operator: "exact", value: "pro", negation: false },
      {
        type: "behavioral",
        key: "$pageview",
        value: "performed_event",
        event_type: "events",
        time_value: 30,
        time_interval: "day",
        negation: false,
      },
    ),
  );
  expect((await old.api("POST", oldBase, { body: { name: "as sent", filters: sent } })).body.filters).toEqual(sent);
});

test("a person_metadata filter is today's: 2025-08-04's models do not know the tag", async () => {
  const filters = leaves({ type: "person_metadata", key: "created_at", operator: "is_date_after", value: "-30d" });
  expect((await post({ name: "recent", filters })).status).toBe(201);
  const refused = await old.api("POST", oldBase, { body: { name: "recent", filters } });
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toContain("Input tag 'person_metadata' found using 'type' does not match any of the expected tags");
});

test("an update naming a cohort the project lacks, or making a loop, is refused (will_create_loops)", async () => {
  for (const [harness, path] of [
    [h, base],
    [old, oldBase],
  ] as const) {
    const a = await harness.api("POST", path, { body: { name: "A", filters } });
    const b = await harness.api("POST", path, { body: { name: "B", filters: leaves({ type: "cohort", key: "id", value: a.body.id }) } });
    const missing = await harness.api("PATCH", `${path}${a.body.id}/`, {
      body: { filters: leaves({ type: "cohort", key: "id", value: 999999 }) },
    });
    expect(missing.body).toEqual(err(V, "invalid_input", "Invalid Cohort ID in filter"));
    const loop = await harness.api("PATCH", `${path}${a.body.id}/`, {
      body: { filters: leaves({ type: "cohort", key: "id", value: b.body.id }) },
    });
    expect(loop.body).toEqual(err(V, "invalid_input", "Cohorts cannot reference other cohorts in a loop."));
  }
});

test("today's PostHog keeps a cohort an active flag or another cohort uses; 2025-08-04 deletes it", async () => {
  for (const [harness, path, key] of [
    [h, base, "uses-today"],
    [old, oldBase, "uses-old"],
  ] as const) {
    const used = await harness.api("POST", path, { body: { name: "Used", filters } });
    const flagPath = path.replace("cohorts", "feature_flags");
    const flag = await harness.api("POST", flagPath, {
      body: { key, active: true, filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: used.body.id }] }] } },
    });
    const deleted = await harness.api("PATCH", `${path}${used.body.id}/`, { body: { deleted: true } });
    if (harness === old) {
      expect(deleted.body.deleted).toBe(true);
      continue;
    }
    expect(deleted.body).toEqual(
      err(
        V,
        "invalid_input",
        `This cohort is used in 1 active feature flag(s): ${key}. Please remove the cohort from these feature flags before deleting it.`,
      ),
    );
    await harness.api("PATCH", `${flagPath}${flag.body.id}/`, { body: { active: false } });
    const parent = await harness.api("POST", path, {
      body: { name: "Parent", filters: leaves({ type: "cohort", key: "id", value: used.body.id }) },
    });
    expect((await harness.api("PATCH", `${path}${used.body.id}/`, { body: { deleted: true } })).body.detail).toBe(
      "This cohort is used as criteria in 1 other cohort(s): Parent. Please remove this cohort from those cohort definitions before deleting it.",
    );
    await harness.api("PATCH", `${path}${parent.body.id}/`, { body: { deleted: true } });
    expect((await harness.api("PATCH", `${path}${used.body.id}/`, { body: { deleted: true } })).body.deleted).toBe(true);
  }
});

test("today's PostHog keeps a cohort an insight's query uses; 2025-08-04 deletes it", async () => {
  for (const [harness, path] of [
    [h, base],
    [old, oldBase],
  ] as const) {
    const used = await harness.api("POST", path, { body: { name: "In a query", filters } });
    const series = [{ kind: "EventsNode", event: "$pageview", properties: [{ type: "cohort", key: "id", value: used.body.id }] }];
    const query = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series } };
    const insight = await harness.api("POST", path.replace("cohorts", "insights"), { body: { name: "Pro views", query } });
    const deleted = await harness.api("PATCH", `${path}${used.body.id}/`, { body: { deleted: true } });
    if (harness === old) {
      expect(deleted.body.deleted).toBe(true);
      continue;
    }
    expect(deleted.body).toEqual(
      err(
        V,
        "invalid_input",
        "This cohort is used in 1 insight(s): Pro views. Please remove the cohort from these insights before deleting it.",
      ),
    );
    await harness.api("PATCH", `${path.replace("cohorts", "insights")}${insight.body.id}/`, { body: { deleted: true } });
    expect((await harness.api("PATCH", `${path}${used.body.id}/`, { body: { deleted: true } })).body.deleted).toBe(true);
  }
});

test("today's PostHog keeps a cohort the project's test account filters name; 2025-08-04 deletes it", async () => {
  for (const [harness, path] of [
    [h, base],
    [old, oldBase],
  ] as const) {
    const used = await harness.api("POST", path, { body: { name: "Staff", filters } });
    const project = path.replace(/cohorts\/$/, "");
    const before = (await harness.api("GET", project)).body;
    const named = [{ key: "id", type: "cohort", value: used.body.id, operator: "not_in" }];
    await harness.api("PATCH", project, { body: { test_account_filters: named } });
    const deleted = await harness.api("PATCH", `${path}${used.body.id}/`, { body: { deleted: true } });
    await harness.api("PATCH", project, { body: { test_account_filters: before.test_account_filters } });
    if (harness === old) {
      expect(deleted.body.deleted).toBe(true);
      continue;
    }
    expect(deleted.body).toEqual(
      err(
        V,
        "invalid_input",
        `This cohort is used in 'Filter out internal and test users' for 1 environment(s): ${before.name}. Please remove the cohort from these test account filters before deleting it.`,
      ),
    );
    expect((await harness.api("PATCH", `${path}${used.body.id}/`, { body: { deleted: true } })).body.deleted).toBe(true);
  }
});

test("a cohort an active flag uses may not get behavioral filters, nor name a cohort that has them", async () => {
  const behavioral = {
    type: "behavioral",
    value: "performed_event",
    key: "$pageview",
    event_type: "events",
    time_value: 30,
    time_interval: "day",
  };
  for (const [harness, path, key] of [
    [h, base, "behavioral-today"],
    [old, oldBase, "behavioral-old"],
  ] as const) {
    const used = await harness.api("POST", path, { body: { name: "Flagged", filters } });
    const events = await harness.api("POST", path, { body: { name: "Did things", filters: leaves(behavioral) } });
    const flagPath = path.replace("cohorts", "feature_flags");
    const flag = await harness.api("POST", flagPath, {
      body: { key, active: true, filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: used.body.id }] }] } },
    });
    const direct = await harness.api("PATCH", `${path}${used.body.id}/`, { body: { filters: leaves(behavioral) } });
    expect(direct.body).toEqual(
      err(V, "behavioral_cohort_found", "Behavioral filters cannot be added to cohorts used in feature flags.", "filters"),
    );
    const nested = await harness.api("PATCH", `${path}${used.body.id}/`, {
      body: { filters: leaves({ type: "cohort", key: "id", value: events.body.id }) },
    });
    const dependency = harness === old ? "A dependent cohort (Did things)" : "A cohort dependency (Did things)";
    expect(nested.body).toEqual(
      err(
        V,
        "behavioral_cohort_found",
        `${dependency} has filters based on events. These cohorts can't be used in feature flags.`,
        "filters",
      ),
    );
    await harness.api("PATCH", `${flagPath}${flag.body.id}/`, { body: { active: false } });
    expect((await harness.api("PATCH", `${path}${used.body.id}/`, { body: { filters: leaves(behavioral) } })).status).toBe(200);
  }
});

test("today's PostHog refuses to edit a static cohort's criteria", async () => {
  const stat = await post({
    name: "Static",
    is_static: true,
    filters: leaves({ type: "person", key: "plan", operator: "exact", value: "pro" }),
  });
  expect(stat.status).toBe(201);
  const res = await h.api("PATCH", `${base}${stat.body.id}/`, {
    body: { filters: leaves({ type: "person", key: "plan", operator: "exact", value: "free" }) },
  });
  expect(res.body).toEqual(
    err(V, "invalid_input", "Editing the criteria of a static cohort is not supported yet. Create a new static cohort instead."),
  );
});

test("today's list refuses a search longer than 200 characters; 2025-08-04 searches with it", async () => {
  const long = "x".repeat(201);
  expect((await h.api("GET", `${base}?search=${long}`)).body).toEqual(
    err(V, "invalid_input", "Search query must be 200 characters or fewer.", "search"),
  );
  expect((await old.api("GET", `${oldBase}?search=${long}`)).body.count).toBe(0);
});
