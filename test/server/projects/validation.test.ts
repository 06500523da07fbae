/**
 * Validation of project settings (src/server/projects/validation.ts and settings-validators.ts): the `validate_<field>`
 * rules of posthog/api/team/team_serializer.py and settings_validation.py with PostHog's codes, messages and attrs,
 * and the admin-only fields of `validate_team_attrs`.
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness({ demoDataMs: 0 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const V = "validation_error";
const patch = async (id: number, body: unknown, key?: string) => h.api("PATCH", h.orgPath(`${id}/`), { body, key });

type Case = [string, unknown, string, string, (string | null)?];
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
  [
    "app_urls",
    ["https://ok.example", `https://${"x".repeat(200)}`],
    "max_length",
    "Ensure this field has no more than 200 characters.",
    "app_urls__1",
  ],
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
  [
    "modifiers",
    { bounceRateDurationSeconds: 121 },
    "invalid_input",
    "Must be between 1 and 120 seconds.",
    "modifiers__bounceRateDurationSeconds",
  ],
  ["session_recording_linked_flag", [], "invalid_input", "Must provide a dictionary or None."],
  [
    "session_recording_linked_flag",
    { id: 1 },
    "invalid_input",
    "Must provide a dictionary with only 'id' and 'key' keys. _or_ only 'id', 'key', and 'variant' keys.",
  ],
  ["session_recording_linked_flag", { id: "x", key: "k" }, "invalid_input", "Must provide an integer 'id'."],
  [
    "session_recording_network_payload_capture_config",
    { recordBody: true, other: 1 },
    "invalid_input",
    "Must provide a dictionary with only 'recordHeaders' and/or 'recordBody' keys.",
  ],
  [
    "session_replay_config",
    { nope: true },
    "invalid_input",
    "Must provide a dictionary with only known keys. One or more of record_canvas, ai_config.",
  ],
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
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), {
      body: { autocapture_exceptions_errors_to_ignore: ["x".repeat(150), "y".repeat(150)] },
    });
    expect(r.body).toEqual(
      err(
        V,
        "invalid_input",
        "Field autocapture_exceptions_errors_to_ignore must be less than 300 characters. Complex config should be provided in posthog-js initialization.",
      ),
    );
  });

  // The child CharField refuses "" before validate_app_urls drops the null entries (posthog/models/team/team.py).
  test.each(["app_urls", "recording_domains"])('%s: a "" entry is refused as blank, a null one dropped', async (field) => {
    const p = await h.createProject({ name: "Blank" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { [field]: ["https://a.example", ""] } });
    expect([r.status, r.body]).toEqual([400, err("validation_error", "blank", "This field may not be blank.", `${field}__1`)]);
  });

  test("accepted values are normalised the way PostHog stores them", async () => {
    const p = await h.createProject({ name: "Normalise" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), {
      body: {
        session_recording_sample_rate: 0.5,
        session_recording_minimum_duration_milliseconds: "1000",
        week_start_day: "1",
        anonymize_ips: "true",
        app_urls: ["https://a.example", null, "  https://b.example  "],
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
    for (const [input, output] of [
      ["1", "1.00"],
      [0, "0.00"],
      ["0.05", "0.05"],
      [null, null],
    ] as const) {
      expect(
        (await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { session_recording_sample_rate: input } })).body
          .session_recording_sample_rate,
      ).toBe(output);
    }
  });

  test("primary_dashboard must be one of the project's dashboards", async () => {
    const a = await h.createProject({ name: "A" });
    const b = await h.createProject({ name: "B" });
    const foreign = await h.api("PATCH", h.orgPath(`${a.id}/`), { body: { primary_dashboard: b.primary_dashboard } });
    expect(foreign.body).toEqual(err(V, "invalid_input", "Dashboard does not belong to this team.", "primary_dashboard"));
    const own = await h.control.createDashboard(a.id, "Second");
    expect((await h.api("PATCH", h.orgPath(`${a.id}/`), { body: { primary_dashboard: String(own.id) } })).body.primary_dashboard).toBe(
      own.id,
    );
  });
});

/** The settings today's PostHog added, with the rules of their `validate_<field>` methods. */
const newFieldCases: Case[] = [
  // not-null model fields
  ["data_attributes", null, "null", "This field may not be null."],
  ["is_demo", null, "null", "This field may not be null."],
  ["completed_snippet_onboarding", null, "null", "This field may not be null."],
  ["session_recording_opt_in", null, "null", "This field may not be null."],
  ["base_currency", null, "null", "This field may not be null."],
  ["session_recording_retention_period", null, "null", "This field may not be null."],
  ["access_control", null, "null", "This field may not be null."],
  // choices
  ["base_currency", "XYZ", "invalid_choice", '"XYZ" is not a valid choice.'],
  ["base_currency", "eur", "invalid_choice", '"eur" is not a valid choice.'],
  ["cookieless_server_hash_mode", 3, "invalid_choice", '"3" is not a valid choice.'],
  ["business_model", "b2x", "invalid_choice", '"b2x" is not a valid choice.'],
  ["session_recording_retention_period", "2y", "invalid_choice", '"2y" is not a valid choice.'],
  ["week_start_day", 6, "invalid_choice", '"6" is not a valid choice.'],
  // TeamSerializer.validate_access_control: any value, false too
  [
    "access_control",
    false,
    "invalid_input",
    "The 'access_control' field has been deprecated and is no longer supported. Please use the new access control system instead. For more information, visit: https://posthog.com/docs/settings/access-control",
  ],
  // validate_logs_settings
  ["logs_settings", { retention_days: 7 }, "invalid_input", "retention_days must be one of [14, 30]"],
  ["logs_settings", { retention_days: "14" }, "invalid_input", "retention_days must be one of [14, 30]"],
  // validate_session_recording_masking_config
  ["session_recording_masking_config", "x", "invalid_input", "Must provide a dictionary or None."],
  [
    "session_recording_masking_config",
    { maskAll: true },
    "invalid_input",
    "Must provide a dictionary with only known keys: maskAllInputs, maskTextSelector, blockSelector.",
  ],
  ["session_recording_masking_config", { maskAllInputs: "yes" }, "invalid_input", "maskAllInputs must be a boolean."],
  ["session_recording_masking_config", { maskTextSelector: 1 }, "invalid_input", "maskTextSelector must be a string."],
  ["session_recording_masking_config", { blockSelector: false }, "invalid_input", "blockSelector must be a string."],
  // validate_session_replay_config / validate_session_replay_ai_summary_config
  ["session_replay_config", { ai_config: "x" }, "invalid_input", "Must provide a dictionary or None."],
  [
    "session_replay_config",
    { ai_config: { opt_in: true, model: "x" } },
    "invalid_input",
    "Must provide a dictionary with only allowed keys: included_event_properties, opt_in, preferred_events, excluded_events, important_user_properties.",
  ],
  // validate_modifiers: HogQLQueryModifiers(**value), extra="forbid"
  ["modifiers", { personsOnEventsMode: "sometimes" }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { debug: "maybe" }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { usePresortedEventsTable: true }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { customChannelTypeRules: [{ channel_type: "x" }] }, "invalid_input", "Invalid modifier key."],
  [
    "modifiers",
    { bounceRateDurationSeconds: 0.5 },
    "invalid_input",
    "Must be between 1 and 120 seconds.",
    "modifiers__bounceRateDurationSeconds",
  ],
  // validate_session_recording_trigger_groups
  ["session_recording_trigger_groups", { version: 1, groups: [] }, "invalid_input", "Invalid version: 1. Only version 2 is supported."],
  ["session_recording_trigger_groups", { groups: [] }, "invalid_input", "Missing required field: 'version'."],
  [
    "session_recording_trigger_groups",
    { version: 2, groups: [{ id: "a", sampleRate: 2, conditions: {} }] },
    "invalid_input",
    "Group 0: invalid sampleRate '2'. Must be a number between 0 and 1.",
  ],
  [
    "session_recording_trigger_groups",
    { version: 2, groups: [{ id: "a", sampleRate: 1, conditions: { urls: [{ url: "/x", matching: "exact" }] } }] },
    "invalid_input",
    "Group 0: URL matching must be 'regex'. Got: 'exact'.",
  ],
  [
    "session_recording_trigger_groups",
    { version: 2, groups: [{ id: "a", sampleRate: 1, minDurationMs: 1.5, conditions: {} }] },
    "invalid_input",
    "Group 0: 'minDurationMs' must be an integer, got float.",
  ],
  // DRF types of the other new fields
  ["session_recording_url_trigger_config", "x", "not_a_list", 'Expected a list of items but got type "str".'],
  ["feature_flag_confirmation_message", { a: 1 }, "invalid_input", "Not a valid string."],
  ["default_data_theme", "x", "invalid_input", "A valid integer is required."],
  ["capture_dead_clicks", "maybe", "invalid_input", "Must be a valid boolean."],
  // nested serializers (TeamRevenueAnalyticsConfigSerializer, TeamMarketingAnalyticsConfigSerializer, …)
  [
    "revenue_analytics_config",
    "x",
    "invalid_input",
    "Invalid data. Expected a dictionary, but got str.",
    "revenue_analytics_config__non_field_errors",
  ],
  ["revenue_analytics_config", null, "null", "This field may not be null."],
  [
    "revenue_analytics_config",
    { base_currency: "XYZ" },
    "invalid_choice",
    '"XYZ" is not a valid choice.',
    "revenue_analytics_config__base_currency",
  ],
  [
    "marketing_analytics_config",
    { attribution_window_days: 91 },
    "max_value",
    "Ensure this value is less than or equal to 90.",
    "marketing_analytics_config__attribution_window_days",
  ],
  [
    "marketing_analytics_config",
    { attribution_mode: "linear" },
    "invalid_choice",
    '"linear" is not a valid choice.',
    "marketing_analytics_config__attribution_mode",
  ],
  [
    "workflows_config",
    { email_tracking_consent_mode: "always" },
    "invalid_choice",
    '"always" is not a valid choice.',
    "workflows_config__email_tracking_consent_mode",
  ],
  [
    "customer_analytics_config",
    { account_group_type_index: "x" },
    "invalid_input",
    "A valid integer is required.",
    "customer_analytics_config__account_group_type_index",
  ],
  // validate_team_attrs, raised from validate(): attr null
  [
    "autocapture_exceptions_errors_to_ignore",
    null,
    "invalid_input",
    "Must provide a list for field: autocapture_exceptions_errors_to_ignore.",
    null,
  ],
  [
    "autocapture_exceptions_errors_to_ignore",
    "x",
    "invalid_input",
    "Must provide a list for field: autocapture_exceptions_errors_to_ignore.",
    null,
  ],
  [
    "autocapture_exceptions_errors_to_ignore",
    [1],
    "invalid_input",
    "Must provide a list of strings to field: autocapture_exceptions_errors_to_ignore.",
    null,
  ],
  // validate_path_cleaning_filters
  ["path_cleaning_filters", "x", "invalid_input", "Must provide a list of path cleaning rules."],
  ["path_cleaning_filters", [{ regex: "" }], "invalid_input", "A path cleaning rule needs a regex. Remove the rule or give it one."],
  ["path_cleaning_filters", [{ regex: "(" }], "invalid_input", "Invalid path cleaning regex '(': missing ): ("],
  ["path_cleaning_filters", [{ regex: "a(?=b)" }], "invalid_input", "Invalid path cleaning regex 'a(?=b)': invalid perl operator: (?="],
  [
    "path_cleaning_filters",
    [{ regex: "/user/(\\d+)", alias: "/user/\\2" }],
    "invalid_input",
    "The alias '/user/\\2' references capture group \\2, but its regex has 1 capture group(s). Add the group to the regex or fix the reference.",
  ],
];

