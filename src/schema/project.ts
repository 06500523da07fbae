/**
 * The project record, defined once. Every PostHog project field is a row of `projectFields`: how PostHog returns it,
 * and for the writable ones PostHog's own validation rule and how the server rewrites what it is sent. The client's
 * response schemas, the provider's check/diff/request bodies, the Pulumi inputs and outputs and the README's
 * reference table are all derived from this table, so a new setting is one new row.
 */
import { z } from "zod";
import { canonicalJson, isPlainObject } from "./json";
import { camelCase, type CamelCase } from "./names";

/** How a declared value and the value PostHog returns are compared, after the server has rewritten it. */
export type Equality = (declared: unknown, live: unknown) => boolean;

const sameJson: Equality = (declared, live) => canonicalJson(declared) === canonicalJson(live);

/** PostHog returns decimals as strings ("0.50") but accepts numbers. */
const sameNumber: Equality = (declared, live) =>
  declared === null || live === null || live === undefined ? declared === (live ?? null) : Number(declared) === Number(live);

/** DRF's CharField trims surrounding white space. */
const sameTrimmed: Equality = (declared, live) =>
  typeof declared === "string" && typeof live === "string" ? declared.trim() === live : sameJson(declared, live);

/** PostHog drops empty entries from URL and domain lists. */
const sameListWithoutEmpty: Equality = (declared, live) =>
  sameJson(Array.isArray(declared) ? declared.filter(Boolean) : declared, live);

/** PostHog merges these dictionaries on update, so keys set elsewhere survive: only declared keys are managed. */
const sameDeclaredKeys: Equality = (declared, live) => {
  if (!isPlainObject(declared) || !isPlainObject(live)) return sameJson(declared, live);
  return Object.entries(declared).every(([key, value]) =>
    isPlainObject(value) && isPlainObject(live[key]) ? sameDeclaredKeys(value, live[key]) : sameJson(value, live[key] ?? null),
  );
};

// ---- PostHog's validation rules (posthog/api/project.py, posthog/models/team/team.py), as zod schemas ----

const jsonObject = z.record(z.string(), z.unknown(), { error: "must be an object (a dictionary)" });
const stringList = z.array(z.string({ error: "every entry must be a string" }), { error: "must be a list of strings" });
const bool = z.boolean({ error: "must be true or false" });

function exactKeys(allowed: readonly string[], rule: string) {
  return jsonObject.refine((value) => Object.keys(value).every((key) => allowed.includes(key)), { error: rule });
}

/** Names are checked the way pytz spells them: case-sensitive, known to the IANA database. */
export function isTimezone(name: string): boolean {
  if (!/^[A-Z][A-Za-z0-9_+\-]*(\/[A-Z0-9][A-Za-z0-9_+\-]*)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const sampleRate = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, { error: "must be a number between 0 and 1" })], {
    error: "must be a number between 0 and 1",
  })
  .transform(Number)
  .refine((n) => n >= 0 && n <= 1, { error: "must be between 0 and 1" })
  .refine((n) => /^\d(\.\d{1,2})?$/.test(String(n)), { error: "must have at most 2 decimal places (PostHog stores 0.00 to 1.00)" });

const propertyFilter = z.looseObject({
  key: z.string({ error: "each filter needs a string `key`" }),
  type: z.string({ error: "each filter needs a string `type` (event, person, …)" }),
});

const pathCleaningRule = z
  .looseObject({
    regex: z.string({ error: "a path cleaning rule needs a regex" }).min(1, { error: "a path cleaning rule needs a regex" }),
    alias: z.string().nullish(),
  })
  .refine(
    (rule) => {
      try {
        new RegExp(rule.regex);
        return true;
      } catch {
        return false;
      }
    },
    { error: "regex does not compile" },
  );

const modifiers = jsonObject.refine(
  (value) => {
    const seconds = value["bounceRateDurationSeconds"];
    return seconds === undefined || seconds === null || (typeof seconds === "number" && seconds >= 1 && seconds <= 120);
  },
  { error: "bounceRateDurationSeconds must be a number between 1 and 120" },
);

