/**
 * Validation of project writes with PostHog's exact codes, messages and attrs: one rule per writable field of
 * posthog/api/project.py `ProjectBackwardCompatSerializer` (DRF field semantics from the model fields, plus the
 * `validate_<field>` methods it delegates to posthog/api/team/team_serializer.py and settings_validation.py), run in
 * serializer field order like DRF's `to_internal_value` (the first ValidationError is reported, after every field was
 * tried; a PermissionDenied or Conflict raised by a field validator ends the run at once), then the object checks of
 * `validate()` (settings_validation.py `validate_team_attrs`). The same rules serve `TeamSerializer`
 * (/api/environments/) with its few differences.
 */
import { type ApiError, conflict, permissionDenied, serverError, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  decimalField,
  fail,
  FieldFailure,
  type FieldRule,
  integerField,
  jsonField,
  jsonListField,
  nestedSerializerField,
  primaryKeyField,
  runRule,
  stringListField,
} from "../drf/fields";
import { pyJsonDumps, pyTypeName } from "../drf/py";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import { nowMicros } from "../state/time";
import type { StoredProject } from "../state/types";
import type { PostHogVersion } from "../pipeline/version";
import { CURRENCY_CODES } from "./currencies";
import { PROJECT_FIELDS, READ_ONLY_FIELDS, TEAM_CONFIG_FIELDS, TEAM_FIELDS } from "./model";
import {
  validateLinkedFlag,
  validateMaskingConfig,
  validateModifiers,
  validateNetworkPayloadConfig,
  validatePathCleaningFilters,
  validateSessionReplayConfig,
  validateTestAccountFilters,
  validateTriggerGroups,
  validateTriggerMatchType,
} from "./settings-validators";
import { isValidTimezone } from "./timezones";
import { PROJECT_FIELDS_2025_08_04, TEAM_FIELDS_2025_08_04 } from "./versions";

/** Which serializer: ProjectBackwardCompatSerializer (/api/projects/) or TeamSerializer (/api/environments/). */
export type SerializerKind = "project" | "team";

export interface ValidationContext {
  store: Store;
  /** The project being updated; null on create. */
  project: StoredProject | null;
  /** The organization the project is (to be) in. */
  organizationId: string;
  /** The requesting user's level in the organization (1 member, 8 admin, 15 owner). */
  level: number;
  kind: SerializerKind;
  /** Which PostHog's rules (pipeline/version.ts). */
  version: PostHogVersion;
}

// ---- names: posthog/api/project.py ProjectBackwardCompatSerializer.validate_name ----

/** `Trim("name")` compared with `__iexact`. */
function nameKey(name: string): string {
  return name.trim().toUpperCase();
}

/** A live project of the organization (pending deletions aside) already has this name, case and outer spaces aside. */
export function nameTaken(store: Store, organizationId: string, name: string, exceptId: number | null): boolean {
  const wanted = nameKey(name);
  return store
    .projectsOf(organizationId)
    .some((p) => p.id !== exceptId && p.pendingDeletion !== true && nameKey(String(p.settings.name ?? "")) === wanted);
}

function validateName(value: Json, ctx: ValidationContext): Json {
  // The 2025-08-04 PostHog has no validate_name: two projects of an organization may share a name.
  if (ctx.kind === "team" || ctx.version === "2025-08-04" || typeof value !== "string") return value;
  if (ctx.project && value === String(ctx.project.settings.name ?? "").trim()) return value;
  if (nameTaken(ctx.store, ctx.organizationId, value, ctx.project?.id ?? null)) {
    // posthog.exceptions.Conflict (HTTP 409), raised from the field validator.
    throw conflict(`There is already a project called "${value}" in this organization. Choose a different name.`);
  }
  return value;
}

// ---- the field validators that need the request ----

/** TeamSerializer.validate_access_control: the field is deprecated, any value is refused. */
function validateAccessControl(): Json {
  return fail(
    "invalid",
    "The 'access_control' field has been deprecated and is no longer supported. Please use the new access control system instead. For more information, visit: https://posthog.com/docs/settings/access-control",
  );
}

/** TeamSerializer.validate_receive_org_level_activity_logs: on update, organization admins only (403). */
function validateReceiveOrgLevelActivityLogs(value: Json, ctx: ValidationContext): Json {
  if (value === null || !ctx.project) return value;
  if (ctx.level < 8) throw permissionDenied("Only organization owners and admins can modify the receive_org_level_activity_logs setting.");
  return value;
}

