/**
 * The project's field table, in the kit's format (src/kit/field-table.ts): every PostHog project field is a row, how
 * PostHog answers it and, for the writable ones, PostHog's own validation rule, how the server rewrites what it is
 * sent, and what PostHog does with it on create and update. The record's shape (./endpoints), the model's
 * check/diff/request bodies (./model), the Pulumi inputs and outputs and the reference are all derived from it, so a
 * new setting is one new row.
 */
import { z } from "zod";
import {
  type AnswerTable,
  type Equality,
  type FieldTable,
  type LeftOut,
  sameJson,
  tableValuesEqual,
  type ApiTypes,
} from "../../kit/field-table";
import * as rules from "./rules";
import { camelCase, type CamelCase } from "../../kit/names";

/** PostHog returns decimals as strings ("0.50") but accepts numbers. */
const sameNumber: Equality = (declared, live) =>
  declared === null || live === null || live === undefined ? declared === (live ?? null) : Number(declared) === Number(live);

/** DRF's CharField trims surrounding white space. */
const sameTrimmed: Equality = (declared, live) =>
  typeof declared === "string" && typeof live === "string" ? declared.trim() === live : sameJson(declared, live);

/**
 * `null` entries of URL and domain lists mean nothing to PostHog: today's drops them, the 2025-08-04 one stores them.
 * They are left out on both sides, so that a list compares equal whichever PostHog keeps it.
 */
const withoutNull = (list: unknown) => (Array.isArray(list) ? list.filter((entry) => entry !== null) : list);
const sameListWithoutNull: Equality = (declared, live) => sameJson(withoutNull(declared), withoutNull(live));

const str = z.string();
const json = z.unknown();
const flag = z.boolean().nullable();
const list = z.array(z.string().nullable()).nullable();
const readOnly = <T extends z.ZodType>(answer: T, doc: string) => ({ answer, doc });

/** What PostHog answers and never takes: ids, tokens and read-only state. */
export const projectAnswerFields = {
  // Identity and read-only state (ProjectBackwardCompatSerializer.Meta.read_only_fields, posthog/api/project.py)
  id: readOnly(z.number().int(), "Numeric id of the project (the same as its environment's id)."),
  uuid: readOnly(str, "UUID of the project."),
  organization: readOnly(str, "UUID of the organization that owns the project."),
  api_token: { answer: str, secret: true, doc: "The project API key (`phc_…`) that SDKs send events with. Secret." },
  live_events_token: { answer: str.nullable(), secret: true, doc: "Token for the live events stream. Secret." },
  secret_api_token: {
    answer: str.nullable(),
    secret: true,
    doc: "The project's secret API key (`phs_…`) for feature flag local evaluation. Secret.",
  },
  secret_api_token_backup: {
    answer: str.nullable(),
    secret: true,
    doc: "The previous secret API key, valid until rotated again. Secret.",
  },
  created_at: readOnly(str, "When the project was created (ISO 8601)."),
  updated_at: readOnly(str.nullable(), "When the project was last changed (ISO 8601)."),
  ingested_event: readOnly(flag, "Whether the project has received an event."),
  is_pending_deletion: readOnly(flag, "Whether PostHog is deleting the project in the background."),
  effective_membership_level: readOnly(z.number().int().nullable(), "Your access level: 1 member, 8 admin, 15 owner."),
  user_access_level: readOnly(
    str.nullable(),
    "Your access level under PostHog's access control (`none`, `viewer`, `editor`, `manager`, `admin`).",
  ),
  has_group_types: readOnly(flag, "Whether any group type exists in the project."),
  group_types: readOnly(
    z.array(z.record(z.string(), z.unknown())).nullable(),
    "The project's group types (companies, workspaces, …) with their index.",
  ),
  person_on_events_querying_enabled: readOnly(flag, "Whether person-on-events querying is on."),
  default_modifiers: readOnly(
    z.record(z.string(), z.unknown()).nullable(),
    "The HogQL modifiers PostHog applies when `modifiers` leaves them unset.",
  ),
  product_intents: readOnly(
    z.array(z.record(z.string(), z.unknown())).nullable(),
    "Products the project showed intent to use, with onboarding dates.",
  ),
  available_setup_task_ids: readOnly(z.array(z.string()).nullable(), "Setup tasks PostHog offers this project."),
  managed_viewsets: readOnly(
    z.record(z.string(), z.unknown()).nullable(),
    "Data warehouse views PostHog manages, by kind, and whether each is on.",
  ),
  event_retention_months: readOnly(z.number().int().nullable(), "How many months of events your plan keeps."),
  events_retention_enforced: readOnly(flag, "Whether the event retention is enforced for this project."),
  access_control: readOnly(flag, "Legacy per-project access control; PostHog refuses any value for it today."),
} as const satisfies AnswerTable;