const linkedFlag = z.strictObject(
  {
    id: z.union([z.number().int(), z.string().regex(/^\d+$/)], { error: "`id` must be an integer" }),
    key: z.string({ error: "`key` must be a string" }),
    variant: z.string().nullish(),
  },
  { error: "must be an object with only `id` and `key` (and optionally `variant`)" },
);

const errorsToIgnore = stringList.refine((list) => JSON.stringify(list).length <= 300, {
  error: "must be under 300 characters as JSON; put complex configuration in posthog-js initialization",
});

// ---- The field table ----

interface FieldDef {
  /** How PostHog returns the field. Fields may be absent on older or newer servers. */
  readonly response: z.ZodType;
  /** PostHog's validation rule. Only writable fields have one. */
  readonly input?: z.ZodType;
  /** How a declared value compares with what PostHog returns (default: equal as JSON). */
  readonly equal?: Equality;
  /** PostHog refuses the field on create: it is set by a PATCH right after. */
  readonly afterCreate?: boolean;
  /** Stored as a Pulumi secret. */
  readonly secret?: boolean;
  readonly doc: string;
}

const str = z.string();
const json = z.unknown();
const flag = z.boolean().nullable();
const list = z.array(z.string().nullable()).nullable();
const readOnly = <T extends z.ZodType>(response: T, doc: string) => ({ response, doc });