describe("validation of the new fields (exact codes, messages, attrs)", () => {
  test.each(newFieldCases)("%s = %j → %s", async (...[field, value, code, detail, attr]: Case) => {
    const p = await h.createProject({ name: "Valid" });
    const r = await patch(p.id, { [field]: value });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(err(V, code, detail, attr === undefined ? field : attr));
  });

  test("test_account_filters: a list of property filters (pydantic AnyPropertyFilter); the value is stored as sent", async () => {
    const p = await h.createProject({ name: "Filters" });
    const prefix = "Must provide an array of valid property filters. ";
    for (const bad of [
      "[]", // a JSON string is not a list
      [{ key: "email", type: "person", value: "x" }], // operator required outside event filters
      [{ key: "$host", operator: "nope" }],
      [{ key: "$host", operator: "exact", colour: "red" }], // extra keys are forbidden
      [{ type: "event", operator: "exact" }], // key required
      [{ key: 1, type: "event" }],
      [{ key: "id", type: "cohort" }], // a cohort filter needs its value
      [{ key: "x", type: "martian" }],
      [{ key: "x", value: { a: 1 } }],
      ["x"],
    ]) {
      const r = await patch(p.id, { test_account_filters: bad });
      expect([r.status, r.body.attr, r.body.code]).toEqual([400, "test_account_filters", "invalid_input"]);
      expect(r.body.detail.startsWith(prefix)).toBe(true);
    }
    expect((await patch(p.id, { test_account_filters: "nope" })).body.detail).toMatch(/Input should be a valid list/);
    expect((await patch(p.id, { test_account_filters: [{ key: "email", type: "person" }] })).body.detail).toMatch(
      /PersonPropertyFilter\.operator\n {2}Field required/,
    );
    const good = [
      { key: "$host", value: "localhost", operator: "not_icontains" },
      { key: "$host", value: ["a", "b"] }, // an event filter: type and operator default
      { key: "email", type: "person", operator: "icontains", value: "@example.com", label: "Staff" },
      { key: "id", type: "cohort", value: 7, operator: "not_in" },
      { key: "name", type: "group", group_type_index: 0, operator: "exact", value: "Acme" },
      { key: "properties.$os = 'Linux'", type: "hogql" },
      { key: "$feature/beta", type: "feature", operator: "flag_evaluates_to", value: true },
      {},
    ];
    const r = await patch(p.id, { test_account_filters: good });
    expect(r.status).toBe(200);
    expect(r.body.test_account_filters).toEqual(good);
  });

  test("path_cleaning_filters: falsy values kept as sent, non-dict rules skipped, RE2 syntax, literal \\\\ in aliases", async () => {
    const p = await h.createProject({ name: "Paths" });
    const rules = [1, "x", { regex: "/user/(\\d+)/(\\w+)", alias: "/user/\\1/\\2" }, { regex: "^/a(?P<n>\\d)", alias: "\\\\2 and \\0" }];
    expect((await patch(p.id, { path_cleaning_filters: rules })).body.path_cleaning_filters).toEqual(rules);
    for (const falsy of ["", [], null])
      expect((await patch(p.id, { path_cleaning_filters: falsy })).body.path_cleaning_filters).toEqual(falsy);
  });

  test("autocapture_exceptions_errors_to_ignore is measured with Python's json.dumps (', ' and ': ')", async () => {
    const p = await h.createProject({ name: "Errors" });
    const errors = Array.from({ length: 40 }, (_, i) => `e${String(i).padStart(3, "0")}`);
    expect(JSON.stringify(errors).length).toBeLessThanOrEqual(300); // 281 characters in JavaScript …
    const r = await patch(p.id, { autocapture_exceptions_errors_to_ignore: errors }); // … 320 in Python
    expect(r.body).toEqual(
      err(
        V,
        "invalid_input",
        "Field autocapture_exceptions_errors_to_ignore must be less than 300 characters. Complex config should be provided in posthog-js initialization.",
      ),
    );
    expect((await patch(p.id, { autocapture_exceptions_errors_to_ignore: errors.slice(0, 30) })).status).toBe(200);
  });

  test("modifiers: every key of HogQLQueryModifiers with its values, pydantic's lax booleans", async () => {
    const p = await h.createProject({ name: "Modifiers" });
    const modifiers = {
      personsOnEventsMode: "person_id_no_override_properties_on_events",
      bounceRatePageViewMode: "uniq_urls",
      inCohortVia: "leftjoin_conjoined",
      materializationMode: "disabled",
      personsArgMaxVersion: "v2",
      personsJoinMode: "left",
      propertyGroupsMode: "enabled",
      sessionTableVersion: "v3",
      sessionsV2JoinMode: "uuid",
      debug: "true",
      useMaterializedViews: 0,
      bounceRateDurationSeconds: 30.5,
      dataWarehouseEventsModifiers: [{ distinct_id_field: "d", id_field: "i", table_name: "t", timestamp_field: "ts" }],
      customChannelTypeRules: [
        { channel_type: "Partners", combiner: "OR", id: "r1", items: [{ id: "c1", key: "utm_source", op: "exact", value: ["p"] }] },
      ],
      convertToProjectTimezone: null,
    };
    const r = await patch(p.id, { modifiers });
    expect(r.status).toBe(200);
    expect(r.body.modifiers).toEqual(modifiers);
  });

  test("session_recording_linked_flag: a numeric string id is stored as an integer", async () => {
    const p = await h.createProject({ name: "Flag" });
    expect(
      (await patch(p.id, { session_recording_linked_flag: { id: " 12", key: "beta", variant: "on" } })).body.session_recording_linked_flag,
    ).toEqual({ id: 12, key: "beta", variant: "on" });
    expect((await patch(p.id, { session_recording_linked_flag: { id: true, key: "beta" } })).body.detail).toBe(
      "Must provide an integer 'id'.",
    );
  });

  test("logs_settings: a change of the retention is stamped and allowed once per 24 hours", async () => {
    const p = await h.createProject({ name: "Logs", logs_settings: { retention_days: 14 } });
    const changed = await patch(p.id, { logs_settings: { retention_days: 30 } });
    expect(changed.body.logs_settings.retention_days).toBe(30);
    expect(typeof changed.body.logs_settings.retention_last_updated).toBe("string");
    const again = await patch(p.id, { logs_settings: { retention_days: 14 } });
    expect(again.body).toEqual(
      err(V, "invalid_input", "You can only update retention settings once per 24 hours. Please wait 23 more hour(s).", "logs_settings"),
    );
    expect((await patch(p.id, { logs_settings: "x" })).status).toBe(500); // PostHog calls value.get()
  });

  test("a PermissionDenied from a field validator wins over a ValidationError of an earlier field (DRF to_internal_value)", async () => {
    const p = await h.createProject({ name: "Order" });
    const r = await patch(p.id, { timezone: "Nope/Nope", proactive_tasks_enabled: true });
    expect([r.status, r.body]).toEqual([
      403,
      err("authentication_error", "permission_denied", "Proactive tasks can only be enabled for authorized teams."),
    ]);
    expect((await patch(p.id, { timezone: "Nope/Nope", base_currency: "XYZ" })).body.attr).toBe("timezone");
  });
});