/** TeamSerializer.validate_proactive_tasks_enabled: only PostHog's own team may turn it on (403). */
function validateProactiveTasks(value: Json): Json {
  if (value === true) throw permissionDenied("Proactive tasks can only be enabled for authorized teams.");
  return value;
}

const VALID_RETENTION_DAYS = [14, 30];
const DAY_MS = 24 * 3600 * 1000;

/**
 * TeamSerializer.validate_logs_settings: `retention_days` in {14, 30}; a change of an existing setting is allowed
 * once per 24 hours and stamps `retention_last_updated`. (Every local organization has the logs retention features.)
 */
function validateLogsSettings(value: Json, ctx: ValidationContext): Json {
  // PostHog calls value.get(...): anything but a dictionary is an AttributeError, a 500.
  if (!isJsonObject(value)) throw serverError();
  const next = value.retention_days;
  if (next !== undefined && next !== null && !(typeof next === "number" && VALID_RETENTION_DAYS.includes(next))) {
    fail("invalid", `retention_days must be one of [${VALID_RETENTION_DAYS.join(", ")}]`);
  }
  const existing = ctx.project?.settings.logs_settings;
  if (ctx.project && isJsonObject(existing) && Object.keys(existing).length > 0) {
    const old = existing.retention_days ?? null;
    if (next !== undefined && next !== null && old !== next) {
      const out: JsonObject = { ...value, retention_last_updated: new Date(nowMicros() / 1000).toISOString().replace("Z", "+00:00") };
      const last = typeof existing.retention_last_updated === "string" ? Date.parse(existing.retention_last_updated) : NaN;
      if (Number.isFinite(last)) {
        const since = Date.now() - last;
        if (since < DAY_MS) {
          const hours = Math.trunc(24 - since / 3600000);
          fail("invalid", `You can only update retention settings once per 24 hours. Please wait ${hours} more hour(s).`);
        }
      }
      return out;
    }
  }
  return value;
}

