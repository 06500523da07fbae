/**
 * Validation of project writes with PostHog's exact codes, messages and attrs (§2.5): one rule per writable
 * field (DRF field semantics plus PostHog's `validate_<field>` methods), checked in serializer field order with
 * only the first error reported, then the object-level checks of `validate()`.
 */
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
  primaryKeyField,
  runRule,
  stringListField,
} from "./drf-fields";
import { permissionDenied, validationError } from "./errors";
import { isJsonObject, type Json, type JsonObject } from "./json";
import { DEFAULT_MODIFIERS, PROJECT_FIELDS } from "./project-model";
import { pyInt, pyJsonDumps, pyTypeName } from "./py";
import type { Store } from "./store";
import { isValidTimezone } from "./timezones";
import type { ProjectRecord } from "./types";

export interface ValidationContext {
  store: Store;
  /** The project being updated; null on create. */
  project: ProjectRecord | null;
}

const PROPERTY_FILTER_TYPES = new Set([
  "event", "person", "element", "event_metadata", "session", "cohort", "recording", "log_entry", "group", "feature",
  "hogql", "data_warehouse", "data_warehouse_person_property", "error_tracking_issue", "log", "revenue_analytics", "flag",
  "workflow_variable",
]);

/** Newest PostHog: `TypeAdapter(list[AnyPropertyFilter])`; a JSON-encoded list is accepted too. */
function validateTestAccountFilters(value: Json): Json {
  const prefix = "Must provide an array of valid property filters.";
  let list: Json = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value) as Json;
    } catch {
      return fail("invalid", `${prefix} Input should be a valid list`);
    }
  }
  if (!Array.isArray(list)) return fail("invalid", `${prefix} Input should be a valid list`);
  list.forEach((item, i) => {
    if (!isJsonObject(item)) fail("invalid", `${prefix} ${i}: Input should be a valid dictionary`);
    const f = item as JsonObject;
    if (typeof f.key !== "string") fail("invalid", `${prefix} ${i}.key: Input should be a valid string`);
    if (typeof f.type !== "string" || !PROPERTY_FILTER_TYPES.has(f.type)) {
      fail("invalid", `${prefix} ${i}.type: Input should be one of ${[...PROPERTY_FILTER_TYPES].map((t) => `'${t}'`).join(", ")}`);
    }
  });
  return list;
}

function captureGroupCount(source: string): number {
  const m = new RegExp(`${source}|`).exec("");
  return m ? m.length - 1 : 0;
}

function validatePathCleaningFilters(value: Json): Json {
  if (!Array.isArray(value)) return fail("invalid", "Must provide a list of path cleaning rules.");
  for (const rule of value) {
    const regex = isJsonObject(rule) ? rule.regex : undefined;
    if (typeof regex !== "string" || regex === "") fail("invalid", "A path cleaning rule needs a regex. Remove the rule or give it one.");
    const source = regex as string;
    let groups = 0;
    try {
      groups = captureGroupCount(source);
    } catch (e) {
      fail("invalid", `Invalid path cleaning regex '${source}': ${e instanceof Error ? e.message.replace(/^Invalid regular expression: /, "") : String(e)}`);
    }
    const alias = isJsonObject(rule) ? rule.alias : undefined;
    if (typeof alias === "string") {
      for (const m of alias.matchAll(/\\(\d+)/g)) {
        const n = Number(m[1]);
        if (n > groups) {
          fail("invalid", `The alias '${alias}' references capture group \\${n}, but its regex has ${groups} capture group(s). Use a group that exists or remove the reference.`);
        }
      }
    }
  }
  return value;
}

const KNOWN_MODIFIERS = new Set([...Object.keys(DEFAULT_MODIFIERS), "customBotDefinitions", "forceClientSideFiltering", "useMaterializedColumns"]);