describe("admin-only settings (validate_team_attrs)", () => {
  test("update: project admins only, the touched admin fields listed sorted", async () => {
    const p = await h.createProject({ name: "Admin" });
    const member = await h.control.createKey({ level: "member" });
    const r = await patch(
      p.id,
      { timezone: "Europe/Paris", anonymize_ips: true, surveys_opt_in: true, name: "Renamed", base_currency: "EUR" },
      member.key,
    );
    expect([r.status, r.body]).toEqual([
      403,
      err(
        "authentication_error",
        "permission_denied",
        "Only project admins can modify these settings: anonymize_ips, base_currency, name, timezone",
      ),
    ]);
    // member fields (TEAM_CONFIG_MEMBER_FIELDS) and fields outside the team config (product_description)
    const ok = await patch(
      p.id,
      { surveys_opt_in: true, onboarding_tasks: { a: 1 }, autocapture_web_vitals_opt_in: true, product_description: "x" },
      member.key,
    );
    expect(ok.status).toBe(200);
    const logs = await patch(p.id, { receive_org_level_activity_logs: true }, member.key);
    expect(logs.body.detail).toBe("Only organization owners and admins can modify the receive_org_level_activity_logs setting.");
  });

  // test_member_cannot_set_admin_only_fields_when_creating_project
  test("test_member_cannot_set_admin_only_fields_when_creating_project: is_demo and name aside, sorted", async () => {
    const member = await h.control.createKey({ level: "member" });
    const r = await h.api("POST", h.orgPath(), {
      key: member.key,
      body: { name: "Demo", is_demo: true, timezone: "UTC", receive_org_level_activity_logs: true, surveys_opt_in: true },
    });
    expect([r.status, r.body]).toEqual([
      403,
      err(
        "authentication_error",
        "permission_denied",
        "Only organization admins can set these settings on project creation: receive_org_level_activity_logs, timezone",
      ),
    ]);
    expect(
      (await h.api("POST", h.orgPath(), { key: member.key, body: { name: "Demo", is_demo: true, surveys_opt_in: true } })).status,
    ).toBe(201);
  });

  test("test_admin_can_set_admin_only_fields_when_creating_project", async () => {
    const admin = await h.control.createKey({ level: "admin" });
    const r = await h.api("POST", h.orgPath(), { key: admin.key, body: { name: "Admin made", receive_org_level_activity_logs: true } });
    expect([r.status, r.body.receive_org_level_activity_logs]).toEqual([201, true]);
  });
});
