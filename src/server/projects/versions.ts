/**
 * The project rules of the 2025-08-04 PostHog (upstream 29dbf9d, posthog/api/project.py, posthog/api/team.py,
 * posthog/api/shared.py, posthog/models/team/team.py of that version), where they differ from today's (model.ts,
 * validation.ts, routes.ts), each measured against that version's own backend:
 *
 * - its project record has 34 fields fewer than today's (27 of them writable: written, they are ignored) and one more,
 *   `slack_incoming_webhook`; 14 of the 27 are on `/api/environments/<id>/` (`TeamSerializer`), the others nowhere;
 * - no duplicate-name check (two projects may share a name: 201);
 * - `create_with_data` replaces any `test_account_filters` given by its defaults (a PATCH sets them);
 * - no `validate_app_urls`/`validate_recording_domains`: `null` entries are stored, `""` refused by the child
 *   CharField ("This field may not be blank.");
 * - no `validate_modifiers`, `validate_test_account_filters`, `validate_path_cleaning_filters`: any JSON is stored,
 *   and a `modifiers.personsOnEventsMode` that is not a `PersonsOnEventsMode` makes `Team.person_on_events_mode`
 *   raise, so every serialization of the project (GET, PATCH) answers 500;
 * - `modifiers` is replaced on update (only `survey_config` and `session_replay_config` are merged);
 * - DELETE removes the project at once (no `is_pending_deletion`);
 * - custom actions without scopes refuse scoped personal API keys spelled "Personal API Key" (permissions.py);
 * - a PATCH of config fields only needs `project:read` on a project and `team:read` on an environment;
 * - no admin-only settings (a project member may change any), and `access_control` is settable by organization
 *   admins (not deprecated yet).
 */
import { serverError } from "../drf/errors";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import type { StoredProject } from "../state/types";

/** posthog/api/project.py `ProjectBackwardCompatSerializer.Meta.fields` of 2025-08-04, in order. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const PROJECT_FIELDS_2025_08_04: readonly string[] = [
  "id", "organization", "name", "product_description", "created_at", "effective_membership_level", "has_group_types",
  "group_types", "live_events_token", "updated_at", "uuid", "api_token", "app_urls", "slack_incoming_webhook",
  "anonymize_ips", "completed_snippet_onboarding", "ingested_event", "test_account_filters",
  "test_account_filters_default_checked", "path_cleaning_filters", "is_demo", "timezone", "data_attributes",
  "person_display_name_properties", "correlation_config", "autocapture_opt_out", "autocapture_exceptions_opt_in",
  "autocapture_web_vitals_opt_in", "autocapture_web_vitals_allowed_metrics", "autocapture_exceptions_errors_to_ignore",
  "capture_console_log_opt_in", "capture_performance_opt_in", "session_recording_opt_in", "session_recording_sample_rate",
  "session_recording_minimum_duration_milliseconds", "session_recording_linked_flag",
  "session_recording_network_payload_capture_config", "session_recording_masking_config", "session_replay_config",
  "survey_config", "access_control", "week_start_day", "primary_dashboard", "live_events_columns", "recording_domains",
  "person_on_events_querying_enabled", "inject_web_apps", "extra_settings", "modifiers", "default_modifiers",
  "has_completed_onboarding_for", "surveys_opt_in", "heatmaps_opt_in", "product_intents", "flags_persistence_default",
  "secret_api_token", "secret_api_token_backup",
];

/** posthog/api/team.py `TEAM_CONFIG_FIELDS` of 2025-08-04, in order. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
const TEAM_CONFIG_FIELDS_2025_08_04: readonly string[] = [
  "app_urls", "slack_incoming_webhook", "anonymize_ips", "completed_snippet_onboarding", "test_account_filters",
  "test_account_filters_default_checked", "path_cleaning_filters", "is_demo", "timezone", "data_attributes",
  "person_display_name_properties", "correlation_config", "autocapture_opt_out", "autocapture_exceptions_opt_in",
  "autocapture_web_vitals_opt_in", "autocapture_web_vitals_allowed_metrics", "autocapture_exceptions_errors_to_ignore",
  "capture_console_log_opt_in", "capture_performance_opt_in", "session_recording_opt_in", "session_recording_sample_rate",
  "session_recording_minimum_duration_milliseconds", "session_recording_linked_flag",
  "session_recording_network_payload_capture_config", "session_recording_masking_config",
  "session_recording_url_trigger_config", "session_recording_url_blocklist_config",
  "session_recording_event_trigger_config", "session_recording_trigger_match_type_config", "session_replay_config",
  "survey_config", "week_start_day", "primary_dashboard", "live_events_columns", "recording_domains",
  "cookieless_server_hash_mode", "human_friendly_comparison_periods", "inject_web_apps", "extra_settings", "modifiers",
  "has_completed_onboarding_for", "surveys_opt_in", "heatmaps_opt_in", "flags_persistence_default",
  "feature_flag_confirmation_enabled", "feature_flag_confirmation_message", "capture_dead_clicks", "default_data_theme",
  "revenue_analytics_config", "marketing_analytics_config", "onboarding_tasks", "base_currency",
];

/**
 * `dangerously_get_required_scopes` of the 2025-08-04 ProjectViewSet and TeamViewSet: a PATCH of config fields only
 * needs `project:read` on a project, and `team:read` on an environment, a scope that version has no longer (no key
 * but an all-access one can have it): such a PATCH of `/api/environments/<id>/` must carry another field.
 */
