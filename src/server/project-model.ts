/**
 * The project record: field order of ProjectBackwardCompatSerializer (§2.2), model defaults of a new project
 * (§2.3), and the full and basic (list) serializers.
 */
import { serializeGroupTypes } from "./group-data";
import { cloneJson, type Json, type JsonObject } from "./json";
import type { Store } from "./store";
import { isoFromMicros } from "./time";
import type { ProjectRecord, UserRecord } from "./types";

/** Full record, in serializer order. */
export const PROJECT_FIELDS = [
  "id", "organization", "name", "product_description", "created_at", "effective_membership_level", "has_group_types",
  "group_types", "live_events_token", "updated_at", "uuid", "api_token", "app_urls", "slack_incoming_webhook",
  "anonymize_ips", "completed_snippet_onboarding", "ingested_event", "test_account_filters",
  "test_account_filters_default_checked", "path_cleaning_filters", "is_demo", "timezone", "data_attributes",
  "person_display_name_properties", "correlation_config", "autocapture_opt_out", "autocapture_exceptions_opt_in",
  "autocapture_exceptions_errors_to_ignore", "capture_console_log_opt_in", "capture_performance_opt_in",
  "session_recording_opt_in", "session_recording_sample_rate", "session_recording_minimum_duration_milliseconds",
  "session_recording_linked_flag", "session_recording_network_payload_capture_config", "session_replay_config",
  "access_control", "week_start_day", "primary_dashboard", "live_events_columns", "recording_domains",
  "person_on_events_querying_enabled", "groups_on_events_querying_enabled", "inject_web_apps", "extra_settings",
  "modifiers", "default_modifiers", "has_completed_onboarding_for", "surveys_opt_in", "heatmaps_opt_in",
  "secret_api_token", "secret_api_token_backup", "is_pending_deletion", "project_id",
] as const;

/** ProjectBackwardCompatBasicSerializer (list rows). */
export const BASIC_FIELDS = [
  "id", "uuid", "organization", "api_token", "name", "completed_snippet_onboarding", "has_completed_onboarding_for",
  "ingested_event", "is_demo", "timezone", "access_control",
] as const;

export const DEFAULT_PROJECT_NAME = "Default project";

export const DEFAULT_TEST_ACCOUNT_FILTERS: Json = [
  { key: "$host", operator: "not_regex", value: "^(localhost|127\\.0\\.0\\.1)($|:)", type: "event" },
];

/** Model defaults of every writable setting except `name` (which gets a unique default name). */
export const SETTING_DEFAULTS: JsonObject = {
  product_description: null,
  app_urls: [],
  slack_incoming_webhook: null,
  anonymize_ips: false,
  completed_snippet_onboarding: false,
  test_account_filters: DEFAULT_TEST_ACCOUNT_FILTERS,
  test_account_filters_default_checked: null,
  path_cleaning_filters: [],
  is_demo: false,
  timezone: "UTC",
  data_attributes: ["data-attr"],
  person_display_name_properties: null,
  correlation_config: {},
  autocapture_opt_out: null,
  autocapture_exceptions_opt_in: null,
  autocapture_exceptions_errors_to_ignore: null,
  capture_console_log_opt_in: true,
  capture_performance_opt_in: true,
  session_recording_opt_in: false,
  session_recording_sample_rate: null,
  session_recording_minimum_duration_milliseconds: null,
  session_recording_linked_flag: null,
  session_recording_network_payload_capture_config: null,
  session_replay_config: null,
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
};

/** `Team.default_modifiers` (HogQLQueryModifiers with PostHog's defaults filled in). */
export const DEFAULT_MODIFIERS: JsonObject = {
  personsOnEventsMode: "person_id_override_properties_on_events",
  personsArgMaxVersion: "auto",
  inCohortVia: "auto",
  materializationMode: "legacy_null_as_null",
  optimizeJoinedFilters: false,
  dataWarehouseEventsModifiers: null,
  debug: null,
  s3TableUseInvalidColumns: null,
  personsJoinMode: null,
  bounceRatePageViewMode: "count_pageviews",
  bounceRateDurationSeconds: null,
  sessionTableVersion: "auto",
  sessionsV2JoinMode: "string",
  propertyGroupsMode: "optimized",
  useMaterializedViews: true,
  customChannelTypeRules: null,
  usePresortedEventsTable: false,
  useWebAnalyticsPreAggregatedTables: null,
  formatCsvAllowDoubleQuotes: null,
  convertToProjectTimezone: true,
  optimizeProjections: null,
  timings: null,
};

export function settingDefaults(): JsonObject {
  return cloneJson(SETTING_DEFAULTS);
}

function computed(store: Store, p: ProjectRecord, viewer: UserRecord | null): JsonObject {
  const groupTypes = serializeGroupTypes(store, p.id);
  return {
    id: p.id,
    organization: p.organizationId,
    created_at: isoFromMicros(p.createdAtMicros),
    updated_at: isoFromMicros(p.updatedAtMicros),
    effective_membership_level: viewer ? store.membershipLevel(p.organizationId, viewer.id) : null,
    has_group_types: groupTypes.length > 0,
    group_types: groupTypes,
    live_events_token: p.liveEventsToken,
    uuid: p.uuid,
    api_token: p.apiToken,
    ingested_event: p.ingestedEvent,
    person_on_events_querying_enabled: true,
    groups_on_events_querying_enabled: false,
    default_modifiers: cloneJson(DEFAULT_MODIFIERS),
    secret_api_token: null,
    secret_api_token_backup: null,
    is_pending_deletion: false,
    project_id: p.id,
  };
}

function pick(all: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const f of fields) out[f] = all[f] === undefined ? null : all[f];
  return out;
}

function everything(store: Store, p: ProjectRecord, viewer: UserRecord | null): JsonObject {
  return { ...cloneJson(p.settings), ...computed(store, p, viewer), ...cloneJson(p.overrides) };
}

/** ProjectBackwardCompatSerializer: the full record. */
export function serializeProject(store: Store, p: ProjectRecord, viewer: UserRecord | null): JsonObject {
  return pick(everything(store, p, viewer), PROJECT_FIELDS);
}

/** ProjectBackwardCompatBasicSerializer: a list row. */
export function serializeProjectBasic(store: Store, p: ProjectRecord, viewer: UserRecord | null): JsonObject {
  return pick(everything(store, p, viewer), BASIC_FIELDS);
}
