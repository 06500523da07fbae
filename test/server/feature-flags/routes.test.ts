/**
 * Feature flags on the local server (src/server/feature-flags/, after posthog/api/feature_flag.py): key rules and
 * uniqueness among live flags, filters validation, soft delete, pagination, search, scopes, faults and the log.
 */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let base = "";
beforeAll(async () => ({ h, base } = await projectHarness("Flags", "feature_flags")));
afterAll(() => h.server.close());

const V = "validation_error";
const flag = (key: string, filters: unknown = { groups: [{ properties: [], rollout_percentage: 50 }] }) => ({ key, filters });
const post = (body: unknown) => h.api("POST", base, { body });

test("create answers the record PostHog returns", async () => {
  const res = await post({ ...flag("ff-create"), name: "A flag" });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    key: "ff-create",
    name: "A flag",
    active: true,
    deleted: false,
    version: 1,
    ensure_experience_continuity: false,
    tags: [],
    status: "ACTIVE",
    evaluation_runtime: "all",
    experiment_set: [],
  });
  expect(res.body.filters).toEqual({
    groups: [{ properties: [], rollout_percentage: 50, aggregation_group_type_index: null }],
    aggregation_group_type_index: null,
  });
  expect(res.body).toMatchObject({
    archived: false,
    evaluation_contexts: [],
    experiment_set_metadata: [],
    is_used_in_replay_settings: false,
  });
  expect(typeof res.body.usage_dashboard).toBe("number");
  expect(res.body.created_by.email).toBeTruthy();
});

test("a flag without filters shows the legacy single group", async () => {
  const res = await post({ key: "ff-nofilters" });
  expect(res.body.filters).toEqual({ groups: [{ properties: [], rollout_percentage: null }] });
});

test.each([
  [{}, err(V, "required", "This field is required.", "key")],
  [{ key: "" }, err(V, "blank", "This field may not be blank.", "key")],
  [{ key: "bad key" }, err(V, "invalid_key", "Only letters, numbers, hyphens (-) & underscores (_) are allowed.", "key")],
  [{ key: "ff-x", evaluation_runtime: "nope" }, err(V, "invalid_choice", '"nope" is not a valid choice.', "evaluation_runtime")],
  [{ key: "ff-x", filters: [] }, err(V, "not_a_dict", 'Expected a dictionary of items but got type "list".', "filters")],
  [
    { key: "ff-x", filters: { groups: [] } },
    err(V, "invalid_input", "Feature flags must have at least one condition set (group).", "filters"),
  ],
])("create refuses %j", async (body, expected) => {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(res.body).toEqual(expected);
});

test.each([
  [
    { groups: [{ properties: [{ key: "email", value: "x", type: "group", group_type_index: 0 }] }] },
    "Filters are not valid (person-aggregated conditions can only use person, cohort, and flag properties)",
  ],
  [
    { aggregation_group_type_index: 0, groups: [{ properties: [{ key: "email", value: "x", type: "person" }] }] },
    "Filters are not valid (group-aggregated conditions can only use group properties)",
  ],
  [
    { aggregation_group_type_index: 0, groups: [{ properties: [{ key: "k", value: "v", type: "group", group_type_index: 1 }] }] },
    "Filters are not valid (group properties must match the condition set's group type)",
  ],
  [{ groups: [{ rollout_percentage: 150 }] }, "groups[0].rollout_percentage must be between 0 and 100, got 150"],
  [{ groups: [{ rollout_percentage: "50" }] }, "groups[0].rollout_percentage must be a number or null, got str"],
  [{ groups: [{ variant: 1 }] }, "groups[0].variant must be a string or null, got int"],
  [{ groups: [{}], multivariate: { variants: [{ key: "a" }] } }, "multivariate.variants[0].rollout_percentage must be a number, got null"],
  [{ groups: [{}], aggregation_group_type_index: "0" }, "aggregation_group_type_index must be an integer or null, got str"],
  [
    { groups: [{ properties: [{ key: "e", type: "person", operator: "regex", value: "(" }] }] },
    "groups[0].properties[0].value: invalid regex pattern",
  ],
  [
    { groups: [{}], multivariate: { variants: [{ key: "a", rollout_percentage: 40 }] } },
    "Invalid variant definitions: Variant rollout percentages must sum to 100.",
  ],
  [
    { groups: [{ variant: "zz" }], multivariate: { variants: [{ key: "a", rollout_percentage: 100 }] } },
    "Filters are not valid (variant override does not exist)",
  ],
  [{ groups: [{}], payloads: { x: "1" } }, "Payload keys must be 'true' for boolean flags"],
  [{ groups: [{}], payloads: { true: "{bad" } }, "Payload value is not valid JSON"],
  [{ groups: [{}], payloads: "x" }, "Payloads must be passed as a dictionary"],
  [
    { groups: [{}], multivariate: { variants: [{ key: "a", rollout_percentage: 100 }] }, payloads: { b: "1" } },
    "Payload keys must match a variant key for multivariate flags",
  ],
  [
    { groups: [{ properties: [{ key: "flag", type: "flag", value: true, operator: "exact" }] }] },
    "Flag properties must use the 'flag_evaluates_to' operator",
  ],
])("filters %j are refused", async (filters, detail) => {
  const res = await post({ key: "ff-bad-filters", filters });
  expect(res.status).toBe(400);
  expect(res.body).toEqual(err(V, "invalid_input", detail, "filters"));
});