function validateModifiers(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  for (const key of Object.keys(value)) if (!KNOWN_MODIFIERS.has(key)) fail("invalid", "Invalid modifier key.");
  const bounce = value.bounceRateDurationSeconds;
  if (bounce !== undefined && bounce !== null) {
    if (typeof bounce !== "number") fail("invalid", "Must be a number.", ["bounceRateDurationSeconds"]);
    if ((bounce as number) < 1 || (bounce as number) > 120) fail("invalid", "Must be between 1 and 120 seconds.", ["bounceRateDurationSeconds"]);
  }
  return value;
}

function validateLinkedFlag(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  const keys = Object.keys(value).sort().join(",");
  if (keys !== "id,key" && keys !== "id,key,variant") {
    fail("invalid", "Must provide a dictionary with only 'id' and 'key' keys. _or_ only 'id', 'key', and 'variant' keys.");
  }
  const id = value.id;
  const isInt = (typeof id === "number" && Number.isInteger(id)) || (typeof id === "string" && pyInt(id) !== null);
  if (!isInt) fail("invalid", "Must provide an integer 'id'.");
  return value;
}

function validateNetworkPayloadConfig(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  if (!Object.keys(value).every((k) => k === "recordHeaders" || k === "recordBody")) {
    fail("invalid", "Must provide a dictionary with only 'recordHeaders' and/or 'recordBody' keys.");
  }
  return value;
}

function validateSessionReplayConfig(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  if (!Object.keys(value).every((k) => k === "record_canvas" || k === "ai_config")) {
    fail("invalid", "Must provide a dictionary with only known keys. One or more of record_canvas, ai_config.");
  }
  return value;
}

const ERRORS_TO_IGNORE = "autocapture_exceptions_errors_to_ignore";

function validateErrorsToIgnore(value: Json): Json {
  if (!Array.isArray(value)) return fail("invalid", `Must provide a list for field: ${ERRORS_TO_IGNORE}.`);
  if (!value.every((v) => typeof v === "string")) fail("invalid", `Must provide a list of strings to field: ${ERRORS_TO_IGNORE}.`);
  return value;
}

const WEEK_START_DAYS: Record<string, number> = { "0": 0, "1": 1 };

/** One rule per writable field. */
const RULES: Record<string, FieldRule<ValidationContext>> = {
  name: charField({ maxLength: 200, nullable: false, allowBlank: false }),
  product_description: charField({ maxLength: 1000, nullable: true, allowBlank: true }),
  app_urls: stringListField({ nullable: false, itemMaxLength: 200, dropFalsy: true }),
  slack_incoming_webhook: charField({ maxLength: 500, nullable: true, allowBlank: true }),
  anonymize_ips: booleanField(false),
  completed_snippet_onboarding: booleanField(false),
  test_account_filters: jsonField(false, validateTestAccountFilters),
  test_account_filters_default_checked: booleanField(true),
  path_cleaning_filters: jsonField(true, validatePathCleaningFilters),
  is_demo: booleanField(false),
  timezone: choiceField(false, (s) => (isValidTimezone(s) ? s : undefined)),
  data_attributes: jsonField(false),
  person_display_name_properties: stringListField({ nullable: true, itemMaxLength: 400, dropFalsy: false }),
  correlation_config: jsonField(true),
  autocapture_opt_out: booleanField(true),
  autocapture_exceptions_opt_in: booleanField(true),
  autocapture_exceptions_errors_to_ignore: jsonField(true, validateErrorsToIgnore),
  capture_console_log_opt_in: booleanField(true),
  capture_performance_opt_in: booleanField(true),
  session_recording_opt_in: booleanField(false),
  session_recording_sample_rate: decimalField({ nullable: true, maxDigits: 3, decimalPlaces: 2, min: 0, max: 1 }),
  session_recording_minimum_duration_milliseconds: integerField({ nullable: true, min: 0, max: 30000 }),
  session_recording_linked_flag: jsonField(true, validateLinkedFlag),
  session_recording_network_payload_capture_config: jsonField(true, validateNetworkPayloadConfig),
  session_replay_config: jsonField(true, validateSessionReplayConfig),
  access_control: booleanField(false),
  week_start_day: choiceField(true, (s) => WEEK_START_DAYS[s]),
  primary_dashboard: primaryKeyField(true, (pk, ctx) => ctx.store.state.dashboards.some((d) => d.id === pk)),
  live_events_columns: stringListField({ nullable: true, dropFalsy: false }),
  recording_domains: stringListField({ nullable: true, itemMaxLength: 200, dropFalsy: true }),
  inject_web_apps: booleanField(true),
  extra_settings: jsonField(true),
  modifiers: jsonField(true, validateModifiers),
  has_completed_onboarding_for: jsonField(true),
  surveys_opt_in: booleanField(true),
  heatmaps_opt_in: booleanField(true),
};

