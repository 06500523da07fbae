/**
 * The project record of today's PostHog (src/server/projects/model.ts): every field of posthog/api/project.py
 * `ProjectBackwardCompatSerializer` in serializer order, with PostHog's defaults; fields gone or read-only.
 */
import { harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness({ demoDataMs: 0 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const patch = async (id: number, body: unknown, key?: string) => h.api("PATCH", h.orgPath(`${id}/`), { body, key });

// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
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
    expect(p.default_modifiers).toMatchObject({
      personsOnEventsMode: "person_id_override_properties_on_events",
      bounceRatePageViewMode: "count_pageviews",
    });
    const member = await h.control.createKey({ level: "member" });
    expect((await h.api("GET", h.orgPath(`${p.id}/`), { key: member.key })).body).toMatchObject({
      user_access_level: "member",
      effective_membership_level: 1,
    });
  });

  // test_new_passthrough_field_writes_through_to_team
  test("test_new_passthrough_field_writes_through_to_team: base_currency and capture_dead_clicks are stored and echoed", async () => {
    const p = await h.createProject({ name: "Passthrough" });
    const r = await patch(p.id, {
      base_currency: "EUR",
      capture_dead_clicks: true,
      cookieless_server_hash_mode: "2",
      business_model: "b2b",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      base_currency: "EUR",
      capture_dead_clicks: true,
      cookieless_server_hash_mode: 2,
      business_model: "b2b",
    });
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
      session_recording_trigger_groups: {
        version: 2,
        groups: [
          {
            id: "g1",
            sampleRate: 0.5,
            minDurationMs: 1000,
            conditions: { matchType: "all", events: ["$pageview"], urls: [{ url: "/a.*", matching: "regex" }], flag: "beta" },
          },
        ],
      },
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
    const p = await h.createProject({
      name: "Legacy",
      slack_incoming_webhook: "https://hooks.example/x",
      groups_on_events_querying_enabled: true,
    });
    expect(p).not.toHaveProperty("slack_incoming_webhook");
    const r = await patch(p.id, { slack_incoming_webhook: 12, groups_on_events_querying_enabled: "nope" });
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("groups_on_events_querying_enabled");
  });

  test("read-only fields are ignored on write", async () => {
    const p = await h.createProject({ name: "RO" });
    const r = await patch(p.id, {
      is_pending_deletion: true,
      project_id: 5,
      user_access_level: "none",
      event_retention_months: 1,
      product_intents: [1],
    });
    expect(r.body).toMatchObject({
      is_pending_deletion: false,
      project_id: p.id,
      user_access_level: "admin",
      event_retention_months: null,
      product_intents: [],
    });
  });
});