test("operators: string operators need strings, cohorts must exist in the project, in/not_in only for cohorts", async () => {
  const gt = await post(flag("ff-op", { groups: [{ properties: [{ key: "age", type: "person", operator: "gt", value: 3 }] }] }));
  expect(gt.body).toEqual(err(V, "invalid_value", "Invalid value for operator gt: 3", "filters"));
  const cohort = await post(flag("ff-op", { groups: [{ properties: [{ key: "id", type: "cohort", value: 999 }] }] }));
  expect(cohort.body).toEqual(err(V, "cohort_does_not_exist", "Cohort with id 999 does not exist", "filters"));
  const inOp = await post(flag("ff-op", { groups: [{ properties: [{ key: "e", type: "person", operator: "in", value: "x" }] }] }));
  expect(inOp.body.code).toBe("invalid_operator");
});

test("group flags: aggregation_group_type_index with group properties of that index", async () => {
  const res = await post(
    flag("ff-companies", {
      aggregation_group_type_index: 0,
      groups: [
        { properties: [{ key: "name", value: ["acme"], type: "group", group_type_index: 0, operator: "exact" }], rollout_percentage: 100 },
      ],
    }),
  );
  expect(res.status).toBe(201);
  expect(res.body.filters.aggregation_group_type_index).toBe(0);
});

test("JSON object payloads are stored as their JSON text", async () => {
  const res = await post(flag("ff-payload", { groups: [{ rollout_percentage: 100 }], payloads: { true: { a: 1 } } }));
  expect(res.status).toBe(201);
  expect(res.body.filters.payloads).toEqual({ true: '{"a": 1}' });
});

test("keys are unique among live flags; a deleted flag's key can be taken again and the old flag is gone", async () => {
  const first = await post(flag("ff-unique"));
  const dup = await post(flag("ff-unique"));
  expect(dup.body).toEqual(err(V, "unique", "There is already a feature flag with this key.", "key"));
  const del = await h.api("PATCH", `${base}${first.body.id}/`, { body: { deleted: true } });
  expect(del.status).toBe(200);
  expect(del.body).toMatchObject({ deleted: true, status: "DELETED" });
  const again = await post(flag("ff-unique"));
  expect(again.status).toBe(201);
  expect((await h.api("GET", `${base}${first.body.id}/`)).status).toBe(404);
});

test("renaming onto a soft-deleted flag's key frees it: the deleted flag is gone for good", async () => {
  const gone = await post(flag("ff-held"));
  await h.api("PATCH", `${base}${gone.body.id}/`, { body: { deleted: true } });
  const other = await post(flag("ff-renamed"));
  const renamed = await h.api("PATCH", `${base}${other.body.id}/`, { body: { key: "ff-held" } });
  expect(renamed.body.key).toBe("ff-held");
  expect((await h.api("GET", `${base}${gone.body.id}/`)).status).toBe(404);
});

