/** Actions on the local server (src/server/actions/, after posthog/api/action.py): name uniqueness, steps, list. */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let base = "";
beforeAll(async () => ({ h, base } = await projectHarness("Actions", "actions")));
afterAll(() => h.server.close());

const V = "validation_error";
const post = (body: unknown) => h.api("POST", base, { body });

test("the Slack fields: post_to_slack a boolean, slack_message_format trimmed, at most 1200 characters", async () => {
  const res = await post({ name: "Slack", post_to_slack: true, slack_message_format: " [action.name] matched " });
  expect(res.body).toMatchObject({ post_to_slack: true, slack_message_format: "[action.name] matched" });
  expect((await post({ name: "Slack long", slack_message_format: "x".repeat(1201) })).body).toEqual(
    err(V, "max_length", "Ensure this field has no more than 1200 characters.", "slack_message_format"),
  );
  expect((await post({ name: "Slack bool", post_to_slack: "maybe" })).body).toEqual(
    err(V, "invalid_input", "Must be a valid boolean.", "post_to_slack"),
  );
});

test("create answers steps with every field", async () => {
  const res = await post({ name: "Signed up", steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }] });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ name: "Signed up", description: "", deleted: false, is_action: true, post_to_slack: false, tags: [] });
  expect(res.body.steps).toEqual([
    {
      event: "$pageview",
      properties: null,
      selector: null,
      selector_regex: null,
      tag_name: null,
      text: null,
      text_matching: null,
      href: null,
      href_matching: null,
      url: "/welcome",
      url_matching: "contains",
    },
  ]);
});

test("a step that leaves url_matching out is stored with ActionStepJSON's default, contains; null stays null", async () => {
  const res = await post({ name: "Defaults", steps: [{ event: "signed_up" }, { event: "left", url_matching: null }] });
  expect(res.body.steps.map((s: { url_matching: unknown }) => s.url_matching)).toEqual(["contains", null]);
});

test("names are unique among live actions; a deleted action frees its name", async () => {
  const first = await post({ name: "Unique" });
  const dup = await post({ name: "Unique" });
  expect(dup.body).toEqual(err(V, "unique", `This project already has an action with this name, ID ${first.body.id}`, "name"));
  await h.api("PATCH", `${base}${first.body.id}/`, { body: { deleted: true } });
  expect((await post({ name: "Unique" })).status).toBe(201);
});

test("a step's bad matching is answered as PostHog's nested error repr", async () => {
  const res = await post({ name: "Bad step", steps: [{ url_matching: "nope" }] });
  expect(res.body).toEqual(
    err(
      V,
      "{'url_matching': ['invalid_choice']}",
      "{'url_matching': [ErrorDetail(string='\"nope\" is not a valid choice.', code='invalid_choice')]}",
      "steps",
    ),
  );
});

test.each([
  [[{ event: "x" }, { url_matching: "nope" }], "{}", "{}"],
  [
    [{ url_matching: "nope", text_matching: "bad" }],
    "{'text_matching': ['invalid_choice'], 'url_matching': ['invalid_choice']}",
    "{'text_matching': [ErrorDetail(string='\"bad\" is not a valid choice.', code='invalid_choice')], 'url_matching': [ErrorDetail(string='\"nope\" is not a valid choice.', code='invalid_choice')]}",
  ],
  [
    ["x"],
    "{'non_field_errors': ['invalid']}",
    "{'non_field_errors': [ErrorDetail(string='Invalid data. Expected a dictionary, but got str.', code='invalid')]}",
  ],
  [
    [{ properties: ["x", {}, 3] }],
    "{'properties': {0: ['not_a_dict'], 2: ['not_a_dict']}}",
    "{'properties': {0: [ErrorDetail(string='Expected a dictionary of items but got type \"str\".', code='not_a_dict')], 2: [ErrorDetail(string='Expected a dictionary of items but got type \"int\".', code='not_a_dict')]}}",
  ],
])("steps %j: the first step's errors in Python's repr (drf-exceptions-hog)", async (steps, code, detail) => {
  const res = await post({ name: "Steps", steps });
  expect(res.status).toBe(400);
  expect(res.body).toEqual(err(V, code, detail, "steps"));
});

test("steps that are not a list", async () => {
  expect((await post({ name: "Steps", steps: "x" })).body).toEqual(
    err(V, "not_a_list", 'Expected a list of items but got type "str".', "steps__non_field_errors"),
  );
});

