/**
 * The project record as today's PostHog serves it: the fields of `ProjectBackwardCompatSerializer.Meta.fields`
 * (posthog/api/project.py) in their order, the model defaults of a new project (posthog/models/team/team.py `Team`,
 * posthog/models/project.py `Project`, `TeamManager.create_with_data`), the list rows of
 * `ProjectBackwardCompatBasicSerializer` (posthog/api/shared.py), and the `TeamSerializer` shape served under
 * /api/environments/ (posthog/api/team/team_serializer.py).
 */
import { serializeGroupTypes } from "../groups/model";
import { cloneJson, type Json, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import { isoFromMicros } from "../state/time";
import type { StoredProject, UserRecord } from "../state/types";
import type { PostHogVersion } from "../pipeline/version";
import { DEFAULT_CURRENCY } from "./currencies";
import {
  assertReadable,
  BASIC_FIELDS_2025_08_04,
  PROJECT_FIELDS_2025_08_04,
  SETTING_DEFAULTS_2025_08_04,
  TEAM_FIELDS_2025_08_04,
} from "./versions";

/** posthog/api/project.py `ProjectBackwardCompatSerializer.Meta.fields`, in order (90 fields). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const PROJECT_FIELDS = [
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
] as const;

/** posthog/api/project.py `ProjectBackwardCompatSerializer.Meta.read_only_fields` (+ the method and read-only fields). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const READ_ONLY_FIELDS: ReadonlySet<string> = new Set([
  "id", "uuid", "organization", "is_pending_deletion", "effective_membership_level", "has_group_types", "group_types",
  "live_events_token", "created_at", "api_token", "updated_at", "ingested_event", "default_modifiers",
  "person_on_events_querying_enabled", "product_intents", "secret_api_token", "secret_api_token_backup",
  "available_setup_task_ids", "project_id", "user_access_level", "managed_viewsets", "event_retention_months",
  "events_retention_enforced",
]);

/** posthog/api/team/team_config.py `TEAM_CONFIG_FIELDS` (as far as the project serializer has them), in order. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const TEAM_CONFIG_FIELDS = [
  "app_urls", "anonymize_ips", "completed_snippet_onboarding", "test_account_filters",
  "test_account_filters_default_checked", "path_cleaning_filters", "is_demo", "timezone", "data_attributes",
  "person_display_name_properties", "correlation_config", "autocapture_opt_out", "autocapture_exceptions_opt_in",
  "autocapture_web_vitals_opt_in", "autocapture_web_vitals_allowed_metrics", "autocapture_exceptions_errors_to_ignore",
  "capture_console_log_opt_in", "logs_settings", "capture_performance_opt_in", "session_recording_opt_in",
  "session_recording_sample_rate", "session_recording_minimum_duration_milliseconds", "session_recording_linked_flag",
  "session_recording_network_payload_capture_config", "session_recording_masking_config",
  "session_recording_url_trigger_config", "session_recording_url_blocklist_config",
  "session_recording_event_trigger_config", "session_recording_trigger_match_type_config",
  "session_recording_trigger_groups", "session_recording_retention_period", "session_replay_config", "survey_config",
  "week_start_day", "primary_dashboard", "live_events_columns", "recording_domains", "cookieless_server_hash_mode",
  "human_friendly_comparison_periods", "inject_web_apps", "extra_settings", "modifiers", "has_completed_onboarding_for",
  "surveys_opt_in", "heatmaps_opt_in", "flags_persistence_default", "feature_flag_confirmation_enabled",
  "feature_flag_confirmation_message", "default_evaluation_contexts_enabled", "require_evaluation_contexts",
  "capture_dead_clicks", "default_data_theme", "revenue_analytics_config", "marketing_analytics_config",
  "customer_analytics_config", "onboarding_tasks", "base_currency", "web_analytics_pre_aggregated_tables_enabled",
  "receive_org_level_activity_logs", "business_model", "conversations_enabled", "conversations_settings",
  "proactive_tasks_enabled", "workflows_config",
] as const;

/**
 * posthog/api/team/team_serializer.py `TeamSerializer.Meta.fields` (served under /api/environments/): no
 * `product_description`, no `is_pending_deletion`.
 */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const TEAM_FIELDS: readonly string[] = [
  "id", "uuid", "name", "access_control", "organization", "project_id", "api_token", "secret_api_token",
  "secret_api_token_backup", "created_at", "updated_at", "ingested_event", "default_modifiers",
  "person_on_events_querying_enabled", "user_access_level", ...TEAM_CONFIG_FIELDS, "effective_membership_level",
  "has_group_types", "group_types", "live_events_token", "product_intents", "managed_viewsets", "available_setup_task_ids",
  "event_retention_months", "events_retention_enforced",
];

/** posthog/api/shared.py `ProjectBackwardCompatBasicSerializer` (list rows); `TeamBasicSerializer` has the same. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const BASIC_FIELDS = [
  "id", "uuid", "organization", "project_id", "api_token", "name", "completed_snippet_onboarding",
  "has_completed_onboarding_for", "ingested_event", "is_demo", "timezone", "access_control",
] as const;

/** posthog/models/project.py `Project.name` default; a taken one gets a number (see routes.ts). */
export const DEFAULT_PROJECT_NAME = "Default project";

/**
 * `TeamManager.create_with_data` (posthog/models/team/team.py): test accounts are the members of the project's
 * "Internal and test users" cohort. The local server keeps no such cohort: its id is taken from the cohorts' ids, so
 * no cohort of the server has it.
 */
export function defaultTestAccountFilters(cohortId: number): Json {
  return [{ key: "id", type: "cohort", value: cohortId, operator: "not_in" }];
}

/** `create_with_data` sets the session recorder script of new projects when none is given. */
export const DEFAULT_EXTRA_SETTINGS: JsonObject = { recorder_script: "posthog-recorder" };

/** Nested configs (TeamRevenueAnalyticsConfig …) as their serializers show a new project's row. */
export const NESTED_CONFIG_DEFAULTS: Record<string, JsonObject> = {
  revenue_analytics_config: { base_currency: DEFAULT_CURRENCY, events: [], filter_test_accounts: false },
  marketing_analytics_config: {
    sources_map: {},
    conversion_goals: [],
    attribution_window_days: 90,
    attribution_mode: "last_touch",
    filter_test_accounts: false,
    campaign_name_mappings: {},
    custom_source_mappings: {},
    campaign_field_preferences: {},
  },
  customer_analytics_config: {
    activity_event: {},
    signup_pageview_event: {},
    signup_event: {},
    subscription_event: {},
    payment_event: {},
    account_group_type_index: null,
  },
  workflows_config: {
    capture_workflows_engagement_events: false,
    email_tracking_consent_mode: "off",
    workflow_task_rate_limit_per_day: null,
    workflow_task_team_rate_limit_per_day: null,
  },
};

/** Model defaults of every writable setting except `name` (a unique default) and `test_account_filters` (per project). */
export const SETTING_DEFAULTS: JsonObject = {
  product_description: null,
  app_urls: [],
  anonymize_ips: false,
  completed_snippet_onboarding: false,
  test_account_filters: [],
  test_account_filters_default_checked: null,
  path_cleaning_filters: [],
  is_demo: false,
  timezone: "UTC",
  data_attributes: ["data-attr"],
  person_display_name_properties: null,
  correlation_config: {},
  autocapture_opt_out: null,
  autocapture_exceptions_opt_in: null,
  autocapture_web_vitals_opt_in: null,
  autocapture_web_vitals_allowed_metrics: null,
  autocapture_exceptions_errors_to_ignore: null,
  capture_console_log_opt_in: true,
  capture_performance_opt_in: true,
  session_recording_opt_in: false,
  session_recording_sample_rate: null,
  session_recording_minimum_duration_milliseconds: null,
  session_recording_linked_flag: null,
  session_recording_network_payload_capture_config: null,
  session_recording_masking_config: null,
  session_recording_url_trigger_config: [],
  session_recording_url_blocklist_config: [],
  session_recording_event_trigger_config: [],
  session_recording_trigger_match_type_config: null,
  session_recording_trigger_groups: null,
  session_recording_retention_period: "30d",
  session_replay_config: null,
  survey_config: null,
  access_control: false,
  week_start_day: null,
  primary_dashboard: null,
  live_events_columns: null,
  recording_domains: null,
  inject_web_apps: null,
  extra_settings: null,
  modifiers: null,
  has_completed_onboarding_for: null,
  surveys_opt_in: null,
  heatmaps_opt_in: null,
  flags_persistence_default: false,
  receive_org_level_activity_logs: false,
  business_model: null,
  conversations_enabled: null,
  conversations_settings: null,
  logs_settings: null,
  proactive_tasks_enabled: null,
  ...NESTED_CONFIG_DEFAULTS,
  base_currency: DEFAULT_CURRENCY,
  capture_dead_clicks: false,
  cookieless_server_hash_mode: 0,
  human_friendly_comparison_periods: false,
  feature_flag_confirmation_enabled: false,
  feature_flag_confirmation_message: null,
  default_evaluation_contexts_enabled: false,
  require_evaluation_contexts: false,
  default_data_theme: null,
  onboarding_tasks: null,
  web_analytics_pre_aggregated_tables_enabled: false,
};

/**
 * `Team.default_modifiers`: `HogQLQueryModifiers` (posthog/schema.py, newest) dumped with PostHog's defaults filled
 * in by `set_default_modifier_values`.
 */
export const DEFAULT_MODIFIERS: JsonObject = {
  bounceRateDurationSeconds: null,
  bounceRatePageViewMode: "count_pageviews",
  convertToProjectTimezone: true,
  customChannelTypeRules: null,
  dataWarehouseEventsModifiers: null,
  debug: null,
  forceClickhouseDataSkippingIndexes: null,
  formatCsvAllowDoubleQuotes: null,
  inCohortVia: "auto",
  inlineCohortCalculation: null,
  materializationMode: "legacy_null_as_null",
  materializedColumnsOptimizationMode: null,
  optimizeJoinedFilters: false,
  optimizeProjections: null,
  personsArgMaxVersion: "auto",
  personsJoinMode: null,
  personsOnEventsMode: "person_id_override_properties_on_events",
  propertyGroupsMode: "optimized",
  s3TableUseInvalidColumns: null,
  sessionTableVersion: "auto",
  sessionsV2JoinMode: "string",
  timings: null,
  useMaterializedViews: true,
  usePreaggregatedIntermediateResults: null,
  usePreaggregatedTableTransforms: null,
  useWebAnalyticsPreAggregatedTables: null,
};

/** posthog/schema.py `SetupTaskId` (`get_available_setup_task_ids` lists every value). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const SETUP_TASK_IDS: readonly string[] = [
  "ingest_first_event", "set_up_reverse_proxy", "create_first_insight", "create_first_dashboard", "track_custom_events",
  "define_actions", "set_up_cohorts", "explore_trends_insight", "create_funnel", "explore_retention_insight",
  "explore_paths_insight", "explore_stickiness_insight", "explore_lifecycle_insight", "add_authorized_domain",
  "set_up_web_vitals", "review_web_analytics_dashboard", "filter_web_analytics", "set_up_web_analytics_conversion_goals",
  "visit_web_vitals_dashboard", "setup_session_recordings", "watch_session_recording", "configure_recording_settings",
  "create_recording_playlist", "enable_console_logs", "create_feature_flag", "implement_flag_in_code",
  "update_feature_flag_release_conditions", "create_multivariate_flag", "set_up_flag_payloads",
  "set_up_flag_evaluation_runtimes", "create_experiment", "implement_experiment_variants", "launch_experiment",
  "review_experiment_results", "create_survey", "launch_survey", "collect_survey_responses", "connect_source",
  "run_first_query", "join_external_data", "create_saved_view", "enable_error_tracking", "upload_source_maps",
  "view_first_error", "resolve_first_error", "ingest_first_llm_event", "view_first_trace", "track_costs",
  "set_up_llm_evaluation", "run_ai_playground", "enable_revenue_analytics_viewset", "connect_revenue_source",
  "set_up_revenue_goal", "enable_log_capture", "view_first_logs", "create_first_workflow",
  "set_up_first_workflow_channel", "configure_workflow_trigger", "add_workflow_action", "launch_workflow",
  "create_first_endpoint", "configure_endpoint", "test_endpoint", "create_early_access_feature", "update_feature_stage",
];

export function settingDefaults(): JsonObject {
  return cloneJson(SETTING_DEFAULTS);
}

/** `UserAccessControlSerializerMixin.get_user_access_level` for a project: org admins and owners are "admin". */
function userAccessLevel(level: number | null): Json {
  if (level === null) return null;
  return level >= 8 ? "admin" : "member";
}

function computed(store: Store, p: StoredProject, viewer: UserRecord | null): JsonObject {
  const groupTypes = serializeGroupTypes(store, p.id);
  const level = viewer ? store.membershipLevel(p.organizationId, viewer.id) : null;
  return {
    id: p.id,
    organization: p.organizationId,
    created_at: isoFromMicros(p.createdAtMicros),
    updated_at: isoFromMicros(p.updatedAtMicros),
    effective_membership_level: level,
    has_group_types: groupTypes.length > 0,
    group_types: groupTypes,
    live_events_token: p.liveEventsToken,
    uuid: p.uuid,
    api_token: p.apiToken,
    ingested_event: p.ingestedEvent,
    person_on_events_querying_enabled: true,
    default_modifiers: cloneJson(DEFAULT_MODIFIERS),
    product_intents: [],
    secret_api_token: null,
    secret_api_token_backup: null,
    available_setup_task_ids: [...SETUP_TASK_IDS],
    is_pending_deletion: p.pendingDeletion === true,
    project_id: p.id,
    user_access_level: userAccessLevel(level),
    managed_viewsets: { revenue_analytics: false },
    event_retention_months: null,
    events_retention_enforced: false,
  };
}

function pick(all: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const f of fields) out[f] = Object.hasOwn(all, f) && all[f] !== undefined ? all[f] : null;
  return out;
}