test("operators: aliases min/max, unknown and unsupported operators", async () => {
  const prop = (operator: string, value: unknown = "1") =>
    flag(`ff-op-${operator}`, { groups: [{ properties: [{ key: "n", type: "person", operator, value }] }] });
  expect((await post(prop("min"))).body.filters.groups[0].properties[0].operator).toBe("gte");
  expect((await post(prop("nope"))).body).toEqual(err(V, "invalid_operator", "Invalid operator: nope", "filters"));
  expect((await post(prop("between", [1, 2]))).body).toEqual(
    err(V, "unsupported_operator", "Unsupported operator for feature flags: between", "filters"),
  );
  expect((await post(prop("semver_gt", "x.y"))).body).toEqual(
    err(V, "invalid_value", "Invalid semver value for operator semver_gt: x.y", "filters"),
  );
  expect((await post(prop("icontains_multi", "x"))).body.detail).toBe("icontains_multi operator requires a list of values");
});

test("object rules: archived flags are disabled, encrypted payloads need remote configuration, device bucketing excludes continuity", async () => {
  expect((await post({ ...flag("ff-arch"), archived: true })).body).toEqual(
    err(V, "invalid_input", "Cannot archive an enabled feature flag. Disable it first, or send active: false in the same request.", null),
  );
  const archived = await post({ ...flag("ff-arch"), archived: true, active: false });
  expect(archived.body).toMatchObject({ archived: true, active: false });
  expect((await h.api("PATCH", `${base}${archived.body.id}/`, { body: { active: true } })).body.detail).toBe(
    "Cannot enable an archived feature flag. Unarchive it first.",
  );
  expect((await h.api("GET", `${base}?search=ff-arch`)).body.count).toBe(0);
  expect((await h.api("GET", `${base}?search=ff-arch&archived=true`)).body.count).toBe(1);
  expect((await post({ ...flag("ff-enc"), has_encrypted_payloads: true })).body.detail).toBe(
    "Encrypted payloads require the flag to be a remote configuration.",
  );
  expect((await post({ ...flag("ff-dev"), bucketing_identifier: "device_id", ensure_experience_continuity: true })).body.detail).toBe(
    "Cannot enable 'persist across authentication steps' when using device ID bucketing. These features are incompatible.",
  );
});

test("encrypted payloads (encrypted_flag_payloads.py): stored and answered to the create encrypted, decrypted to personal API keys after; a PATCH keeps them encrypted", async () => {
  const remote = { is_remote_configuration: true, has_encrypted_payloads: true };
  const created = await post({
    key: "ff-secret",
    ...remote,
    filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"apiKey":"sk-12345"}' } },
  });
  expect(created.status).toBe(201);
  expect(created.body.filters.payloads.true).toMatch(/^gAAAAA/);
  expect(JSON.stringify(created.body)).not.toContain("sk-12345");
  const url = `${base}${created.body.id}/`;
  expect((await h.api("GET", url)).body.filters.payloads).toEqual({ true: '{"apiKey":"sk-12345"}' });
  expect((await h.api("GET", `${base}?search=ff-secret`)).body.results[0].filters.payloads).toEqual({ true: '{"apiKey":"sk-12345"}' });
  // A PATCH of the filters alone: today's PostHog encrypts them too, and answers them decrypted.
  const groups = [{ properties: [], rollout_percentage: 100 }];
  const patched = await h.api("PATCH", url, { body: { filters: { groups, payloads: { true: '"sk-67890"' } } } });
  expect(patched.body.filters.payloads).toEqual({ true: '"sk-67890"' });
  // Stored encrypted: a payload stored as sent would not decrypt (500).
  expect((await h.api("GET", url)).status).toBe(200);
  // The placeholder PostHog answers other authentications keeps the stored payload.
  await h.api("PATCH", url, { body: { filters: { groups, payloads: { true: '"********* (encrypted)"' } } } });
  expect((await h.api("GET", url)).body.filters.payloads).toEqual({ true: '"sk-67890"' });
  // A PATCH without groups keeps the stored filters, token and all, and encrypts nothing twice.
  await h.api("PATCH", url, { body: { filters: { payloads: { true: '"other"' } } } });
  expect((await h.api("GET", url)).body.filters.payloads).toEqual({ true: '"sk-67890"' });
});