export function configOnlyPatchScopes(kind: "project" | "team", actionName: string | null, body: unknown): string[] | undefined {
  if (actionName !== "partial_update" || typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  if (!Object.keys(body).every((field) => TEAM_CONFIG_FIELDS_2025_08_04.includes(field))) return undefined;
  return [kind === "team" ? "team:read" : "project:read"];
}

/** posthog/api/team.py `TeamSerializer.Meta.fields` of 2025-08-04 (served under /api/environments/<id>/). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const TEAM_FIELDS_2025_08_04: readonly string[] = [
  "id", "uuid", "name", "access_control", "organization", "project_id", "api_token", "secret_api_token",
  "secret_api_token_backup", "created_at", "updated_at", "ingested_event", "default_modifiers",
  "person_on_events_querying_enabled", "user_access_level", ...TEAM_CONFIG_FIELDS_2025_08_04, "effective_membership_level",
  "has_group_types", "group_types", "live_events_token", "product_intents",
];

/** posthog/api/shared.py `ProjectBackwardCompatBasicSerializer` of 2025-08-04 (list rows): no `project_id` yet. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const BASIC_FIELDS_2025_08_04: readonly string[] = [
  "id", "uuid", "organization", "api_token", "name", "completed_snippet_onboarding", "has_completed_onboarding_for",
  "ingested_event", "is_demo", "timezone", "access_control",
];

/** Settings of 2025-08-04 that today's PostHog no longer has, with their model defaults. */
export const SETTING_DEFAULTS_2025_08_04: JsonObject = { slack_incoming_webhook: null };

/** posthog/schema.py `PersonsOnEventsMode` (2025-08-04). */
const PERSONS_ON_EVENTS_MODES = [
  "disabled",
  "person_id_no_override_properties_on_events",
  "person_id_override_properties_on_events",
  "person_id_override_properties_joined",
];

/**
 * `Team.person_on_events_mode` (posthog/models/team/team.py) calls `PersonsOnEventsMode(modifiers["personsOnEventsMode"])`
 * for any stored value that is not None: an unknown one raises ValueError, which every serializer of the project
 * reaches through `person_on_events_querying_enabled`, a 500.
 */
export function assertReadable(p: StoredProject): void {
  const modifiers = p.settings.modifiers;
  if (!isJsonObject(modifiers)) return;
  const mode = modifiers.personsOnEventsMode;
  if (mode !== undefined && mode !== null && !(typeof mode === "string" && PERSONS_ON_EVENTS_MODES.includes(mode))) throw serverError();
}

/**
 * A few of the domains in posthog/helpers/generic_emails.txt (the mail providers a user's address most often has):
 * an address there says nothing about the organization, so it makes no filter.
 */
// biome-ignore format: a list transcribed from PostHog's data, kept compact
const GENERIC_EMAIL_DOMAINS = new Set([
  "gmail.com", "googlemail.com", "yahoo.com", "hotmail.com", "outlook.com", "live.com", "icloud.com", "me.com", "aol.com",
  "protonmail.com", "proton.me", "gmx.com", "gmx.de", "mail.com", "yandex.ru",
]);

/**
 * `TeamManager.set_test_account_filters` (posthog/models/team/team.py, 2025-08-04): the new project's test accounts
 * are the people with the domain of the organization's first member whose address is not a generic one, and events
 * from localhost.
 */
export function defaultTestAccountFilters20250804(store: Store, organizationId: string): Json {
  const filters: Json[] = [{ key: "$host", operator: "not_regex", value: "^(localhost|127\\.0\\.0\\.1)($|:)", type: "event" }];
  const emails = store.state.memberships
    .filter((m) => m.organizationId === organizationId)
    .map((m) => store.user(m.userId)?.email ?? "")
    .filter((email) => !GENERIC_EMAIL_DOMAINS.has(email.slice(email.indexOf("@") + 1)));
  const domain = emails.length > 0 ? /@[\w.]+/.exec(emails[0])?.[0] : undefined;
  return domain ? [{ key: "email", operator: "not_icontains", value: domain, type: "person" }, ...filters] : filters;
}