/** Stored settings over the defaults (records written by older versions lack the newer settings). */
function everything(store: Store, p: StoredProject, viewer: UserRecord | null, version: PostHogVersion): JsonObject {
  if (version === "2025-08-04") assertReadable(p);
  const defaults = version === "2025-08-04" ? { ...settingDefaults(), ...cloneJson(SETTING_DEFAULTS_2025_08_04) } : settingDefaults();
  return { ...defaults, ...cloneJson(p.settings), ...computed(store, p, viewer), ...cloneJson(p.overrides) };
}

/** ProjectBackwardCompatSerializer: the full record. */
export function serializeProject(
  store: Store,
  p: StoredProject,
  viewer: UserRecord | null,
  version: PostHogVersion = "current",
): JsonObject {
  const fields = version === "2025-08-04" ? PROJECT_FIELDS_2025_08_04 : PROJECT_FIELDS;
  return pick(everything(store, p, viewer, version), [...fields, ...(store.organization(p.organizationId)?.newerFields ?? [])]);
}

/** ProjectBackwardCompatBasicSerializer: a list row. */
export function serializeProjectBasic(
  store: Store,
  p: StoredProject,
  viewer: UserRecord | null,
  version: PostHogVersion = "current",
): JsonObject {
  // The list rows carry no field that a broken `modifiers` breaks: they are computed without that check.
  return pick(everything(store, p, viewer, "current"), version === "2025-08-04" ? BASIC_FIELDS_2025_08_04 : BASIC_FIELDS);
}

/** TeamSerializer: the record under /api/environments/<id>/. */
export function serializeTeam(store: Store, p: StoredProject, viewer: UserRecord | null, version: PostHogVersion = "current"): JsonObject {
  return pick(everything(store, p, viewer, version), version === "2025-08-04" ? TEAM_FIELDS_2025_08_04 : TEAM_FIELDS);
}