test("PostHog 2025-08-04 encrypts a PATCH's payloads only when it sends has_encrypted_payloads: without it they are stored as sent and every answer fails to decrypt them", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old secrets" });
    const flags = `/api/projects/${p.id}/feature_flags/`;
    const remote = { is_remote_configuration: true, has_encrypted_payloads: true };
    const created = await old.api("POST", flags, {
      body: {
        key: "ff-old-secret",
        ...remote,
        filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '"a"' } },
      },
    });
    expect(created.body.filters.payloads.true).toMatch(/^gAAAAA/);
    const url = `${flags}${created.body.id}/`;
    const groups = [{ properties: [], rollout_percentage: 100 }];
    const sent = await old.api("PATCH", url, { body: { has_encrypted_payloads: true, filters: { groups, payloads: { true: '"b"' } } } });
    expect(sent.body.filters.payloads).toEqual({ true: '"b"' });
    expect((await old.api("PATCH", url, { body: { filters: { groups, payloads: { true: '"c"' } } } })).status).toBe(500);
    expect((await old.api("GET", url)).status).toBe(500);
  } finally {
    await old.server.close();
  }
});

test("a remote configuration flag without conditions is served to everyone", async () => {
  const res = await post({ key: "ff-remote", is_remote_configuration: true });
  expect(res.body.filters.groups).toEqual([{ properties: [], rollout_percentage: 100, variant: null }]);
});

test("soft delete: DELETE is 405 with no body, a deleted flag is hidden from the list and still read by GET", async () => {
  const f = await post(flag("ff-soft"));
  const del = await h.api("DELETE", `${base}${f.body.id}/`);
  expect(del.status).toBe(405);
  expect(del.text).toBe("");
  await h.api("PATCH", `${base}${f.body.id}/`, { body: { deleted: true } });
  const list = await h.api("GET", `${base}?search=ff-soft`);
  expect(list.body.count).toBe(0);
  const got = await h.api("GET", `${base}${f.body.id}/`);
  expect(got.status).toBe(200);
  expect(got.body.deleted).toBe(true);
});

test("PATCH: filters without groups keep the stored ones; version counts up; unknown and non-integer ids are 404", async () => {
  const f = await post(flag("ff-patch"));
  const res = await h.api("PATCH", `${base}${f.body.id}/`, { body: { name: "renamed", filters: { payloads: {} } } });
  expect(res.body).toMatchObject({ name: "renamed", version: 2, filters: f.body.filters });
  expect((await h.api("GET", `${base}999999/`)).body).toEqual(err("invalid_request", "not_found", "Not found.", null));
  expect((await h.api("GET", `${base}abc/`)).status).toBe(404);
});

test("a flag others depend on cannot be deleted", async () => {
  const parent = await post(flag("ff-parent"));
  await post(
    flag("ff-child", {
      groups: [{ properties: [{ key: String(parent.body.id), type: "flag", value: true, operator: "flag_evaluates_to" }] }],
    }),
  );
  const res = await h.api("PATCH", `${base}${parent.body.id}/`, { body: { deleted: true } });
  expect(res.status).toBe(400);
  expect(res.body.detail).toMatch(
    /^Cannot delete this feature flag because other flags depend on it: ff-child \(ID: \d+\)\. Please update or disable the dependent flags first\.$/,
  );
  expect((await h.api("PATCH", `${base}${parent.body.id}/`, { body: { active: false } })).body.detail).toMatch(
    /^Cannot disable this feature flag/,
  );
});

test("a create or update answers filters as sent; a read from the database in jsonb's key order", async () => {
  const filters = {
    groups: [{ variant: null, properties: [{ value: "x", key: "email", operator: "exact", type: "person" }], rollout_percentage: 10 }],
    payloads: {},
  };
  const made = await post({ key: "ff-order", filters });
  // as sent, with each condition set's aggregation added and the flag-level one derived from them
  expect(JSON.stringify(made.body.filters)).toBe(
    '{"groups":[{"variant":null,"properties":[{"value":"x","key":"email","operator":"exact","type":"person"}],"rollout_percentage":10,"aggregation_group_type_index":null}],"payloads":{},"aggregation_group_type_index":null}',
  );
  const ordered =
    '{"groups":[{"variant":null,"properties":[{"key":"email","type":"person","value":"x","operator":"exact"}],"rollout_percentage":10,"aggregation_group_type_index":null}],"payloads":{},"aggregation_group_type_index":null}';
  expect(JSON.stringify((await h.api("GET", `${base}${made.body.id}/`)).body.filters)).toBe(ordered);
  expect(JSON.stringify((await h.api("PATCH", `${base}${made.body.id}/`, { body: { name: "x" } })).body.filters)).toBe(ordered);
});