/** ProjectBackwardCompatSerializer.validate_conversations_settings (the TeamSerializer one also drops managed keys). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
const CONVERSATIONS_MANAGED_KEYS = [
  "widget_public_token", "slack_bot_token", "slack_team_id", "slack_enabled", "slack_scopes", "email_enabled", "teams_enabled",
  "teams_tenant_id", "teams_team_id", "teams_team_name", "teams_channel_id", "teams_channel_name", "teams_channels",
];

function validateConversationsSettings(value: Json, ctx: ValidationContext): Json {
  if (!isJsonObject(value)) return value;
  const out: JsonObject = { ...value };
  if (Array.isArray(out.widget_domains))
    out.widget_domains = out.widget_domains.filter((d) => d !== null && d !== "" && d !== false && d !== 0);
  if (ctx.kind === "team") for (const k of CONVERSATIONS_MANAGED_KEYS) delete out[k];
  return out;
}

// ---- nested configs (posthog/api/team/team_config.py, marketing_config.py) ----

const notNullJson = jsonField<ValidationContext>(false);
const currencyChoice = choiceField(false, (s) => (CURRENCY_CODES.includes(s) ? s : undefined));

const NESTED_CONFIG_RULES: Record<string, FieldRule<ValidationContext>> = {
  revenue_analytics_config: nestedSerializerField(false, {
    base_currency: currencyChoice,
    events: notNullJson,
    filter_test_accounts: booleanField(false),
  }),
  marketing_analytics_config: nestedSerializerField(false, {
    sources_map: notNullJson,
    conversion_goals: notNullJson,
    attribution_window_days: integerField({ nullable: false, min: 1, max: 90 }),
    attribution_mode: choiceField(false, (s) => (s === "first_touch" || s === "last_touch" ? s : undefined)),
    filter_test_accounts: booleanField(false),
    campaign_name_mappings: notNullJson,
    custom_source_mappings: notNullJson,
    campaign_field_preferences: notNullJson,
  }),
  customer_analytics_config: nestedSerializerField(false, {
    activity_event: notNullJson,
    signup_pageview_event: notNullJson,
    signup_event: notNullJson,
    subscription_event: notNullJson,
    payment_event: notNullJson,
    account_group_type_index: integerField({ nullable: true }),
  }),
  workflows_config: nestedSerializerField(false, {
    capture_workflows_engagement_events: booleanField(false),
    email_tracking_consent_mode: choiceField(false, (s) => (["off", "opt_out", "opt_in"].includes(s) ? s : undefined)),
    workflow_task_rate_limit_per_day: integerField({ nullable: true, min: 0 }),
    workflow_task_team_rate_limit_per_day: integerField({ nullable: true, min: 0 }),
  }),
};

export const NESTED_CONFIGS: ReadonlySet<string> = new Set(Object.keys(NESTED_CONFIG_RULES));

const WEEK_START_DAYS: Record<string, number> = { "0": 0, "1": 1 };
const COOKIELESS_MODES: Record<string, number> = { "0": 0, "1": 1, "2": 2 };
const RETENTION_PERIODS = ["30d", "90d", "1y", "5y"];
const BUSINESS_MODELS = ["b2b", "b2c", "other"];

function then<C>(rule: FieldRule<C>, validate: (value: Json, ctx: C) => Json): FieldRule<C> {
  return { nullable: rule.nullable, parse: (v, ctx) => validate(rule.parse(v, ctx), ctx) };
}

const bool = booleanField(true);

/** One rule per writable field (the model field's DRF semantics, then PostHog's `validate_<field>`). */
const RULES: Record<string, FieldRule<ValidationContext>> = {
  name: then<ValidationContext>(charField({ maxLength: 200, nullable: false, allowBlank: false }), validateName),
  product_description: charField({ maxLength: 1000, nullable: true, allowBlank: true }),
  app_urls: stringListField({ nullable: false, itemMaxLength: 200, dropFalsy: true }),
  anonymize_ips: booleanField(false),
  completed_snippet_onboarding: booleanField(false),
  test_account_filters: jsonField(false, validateTestAccountFilters),
  test_account_filters_default_checked: bool,
  path_cleaning_filters: jsonField(true, validatePathCleaningFilters),
  is_demo: booleanField(false),
  timezone: choiceField(false, (s) => (isValidTimezone(s) ? s : undefined)),
  data_attributes: jsonField(false),
  person_display_name_properties: stringListField({ nullable: true, itemMaxLength: 400, dropFalsy: false }),
  correlation_config: jsonField(true),
  autocapture_opt_out: bool,
  autocapture_exceptions_opt_in: bool,
  autocapture_web_vitals_opt_in: bool,
  autocapture_web_vitals_allowed_metrics: jsonField(true),
  autocapture_exceptions_errors_to_ignore: jsonField(true),
  capture_console_log_opt_in: bool,
  capture_performance_opt_in: bool,
  session_recording_opt_in: booleanField(false),
  session_recording_sample_rate: decimalField({ nullable: true, maxDigits: 3, decimalPlaces: 2, min: 0, max: 1 }),
  session_recording_minimum_duration_milliseconds: integerField({ nullable: true, min: 0, max: 30000 }),
  session_recording_linked_flag: jsonField(true, validateLinkedFlag),
  session_recording_network_payload_capture_config: jsonField(true, validateNetworkPayloadConfig),
  session_recording_masking_config: jsonField(true, validateMaskingConfig),
  session_recording_url_trigger_config: jsonListField(true),
  session_recording_url_blocklist_config: jsonListField(true),
  session_recording_event_trigger_config: stringListField({ nullable: true, dropFalsy: false, nullItems: true }),
  session_recording_trigger_match_type_config: then<ValidationContext>(
    charField({ maxLength: 24, nullable: true, allowBlank: false }),
    (v, ctx) => (ctx.kind === "team" ? validateTriggerMatchType(v) : v),
  ),
  session_recording_trigger_groups: jsonField(true, validateTriggerGroups),
  session_recording_retention_period: choiceField(false, (s) => (RETENTION_PERIODS.includes(s) ? s : undefined)),
  session_replay_config: jsonField(true, validateSessionReplayConfig),
  survey_config: jsonField(true),
  access_control: then(booleanField(false), validateAccessControl),
  week_start_day: choiceField(true, (s) => WEEK_START_DAYS[s]),
  primary_dashboard: primaryKeyField(true, (pk, ctx) => ctx.store.objects("dashboards").some((d) => d.id === pk)),
  live_events_columns: stringListField({ nullable: true, dropFalsy: false }),
  recording_domains: stringListField({ nullable: true, itemMaxLength: 200, dropFalsy: true }),
  inject_web_apps: bool,
  extra_settings: jsonField(true),
  modifiers: jsonField(true, validateModifiers),
  has_completed_onboarding_for: jsonField(true),
  surveys_opt_in: bool,
  heatmaps_opt_in: bool,
  flags_persistence_default: bool,
  receive_org_level_activity_logs: { nullable: true, parse: (v, ctx) => validateReceiveOrgLevelActivityLogs(bool.parse(v, ctx), ctx) },
  business_model: choiceField(true, (s) => (BUSINESS_MODELS.includes(s) ? s : undefined), true),
  conversations_enabled: bool,
  conversations_settings: jsonField(true, validateConversationsSettings),
  logs_settings: jsonField(true, validateLogsSettings),
  proactive_tasks_enabled: then(bool, validateProactiveTasks),
  ...NESTED_CONFIG_RULES,
  base_currency: currencyChoice,
  capture_dead_clicks: bool,
  cookieless_server_hash_mode: choiceField(true, (s) => COOKIELESS_MODES[s]),
  human_friendly_comparison_periods: bool,
  feature_flag_confirmation_enabled: bool,
  feature_flag_confirmation_message: charField({ nullable: true, allowBlank: true }),
  default_evaluation_contexts_enabled: bool,
  require_evaluation_contexts: bool,
  default_data_theme: integerField({ nullable: true }),
  onboarding_tasks: jsonField(true),
  web_analytics_pre_aggregated_tables_enabled: bool,
};