test("today's PostHog takes a PATCH without name", async () => {
  const a = await post({ name: "Patched" });
  const res = await h.api("PATCH", `${base}${a.body.id}/`, { body: { description: "d" } });
  expect(res.body).toMatchObject({ name: "Patched", description: "d" });
});

test("a blank name is refused (today's PostHog)", async () => {
  expect((await post({ name: "  " })).body).toEqual(err(V, "blank", "This field may not be blank.", "name"));
});

test("the list: every action with its count, or opt-in limit/offset, search on the name, ordering", async () => {
  const p = await h.createProject({ name: "Listed actions" });
  const path = `/api/projects/${p.id}/actions/`;
  for (const name of ["b-one", "a-two", "c-three"]) await h.api("POST", path, { body: { name } });
  const all = await h.api("GET", path);
  expect(all.body.count).toBe(3);
  expect(all.body.results).toHaveLength(3);
  const page = await h.api("GET", `${path}?limit=1&offset=1&ordering=name`);
  expect(page.body).toMatchObject({ count: 3, results: [{ name: "b-one" }] });
  expect(Object.keys(page.body)).toEqual(["count", "results"]);
  expect((await h.api("GET", `${path}?search=TWO`)).body.results.map((a: { name: string }) => a.name)).toEqual(["a-two"]);
  expect((await h.api("GET", `${path}?ordering=-name`)).body.results.map((a: { name: string }) => a.name)).toEqual([
    "c-three",
    "b-one",
    "a-two",
  ]);
});

test("soft delete: DELETE 405, hidden from the list, GET still answers", async () => {
  const a = await post({ name: "Soft" });
  expect((await h.api("DELETE", `${base}${a.body.id}/`)).status).toBe(405);
  await h.api("PATCH", `${base}${a.body.id}/`, { body: { deleted: true } });
  const list = await h.api("GET", base);
  expect(Object.keys(list.body)).toEqual(["count", "results"]);
  expect(list.body.results.some((x: { id: number }) => x.id === a.body.id)).toBe(false);
  expect((await h.api("GET", `${base}${a.body.id}/`)).body.deleted).toBe(true);
});

test("an action a cohort or an insight names is deleted all the same (no guard; today's `references` only lists them)", async () => {
  const action = await h.api("POST", base, { body: { name: "Used", steps: [{ event: "$pageview" }] } });
  const behavioral = {
    type: "behavioral",
    value: "performed_event",
    key: action.body.id,
    event_type: "actions",
    time_value: 30,
    time_interval: "day",
  };
  const cohort = await h.api("POST", base.replace("actions", "cohorts"), {
    body: { name: "Did it", filters: { properties: { type: "OR", values: [{ type: "AND", values: [behavioral] }] } } },
  });
  const series = [{ kind: "ActionsNode", id: action.body.id }];
  const insight = await h.api("POST", base.replace("actions", "insights"), {
    body: { query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series } } },
  });
  expect([cohort.status, insight.status]).toEqual([201, 201]);
  const deleted = await h.api("PATCH", `${base}${action.body.id}/`, { body: { deleted: true } });
  expect([deleted.status, deleted.body.deleted]).toEqual([200, true]);
});

test("scopes: action:read does not write", async () => {
  const reader = await h.control.createKey({ scopes: ["action:read"] });
  expect((await h.api("POST", base, { key: reader.key, body: { name: "x" } })).body.detail).toBe(
    "API key missing required scope 'action:write'",
  );
});

test("PostHog 2025-08-04: no user_access_level, a list of results only, a body without name is a 500, a PATCH answer without is_action", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old actions" });
    const path = `/api/projects/${p.id}/actions/`;
    const created = await old.api("POST", path, { body: { name: "Signed up", steps: [{ event: "signed_up" }] } });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty("user_access_level");
    expect(created.body.is_action).toBe(true);
    expect(Object.keys((await old.api("GET", `${path}?limit=1`)).body)).toEqual(["results"]);
    expect((await old.api("POST", path, { body: { steps: [] } })).status).toBe(500);
    expect((await old.api("PATCH", `${path}${created.body.id}/`, { body: { description: "x" } })).status).toBe(500);
    const patched = await old.api("PATCH", `${path}${created.body.id}/`, { body: { name: "Signed up", description: "x" } });
    expect(patched.status).toBe(200);
    expect(patched.body).not.toHaveProperty("is_action");
  } finally {
    await old.server.close();
  }
});