/** The writable settings. */
export const projectFields = {
  // In ProjectBackwardCompatSerializer.Meta.fields order (posthog/api/project.py)
  name: {
    answer: str,
    input: rules.name,
    equal: sameTrimmed,
    doc: "Project name, 1 to 200 characters, unique in the organization. Defaults to the resource's Pulumi name.",
  },
  product_description: {
    answer: str.nullable(),
    input: z.string({ error: "must be a string" }).max(1000, { error: "must be at most 1000 characters" }).nullable(),
    doc: "What the product is, in up to 1000 characters (PostHog AI reads it).",
  },
  app_urls: {
    answer: list,
    input: rules.urlList,
    equal: sameListWithoutNull,
    doc: 'Authorized URLs for the toolbar, heatmaps and web analytics. `""` entries are refused (as PostHog does); `null` entries are dropped.',
  },
  anonymize_ips: { answer: flag, input: rules.bool, doc: "Discard client IP addresses from events." },
  completed_snippet_onboarding: { answer: flag, input: rules.bool, doc: "Mark the snippet onboarding as done." },
  test_account_filters: {
    answer: json,
    input: rules.testAccountFilters,
    doc: 'Property filters that mark internal and test users, e.g. `[{ key: "$host", operator: "not_regex", value: "localhost" }]` (`type` defaults to `event`). The 2025-08-04 PostHog replaces them by its defaults on create: they are then set again right after.',
  },
  test_account_filters_default_checked: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Filter out test accounts by default in new insights.",
  },
  path_cleaning_filters: {
    answer: json,
    input: rules.pathCleaningFilters.nullable(),
    doc: "Path cleaning rules `[{ regex, alias }]` applied to URLs in paths insights. Regexes are RE2 (no look-around).",
  },
  is_demo: {
    answer: flag,
    input: rules.bool,
    doc: "Create a demo project filled with generated data. Demo projects do not count against the plan.",
  },
  timezone: { answer: str, input: rules.timezone, doc: "IANA timezone used to display and bucket data. PostHog default: `UTC`." },
  data_attributes: {
    answer: json,
    input: rules.stringList,
    doc: 'Element attributes autocapture uses to name elements. PostHog default: `["data-attr"]`.',
  },
  person_display_name_properties: {
    answer: list,
    input: rules.propertyNames.nullable(),
    doc: "Person properties used as display names, in order of preference.",
  },
  correlation_config: {
    answer: json,
    input: rules.correlationConfig.nullable(),
    doc: "Correlation analysis settings, e.g. `{ excluded_person_property_names: [...] }`.",
  },
  autocapture_opt_out: { answer: flag, input: rules.bool.nullable(), doc: "Turn autocapture off." },
  autocapture_exceptions_opt_in: { answer: flag, input: rules.bool.nullable(), doc: "Capture exceptions automatically." },
  autocapture_web_vitals_opt_in: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Capture web vitals (FCP, LCP, INP, CLS) automatically.",
  },
  autocapture_web_vitals_allowed_metrics: {
    answer: json,
    input: z.array(rules.oneOf(["FCP", "LCP", "INP", "CLS"]), { error: "must be a list of web vitals" }).nullable(),
    doc: "Which web vitals to capture: any of `FCP`, `LCP`, `INP`, `CLS`.",
  },
  autocapture_exceptions_errors_to_ignore: {
    answer: json,
    input: rules.errorsToIgnore,
    doc: "Error messages that exception autocapture ignores (at most 300 characters as PostHog's JSON).",
  },
  capture_console_log_opt_in: { answer: flag, input: rules.bool.nullable(), doc: "Capture console logs in session recordings." },
  capture_performance_opt_in: { answer: flag, input: rules.bool.nullable(), doc: "Capture network performance in session recordings." },
  session_recording_opt_in: { answer: flag, input: rules.bool, doc: "Record user sessions." },
  session_recording_sample_rate: {
    answer: z.union([str, z.number()]).nullable(),
    input: rules.sampleRate.nullable(),
    equal: sameNumber,
    // A drifted rate as the program writes it: a number, not PostHog's "0.50".
    liveForm: (declared, live) => (typeof live === "string" && typeof declared === "number" ? Number(live) : live),
    doc: 'Share of sessions to record, 0 to 1 with at most 2 decimals. PostHog returns it as a string ("0.50").',
  },
  session_recording_minimum_duration_milliseconds: {
    answer: z.number().int().nullable(),
    input: rules.minimumDuration.nullable(),
    doc: "Drop recordings shorter than this many milliseconds (0 to 30000).",
  },
  session_recording_linked_flag: {
    answer: json,
    input: rules.linkedFlag.nullable(),
    doc: "Record only when this feature flag is on: `{ id, key }` or `{ id, key, variant }`.",
  },
  session_recording_network_payload_capture_config: {
    answer: json,
    input: rules.networkPayloadCaptureConfig.nullable(),
    doc: "Capture network request headers and bodies: `{ recordHeaders: boolean, recordBody: boolean }`.",
  },
  session_recording_masking_config: {
    answer: json,
    input: rules.maskingConfig.nullable(),
    doc: "Masking in recordings: `{ maskAllInputs: boolean, maskTextSelector: string, blockSelector: string }`.",
  },
  session_recording_url_trigger_config: {
    answer: json,
    input: rules.urlTriggers.nullable(),
    doc: 'Start recording on URLs matching these regexes: `[{ url, matching: "regex" }]`.',
  },
  session_recording_url_blocklist_config: {
    answer: json,
    input: rules.urlTriggers.nullable(),
    doc: 'Pause recording on URLs matching these regexes: `[{ url, matching: "regex" }]`.',
  },
  session_recording_event_trigger_config: {
    answer: json,
    input: rules.stringList.nullable(),
    doc: "Start recording when one of these events is captured.",
  },
  session_recording_trigger_match_type_config: {
    answer: str.nullable(),
    input: rules.oneOf(["all", "any"]).nullable(),
    doc: "Whether all or any of the recording triggers must match: `all` or `any`.",
  },
  session_recording_trigger_groups: {
    answer: json,
    input: rules.triggerGroups.nullable(),
    doc: "Recording trigger groups (version 2): `{ version: 2, groups: [{ id, sampleRate, conditions: { matchType } }] }`.",
  },
  session_recording_retention_period: {
    answer: str.nullable(),
    input: rules.oneOf(["30d", "90d", "1y", "5y"]),
    doc: "How long recordings are kept: `30d`, `90d`, `1y` or `5y`, as your plan allows.",
  },
  session_replay_config: {
    answer: json,
    input: rules.sessionReplayConfig.nullable(),
    merged: true,
    doc: "Replay settings `{ record_canvas, ai_config }`. PostHog merges updates, so only declared keys are managed.",
  },
  survey_config: {
    answer: json,
    input: rules.jsonObject.nullable(),
    merged: true,
    doc: "Survey appearance defaults. PostHog merges updates, so only declared keys are managed.",
  },
  week_start_day: {
    answer: z.number().int().nullable(),
    input: rules.oneOf([0, 1], "0 (Sunday) or 1 (Monday):").nullable(),
    doc: "First day of the week: 0 Sunday, 1 Monday.",
  },
  primary_dashboard: {
    answer: z.number().int().nullable(),
    input: z.number({ error: "must be a dashboard id" }).int({ error: "must be a dashboard id" }).nullable(),
    afterCreate: true,
    doc: "Id of the project's home dashboard. PostHog refuses it on create, so it is set right after.",
  },
  live_events_columns: { answer: list, input: rules.stringList.nullable(), doc: "Columns shown in the live events view." },
  recording_domains: {
    answer: list,
    input: rules.domainList.nullable(),
    equal: sameListWithoutNull,
    doc: 'Domains allowed to record sessions. `""` entries are refused (as PostHog does); `null` entries are dropped.',
  },
  inject_web_apps: { answer: flag, input: rules.bool.nullable(), doc: "Let site apps inject code into your website." },
  extra_settings: { answer: json, input: rules.jsonObject.nullable(), doc: "Extra settings such as `{ poe_v2_enabled: true }`." },
  modifiers: {
    answer: json,
    input: rules.modifiers.nullable(),
    merged: true,
    sendMerged: true,
    doc: 'HogQL query modifiers, e.g. `{ personsOnEventsMode: "person_id_override_properties_on_events" }`. Only declared keys are managed: keys set elsewhere are kept (sent along, as the 2025-08-04 PostHog replaces the dictionary where today\'s merges it).',
  },
  has_completed_onboarding_for: {
    answer: json,
    input: rules.onboardingFlags.nullable(),
    doc: "Products whose onboarding is done, e.g. `{ product_analytics: true }`.",
  },
  surveys_opt_in: { answer: flag, input: rules.bool.nullable(), doc: "Show surveys on your website." },
  heatmaps_opt_in: { answer: flag, input: rules.bool.nullable(), doc: "Capture heatmap data." },
  flags_persistence_default: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Persist feature flags across authentication by default for new flags.",
  },
  receive_org_level_activity_logs: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Receive the organization's activity logs in this project (organization admins only).",
  },
  business_model: {
    answer: str.nullable(),
    input: rules.oneOf(["b2b", "b2c", "other"]).nullable(),
    doc: "Whom the product sells to: `b2b`, `b2c` or `other`.",
  },
  conversations_enabled: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Turn on Conversations (support inbox); PostHog mints a widget token.",
  },
  conversations_settings: {
    answer: json,
    input: rules.jsonObject.nullable(),
    merged: true,
    doc: "Conversations settings, e.g. `{ widget_domains: [...] }`. PostHog merges updates and adds its own keys, so only declared keys are managed.",
  },
  logs_settings: {
    answer: json,
    input: rules.logsSettings.nullable(),
    merged: true,
    doc: "Logs settings, e.g. `{ retention_days: 30 }` (14 or 30, as your plan allows; at most one change a day).",
  },
  proactive_tasks_enabled: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Proactive tasks (PostHog enables them only for authorized projects).",
  },
  revenue_analytics_config: {
    answer: json,
    input: rules.revenueAnalyticsConfig,
    merged: true,
    afterCreate: true,
    doc: "Revenue analytics: `{ base_currency, events, filter_test_accounts }`. PostHog ignores it on create, so it is set right after.",
  },
  marketing_analytics_config: {
    answer: json,
    input: rules.marketingAnalyticsConfig,
    merged: true,
    afterCreate: true,
    doc: "Marketing analytics: `{ sources_map, conversion_goals, attribution_window_days (1-90), attribution_mode, … }`. Set right after create.",
  },
  customer_analytics_config: {
    answer: json,
    input: rules.customerAnalyticsConfig,
    merged: true,
    afterCreate: true,
    doc: "Customer analytics: `{ activity_event, signup_event, payment_event, account_group_type_index, … }`. Set right after create.",
  },
  workflows_config: {
    answer: json,
    input: rules.workflowsConfig,
    merged: true,
    afterCreate: true,
    doc: "Workflows: `{ capture_workflows_engagement_events, email_tracking_consent_mode: off | opt_out | opt_in }`. Set right after create.",
  },
  base_currency: {
    answer: str.nullable(),
    input: rules.currency,
    doc: "Currency revenue is shown in, e.g. `USD`, `EUR`. PostHog default: `USD`.",
  },
  capture_dead_clicks: { answer: flag, input: rules.bool.nullable(), doc: "Capture clicks that do nothing (dead clicks)." },
  cookieless_server_hash_mode: {
    answer: z.number().int().nullable(),
    input: rules.oneOf([0, 1, 2], "0 (disabled), 1 (stateless) or 2 (stateful):").nullable(),
    doc: "Cookieless tracking: 0 disabled, 1 stateless, 2 stateful.",
  },
  human_friendly_comparison_periods: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Compare with calendar periods (the same weekday) instead of exact day counts.",
  },
  feature_flag_confirmation_enabled: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Ask for confirmation before a feature flag change is saved.",
  },
  feature_flag_confirmation_message: {
    answer: str.nullable(),
    input: z.string({ error: "must be a string" }).nullable(),
    doc: "The message shown when confirming a feature flag change.",
  },
  default_evaluation_contexts_enabled: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Give new feature flags the default evaluation contexts.",
  },
  require_evaluation_contexts: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Require an evaluation context on every feature flag.",
  },
  default_data_theme: {
    answer: z.number().int().nullable(),
    input: z.number({ error: "must be a data color theme id" }).int({ error: "must be a data color theme id" }).nullable(),
    planFeature: "data color themes (AvailableFeature.DATA_COLOR_THEMES)",
    doc: "Id of the default data color theme (plans with data color themes).",
  },
  onboarding_tasks: { answer: json, input: rules.jsonObject.nullable(), doc: "Onboarding task states, by task id." },
  web_analytics_pre_aggregated_tables_enabled: {
    answer: flag,
    input: rules.bool.nullable(),
    doc: "Serve web analytics from pre-aggregated tables.",
  },
} as const satisfies FieldTable;