export const projectFields = {
  // Identity and read-only state
  id: readOnly(z.number().int(), "Numeric id of the project (the same as its environment's id)."),
  uuid: readOnly(str, "UUID of the project."),
  organization: readOnly(str, "UUID of the organization that owns the project."),
  api_token: { response: str, secret: true, doc: "The project API key (`phc_…`) that SDKs send events with. Secret." },
  live_events_token: { response: str.nullable(), secret: true, doc: "Token for the live events stream. Secret." },
  created_at: readOnly(str, "When the project was created (ISO 8601)."),
  updated_at: readOnly(str.nullable(), "When the project was last changed (ISO 8601)."),
  ingested_event: readOnly(flag, "Whether the project has received an event."),
  effective_membership_level: readOnly(z.number().int().nullable(), "Your access level: 1 member, 8 admin, 15 owner."),
  has_group_types: readOnly(flag, "Whether any group type exists in the project."),
  person_on_events_querying_enabled: readOnly(flag, "Whether person-on-events querying is on."),
  groups_on_events_querying_enabled: readOnly(flag, "Whether groups-on-events querying is on."),
  default_modifiers: readOnly(json, "The HogQL modifiers PostHog applies when `modifiers` leaves them unset."),

  // Writable settings (spec §4.1.1), in PostHog's serializer order
  name: {
    response: str,
    input: z
      .string({ error: "must be a string" })
      .refine((s) => s.trim().length > 0, { error: "must not be blank (PostHog: 'Project must have a name!')" })
      .refine((s) => s.trim().length <= 200, { error: "must be at most 200 characters" }),
    equal: sameTrimmed,
    doc: "Project name, 1 to 200 characters. Defaults to the resource's Pulumi name.",
  },
  app_urls: {
    response: list,
    input: z.array(
      z.string({ error: "every entry must be a string" }).max(200, { error: "every URL must be at most 200 characters" }).nullable(),
      { error: "must be a list of URLs" },
    ),
    equal: sameListWithoutEmpty,
    doc: "Authorized URLs for the toolbar, heatmaps and web analytics. Empty entries are dropped by PostHog.",
  },
  slack_incoming_webhook: {
    response: str.nullable(),
    input: z.string({ error: "must be a string" }).nullable(),
    doc: "Slack incoming webhook URL for action notifications (older PostHog versions).",
  },
  anonymize_ips: { response: flag, input: bool, doc: "Discard client IP addresses from events." },
  completed_snippet_onboarding: { response: flag, input: bool, doc: "Mark the snippet onboarding as done." },
  test_account_filters: {
    response: json,
    input: z.array(propertyFilter, { error: "must be a list of property filters" }),
    doc: "Property filters that mark internal and test users, e.g. `[{ key: \"$host\", operator: \"not_regex\", value: \"localhost\", type: \"event\" }]`.",
  },
  test_account_filters_default_checked: { response: flag, input: bool.nullable(), doc: "Filter out test accounts by default in new insights." },
  path_cleaning_filters: {
    response: json,
    input: z.array(pathCleaningRule, { error: "must be a list of `{ regex, alias }` rules" }).nullable(),
    doc: "Path cleaning rules: `[{ regex, alias }]`, applied to URLs in paths insights.",
  },
  is_demo: { response: flag, input: bool, doc: "Create a demo project filled with generated data. Demo projects do not count against the plan." },
  timezone: {
    response: str,
    input: z.string({ error: "must be a string" }).refine(isTimezone, { error: "must be an IANA timezone name such as \"Europe/Amsterdam\" or \"UTC\"" }),
    doc: "IANA timezone used to display and bucket data. PostHog default: `UTC`.",
  },
  data_attributes: { response: json, input: stringList.nullable(), doc: "Element attributes autocapture uses to name elements. PostHog default: `[\"data-attr\"]`." },
  person_display_name_properties: { response: list, input: stringList.nullable(), doc: "Person properties used as display names, in order of preference." },
  correlation_config: { response: json, input: jsonObject.nullable(), doc: "Correlation analysis settings, e.g. `{ excluded_person_property_names: [...] }`." },
  autocapture_opt_out: { response: flag, input: bool.nullable(), doc: "Turn autocapture off." },
  autocapture_exceptions_opt_in: { response: flag, input: bool.nullable(), doc: "Capture exceptions automatically." },
  autocapture_exceptions_errors_to_ignore: {
    response: json,
    input: errorsToIgnore.nullable(),
    doc: "Error messages that exception autocapture ignores (at most 300 characters as JSON).",
  },
  capture_console_log_opt_in: { response: flag, input: bool.nullable(), doc: "Capture console logs in session recordings." },
  capture_performance_opt_in: { response: flag, input: bool.nullable(), doc: "Capture network performance in session recordings." },
  session_recording_opt_in: { response: flag, input: bool, doc: "Record user sessions." },
  session_recording_sample_rate: {
    response: z.union([str, z.number()]).nullable(),
    input: sampleRate.nullable(),
    equal: sameNumber,
    doc: "Share of sessions to record, 0 to 1 with at most 2 decimals. PostHog returns it as a string (\"0.50\").",
  },
  session_recording_minimum_duration_milliseconds: {
    response: z.number().int().nullable(),
    input: z
      .number({ error: "must be a whole number of milliseconds" })
      .int({ error: "must be a whole number of milliseconds" })
      .min(0, { error: "must be at least 0" })
      .max(30000, { error: "must be at most 30000 (30 seconds)" })
      .nullable(),
    doc: "Drop recordings shorter than this many milliseconds (0 to 30000).",
  },
  session_recording_linked_flag: {
    response: json,
    input: linkedFlag.nullable(),
    doc: "Record only when this feature flag is on: `{ id, key }` or `{ id, key, variant }`.",
  },
  session_recording_network_payload_capture_config: {
    response: json,
    input: exactKeys(["recordHeaders", "recordBody"], "may only have the keys `recordHeaders` and `recordBody`").nullable(),
    doc: "Capture network request headers and bodies: `{ recordHeaders, recordBody }`.",
  },
  session_replay_config: {
    response: json,
    input: exactKeys(["record_canvas", "ai_config"], "may only have the keys `record_canvas` and `ai_config`").nullable(),
    equal: sameDeclaredKeys,
    doc: "Replay settings `{ record_canvas, ai_config }`. PostHog merges updates, so only declared keys are managed.",
  },
  access_control: { response: flag, input: bool, doc: "Legacy per-project access control (deprecated by PostHog)." },
  week_start_day: {
    response: z.number().int().nullable(),
    input: z.union([z.literal(0), z.literal(1)], { error: "must be 0 (Sunday) or 1 (Monday)" }).nullable(),
    doc: "First day of the week: 0 Sunday, 1 Monday.",
  },
  primary_dashboard: {
    response: z.number().int().nullable(),
    input: z.number({ error: "must be a dashboard id" }).int({ error: "must be a dashboard id" }).nullable(),
    afterCreate: true,
    doc: "Id of the project's home dashboard. PostHog refuses it on create, so it is set right after.",
  },
  live_events_columns: { response: list, input: stringList.nullable(), doc: "Columns shown in the live events view." },
  recording_domains: {
    response: list,
    input: z.array(z.string({ error: "every entry must be a string" }).nullable(), { error: "must be a list of domains" }).nullable(),
    equal: sameListWithoutEmpty,
    doc: "Domains allowed to record sessions. Empty entries are dropped by PostHog.",
  },
  inject_web_apps: { response: flag, input: bool.nullable(), doc: "Let site apps inject code into your website." },
  extra_settings: { response: json, input: jsonObject.nullable(), doc: "Extra settings such as `{ poe_v2_enabled: true }`." },
  modifiers: {
    response: json,
    input: modifiers.nullable(),
    equal: sameDeclaredKeys,
    doc: "HogQL query modifiers, e.g. `{ personsOnEventsMode: \"...\" }`. PostHog merges updates, so only declared keys are managed.",
  },
  has_completed_onboarding_for: { response: json, input: jsonObject.nullable(), doc: "Products whose onboarding is done, e.g. `{ product_analytics: true }`." },
  surveys_opt_in: { response: flag, input: bool.nullable(), doc: "Show surveys on your website." },
  heatmaps_opt_in: { response: flag, input: bool.nullable(), doc: "Capture heatmap data." },
} as const satisfies Record<string, FieldDef>;

