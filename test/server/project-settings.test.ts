/**
 * The project record of today's PostHog: every field of posthog/api/project.py `ProjectBackwardCompatSerializer`,
 * their defaults, the `validate_<field>` rules of posthog/api/team/team_serializer.py and settings_validation.py,
 * the admin-only fields of `validate_team_attrs`, and the merges of `ProjectBackwardCompatSerializer.update`.
 */
import { err, harness, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness({ demoDataMs: 0 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const V = "validation_error";
const patch = async (id: number, body: unknown, key?: string) => h.api("PATCH", h.orgPath(`${id}/`), { body, key });

const FIELDS = [
  "id", "organization", "name", "product_description", "created_at", "effective_membership_level", "has_group_types",
  "group_types", "live_events_token", "updated_at", "uuid", "api_token", "app_urls", "anonymize_ips",
  "completed_snippet_onboarding", "ingested_event", "test_account_filters", "test_account_filters_default_checked",
  "path_cleaning_filters", "is_demo", "timezone", "data_attributes", "person_display_name_properties",
  "correlation_config", "autocapture_opt_out", "autocapture_exceptions_opt_in", "autocapture_web_vitals_opt_in",
  "autocapture_web_vitals_allowed_metrics", "autocapture_exceptions_errors_to_ignore", "capture_console_log_opt_in",
  "capture_performance_opt_in", "session_recording_opt_in", "session_recording_sample_rate",
  "session_recording_minimum_duration_milliseconds", "session_recording_linked_flag",
  "session_recording_network_payload_capture_config", "session_recording_masking_config",
  "session_recording_url_trigger_config", "session_recording_url_blocklist_config",
  "session_recording_event_trigger_config", "session_recording_trigger_match_type_config",
  "session_recording_trigger_groups", "session_recording_retention_period", "session_replay_config", "survey_config",
  "access_control", "week_start_day", "primary_dashboard", "live_events_columns", "recording_domains",
  "person_on_events_querying_enabled", "inject_web_apps", "extra_settings", "modifiers", "default_modifiers",
  "has_completed_onboarding_for", "surveys_opt_in", "heatmaps_opt_in", "product_intents", "flags_persistence_default",
  "secret_api_token", "secret_api_token_backup", "receive_org_level_activity_logs", "business_model",
  "conversations_enabled", "conversations_settings", "logs_settings", "proactive_tasks_enabled",
  "available_setup_task_ids", "is_pending_deletion", "project_id", "user_access_level", "managed_viewsets",
  "revenue_analytics_config", "marketing_analytics_config", "customer_analytics_config", "workflows_config",
  "base_currency", "capture_dead_clicks", "cookieless_server_hash_mode", "human_friendly_comparison_periods",
  "feature_flag_confirmation_enabled", "feature_flag_confirmation_message", "default_evaluation_contexts_enabled",
  "require_evaluation_contexts", "default_data_theme", "onboarding_tasks", "web_analytics_pre_aggregated_tables_enabled",
  "event_retention_months", "events_retention_enforced",
];

describe("the record", () => {
  // posthog/api/test/test_project.py test_retrieve_project_includes_environment_parity_fields
  test("test_retrieve_project_includes_environment_parity_fields: the 90 fields in serializer order, PostHog's defaults", async () => {
    const created = await h.createProject({ name: "Parity" });
    const r = await h.api("GET", h.orgPath(`${created.id}/`));
    expect(r.status).toBe(200);
    const p = r.body;
    expect(Object.keys(p)).toEqual(FIELDS);
    expect(Object.keys(created)).toEqual(FIELDS);
    expect(p.project_id).toBe(p.id);
    expect(p).toMatchObject({
      user_access_level: "admin",
      managed_viewsets: { revenue_analytics: false },
      base_currency: "USD",
      capture_dead_clicks: false,
      cookieless_server_hash_mode: 0,
      default_data_theme: null,
      web_analytics_pre_aggregated_tables_enabled: false,
      revenue_analytics_config: { base_currency: "USD", events: [], filter_test_accounts: false },
      marketing_analytics_config: { attribution_window_days: 90, attribution_mode: "last_touch", sources_map: {}, conversion_goals: [] },
      customer_analytics_config: { account_group_type_index: null },
      workflows_config: { capture_workflows_engagement_events: false, email_tracking_consent_mode: "off" },
      session_recording_retention_period: "30d",
      session_recording_url_trigger_config: [],
      session_recording_url_blocklist_config: [],
      session_recording_event_trigger_config: [],
      session_recording_masking_config: null,
      session_recording_trigger_groups: null,
      survey_config: null,
      flags_persistence_default: false,
      receive_org_level_activity_logs: false,
      business_model: null,
      conversations_enabled: null,
      conversations_settings: null,
      logs_settings: null,
      proactive_tasks_enabled: null,
      human_friendly_comparison_periods: false,
      feature_flag_confirmation_enabled: false,
      feature_flag_confirmation_message: null,
      default_evaluation_contexts_enabled: false,
      require_evaluation_contexts: false,
      onboarding_tasks: null,
      product_intents: [],
      secret_api_token: null,
      secret_api_token_backup: null,
      is_pending_deletion: false,
      event_retention_months: null,
      events_retention_enforced: false,
      autocapture_web_vitals_opt_in: null,
      autocapture_web_vitals_allowed_metrics: null,
    });
    expect(p.available_setup_task_ids).toContain("ingest_first_event");
    expect(p.default_modifiers).toMatchObject({ personsOnEventsMode: "person_id_override_properties_on_events", bounceRatePageViewMode: "count_pageviews" });
    const member = await h.control.createKey({ level: "member" });
    expect((await h.api("GET", h.orgPath(`${p.id}/`), { key: member.key })).body).toMatchObject({ user_access_level: "member", effective_membership_level: 1 });
  });

  // test_new_passthrough_field_writes_through_to_team
  test("test_new_passthrough_field_writes_through_to_team: base_currency and capture_dead_clicks are stored and echoed", async () => {
    const p = await h.createProject({ name: "Passthrough" });
    const r = await patch(p.id, { base_currency: "EUR", capture_dead_clicks: true, cookieless_server_hash_mode: "2", business_model: "b2b" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ base_currency: "EUR", capture_dead_clicks: true, cookieless_server_hash_mode: 2, business_model: "b2b" });
    expect((await h.api("GET", `/api/environments/${p.id}/`)).body).toMatchObject({ base_currency: "EUR", capture_dead_clicks: true });
  });

  test("every new writable setting is stored and echoed by POST, PATCH and GET", async () => {
    const settings = {
      autocapture_web_vitals_opt_in: true,
      autocapture_web_vitals_allowed_metrics: ["LCP", "CLS"],
      session_recording_masking_config: { maskAllInputs: true, maskTextSelector: ".secret" },
      session_recording_url_trigger_config: [{ url: "/checkout", matching: "regex" }, null],
      session_recording_url_blocklist_config: [{ url: "/admin", matching: "regex" }],
      session_recording_event_trigger_config: ["$pageview", null],
      session_recording_trigger_match_type_config: "any",
      session_recording_trigger_groups: { version: 2, groups: [{ id: "g1", sampleRate: 0.5, minDurationMs: 1000, conditions: { matchType: "all", events: ["$pageview"], urls: [{ url: "/a.*", matching: "regex" }], flag: "beta" } }] },
      session_recording_retention_period: "90d",
      survey_config: { appearance: { backgroundColor: "#fff" } },
      flags_persistence_default: true,
      business_model: "",
      conversations_settings: { widget_domains: ["https://a.example", "", null] },
      logs_settings: { retention_days: 30 },
      human_friendly_comparison_periods: true,
      feature_flag_confirmation_enabled: true,
      feature_flag_confirmation_message: "Sure?",
      default_evaluation_contexts_enabled: true,
      require_evaluation_contexts: true,
      default_data_theme: 3,
      onboarding_tasks: { ingest_first_event: "completed" },
      web_analytics_pre_aggregated_tables_enabled: true,
      product_description: "A shop",
    };
    const created = await h.createProject({ name: "All", ...settings });
    const expected = { ...settings, conversations_settings: { widget_domains: ["https://a.example"] } };
    expect(created).toMatchObject(expected);
    expect((await h.api("GET", h.orgPath(`${created.id}/`))).body).toMatchObject(expected);
    const other = await h.createProject({ name: "Patched" });
    expect((await patch(other.id, settings)).body).toMatchObject(expected);
  });

  test("slack_incoming_webhook and groups_on_events_querying_enabled are gone: ignored on write, absent from records", async () => {
    const p = await h.createProject({ name: "Legacy", slack_incoming_webhook: "https://hooks.example/x", groups_on_events_querying_enabled: true });
    expect(p).not.toHaveProperty("slack_incoming_webhook");
    const r = await patch(p.id, { slack_incoming_webhook: 12, groups_on_events_querying_enabled: "nope" });
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("groups_on_events_querying_enabled");
  });

  test("read-only fields are ignored on write", async () => {
    const p = await h.createProject({ name: "RO" });
    const r = await patch(p.id, { is_pending_deletion: true, project_id: 5, user_access_level: "none", event_retention_months: 1, product_intents: [1] });
    expect(r.body).toMatchObject({ is_pending_deletion: false, project_id: p.id, user_access_level: "admin", event_retention_months: null, product_intents: [] });
  });
});

type Case = [string, unknown, string, string, (string | null)?];
const cases: Case[] = [
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
  ["access_control", false, "invalid_input", "The 'access_control' field has been deprecated and is no longer supported. Please use the new access control system instead. For more information, visit: https://posthog.com/docs/settings/access-control"],
  // validate_logs_settings
  ["logs_settings", { retention_days: 7 }, "invalid_input", "retention_days must be one of [14, 30]"],
  ["logs_settings", { retention_days: "14" }, "invalid_input", "retention_days must be one of [14, 30]"],
  // validate_session_recording_masking_config
  ["session_recording_masking_config", "x", "invalid_input", "Must provide a dictionary or None."],
  ["session_recording_masking_config", { maskAll: true }, "invalid_input", "Must provide a dictionary with only known keys: maskAllInputs, maskTextSelector, blockSelector."],
  ["session_recording_masking_config", { maskAllInputs: "yes" }, "invalid_input", "maskAllInputs must be a boolean."],
  ["session_recording_masking_config", { maskTextSelector: 1 }, "invalid_input", "maskTextSelector must be a string."],
  ["session_recording_masking_config", { blockSelector: false }, "invalid_input", "blockSelector must be a string."],
  // validate_session_replay_config / validate_session_replay_ai_summary_config
  ["session_replay_config", { ai_config: "x" }, "invalid_input", "Must provide a dictionary or None."],
  ["session_replay_config", { ai_config: { opt_in: true, model: "x" } }, "invalid_input", "Must provide a dictionary with only allowed keys: included_event_properties, opt_in, preferred_events, excluded_events, important_user_properties."],
  // validate_modifiers: HogQLQueryModifiers(**value), extra="forbid"
  ["modifiers", { personsOnEventsMode: "sometimes" }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { debug: "maybe" }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { usePresortedEventsTable: true }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { customChannelTypeRules: [{ channel_type: "x" }] }, "invalid_input", "Invalid modifier key."],
  ["modifiers", { bounceRateDurationSeconds: 0.5 }, "invalid_input", "Must be between 1 and 120 seconds.", "modifiers__bounceRateDurationSeconds"],
  // validate_session_recording_trigger_groups
  ["session_recording_trigger_groups", { version: 1, groups: [] }, "invalid_input", "Invalid version: 1. Only version 2 is supported."],
  ["session_recording_trigger_groups", { groups: [] }, "invalid_input", "Missing required field: 'version'."],
  ["session_recording_trigger_groups", { version: 2, groups: [{ id: "a", sampleRate: 2, conditions: {} }] }, "invalid_input", "Group 0: invalid sampleRate '2'. Must be a number between 0 and 1."],
  ["session_recording_trigger_groups", { version: 2, groups: [{ id: "a", sampleRate: 1, conditions: { urls: [{ url: "/x", matching: "exact" }] } }] }, "invalid_input", "Group 0: URL matching must be 'regex'. Got: 'exact'."],
  ["session_recording_trigger_groups", { version: 2, groups: [{ id: "a", sampleRate: 1, minDurationMs: 1.5, conditions: {} }] }, "invalid_input", "Group 0: 'minDurationMs' must be an integer, got float."],
  // DRF types of the other new fields
  ["session_recording_url_trigger_config", "x", "not_a_list", 'Expected a list of items but got type "str".'],
  ["feature_flag_confirmation_message", { a: 1 }, "invalid_input", "Not a valid string."],
  ["default_data_theme", "x", "invalid_input", "A valid integer is required."],
  ["capture_dead_clicks", "maybe", "invalid_input", "Must be a valid boolean."],
  // nested serializers (TeamRevenueAnalyticsConfigSerializer, TeamMarketingAnalyticsConfigSerializer, …)
  ["revenue_analytics_config", "x", "invalid_input", "Invalid data. Expected a dictionary, but got str.", "revenue_analytics_config__non_field_errors"],
  ["revenue_analytics_config", null, "null", "This field may not be null."],
  ["revenue_analytics_config", { base_currency: "XYZ" }, "invalid_choice", '"XYZ" is not a valid choice.', "revenue_analytics_config__base_currency"],
  ["marketing_analytics_config", { attribution_window_days: 91 }, "max_value", "Ensure this value is less than or equal to 90.", "marketing_analytics_config__attribution_window_days"],
  ["marketing_analytics_config", { attribution_mode: "linear" }, "invalid_choice", '"linear" is not a valid choice.', "marketing_analytics_config__attribution_mode"],
  ["workflows_config", { email_tracking_consent_mode: "always" }, "invalid_choice", '"always" is not a valid choice.', "workflows_config__email_tracking_consent_mode"],
  ["customer_analytics_config", { account_group_type_index: "x" }, "invalid_input", "A valid integer is required.", "customer_analytics_config__account_group_type_index"],
  // validate_team_attrs, raised from validate(): attr null
  ["autocapture_exceptions_errors_to_ignore", null, "invalid_input", "Must provide a list for field: autocapture_exceptions_errors_to_ignore.", null],
  ["autocapture_exceptions_errors_to_ignore", "x", "invalid_input", "Must provide a list for field: autocapture_exceptions_errors_to_ignore.", null],
  ["autocapture_exceptions_errors_to_ignore", [1], "invalid_input", "Must provide a list of strings to field: autocapture_exceptions_errors_to_ignore.", null],
  // validate_path_cleaning_filters
  ["path_cleaning_filters", "x", "invalid_input", "Must provide a list of path cleaning rules."],
  ["path_cleaning_filters", [{ regex: "" }], "invalid_input", "A path cleaning rule needs a regex. Remove the rule or give it one."],
  ["path_cleaning_filters", [{ regex: "(" }], "invalid_input", "Invalid path cleaning regex '(': missing ): ("],
  ["path_cleaning_filters", [{ regex: "a(?=b)" }], "invalid_input", "Invalid path cleaning regex 'a(?=b)': invalid perl operator: (?="],
  ["path_cleaning_filters", [{ regex: "/user/(\\d+)", alias: "/user/\\2" }], "invalid_input",
    "The alias '/user/\\2' references capture group \\2, but its regex has 1 capture group(s). Add the group to the regex or fix the reference."],
];

describe("validation of the new fields (exact codes, messages, attrs)", () => {
  test.each(cases)("%s = %j → %s", async (...[field, value, code, detail, attr]: Case) => {
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
    expect((await patch(p.id, { test_account_filters: [{ key: "email", type: "person" }] })).body.detail).toMatch(/PersonPropertyFilter\.operator\n {2}Field required/);
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
    for (const falsy of ["", [], null]) expect((await patch(p.id, { path_cleaning_filters: falsy })).body.path_cleaning_filters).toEqual(falsy);
  });

  test("autocapture_exceptions_errors_to_ignore is measured with Python's json.dumps (', ' and ': ')", async () => {
    const p = await h.createProject({ name: "Errors" });
    const errors = Array.from({ length: 40 }, (_, i) => `e${String(i).padStart(3, "0")}`);
    expect(JSON.stringify(errors).length).toBeLessThanOrEqual(300); // 281 characters in JavaScript …
    const r = await patch(p.id, { autocapture_exceptions_errors_to_ignore: errors }); // … 320 in Python
    expect(r.body).toEqual(err(V, "invalid_input", "Field autocapture_exceptions_errors_to_ignore must be less than 300 characters. Complex config should be provided in posthog-js initialization."));
    expect((await patch(p.id, { autocapture_exceptions_errors_to_ignore: errors.slice(0, 30) })).status).toBe(200);
  });

  test("modifiers: every key of HogQLQueryModifiers with its values, pydantic's lax booleans", async () => {
    const p = await h.createProject({ name: "Modifiers" });
    const modifiers = {
      personsOnEventsMode: "person_id_no_override_properties_on_events", bounceRatePageViewMode: "uniq_urls", inCohortVia: "leftjoin_conjoined",
      materializationMode: "disabled", personsArgMaxVersion: "v2", personsJoinMode: "left", propertyGroupsMode: "enabled",
      sessionTableVersion: "v3", sessionsV2JoinMode: "uuid", debug: "true", useMaterializedViews: 0, bounceRateDurationSeconds: 30.5,
      dataWarehouseEventsModifiers: [{ distinct_id_field: "d", id_field: "i", table_name: "t", timestamp_field: "ts" }],
      customChannelTypeRules: [{ channel_type: "Partners", combiner: "OR", id: "r1", items: [{ id: "c1", key: "utm_source", op: "exact", value: ["p"] }] }],
      convertToProjectTimezone: null,
    };
    const r = await patch(p.id, { modifiers });
    expect(r.status).toBe(200);
    expect(r.body.modifiers).toEqual(modifiers);
  });

  test("session_recording_linked_flag: a numeric string id is stored as an integer", async () => {
    const p = await h.createProject({ name: "Flag" });
    expect((await patch(p.id, { session_recording_linked_flag: { id: " 12", key: "beta", variant: "on" } })).body.session_recording_linked_flag)
      .toEqual({ id: 12, key: "beta", variant: "on" });
    expect((await patch(p.id, { session_recording_linked_flag: { id: true, key: "beta" } })).body.detail).toBe("Must provide an integer 'id'.");
  });

  test("logs_settings: a change of the retention is stamped and allowed once per 24 hours", async () => {
    const p = await h.createProject({ name: "Logs", logs_settings: { retention_days: 14 } });
    const changed = await patch(p.id, { logs_settings: { retention_days: 30 } });
    expect(changed.body.logs_settings.retention_days).toBe(30);
    expect(typeof changed.body.logs_settings.retention_last_updated).toBe("string");
    const again = await patch(p.id, { logs_settings: { retention_days: 14 } });
    expect(again.body).toEqual(err(V, "invalid_input", "You can only update retention settings once per 24 hours. Please wait 23 more hour(s).", "logs_settings"));
    expect((await patch(p.id, { logs_settings: "x" })).status).toBe(500); // PostHog calls value.get()
  });

  test("a PermissionDenied from a field validator wins over a ValidationError of an earlier field (DRF to_internal_value)", async () => {
    const p = await h.createProject({ name: "Order" });
    const r = await patch(p.id, { timezone: "Nope/Nope", proactive_tasks_enabled: true });
    expect([r.status, r.body]).toEqual([403, err("authentication_error", "permission_denied", "Proactive tasks can only be enabled for authorized teams.")]);
    expect((await patch(p.id, { timezone: "Nope/Nope", base_currency: "XYZ" })).body.attr).toBe("timezone");
  });
});

describe("admin-only settings (validate_team_attrs)", () => {
  test("update: project admins only, the touched admin fields listed sorted", async () => {
    const p = await h.createProject({ name: "Admin" });
    const member = await h.control.createKey({ level: "member" });
    const r = await patch(p.id, { timezone: "Europe/Paris", anonymize_ips: true, surveys_opt_in: true, name: "Renamed", base_currency: "EUR" }, member.key);
    expect([r.status, r.body]).toEqual([
      403, err("authentication_error", "permission_denied", "Only project admins can modify these settings: anonymize_ips, base_currency, name, timezone"),
    ]);
    // member fields (TEAM_CONFIG_MEMBER_FIELDS) and fields outside the team config (product_description)
    const ok = await patch(p.id, { surveys_opt_in: true, onboarding_tasks: { a: 1 }, autocapture_web_vitals_opt_in: true, product_description: "x" }, member.key);
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
      403, err("authentication_error", "permission_denied", "Only organization admins can set these settings on project creation: receive_org_level_activity_logs, timezone"),
    ]);
    expect((await h.api("POST", h.orgPath(), { key: member.key, body: { name: "Demo", is_demo: true, surveys_opt_in: true } })).status).toBe(201);
  });

  test("test_admin_can_set_admin_only_fields_when_creating_project", async () => {
    const admin = await h.control.createKey({ level: "admin" });
    const r = await h.api("POST", h.orgPath(), { key: admin.key, body: { name: "Admin made", receive_org_level_activity_logs: true } });
    expect([r.status, r.body.receive_org_level_activity_logs]).toEqual([201, true]);
  });
});

describe("updates (ProjectBackwardCompatSerializer.update)", () => {
  test("nested analytics configs: dropped on create, applied on update when truthy, sources_map merged per source", async () => {
    const p = await h.createProject({ name: "Nested", revenue_analytics_config: { base_currency: "EUR" }, workflows_config: { email_tracking_consent_mode: "opt_in" } });
    expect(p.revenue_analytics_config.base_currency).toBe("USD");
    expect(p.workflows_config.email_tracking_consent_mode).toBe("off");
    const r = await patch(p.id, {
      revenue_analytics_config: { base_currency: "EUR", filter_test_accounts: true, unknown: 1 },
      marketing_analytics_config: { sources_map: { s1: { cost: "spend" }, s2: { cost: "c" } }, attribution_mode: "first_touch" },
      customer_analytics_config: { account_group_type_index: 0 },
      workflows_config: {},
    });
    expect(r.body.revenue_analytics_config).toEqual({ base_currency: "EUR", events: [], filter_test_accounts: true });
    expect(r.body.marketing_analytics_config).toMatchObject({ sources_map: { s1: { cost: "spend" }, s2: { cost: "c" } }, attribution_mode: "first_touch", attribution_window_days: 90 });
    expect(r.body.customer_analytics_config.account_group_type_index).toBe(0);
    expect(r.body.workflows_config.email_tracking_consent_mode).toBe("off");
    const again = await patch(p.id, { marketing_analytics_config: { sources_map: { s1: null, s3: { cost: "x" } } } });
    expect(again.body.marketing_analytics_config.sources_map).toEqual({ s2: { cost: "c" }, s3: { cost: "x" } });
  });

  // test_conversations_settings_merges_with_existing, test_enabling_conversations_auto_generates_token
  test("survey_config and conversations_settings merge; enabling conversations mints a widget token", async () => {
    const p = await h.createProject({ name: "Merge", survey_config: { a: 1 }, conversations_settings: { widget_color: "red" } });
    const r = await patch(p.id, { survey_config: { b: 2 }, conversations_settings: { widget_greeting: "hi" }, conversations_enabled: true });
    expect(r.body.survey_config).toEqual({ a: 1, b: 2 });
    expect(r.body.conversations_settings).toMatchObject({ widget_color: "red", widget_greeting: "hi" });
    expect(r.body.conversations_settings.widget_public_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const off = await patch(p.id, { conversations_enabled: false });
    expect(off.body.conversations_settings.widget_public_token).toBeNull();
    expect((await patch(p.id, { survey_config: null })).body.survey_config).toBeNull();
  });

  test("the organization's ignoredSettings (plan-gated) still keep PostHog's value for the new fields", async () => {
    const p = await h.createProject({ name: "Plan" });
    await h.control.patchOrganization(h.server.organizationId, { ignoredSettings: ["session_recording_retention_period", "base_currency"] });
    const r = await patch(p.id, { session_recording_retention_period: "1y", base_currency: "EUR", capture_dead_clicks: true });
    expect(r.body).toMatchObject({ session_recording_retention_period: "30d", base_currency: "USD", capture_dead_clicks: true });
  });
});