export type WritableField = keyof typeof projectFields;
export type ProjectField = keyof typeof projectAnswerFields | WritableField;

/** Every field of PostHog's project record, answer-only and writable, in the record's order. */
const recordFields = { ...projectAnswerFields, ...projectFields };
export const recordFieldNames = Object.keys(recordFields) as ProjectField[];

export const writableFields = Object.keys(projectFields) as WritableField[];
export const secretFields = (Object.keys(projectAnswerFields) as Array<keyof typeof projectAnswerFields>).filter(
  (field) => (projectAnswerFields[field] as { secret?: true }).secret,
);

/**
 * The fields of PostHog's record a project's state keeps besides its ids and its declared settings: what programs
 * reference. `api_token` (secret) is what SDKs are configured with, `name` labels a project wherever it is shown and
 * `uuid` ties it to systems that name projects so. Everything else PostHog returns (its other tokens, timestamps,
 * read-only flags, settings not declared) is one call away: `getProject`. Each output kept costs every program memory
 * per project and the state its bytes, rewritten around every step.
 */
export const keptInState = ["uuid", "name", "api_token"] as const satisfies readonly ProjectField[];

/** Whether a field is one of PostHog's project record (answer-only or writable), not one a program made up. */
export function isProjectField(name: string): name is ProjectField {
  return Object.hasOwn(recordFields, name);
}