/**
 * The rules of the 2025-08-04 PostHog where they differ (projects/versions.ts): list entries are its model's child
 * CharField (null stored, "" refused as blank), `test_account_filters`, `path_cleaning_filters` and `modifiers`
 * had no validator yet (any JSON is stored), and `access_control` was not deprecated yet.
 */
const RULES_2025_08_04: Record<string, FieldRule<ValidationContext>> = {
  ...RULES,
  app_urls: stringListField({ nullable: false, itemMaxLength: 200, dropFalsy: false, nullItems: true }),
  recording_domains: stringListField({ nullable: true, itemMaxLength: 200, dropFalsy: false, nullItems: true }),
  slack_incoming_webhook: charField({ maxLength: 500, nullable: true, allowBlank: true }),
  // No deprecation yet: organization admins may set it (validate_team_attrs, checked in validateProjectObject).
  access_control: booleanField(false),
  test_account_filters: jsonField(false),
  path_cleaning_filters: jsonField(true),
  modifiers: jsonField(true),
};

const writable = (fields: readonly string[], rules: Record<string, FieldRule<ValidationContext>>): readonly string[] =>
  fields.filter((f) => !READ_ONLY_FIELDS.has(f) && f in rules);

/** Writable fields in serializer order (the order in which errors are looked for). */
export const WRITABLE_FIELDS: readonly string[] = writable(PROJECT_FIELDS, RULES);
const TEAM_WRITABLE_FIELDS: readonly string[] = writable(TEAM_FIELDS, RULES);
/** Fields the 2025-08-04 PostHog's serializers do not have are not read from a body: ignored, as DRF ignores them. */
export const WRITABLE_FIELDS_2025_08_04: readonly string[] = writable(PROJECT_FIELDS_2025_08_04, RULES_2025_08_04);
const TEAM_WRITABLE_FIELDS_2025_08_04: readonly string[] = writable(TEAM_FIELDS_2025_08_04, RULES_2025_08_04);

function fieldsAndRules(ctx: ValidationContext): [readonly string[], Record<string, FieldRule<ValidationContext>>] {
  if (ctx.version === "2025-08-04")
    return [ctx.kind === "team" ? TEAM_WRITABLE_FIELDS_2025_08_04 : WRITABLE_FIELDS_2025_08_04, RULES_2025_08_04];
  return [ctx.kind === "team" ? TEAM_WRITABLE_FIELDS : WRITABLE_FIELDS, RULES];
}

