/** Project endpoints: defaults, validation messages, updates, pagination, activity and the custom actions. */
import { err, harness, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness({ demoDataMs: 0 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const TOKEN = /^phc_[23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ]{44}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/;

describe("create", () => {
  test("201 with the full record, PostHog's defaults and a phc_ token", async () => {
    const r = await h.api("POST", h.orgPath(), { body: { name: "Web", unknown_field: 1, api_token: "phc_mine", ingested_event: true } });
    expect(r.status).toBe(201);
    const p = r.body;
    expect(p.api_token).toMatch(TOKEN);
    expect(p.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(p.created_at).toMatch(ISO);
    expect(p.updated_at).toMatch(ISO);
    expect(p).toMatchObject({
      name: "Web",
      organization: h.server.organizationId,
      project_id: p.id,
      timezone: "UTC",
      week_start_day: null,
      anonymize_ips: false,
      app_urls: [],
      ingested_event: false,
      is_demo: false,
      capture_console_log_opt_in: true,
      capture_performance_opt_in: true,
      session_recording_opt_in: false,
      session_recording_sample_rate: null,
      session_recording_minimum_duration_milliseconds: null,
      data_attributes: ["data-attr"],
      correlation_config: {},
      path_cleaning_filters: [],
      // TeamManager.create_with_data: test accounts are the project's "Internal and test users" cohort
      test_account_filters: [{ key: "id", type: "cohort", value: p.id, operator: "not_in" }],
      extra_settings: { recorder_script: "posthog-recorder" },
      effective_membership_level: 15,
      user_access_level: "admin",
      access_control: false,
      has_group_types: false,
      group_types: [],
      is_pending_deletion: false,
      modifiers: null,
    });
    expect(typeof p.primary_dashboard).toBe("number");
    expect(p.live_events_token.split(".")).toHaveLength(3);
    // today's ProjectBackwardCompatSerializer no longer has these two
    expect(p).not.toHaveProperty("slack_incoming_webhook");
    expect(p).not.toHaveProperty("groups_on_events_querying_enabled");
    expect(Object.keys(p)).toHaveLength(90);
  });

  test("default names are unique: Default project, Default project 2, ...", async () => {
    const names = [];
    for (let i = 0; i < 3; i++) names.push((await h.createProject()).name);
    expect(names).toEqual(["Default project", "Default project 2", "Default project 3"]);
  });

  // posthog/api/project.py ProjectBackwardCompatSerializer.validate_name
  test("a duplicate name (case and outer whitespace aside) is a 409 conflict, on create and rename", async () => {
    await h.createProject({ name: "Acme Web" });
    const r = await h.api("POST", h.orgPath(), { body: { name: "  acme WEB " } });
    expect([r.status, r.body]).toEqual([
      409, err("server_error", "conflict", 'There is already a project called "acme WEB" in this organization. Choose a different name.'),
    ]);
    // only the ends are trimmed: inner spaces count
    expect((await h.api("POST", h.orgPath(), { body: { name: "acme  web" } })).status).toBe(201);
    const other = await h.createProject({ name: "Other" });
    expect((await h.api("PATCH", h.orgPath(`${other.id}/`), { body: { name: "ACME web" } })).status).toBe(409);
    expect((await h.api("PATCH", h.orgPath(`${other.id}/`), { body: { name: "Other" } })).status).toBe(200);
    expect((await h.api("PATCH", h.orgPath(`${other.id}/`), { body: { name: "OTHER" } })).status).toBe(200);
  });

  test("plan limit: 403 with PostHog's body; demo projects do not count; only one demo project", async () => {
    const org = await h.control.createOrganization({ name: "Small plan", projectLimit: 1 });
    const owner = await h.control.createKey({ organizationId: org.id, level: "owner" });
    const path = `/api/organizations/${org.id}/projects/`;
    expect((await h.api("POST", path, { key: owner.key, body: { name: "First" } })).status).toBe(201);
    const limited = await h.api("POST", path, { key: owner.key, body: { name: "Second" } });
    expect(limited.status).toBe(403);
    expect(limited.body).toEqual(
      err("authentication_error", "permission_denied", "You have reached the maximum limit of allowed projects for your current plan. Upgrade your plan to be able to create and manage more projects."),
    );
    await h.control.patchOrganization(org.id, { projectLimit: 3 });
    expect((await h.api("POST", path, { key: owner.key, body: { name: "Demo", is_demo: true } })).status).toBe(201);
    expect((await h.api("POST", path, { key: owner.key, body: { name: "Demo 2", is_demo: true } })).status).toBe(403);
    expect((await h.api("POST", path, { key: owner.key, body: { name: "Second" } })).status).toBe(201);
    // PATCH is never refused by the plan limit
    await h.control.patchOrganization(org.id, { projectLimit: 0 });
    const list = (await h.api("GET", path, { key: owner.key })).body.results;
    expect((await h.api("PATCH", `${path}${list[0].id}/`, { key: owner.key, body: { name: "Renamed" } })).status).toBe(200);
  });

  test("primary_dashboard cannot be set on creation", async () => {
    const p = await h.createProject({ name: "Has dashboard" });
    const r = await h.api("POST", h.orgPath(), { body: { name: "x", primary_dashboard: p.primary_dashboard } });
    expect([r.status, r.body]).toEqual([400, err("validation_error", "invalid_input", "Primary dashboard cannot be set on project creation.", "primary_dashboard")]);
  });
});

type Case = [string, unknown, string, string, string?];
const V = "validation_error";
const cases: Case[] = [
  ["timezone", "America/I_Dont_Exist", "invalid_choice", '"America/I_Dont_Exist" is not a valid choice.'],
  ["timezone", "europe/paris", "invalid_choice", '"europe/paris" is not a valid choice.'],
  ["timezone", null, "null", "This field may not be null."],
  ["week_start_day", 2, "invalid_choice", '"2" is not a valid choice.'],
  ["week_start_day", true, "invalid_choice", '"True" is not a valid choice.'],
  ["session_recording_sample_rate", 1.5, "max_value", "Ensure this value is less than or equal to 1."],
  ["session_recording_sample_rate", -0.1, "min_value", "Ensure this value is greater than or equal to 0."],
  ["session_recording_sample_rate", 0.123, "max_decimal_places", "Ensure that there are no more than 2 decimal places."],
  ["session_recording_sample_rate", "0.1234", "max_digits", "Ensure that there are no more than 3 digits in total."],
  ["session_recording_sample_rate", 10, "max_whole_digits", "Ensure that there are no more than 1 digits before the decimal point."],
  ["session_recording_sample_rate", "abc", "invalid_input", "A valid number is required."],
  ["session_recording_minimum_duration_milliseconds", 30001, "max_value", "Ensure this value is less than or equal to 30000."],
  ["session_recording_minimum_duration_milliseconds", -1, "min_value", "Ensure this value is greater than or equal to 0."],
  ["session_recording_minimum_duration_milliseconds", 1.5, "invalid_input", "A valid integer is required."],
  ["name", "x".repeat(201), "max_length", "Ensure this field has no more than 200 characters."],
  ["name", "", "blank", "This field may not be blank."],
  ["name", "   ", "blank", "This field may not be blank."],
  ["name", null, "null", "This field may not be null."],
  ["name", { a: 1 }, "invalid_input", "Not a valid string."],
  ["app_urls", "https://a.example", "not_a_list", 'Expected a list of items but got type "str".'],
  ["app_urls", { a: 1 }, "not_a_list", 'Expected a list of items but got type "dict".'],
  ["app_urls", ["https://ok.example", `https://${"x".repeat(200)}`], "max_length", "Ensure this field has no more than 200 characters.", "app_urls__1"],
  ["app_urls", null, "null", "This field may not be null."],
  ["anonymize_ips", "maybe", "invalid_input", "Must be a valid boolean."],
  ["anonymize_ips", null, "null", "This field may not be null."],
  ["heatmaps_opt_in", 2, "invalid_input", "Must be a valid boolean."],
  ["primary_dashboard", "abc", "incorrect_type", "Incorrect type. Expected pk value, received str."],
  ["primary_dashboard", true, "incorrect_type", "Incorrect type. Expected pk value, received bool."],
  ["primary_dashboard", 99999, "does_not_exist", 'Invalid pk "99999" - object does not exist.'],
  ["path_cleaning_filters", { a: 1 }, "invalid_input", "Must provide a list of path cleaning rules."],
  ["path_cleaning_filters", [{ alias: "x" }], "invalid_input", "A path cleaning rule needs a regex. Remove the rule or give it one."],
  ["modifiers", "x", "invalid_input", "Must provide a dictionary or None."],
  ["modifiers", { nope: 1 }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { bounceRateDurationSeconds: "x" }, "invalid_input", "Must be a number.", "modifiers__bounceRateDurationSeconds"],
  ["modifiers", { bounceRateDurationSeconds: 121 }, "invalid_input", "Must be between 1 and 120 seconds.", "modifiers__bounceRateDurationSeconds"],
  ["session_recording_linked_flag", [], "invalid_input", "Must provide a dictionary or None."],
  ["session_recording_linked_flag", { id: 1 }, "invalid_input", "Must provide a dictionary with only 'id' and 'key' keys. _or_ only 'id', 'key', and 'variant' keys."],
  ["session_recording_linked_flag", { id: "x", key: "k" }, "invalid_input", "Must provide an integer 'id'."],
  ["session_recording_network_payload_capture_config", { recordBody: true, other: 1 }, "invalid_input", "Must provide a dictionary with only 'recordHeaders' and/or 'recordBody' keys."],
  ["session_replay_config", { nope: true }, "invalid_input", "Must provide a dictionary with only known keys. One or more of record_canvas, ai_config."],
  ["test_account_filters", null, "null", "This field may not be null."],
];

describe("validation (exact codes, messages, attrs)", () => {
  // a rest parameter keeps the arity 0 (rows have 4 or 5 items; jest would take a 5th parameter for `done`)
  test.each(cases)("%s = %j → %s", async (...[field, value, code, detail, attr]: Case) => {
    const p = await h.createProject({ name: "Valid" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { [field]: value } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(err(V, code, detail, attr ?? field));
  });

  test("the same rules apply on create", async () => {
    const r = await h.api("POST", h.orgPath(), { body: { name: "x", timezone: "Mars/Olympus" } });
    expect(r.body).toEqual(err(V, "invalid_choice", '"Mars/Olympus" is not a valid choice.', "timezone"));
  });

  test("the first error in serializer field order is reported", async () => {
    const p = await h.createProject({ name: "Order" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { week_start_day: 5, timezone: "Nope/Nope", name: "" } });
    expect(r.body.attr).toBe("name");
    const r2 = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { week_start_day: 5, timezone: "Nope/Nope" } });
    expect(r2.body.attr).toBe("timezone");
  });

  test("errors_to_ignore longer than 300 characters of JSON is refused with attr null", async () => {
    const p = await h.createProject({ name: "Long" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { autocapture_exceptions_errors_to_ignore: ["x".repeat(150), "y".repeat(150)] } });
    expect(r.body).toEqual(
      err(V, "invalid_input", "Field autocapture_exceptions_errors_to_ignore must be less than 300 characters. Complex config should be provided in posthog-js initialization."),
    );
  });

  test("accepted values are normalised the way PostHog stores them", async () => {
    const p = await h.createProject({ name: "Normalise" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), {
      body: {
        session_recording_sample_rate: 0.5,
        session_recording_minimum_duration_milliseconds: "1000",
        week_start_day: "1",
        anonymize_ips: "true",
        app_urls: ["https://a.example", "", null, "  https://b.example  "],
        recording_domains: [null, "https://r.example"],
        timezone: "US/Pacific",
        name: "  Trimmed  ",
        test_account_filters: [{ key: "email", value: "@x.com", operator: "not_icontains", type: "person" }],
        path_cleaning_filters: [{ regex: "/user/(\\d+)", alias: "/user/\\1" }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      session_recording_sample_rate: "0.50",
      session_recording_minimum_duration_milliseconds: 1000,
      week_start_day: 1,
      anonymize_ips: true,
      app_urls: ["https://a.example", "https://b.example"],
      recording_domains: ["https://r.example"],
      timezone: "US/Pacific",
      name: "Trimmed",
      test_account_filters: [{ key: "email", value: "@x.com", operator: "not_icontains", type: "person" }],
    });
    for (const [input, output] of [["1", "1.00"], [0, "0.00"], ["0.05", "0.05"], [null, null]] as const) {
      expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { session_recording_sample_rate: input } })).body.session_recording_sample_rate).toBe(output);
    }

  });

  test("primary_dashboard must be one of the project's dashboards", async () => {
    const a = await h.createProject({ name: "A" });
    const b = await h.createProject({ name: "B" });
    const foreign = await h.api("PATCH", h.orgPath(`${a.id}/`), { body: { primary_dashboard: b.primary_dashboard } });
    expect(foreign.body).toEqual(err(V, "invalid_input", "Dashboard does not belong to this team.", "primary_dashboard"));
    const own = await h.control.createDashboard(a.id, "Second");
    expect((await h.api("PATCH", h.orgPath(`${a.id}/`), { body: { primary_dashboard: String(own.id) } })).body.primary_dashboard).toBe(own.id);
  });
});

describe("update", () => {
  test("PATCH merges modifiers and session_replay_config (one level deep) and replaces the rest", async () => {
    const p = await h.createProject({
      name: "Merge", modifiers: { personsOnEventsMode: "disabled" }, session_replay_config: { record_canvas: true, ai_config: { opt_in: true, preferred_events: ["a"] } },
    });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), {
      body: { modifiers: { bounceRateDurationSeconds: 30 }, session_replay_config: { ai_config: { preferred_events: ["b"] } }, app_urls: ["https://new.example"], correlation_config: { x: 1 } },
    });
    expect(r.body.modifiers).toEqual({ personsOnEventsMode: "disabled", bounceRateDurationSeconds: 30 });
    expect(r.body.session_replay_config).toEqual({ record_canvas: true, ai_config: { opt_in: true, preferred_events: ["b"] } });
    expect(r.body.app_urls).toEqual(["https://new.example"]);
    const cleared = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { modifiers: null, correlation_config: { y: 2 } } });
    expect(cleared.body.modifiers).toBeNull();
    expect(cleared.body.correlation_config).toEqual({ y: 2 });
  });

  test("PUT updates like PATCH; read-only and unknown fields are ignored; updated_at moves", async () => {
    const p = await h.createProject({ name: "Put" });
    const r = await h.api("PUT", h.orgPath(`${p.id}/`), { body: { name: "Put 2", id: 999, uuid: "x", api_token: "phc_x", ingested_event: true, whatever: 1 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p.id, uuid: p.uuid, api_token: p.api_token, ingested_event: false, name: "Put 2" });
    expect(r.body.updated_at > p.updated_at).toBe(true);
    expect(r.body.created_at).toBe(p.created_at);
  });

  test("settings the plan does not allow are accepted but not applied", async () => {
    const p = await h.createProject({ name: "Plan" });
    await h.control.patchOrganization(h.server.organizationId, { ignoredSettings: ["session_recording_sample_rate", "anonymize_ips"] });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { session_recording_sample_rate: "0.5", anonymize_ips: true, timezone: "Europe/Paris" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ session_recording_sample_rate: null, anonymize_ips: false, timezone: "Europe/Paris" });
    const created = await h.createProject({ name: "Plan 2", anonymize_ips: true });
    expect(created.anonymize_ips).toBe(false);
    // still validated
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { session_recording_sample_rate: 5 } })).status).toBe(400);
  });
});