/** A field's row: how PostHog answers it and its doc (and, for a writable one, its rule). */
export function recordField(name: ProjectField): { answer: z.ZodType; doc: string; secret?: true } {
  return recordFields[name];
}

/** Fields the table does not know (`additionalSettings`) compare as JSON. */
export function valuesEqual(name: string, declared: unknown, live: unknown): boolean {
  return tableValuesEqual(projectFields, name, declared, live);
}

// ---- Records as PostHog returns them ----

/** Fields every PostHog version returns; the others may be absent from older or newer servers. */
export const CORE_FIELDS = ["id", "uuid", "organization", "api_token", "name", "created_at"] as const satisfies readonly ProjectField[];
type CoreField = (typeof CORE_FIELDS)[number];
type Fields = typeof recordFields;
type RecordShape = { [K in CoreField]: Fields[K]["answer"] } & {
  [K in Exclude<ProjectField, CoreField>]: z.ZodOptional<Fields[K]["answer"]>;
};

/** The full project record (create, retrieve, update, reset_token). Unknown fields from other versions pass through. */
export const projectRecordSchema = z.looseObject(
  Object.fromEntries(
    Object.entries(recordFields).map(([name, def]) => [
      name,
      (CORE_FIELDS as readonly string[]).includes(name) ? def.answer : def.answer.optional(),
    ]),
  ) as RecordShape,
);
export type ProjectRecord = z.infer<typeof projectRecordSchema>;