export type ProjectField = keyof typeof projectFields;

type WritableOf<T> = { [K in keyof T]: T[K] extends { input: z.ZodType } ? K : never }[keyof T];
export type WritableField = WritableOf<typeof projectFields> & string;

type FieldEntry = readonly [ProjectField, FieldDef];
const entries = Object.entries(projectFields) as unknown as FieldEntry[];

export const writableFields = entries.filter(([, def]) => def.input !== undefined).map(([name]) => name as WritableField);
export const secretFields = entries.filter(([, def]) => def.secret).map(([name]) => name);

export function fieldDef(name: ProjectField): FieldDef {
  return projectFields[name];
}

export function valuesEqual(name: ProjectField, declared: unknown, live: unknown): boolean {
  return (fieldDef(name).equal ?? sameJson)(declared, live);
}

// ---- Records as PostHog returns them ----

/** Fields every PostHog version returns; the others may be absent from older or newer servers. */
const coreFields = ["id", "uuid", "organization", "api_token", "name", "created_at"] as const;
type CoreField = (typeof coreFields)[number];
type RecordShape = { [K in CoreField]: (typeof projectFields)[K]["response"] } & {
  [K in Exclude<ProjectField, CoreField>]: z.ZodOptional<(typeof projectFields)[K]["response"]>;
};

/** The full project record (create, retrieve, update, reset_token). Unknown fields from other versions pass through. */
export const projectRecordSchema = z.looseObject(
  Object.fromEntries(
    entries.map(([name, def]) => [name, (coreFields as readonly string[]).includes(name) ? def.response : def.response.optional()]),
  ) as RecordShape,
);
export type ProjectRecord = z.infer<typeof projectRecordSchema>;

/** A row of the project list: the reduced serializer (spec §2.2). */
export const projectListItemSchema = z.looseObject({
  id: projectFields.id.response,
  uuid: projectFields.uuid.response,
  organization: projectFields.organization.response,
  api_token: projectFields.api_token.response,
  name: projectFields.name.response,
  completed_snippet_onboarding: flag.optional(),
  has_completed_onboarding_for: json,
  ingested_event: flag.optional(),
  is_demo: flag.optional(),
  timezone: str.optional(),
  access_control: flag.optional(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

/** The writable fields, as sent to PostHog (snake_case) after validation. */
export type ProjectSettings = {
  [K in WritableField]?: z.output<(typeof projectFields)[K]["input"]>;
};

/** The same settings as Pulumi users write them (camelCase). */
export type ProjectSettingsArgs = {
  [K in WritableField as CamelCase<K>]?: z.input<(typeof projectFields)[K]["input"]>;
};

/** A project as Pulumi outputs show it: every field camelCased, absent ones null. */
export type ProjectState = {
  [K in ProjectField as CamelCase<K>]: z.output<(typeof projectFields)[K]["response"]> | null;
};

export const settingNames: ReadonlyArray<{ api: WritableField; arg: CamelCase<WritableField> }> = writableFields.map((api) => ({
  api,
  arg: camelCase(api),
}));