describe("list", () => {
  test("basic serializer, limit/offset with DRF's links (sorted query keys, absolute URLs)", async () => {
    for (let i = 1; i <= 5; i++) await h.createProject({ name: `P${i}` });
    const first = await h.api("GET", `${h.orgPath()}?limit=2`);
    expect(first.body.count).toBe(5);
    expect(Object.keys(first.body.results[0])).toEqual([
      "id", "uuid", "organization", "project_id", "api_token", "name", "completed_snippet_onboarding", "has_completed_onboarding_for", "ingested_event", "is_demo", "timezone", "access_control",
    ]);
    const base = `${h.server.url}${h.orgPath()}`;
    expect(first.body.next).toBe(`${base}?limit=2&offset=2`);
    expect(first.body.previous).toBeNull();
    const second = await h.api("GET", `${h.orgPath()}?offset=2&limit=2`);
    expect(second.body.next).toBe(`${base}?limit=2&offset=4`);
    expect(second.body.previous).toBe(`${base}?limit=2`);
    const third = await h.api("GET", `${h.orgPath()}?limit=2&offset=4`);
    expect(third.body.results.map((p: { name: string }) => p.name)).toEqual(["P5"]);
    expect([third.body.next, third.body.previous]).toEqual([null, `${base}?limit=2&offset=2`]);
    const withSearch = await h.api("GET", `${h.orgPath()}?search=p&limit=1&offset=3`);
    expect(withSearch.body.next).toBe(`${base}?limit=1&offset=4&search=p`);
    expect(withSearch.body.previous).toBe(`${base}?limit=1&offset=2&search=p`);
    expect((await h.api("GET", `${h.orgPath()}?limit=0&offset=-3`)).body.results).toHaveLength(5);
    expect((await h.api("GET", `${h.orgPath()}?offset=10`)).body.results).toEqual([]);
    expect((await h.api("GET", h.orgPath(), { headers: { "X-Forwarded-Proto": "https" } })).body.next).toBeNull();
    const https = await h.api("GET", `${h.orgPath()}?limit=1`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.body.next).toMatch(/^https:\/\//);
  });

  test("?search= is a case-insensitive substring of the name, spaces kept", async () => {
    await h.createProject({ name: "Acme Non-prod" });
    await h.createProject({ name: "Acme Prod" });
    const names = async (q: string) => (await h.api("GET", `${h.orgPath()}?search=${encodeURIComponent(q)}`)).body.results.map((p: { name: string }) => p.name);
    expect(await names("acme")).toEqual(["Acme Non-prod", "Acme Prod"]);
    expect(await names("NON-PROD")).toEqual(["Acme Non-prod"]);
    expect(await names("NON PROD")).toEqual([]);
  });
});

describe("custom actions and delete", () => {
  test("reset_token: new token, same uuid and id, activity entry", async () => {
    const p = await h.createProject({ name: "Reset" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/reset_token/`));
    expect(r.status).toBe(200);
    expect(r.body.api_token).toMatch(TOKEN);
    expect(r.body.api_token).not.toBe(p.api_token);
    expect(r.body).toMatchObject({ id: p.id, uuid: p.uuid, name: "Reset" });
    const activity = (await h.api("GET", h.orgPath(`${p.id}/activity/`))).body;
    expect(activity.results[0].detail.changes).toEqual([{ type: "Team", action: "changed", field: "api_token", before: p.api_token, after: r.body.api_token }]);
  });

  test("activity: newest first, page/limit links, total_count, before/after per field, System entries", async () => {
    const p = await h.createProject({ name: "Act" });
    await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { timezone: "Europe/Paris", anonymize_ips: true } });
    await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { timezone: "Europe/Paris" } }); // no change, no entry
    await h.control.patchProject(p.id, { name: "Renamed in the UI" });
    const page1 = await h.api("GET", h.orgPath(`${p.id}/activity/?limit=2`));
    expect(page1.body.total_count).toBe(3);
    expect(page1.body.results.map((a: { activity: string }) => a.activity)).toEqual(["updated", "updated"]);
    const [system, mine] = page1.body.results;
    expect(system.user).toEqual({ first_name: "System", email: null, is_system: true });
    expect(system.detail.changes).toEqual([{ type: "Team", action: "changed", field: "name", before: "Act", after: "Renamed in the UI" }]);
    expect(mine.detail.changes).toEqual([
      { type: "Team", action: "changed", field: "anonymize_ips", before: false, after: true },
      { type: "Team", action: "changed", field: "timezone", before: "UTC", after: "Europe/Paris" },
    ]);
    expect(mine).toMatchObject({ scope: "Team", item_id: String(p.id), is_system: false });
    expect(mine.created_at).toMatch(ISO);
    const url = `${h.server.url}${h.orgPath(`${p.id}/activity/`)}`;
    expect(page1.body.next).toBe(`${url}?limit=2&page=2`);
    expect(page1.body.previous).toBeNull();
    const page2 = await h.api("GET", h.orgPath(`${p.id}/activity/?page=2&limit=2`));
    expect(page2.body.results.map((a: { activity: string }) => a.activity)).toEqual(["created"]);
    expect([page2.body.next, page2.body.previous]).toEqual([null, `${url}?page=1&limit=2`]);
    expect((await h.api("GET", h.orgPath(`${p.id}/activity/?page=x`))).status).toBe(400);
  });

  test("is_generating_demo_data follows the control surface", async () => {
    const p = await h.createProject({ name: "Demo", is_demo: true });
    expect((await h.api("GET", h.orgPath(`${p.id}/is_generating_demo_data/`))).body).toEqual({ is_generating_demo_data: false });
    await h.control.setDemoData(p.id, true);
    expect((await h.api("GET", h.orgPath(`${p.id}/is_generating_demo_data/`))).body).toEqual({ is_generating_demo_data: true });
  });


  test("out-of-band changes and deletion through the control surface", async () => {
    const p = await h.createProject({ name: "Drift" });
    await h.control.patchProject(p.id, { anonymize_ips: true, ingested_event: true });
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).body).toMatchObject({ anonymize_ips: true, ingested_event: true });
    await h.control.deleteProject(p.id);
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).status).toBe(404);
  });
});

test("a new demo project reports generating demo data for a while", async () => {
  const other = await harness({ demoDataMs: 150 });
  try {
    const p = await other.createProject({ name: "Demo", is_demo: true });
    expect((await other.api("GET", other.orgPath(`${p.id}/is_generating_demo_data/`))).body.is_generating_demo_data).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect((await other.api("GET", other.orgPath(`${p.id}/is_generating_demo_data/`))).body.is_generating_demo_data).toBe(false);
  } finally {
    await other.server.close();
  }
});