/** Settings a project member (not admin) may change: posthog/api/team/team_config.py `TEAM_CONFIG_MEMBER_FIELDS`. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const MEMBER_FIELDS: ReadonlySet<string> = new Set([
  "completed_snippet_onboarding", "has_completed_onboarding_for", "onboarding_tasks", "session_recording_opt_in",
  "autocapture_exceptions_opt_in", "autocapture_web_vitals_opt_in", "autocapture_web_vitals_allowed_metrics", "surveys_opt_in",
  "primary_dashboard",
]);

/** team_config.py `TEAM_CONFIG_ADMIN_FIELDS_SET`: the config fields that are not member fields, and four more. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const ADMIN_FIELDS: ReadonlySet<string> = new Set([
  ...TEAM_CONFIG_FIELDS.filter((f) => !MEMBER_FIELDS.has(f)),
  "is_demo", "app_urls", "access_control", "name",
]);

export type ValidatedFields = Array<[string, Json]>;

/** DRF `Serializer.to_internal_value`: the validated writable fields present in the body, in field order. */
export function validateProjectFields(body: unknown, ctx: ValidationContext, partial = true): ValidatedFields {
  if (!isJsonObject(body)) {
    throw validationError(`Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`, null, "invalid");
  }
  const out: ValidatedFields = [];
  let first: ApiError | null = null;
  const [fields, rules] = fieldsAndRules(ctx);
  for (const field of fields) {
    if (!Object.hasOwn(body, field)) {
      // TeamSerializer.base_currency = ChoiceField(default=DEFAULT_CURRENCY): a full update without it sets USD.
      if (field === "base_currency" && ctx.kind === "team" && !partial) out.push([field, "USD"]);
      continue;
    }
    try {
      out.push([field, runRule(rules[field], body[field], ctx)]);
    } catch (e) {
      if (!(e instanceof FieldFailure)) throw e;
      first ??= validationError(e.detail, [field, ...e.path].join("__"), e.code);
    }
  }
  if (first) throw first;
  return out;
}

const ERRORS_TO_IGNORE = "autocapture_exceptions_errors_to_ignore";

/** posthog/api/team/settings_validation.py `validate_team_attrs`, run once every field is valid. */
export function validateProjectObject(attrs: ValidatedFields, ctx: ValidationContext): void {
  const values = new Map(attrs);
  const names = attrs.map(([f]) => f);
  if (ctx.version === "2025-08-04") {
    // It had no admin-only settings (a project member may change any: TeamMemberLightManagementPermission), but
    // access_control needed an organization admin.
    if (values.has("access_control") && ctx.level < 8) {
      throw permissionDenied("Your organization access level is insufficient to configure project access restrictions.");
    }
  } else if (ctx.project) {
    const touched = names.filter((f) => ADMIN_FIELDS.has(f)).sort();
    if (touched.length > 0 && ctx.level < 8) throw permissionDenied(`Only project admins can modify these settings: ${touched.join(", ")}`);
  } else {
    const touched = names.filter((f) => ADMIN_FIELDS.has(f) && f !== "is_demo" && f !== "name").sort();
    if (touched.length > 0 && ctx.level < 8) {
      throw permissionDenied(`Only organization admins can set these settings on project creation: ${touched.join(", ")}`);
    }
  }
  if (values.has("primary_dashboard")) {
    if (!ctx.project) throw validationError("Primary dashboard cannot be set on project creation.", "primary_dashboard");
    const dashboard = values.get("primary_dashboard");
    if (dashboard !== null && dashboard !== undefined) {
      const d = ctx.store.objects("dashboards").find((x) => x.id === dashboard);
      if (!d || d.teamId !== ctx.project.id) throw validationError("Dashboard does not belong to this team.", "primary_dashboard");
    }
  }
  if (values.has(ERRORS_TO_IGNORE)) {
    const errors = values.get(ERRORS_TO_IGNORE);
    if (!Array.isArray(errors)) throw validationError(`Must provide a list for field: ${ERRORS_TO_IGNORE}.`);
    if (!errors.every((e) => typeof e === "string")) throw validationError(`Must provide a list of strings to field: ${ERRORS_TO_IGNORE}.`);
    if (pyJsonDumps(errors).length > 300) {
      throw validationError(
        `Field ${ERRORS_TO_IGNORE} must be less than 300 characters. Complex config should be provided in posthog-js initialization.`,
      );
    }
  }
}
