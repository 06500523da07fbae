/**
 * PostHog's validation rules for project settings, as zod schemas, so that bad input is refused before anything is
 * sent, with the property and the rule. Each rule cites where PostHog applies it; the messages follow PostHog's.
 * Sources: posthog/api/project.py (ProjectBackwardCompatSerializer), posthog/api/team.py (TeamSerializer and its
 * validate_* functions), posthog/models/team/team.py (model fields and choices), posthog/schema.py (pydantic models).
 */
import { RE2JS } from "re2js";
import { z } from "zod";
import { pythonJsonLength } from "../../kit/json";

export const bool = z.boolean({ error: "must be true or false" });
export const jsonObject = z.record(z.string(), z.unknown(), { error: "must be an object (a dictionary)" });
export const stringList = z.array(z.string({ error: "every entry must be a string" }), { error: "must be a list of strings" });

const optionalBool = bool.nullish();
const optionalString = z.string({ error: "must be a string" }).nullish();
const optionalStringList = stringList.nullish();

/** One of these values (an enum, so that the generated package schema knows them too). */
function oneOf<const T extends readonly [string, ...string[]]>(values: T, what?: string): z.ZodEnum<{ [K in T[number]]: K }>;
function oneOf<const T extends readonly [number, ...number[]]>(values: T, what?: string): z.ZodType<T[number], T[number]>;
function oneOf(values: readonly (string | number)[], what = "one of"): z.ZodType {
  const error = `must be ${what} ${values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (values.every((v) => typeof v === "string")) return z.enum(values as [string, ...string[]], { error });
  const literals = values.map((v) => z.literal(v));
  return z.union(literals as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>], { error });
}

/** A dictionary with only these keys, each with its own rule (pydantic's `extra="forbid"`). */
function dictionary<S extends z.ZodRawShape>(shape: S, rule: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${rule}; not ${issue.keys.map((k) => `\`${k}\``).join(", ")}`
        : "must be an object (a dictionary)",
  });
}

/** IANA names as pytz spells them (case-sensitive), known to Node's time zone database. Memoised: Intl is slow. */
const timezoneCache = new Map<string, boolean>();
export function isTimezone(name: string): boolean {
  let known = timezoneCache.get(name);
  if (known === undefined) {
    known = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)*$/.test(name) && intlKnows(name);
    if (timezoneCache.size < 1_000) timezoneCache.set(name, known);
  }
  return known;
}
function intlKnows(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timezone = z
  .string({ error: "must be a string" })
  .refine(isTimezone, { error: 'must be an IANA timezone name such as "Europe/Amsterdam" or "UTC"' });

export const name = z
  .string({ error: "must be a string" })
  .refine((s) => s.trim().length > 0, { error: "must not be blank (PostHog: 'This field may not be blank.')" })
  .refine((s) => s.trim().length <= 200, { error: "must be at most 200 characters" });

/** DecimalField(max_digits=3, decimal_places=2, 0..1): PostHog answers "0.50". */
export const sampleRate = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, { error: "must be a number between 0 and 1" })], {
    error: "must be a number between 0 and 1",
  })
  .transform(Number)
  .refine((n) => n >= 0 && n <= 1, { error: "must be between 0 and 1" })
  .refine((n) => /^\d(\.\d{1,2})?$/.test(String(n)), { error: "must have at most 2 decimal places (PostHog stores 0.00 to 1.00)" });

export const minimumDuration = z
  .number({ error: "must be a whole number of milliseconds" })
  .int({ error: "must be a whole number of milliseconds" })
  .min(0, { error: "must be at least 0" })
  .max(30000, { error: "must be at most 30000 (30 seconds)" });

/**
 * `app_urls` and `recording_domains`: the model's `ArrayField(CharField(max_length=200, null=True))`
 * (posthog/models/team/team.py), whose child field refuses `""` ("This field may not be blank.") in today's PostHog
 * and the 2025-08-04 one alike. `null` entries are accepted by both, but today's drops them (`validate_app_urls`,
 * `validate_recording_domains` in posthog/api/team.py) while the 2025-08-04 one stores them: they are dropped here
 * before sending, so that both keep the same list.
 */
function entryList(what: string, entry: string) {
  return z
    .array(
      z
        .string({ error: "every entry must be a string (or null, which is dropped)" })
        .min(1, { error: `every entry must be a ${entry}, not "" (PostHog: 'This field may not be blank.'); leave empty entries out` })
        .max(200, { error: `every ${entry} must be at most 200 characters` })
        .nullable(),
      { error: `must be a list of ${what}` },
    )
    .transform((entries) => entries.filter((e): e is string => e !== null));
}

export const urlList = entryList("URLs", "URL");
export const domainList = entryList("domains", "domain");

/** person_display_name_properties: ArrayField(CharField(max_length=400)) (posthog/models/team/team.py). */
export const propertyNames = z.array(
  z.string({ error: "every entry must be a string" }).max(400, { error: "every property name must be at most 400 characters" }),
  { error: "must be a list of property names" },
);

// ---- test_account_filters: validate_test_account_filters, TypeAdapter(list[AnyPropertyFilter]) ----

/** PropertyOperator, posthog/schema.py. */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const PROPERTY_OPERATORS = [
  "exact", "is_not", "icontains", "not_icontains", "regex", "not_regex", "gt", "gte", "lt", "lte", "is_set", "is_not_set",
  "is_date_exact", "is_date_before", "is_date_after", "between", "not_between", "min", "max", "in", "not_in",
  "is_cleaned_path_exact", "flag_evaluates_to",
] as const;

/** The `type`s of the property filter models in AnyPropertyFilter (posthog/types.py, posthog/schema.py). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const PROPERTY_FILTER_TYPES = [
  "event", "person", "element", "event_metadata", "revenue_analytics", "session", "log_entry", "cohort", "recording",
  "group", "feature", "flag", "hogql", "empty", "data_warehouse", "data_warehouse_person_property",
  "error_tracking_issue", "log", "log_attribute", "log_resource_attribute",
] as const;

/** The filter models whose `operator` has a default (EventPropertyFilter's is `exact`) or that have none. */
const OPERATOR_OPTIONAL = new Set(["event", "flag", "cohort", "hogql", "empty"]);

const filterValue = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number(), z.boolean()]))], {
    error: "`value` must be a string, number, boolean or list of them",
  })
  .nullish();

const propertyFilter = dictionary(
  {
    key: z.string({ error: "each filter needs a string `key`" }),
    type: oneOf(PROPERTY_FILTER_TYPES, "a filter type:").optional(),
    operator: oneOf(PROPERTY_OPERATORS, "one of PostHog's operators:").nullish(),
    value: filterValue,
    label: optionalString,
    group_type_index: z.number().int().min(0).max(4).nullish(),
    cohort_name: optionalString,
  },
  "a property filter may only have `key`, `type` (default `event`), `operator`, `value`, `label`, `group_type_index` and `cohort_name`",
).refine((f) => OPERATOR_OPTIONAL.has(f.type ?? "event") || typeof f.operator === "string", {
  error: "needs an `operator` (only event, cohort, flag and hogql filters have a default)",
});

export const testAccountFilters = z.array(propertyFilter, { error: "must be a list of property filters" });

// ---- path_cleaning_filters: validate_path_cleaning_filters (RE2, as PostHog compiles them) ----

function re2GroupCount(regex: string): number | string {
  try {
    return RE2JS.compile(regex).groupCount();
  } catch (error) {
    return (error as Error).message;
  }
}

/** `\1`…`\9` in an alias, skipping `\\`; `\0` is the whole match. */
function aliasReferences(alias: string): number[] {
  const refs: number[] = [];
  for (let i = 0; i < alias.length - 1; i++) {
    if (alias[i] !== "\\") continue;
    const next = alias[i + 1]!;
    if (/[0-9]/.test(next)) refs.push(Number(next));
    i++;
  }
  return refs;
}

const pathCleaningRule = z.unknown().superRefine((rule, ctx) => {
  // PostHog skips entries that are not dictionaries.
  if (rule === null || typeof rule !== "object" || Array.isArray(rule)) return;
  const { regex, alias } = rule as { regex?: unknown; alias?: unknown };
  if (typeof regex !== "string" || regex === "") {
    ctx.addIssue({ code: "custom", message: "A path cleaning rule needs a regex. Remove the rule or give it one." });
    return;
  }
  const groups = re2GroupCount(regex);
  if (typeof groups === "string") {
    ctx.addIssue({
      code: "custom",
      message: `Invalid path cleaning regex '${regex}': ${groups} (PostHog uses RE2: no look-around or back-references)`,
    });
    return;
  }
  if (typeof alias === "string") {
    const missing = aliasReferences(alias).find((ref) => ref > groups);
    if (missing !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `The alias '${alias}' references capture group \\${missing}, but its regex has ${groups} capture group(s). Add the group to the regex or fix the reference.`,
      });
    }
  }
});

export const pathCleaningFilters = z.array(pathCleaningRule, { error: "Must provide a list of path cleaning rules." });

// ---- Dictionaries PostHog checks key by key ----

export const linkedFlag = dictionary(
  {
    id: z.union([z.number().int(), z.string().regex(/^\s*[-+]?\d+\s*$/)], { error: "Must provide an integer 'id'." }),
    key: z.string({ error: "`key` must be a string" }),
    variant: optionalString,
  },
  "must have only `id` and `key` (and optionally `variant`)",
).refine((flag) => flag.id !== undefined && flag.key !== undefined, { error: "must have `id` and `key`" });

export const networkPayloadCaptureConfig = dictionary(
  { recordHeaders: optionalBool, recordBody: optionalBool },
  "may only have the keys `recordHeaders` and `recordBody`",
);

export const maskingConfig = dictionary(
  {
    maskAllInputs: bool.optional(),
    maskTextSelector: z.string({ error: "maskTextSelector must be a string." }).optional(),
    blockSelector: z.string({ error: "blockSelector must be a string." }).optional(),
  },
  "may only have the keys `maskAllInputs`, `maskTextSelector` and `blockSelector`",
);

const aiSummaryConfig = dictionary(
  {
    included_event_properties: optionalStringList,
    opt_in: optionalBool,
    preferred_events: optionalStringList,
    excluded_events: optionalStringList,
    important_user_properties: optionalStringList,
  },
  "ai_config may only have the keys included_event_properties, opt_in, preferred_events, excluded_events, important_user_properties",
);

export const sessionReplayConfig = dictionary(
  { record_canvas: optionalBool, ai_config: aiSummaryConfig.nullish() },
  "may only have the keys `record_canvas` and `ai_config`",
);

/** validate_session_recording_trigger_groups: the V2 schema. */
export const triggerGroups = dictionary(
  {
    version: z.literal(2, { error: "Only version 2 is supported." }),
    groups: z.array(
      z.looseObject({
        id: z.string({ error: "each group needs a string `id`" }),
        name: optionalString,
        sampleRate: z.number({ error: "`sampleRate` must be a number between 0 and 1" }).min(0).max(1),
        minDurationMs: minimumDuration.nullish(),
        conditions: z.looseObject({ matchType: oneOf(["any", "all"]) }, { error: "each group needs `conditions`" }),
      }),
      { error: "`groups` must be a list" },
    ),
    fallbackSampleRate: z.number().min(0).max(1).nullish(),
  },
  "may only have `version`, `groups` and `fallbackSampleRate`",
);

/** HogQLQueryModifiers (posthog/schema.py, extra="forbid"): PostHog answers "Invalid modifier key." otherwise. */
export const modifiers = dictionary(
  {
    bounceRateDurationSeconds: z
      .number({ error: "bounceRateDurationSeconds must be a number." })
      .min(1, { error: "bounceRateDurationSeconds must be between 1 and 120 seconds." })
      .max(120, { error: "bounceRateDurationSeconds must be between 1 and 120 seconds." })
      .nullish(),
    bounceRatePageViewMode: oneOf(["count_pageviews", "uniq_urls", "uniq_page_screen_autocaptures"]).nullish(),
    convertToProjectTimezone: optionalBool,
    customChannelTypeRules: z.array(jsonObject, { error: "customChannelTypeRules must be a list of rules" }).nullish(),
    dataWarehouseEventsModifiers: z
      .array(z.strictObject({ distinct_id_field: z.string(), id_field: z.string(), table_name: z.string(), timestamp_field: z.string() }), {
        error: "dataWarehouseEventsModifiers must be a list of { distinct_id_field, id_field, table_name, timestamp_field }",
      })
      .nullish(),
    debug: optionalBool,
    formatCsvAllowDoubleQuotes: optionalBool,
    inCohortVia: oneOf(["auto", "leftjoin", "subquery", "leftjoin_conjoined"]).nullish(),
    materializationMode: oneOf(["auto", "legacy_null_as_string", "legacy_null_as_null", "disabled"]).nullish(),
    optimizeJoinedFilters: optionalBool,
    personsArgMaxVersion: oneOf(["auto", "v1", "v2"]).nullish(),
    personsJoinMode: oneOf(["inner", "left"]).nullish(),
    personsOnEventsMode: oneOf([
      "disabled",
      "person_id_no_override_properties_on_events",
      "person_id_override_properties_on_events",
      "person_id_override_properties_joined",
    ]).nullish(),
    propertyGroupsMode: oneOf(["enabled", "disabled", "optimized"]).nullish(),
    s3TableUseInvalidColumns: optionalBool,
    sessionTableVersion: oneOf(["auto", "v1", "v2", "v3"]).nullish(),
    sessionsV2JoinMode: oneOf(["string", "uuid"]).nullish(),
    useMaterializedViews: optionalBool,
    usePresortedEventsTable: optionalBool,
    useWebAnalyticsPreAggregatedTables: optionalBool,
  },
  "Invalid modifier key: only HogQLQueryModifiers keys are allowed",
);

export const correlationConfig = z.looseObject(
  {
    excluded_person_property_names: optionalStringList,
    excluded_event_property_names: optionalStringList,
    excluded_event_names: optionalStringList,
  },
  { error: "must be an object (a dictionary)" },
);

export const onboardingFlags = z.record(z.string(), bool, { error: "must map product names to true or false" });

/** validate_logs_settings: retention_days must be one of [14, 30] (plan permitting). */
export const logsSettings = z.looseObject(
  { retention_days: z.union([z.literal(14), z.literal(30)], { error: "retention_days must be one of [14, 30]" }).nullish() },
  { error: "must be an object (a dictionary)" },
);

/** validate_team_attrs: a list of strings whose `json.dumps` is at most 300 characters (Python's length, not JSON.stringify's). */
export const errorsToIgnore = stringList.refine((list) => pythonJsonLength(list) <= 300, {
  error:
    "must be under 300 characters as JSON (measured as PostHog's json.dumps does); put complex configuration in posthog-js initialization",
});

// ---- Nested analytics configurations (TeamRevenueAnalyticsConfigSerializer and kin, posthog/api/team.py) ----

/** CurrencyCode, posthog/schema.py: the 152 codes PostHog accepts for base_currency. */
export const CURRENCY_CODES = (
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTC BTN BWP BYN BZD CAD CDF CHF " +
  "CLP CNY COP CRC CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR " +
  "ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KRW KWD KYD KZT LAK LBP LKR LRD LTL LVL LSL LYD MAD MDL MGA MKD MMK " +
  "MNT MOP MRU MTL MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF " +
  "SAR SBD SCR SDG SEK SGD SRD SSP STN SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST " +
  "XAF XCD XOF XPF YER ZAR ZMW"
).split(" ");
const currencies = new Set(CURRENCY_CODES);
export const currency = z
  .string({ error: "must be a currency code" })
  .refine((code) => currencies.has(code), { error: 'must be one of PostHog\'s currency codes, such as "USD", "EUR" or "GBP"' });

export const revenueAnalyticsConfig = dictionary(
  {
    base_currency: currency.optional(),
    events: z.array(jsonObject, { error: "events must be a list" }).optional(),
    filter_test_accounts: bool.optional(),
  },
  "may only have `base_currency`, `events` and `filter_test_accounts`",
);

export const marketingAnalyticsConfig = dictionary(
  {
    sources_map: jsonObject.optional(),
    conversion_goals: z.array(jsonObject, { error: "conversion_goals must be a list" }).optional(),
    attribution_window_days: z.number().int({ error: "attribution_window_days must be a whole number" }).min(1).max(90).optional(),
    // AttributionMode (posthog/schema.py), the ChoiceField of TeamMarketingAnalyticsConfigSerializer (posthog/api/team.py).
    attribution_mode: oneOf(["first_touch", "last_touch"]).optional(),
    campaign_name_mappings: jsonObject.optional(),
    custom_source_mappings: jsonObject.optional(),
    campaign_field_preferences: jsonObject.optional(),
  },
  "may only have `sources_map`, `conversion_goals`, `attribution_window_days`, `attribution_mode`, `campaign_name_mappings`, `custom_source_mappings` and `campaign_field_preferences`",
);

export const customerAnalyticsConfig = dictionary(
  {
    activity_event: jsonObject.optional(),
    signup_pageview_event: jsonObject.optional(),
    signup_event: jsonObject.optional(),
    subscription_event: jsonObject.optional(),
    payment_event: jsonObject.optional(),
    account_group_type_index: z.number().int().min(0).max(4, { error: "account_group_type_index must be 0 to 4" }).nullish(),
  },
  "may only have `activity_event`, `signup_pageview_event`, `signup_event`, `subscription_event`, `payment_event` and `account_group_type_index`",
);

export const workflowsConfig = dictionary(
  { capture_workflows_engagement_events: bool.optional(), email_tracking_consent_mode: oneOf(["off", "opt_out", "opt_in"]).optional() },
  "may only have `capture_workflows_engagement_events` and `email_tracking_consent_mode`",
);

export const urlTriggers = z.array(
  z.strictObject({
    url: z.string({ error: "`url` must be a string (a regex)" }),
    matching: z.literal("regex", { error: '`matching` must be "regex"' }),
  }),
  { error: 'must be a list of `{ url, matching: "regex" }`' },
);

export { oneOf };