/** A row of the project list: ProjectBackwardCompatBasicSerializer (posthog/api/shared.py). */
export const projectListItemSchema = z.looseObject({
  id: projectAnswerFields.id.answer,
  project_id: z.number().int().optional(),
  uuid: projectAnswerFields.uuid.answer,
  organization: projectAnswerFields.organization.answer,
  api_token: projectAnswerFields.api_token.answer,
  name: projectFields.name.answer,
  completed_snippet_onboarding: flag.optional(),
  has_completed_onboarding_for: json,
  ingested_event: flag.optional(),
  is_demo: flag.optional(),
  timezone: str.optional(),
  access_control: flag.optional(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

// The same settings as Pulumi users write them, and the record as outputs, are plain types generated from this table
// into src/resources/project-types.ts (src/generate/types.ts, `npm run docs`), as every kind's are.

export const settingNames: ReadonlyArray<{ api: WritableField; arg: CamelCase<WritableField> }> = writableFields.map((api) => ({
  api,
  arg: camelCase(api),
}));

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const projectLeftOut: LeftOut = {
  tags: "not yet managed: the project's labels (today's ProjectBackwardCompatSerializer `tags`; sending them replaces the project's tags)",
  access_control:
    "refused by today's PostHog whatever its value (legacy per-project access control): answered only (the answer table's row)",
  feature_flag_policy_config: "not yet managed: today's flag policy (whether a new flag needs a tag)",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const projectApiTypes: ApiTypes = {
  file: "frontend/src/generated/core/api.schemas.ts",
  schemas: ["PatchedProjectBackwardCompatApi"],
};