test("tags are stripped, lower-cased and deduplicated", async () => {
  const res = await post({ ...flag("ff-tags"), tags: [" Beta", "beta", "X"] });
  expect(res.body.tags).toEqual(["beta", "x"]);
});

test("list: limit/offset pages with absolute next links, newest first, search on key or name", async () => {
  const p = await h.createProject({ name: "Paged flags" });
  const path = `/api/projects/${p.id}/feature_flags/`;
  for (let i = 0; i < 5; i++) await h.api("POST", path, { body: { key: `page-${i}`, name: i === 3 ? "Special" : "" } });
  const first = await h.api("GET", `${path}?limit=2`);
  expect(first.body.count).toBe(5);
  expect(first.body.results.map((f: { key: string }) => f.key)).toEqual(["page-4", "page-3"]);
  expect(first.body.next).toBe(`${h.server.url}${path}?limit=2&offset=2`);
  expect(first.body.previous).toBeNull();
  const search = await h.api("GET", `${path}?search=special`);
  expect(search.body.results.map((f: { key: string }) => f.key)).toEqual(["page-3"]);
});

test("only under /api/projects/: /api/environments/ has no feature flags", async () => {
  const p = await h.createProject({ name: "Env" });
  expect((await h.api("GET", `/api/environments/${p.id}/feature_flags/`)).status).toBe(404);
});

test("scopes: feature_flag:read lists, feature_flag:write is needed to create and delete", async () => {
  const reader = await h.control.createKey({ scopes: ["feature_flag:read"] });
  expect((await h.api("GET", base, { key: reader.key })).status).toBe(200);
  const refused = await h.api("POST", base, { key: reader.key, body: flag("ff-scope") });
  expect(refused.body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'feature_flag:write'", null),
  );
  const other = await h.control.createKey({ scopes: ["cohort:write"] });
  expect((await h.api("GET", base, { key: other.key })).body.detail).toBe("API key missing required scope 'feature_flag:read'");
});

test("faults and the request log apply as for projects", async () => {
  await h.control.clearRequests();
  await h.control.addFault({ method: "POST", path: "/feature_flags/", status: 503 });
  expect((await post(flag("ff-fault"))).status).toBe(503);
  expect((await post(flag("ff-fault"))).status).toBe(201);
  const log = await h.control.requests();
  expect(log.filter((r) => r.path.endsWith("/feature_flags/")).map((r) => r.status)).toEqual([503, 201]);
});

test("PostHog 2025-08-04 drops archived and bucketing_identifier unread and answers its own record", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old flags" });
    const res = await old.api("POST", `/api/projects/${p.id}/feature_flags/`, {
      body: { key: "ff-old", active: true, archived: true, bucketing_identifier: "device_id", ensure_experience_continuity: true },
    });
    expect(res.status).toBe(201);
    // As the 2025-08-04 backend answered the same request (keys in its order; measured).
    expect(Object.keys(res.body)).toEqual([
      "id",
      "name",
      "key",
      "filters",
      "deleted",
      "active",
      "created_by",
      "created_at",
      "version",
      "last_modified_by",
      "is_simple_flag",
      "rollout_percentage",
      "ensure_experience_continuity",
      "experiment_set",
      "surveys",
      "features",
      "rollback_conditions",
      "performed_rollback",
      "can_edit",
      "usage_dashboard",
      "analytics_dashboards",
      "has_enriched_analytics",
      "user_access_level",
      "is_remote_configuration",
      "has_encrypted_payloads",
      "status",
      "evaluation_runtime",
      "tags",
    ]);
    const simple = await old.api("POST", `/api/projects/${p.id}/feature_flags/`, {
      body: { key: "ff-simple", filters: { groups: [{ properties: [], rollout_percentage: 30 }] } },
    });
    expect(simple.body).toMatchObject({ is_simple_flag: true, rollout_percentage: 30 });
    const patched = await old.api("PATCH", `/api/projects/${p.id}/feature_flags/${simple.body.id}/`, { body: { archived: true } });
    expect(patched.status).toBe(200);
    expect(patched.body).not.toHaveProperty("archived");
  } finally {
    await old.server.close();
  }
});