/** Writable fields in serializer order (the order in which errors are looked for). */
export const WRITABLE_FIELDS: readonly string[] = PROJECT_FIELDS.filter((f) => f in RULES);

/** Settings a project member (not admin) may change (newest `validate_team_attrs`). */
export const MEMBER_SAFE_FIELDS: ReadonlySet<string> = new Set([
  "completed_snippet_onboarding", "has_completed_onboarding_for", "session_recording_opt_in", "autocapture_exceptions_opt_in",
  "surveys_opt_in", "primary_dashboard",
]);

export type ValidatedFields = Array<[string, Json]>;

/** DRF `Serializer.to_internal_value`: the validated writable fields present in the body, in field order. */
export function validateProjectFields(body: unknown, ctx: ValidationContext): ValidatedFields {
  if (!isJsonObject(body)) {
    throw validationError(`Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`, null, "invalid");
  }
  const out: ValidatedFields = [];
  for (const field of WRITABLE_FIELDS) {
    if (!(field in body)) continue;
    try {
      out.push([field, runRule(RULES[field], body[field], ctx)]);
    } catch (e) {
      if (e instanceof FieldFailure) throw validationError(e.detail, [field, ...e.path].join("__"), e.code);
      throw e;
    }
  }
  return out;
}

export interface ObjectContext extends ValidationContext {
  /** The requesting user's level in the organization (1 member, 8 admin, 15 owner). */
  level: number;
}

/** `validate()` / `validate_team_attrs`: checks across fields, run once every field is valid. */
export function validateProjectObject(attrs: ValidatedFields, ctx: ObjectContext): void {
  const values = new Map(attrs);
  const errorsToIgnore = values.get(ERRORS_TO_IGNORE);
  if (Array.isArray(errorsToIgnore) && pyJsonDumps(errorsToIgnore).length > 300) {
    throw validationError(`Field ${ERRORS_TO_IGNORE} must be less than 300 characters. Complex config should be provided in posthog-js initialization.`);
  }
  const dashboard = values.get("primary_dashboard");
  if (dashboard !== undefined && dashboard !== null) {
    if (!ctx.project) throw validationError("Primary dashboard cannot be set on project creation.", "primary_dashboard");
    const d = ctx.store.state.dashboards.find((x) => x.id === dashboard);
    if (!d || d.teamId !== ctx.project.id) throw validationError("Dashboard does not belong to this team.", "primary_dashboard");
  }
  if (ctx.level < 8) {
    const exempt = ctx.project ? MEMBER_SAFE_FIELDS : new Set([...MEMBER_SAFE_FIELDS, "is_demo", "name"]);
    const adminOnly = attrs.map(([f]) => f).filter((f) => !exempt.has(f));
    if (adminOnly.length > 0) {
      throw ctx.project
        ? permissionDenied(`Only project admins can modify these settings: ${adminOnly.join(", ")}`)
        : permissionDenied(`Only organization admins can set these settings on project creation: ${adminOnly.join(", ")}`);
    }
  }
}

