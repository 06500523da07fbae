/**
 * PostHog's `validate_<field>` methods for the project settings whose values are JSON: the rules of
 * posthog/api/team/settings_validation.py and posthog/api/team/team_serializer.py `TeamSerializer` (which
 * posthog/api/project.py `ProjectBackwardCompatSerializer` delegates to), with their exact messages. Each throws a
 * FieldFailure (a DRF ValidationError on the field) or returns the value PostHog stores.
 */
import { RE2JS } from "re2js";
import { fail } from "../drf/fields";
import { pyInt, pyRepr, pyStr, pyTypeName } from "../drf/py";
import { isJsonObject, ownValue, type Json, type JsonObject } from "../state/json";

// ---------------------------------------------------------------------------------------------------------------
// pydantic-style messages (test_account_filters, modifiers)

/** One pydantic v2 error line block: `loc\n  msg [type=…, input_value=…, input_type=…]`. */
function pydanticLine(loc: Array<string | number>, msg: string, type: string, input: Json | undefined): string {
  const where = loc.length > 0 ? `${loc.join(".")}\n  ` : "  ";
  const inputPart = input === undefined ? "" : `, input_value=${truncate(pyRepr(input))}, input_type=${pyTypeName(input)}`;
  return `${where}${msg} [type=${type}${inputPart}]`;
}

/** pydantic shortens long input reprs in its messages. */
function truncate(repr: string): string {
  return repr.length > 50 ? `${repr.slice(0, 24)}...${repr.slice(-24)}` : repr;
}

function quotedChoices(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

interface PydanticIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input: Json | undefined;
}

const issue = (loc: Array<string | number>, msg: string, type: string, input: Json | undefined): PydanticIssue => ({
  loc,
  msg,
  type,
  input,
});

function strIssue(loc: Array<string | number>, v: Json): PydanticIssue | null {
  return typeof v === "string" ? null : issue(loc, "Input should be a valid string", "string_type", v);
}

/** pydantic lax `int`: ints, integral floats and integer strings. */
function laxInt(v: Json): number | null {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  if (typeof v === "string") return pyInt(v);
  return null;
}

/** pydantic lax `bool`. */
const BOOL_STRINGS = new Set(["0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes"]);
function laxBool(v: Json): boolean {
  if (typeof v === "boolean") return true;
  if (typeof v === "number") return v === 0 || v === 1;
  return typeof v === "string" && BOOL_STRINGS.has(v.toLowerCase());
}

// ---------------------------------------------------------------------------------------------------------------
// test_account_filters: posthog/api/team/settings_validation.py validate_test_account_filters,
// `TypeAdapter(list[AnyPropertyFilter]).validate_python(value)` with AnyPropertyFilter of posthog/types.py.

/** posthog/schema.py `PropertyOperator` (newest: 23 values). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const PROPERTY_OPERATORS: readonly string[] = [
  "exact", "is_not", "icontains", "not_icontains", "regex", "not_regex", "gt", "gte", "lt", "lte", "is_set",
  "is_not_set", "is_date_exact", "is_date_before", "is_date_after", "between", "not_between", "min", "max", "in",
  "not_in", "is_cleaned_path_exact", "flag_evaluates_to",
];

interface FilterModel {
  name: string;
  /** Allowed `type` values (Literal); `defaultType` when the model fills it in. */
  types: readonly string[];
  defaultType: boolean;
  keys: readonly string[];
  check: (f: JsonObject, loc: Array<string | number>) => PydanticIssue | null;
}

const COMMON_KEYS = ["key", "label", "operator", "type", "value"];

function checkValue(f: JsonObject, loc: Array<string | number>): PydanticIssue | null {
  if (!("value" in f)) return null;
  const v = f.value;
  const scalar = (x: Json) => x === null || typeof x === "string" || typeof x === "number" || typeof x === "boolean";
  if (scalar(v)) return null;
  if (Array.isArray(v)) {
    const bad = v.findIndex((x) => x === null || !scalar(x));
    return bad < 0
      ? null
      : issue([...loc, "value", "list[union[str,float,bool]]", bad], "Input should be a valid string", "string_type", v[bad]);
  }
  return issue([...loc, "value", "list[union[str,float,bool]]"], "Input should be a valid list", "list_type", v);
}

function checkOperator(f: JsonObject, loc: Array<string | number>, required: boolean): PydanticIssue | null {
  if (!("operator" in f)) return required ? issue([...loc, "operator"], "Field required", "missing", f) : null;
  const op = f.operator;
  if (op === null && !required) return null;
  if (typeof op === "string" && PROPERTY_OPERATORS.includes(op)) return null;
  return issue([...loc, "operator"], `Input should be ${quotedChoices(PROPERTY_OPERATORS)}`, "enum", op);
}

function standard(
  name: string,
  types: readonly string[],
  opts: { operatorRequired?: boolean; defaultType?: boolean; extraKeys?: string[]; keyChoices?: readonly string[] } = {},
): FilterModel {
  return {
    name,
    types,
    defaultType: opts.defaultType ?? true,
    keys: [...COMMON_KEYS, ...(opts.extraKeys ?? [])],
    check: (f, loc) => {
      if (!("key" in f)) return issue([...loc, "key"], "Field required", "missing", f);
      if (opts.keyChoices) {
        if (typeof f.key !== "string" || !opts.keyChoices.includes(f.key))
          return issue([...loc, "key"], `Input should be ${quotedChoices(opts.keyChoices)}`, "enum", f.key);
      } else {
        const bad = strIssue([...loc, "key"], f.key);
        if (bad) return bad;
      }
      if ("label" in f && f.label !== null) {
        const bad = strIssue([...loc, "label"], f.label);
        if (bad) return bad;
      }
      if ("group_type_index" in f && f.group_type_index !== null && laxInt(f.group_type_index) === null) {
        return issue([...loc, "group_type_index"], "Input should be a valid integer", "int_type", f.group_type_index);
      }
      return checkOperator(f, loc, opts.operatorRequired ?? true) ?? checkValue(f, loc);
    },
  };
}

const FILTER_MODELS: readonly FilterModel[] = [
  standard("EventPropertyFilter", ["event"], { operatorRequired: false }),
  standard("PersonPropertyFilter", ["person"]),
  standard("ElementPropertyFilter", ["element"], { keyChoices: ["tag_name", "text", "href", "selector"] }),
  standard("EventMetadataPropertyFilter", ["event_metadata"]),
  standard("RevenueAnalyticsPropertyFilter", ["revenue_analytics"]),
  standard("SessionPropertyFilter", ["session"]),
  standard("LogEntryPropertyFilter", ["log_entry"]),
  {
    name: "CohortPropertyFilter",
    types: ["cohort"],
    defaultType: true,
    keys: ["cohort_name", "key", "label", "operator", "type", "value"],
    check: (f, loc) => {
      if ("key" in f && f.key !== "id") return issue([...loc, "key"], "Input should be 'id'", "literal_error", f.key);
      if (!("value" in f)) return issue([...loc, "value"], "Field required", "missing", f);
      if (laxInt(f.value) === null) return issue([...loc, "value"], "Input should be a valid integer", "int_type", f.value);
      return checkOperator(f, loc, false);
    },
  },
  standard("RecordingPropertyFilter", ["recording"]),
  standard("GroupPropertyFilter", ["group"], { extraKeys: ["group_type_index"] }),
  standard("FeaturePropertyFilter", ["feature"]),
  standard("FlagPropertyFilter", ["flag"], { operatorRequired: false }),
  {
    name: "HogQLPropertyFilter",
    types: ["hogql"],
    defaultType: true,
    keys: ["key", "label", "type", "value"],
    check: (f, loc) => {
      if (!("key" in f)) return issue([...loc, "key"], "Field required", "missing", f);
      return strIssue([...loc, "key"], f.key) ?? checkValue(f, loc);
    },
  },
  { name: "EmptyPropertyFilter", types: ["empty"], defaultType: true, keys: ["type"], check: () => null },
  standard("DataWarehousePropertyFilter", ["data_warehouse"]),
  standard("DataWarehousePersonPropertyFilter", ["data_warehouse_person_property"]),
  standard("ErrorTrackingIssueFilter", ["error_tracking_issue"]),
  standard("LogPropertyFilter", ["log", "log_attribute", "log_resource_attribute"], { defaultType: false }),
];

const FILTERS_TITLE = `list[union[${FILTER_MODELS.map((m) => m.name).join(",")}]]`;

function checkFilterModel(m: FilterModel, f: JsonObject, index: number): PydanticIssue | null {
  const loc: Array<string | number> = [index, m.name];
  if ("type" in f) {
    if (typeof f.type !== "string" || !m.types.includes(f.type))
      return issue([...loc, "type"], `Input should be ${quotedChoices(m.types)}`, "literal_error", f.type);
  } else if (!m.defaultType) {
    return issue([...loc, "type"], "Field required", "missing", f);
  }
  const extra = Object.keys(f).find((k) => !m.keys.includes(k));
  if (extra !== undefined) return issue([...loc, extra], "Extra inputs are not permitted", "extra_forbidden", f[extra]);
  return m.check(f, loc);
}

function propertyFilterIssue(item: Json, index: number): PydanticIssue | null {
  if (!isJsonObject(item))
    return issue([index], "Input should be a valid dictionary or instance of EventPropertyFilter", "model_type", item);
  const named = typeof item.type === "string" ? FILTER_MODELS.find((m) => m.types.includes(item.type as string)) : undefined;
  if (named) return checkFilterModel(named, item, index);
  // No (known) type: the union takes the entry if any member with a default type validates it.
  if (!("type" in item) && FILTER_MODELS.some((m) => checkFilterModel(m, item, index) === null)) return null;
  return checkFilterModel(FILTER_MODELS[0], item, index);
}

/** posthog/api/team/settings_validation.py `validate_test_account_filters`: the value is stored as sent. */
export function validateTestAccountFilters(value: Json): Json {
  const prefix = "Must provide an array of valid property filters.";
  let found: PydanticIssue | null = null;
  if (!Array.isArray(value)) found = issue([], "Input should be a valid list", "list_type", value);
  else {
    for (let i = 0; i < value.length && !found; i++) found = propertyFilterIssue(value[i], i);
  }
  if (found)
    fail("invalid", `${prefix} 1 validation error for ${FILTERS_TITLE}\n${pydanticLine(found.loc, found.msg, found.type, found.input)}`);
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// path_cleaning_filters: posthog/api/team/settings_validation.py validate_path_cleaning_filters (re2, as ClickHouse).

/** Go-style RE2 messages (re2js) in the words of C++ RE2, which Python's `re2` module reports. */
const RE2_CODE_TEXT: Array<[RegExp, string]> = [
  [/^missing closing \)/, "missing )"],
  [/^missing closing \]/, "missing ]"],
  [/^unexpected \)/, "unexpected )"],
  [/^trailing backslash at end of expression/, "trailing \\"],
  [/^missing argument to repetition operator/, "no argument for repetition operator"],
  [/^invalid repeat count/, "bad repetition operator"],
  [/^invalid nested repetition operator/, "bad repetition operator"],
  [/^invalid or unsupported Perl syntax/, "invalid perl operator"],
  [/^invalid named capture/, "invalid named capture group"],
];

export function re2ErrorText(message: string): string {
  const m = /^(?:error parsing regexp: )?(.*?)(?:: `(.*)`)?$/s.exec(message);
  let code = m?.[1] ?? message;
  const arg = m?.[2];
  for (const [re, text] of RE2_CODE_TEXT) if (re.test(code)) code = text;
  return arg === undefined ? code : `${code}: ${arg}`;
}

/** `_alias_backreferences`: `\1`..`\9` (ASCII digits; `\0` the whole match); a doubled backslash is a literal. */
function aliasBackreferences(alias: string): number[] {
  const refs: number[] = [];
  for (let i = 0; i < alias.length; i++) {
    if (alias[i] === "\\" && i + 1 < alias.length) {
      const next = alias[i + 1];
      if (next === "\\") {
        i++;
        continue;
      }
      if (next >= "0" && next <= "9") {
        refs.push(Number(next));
        i++;
      }
    }
  }
  return refs;
}

export function validatePathCleaningFilters(value: Json): Json {
  if (!pyTruthyJson(value)) return value;
  if (!Array.isArray(value)) return fail("invalid", "Must provide a list of path cleaning rules.");
  for (const rule of value) {
    if (!isJsonObject(rule)) continue;
    const regex = rule.regex;
    const alias = rule.alias;
    if (typeof regex !== "string" || regex === "") fail("invalid", "A path cleaning rule needs a regex. Remove the rule or give it one.");
    let groups = 0;
    try {
      groups = RE2JS.compile(regex as string).groupCount();
    } catch (e) {
      fail("invalid", `Invalid path cleaning regex '${regex as string}': ${re2ErrorText(e instanceof Error ? e.message : String(e))}`);
    }
    if (typeof alias !== "string" || alias === "") continue;
    for (const ref of aliasBackreferences(alias)) {
      if (ref > groups) {
        fail(
          "invalid",
          `The alias '${alias}' references capture group \\${ref}, but its regex has ${groups} capture group(s). Add the group to the regex or fix the reference.`,
        );
      }
    }
  }
  return value;
}

function pyTruthyJson(v: Json): boolean {
  if (v === null || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isJsonObject(v)) return Object.keys(v).length > 0;
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// modifiers: TeamSerializer.validate_modifiers, then `HogQLQueryModifiers(**value)` (extra="forbid").

const MODIFIER_ENUMS: Record<string, readonly string[] | "string"> = {
  bounceRatePageViewMode: ["count_pageviews", "uniq_urls", "uniq_page_screen_autocaptures"],
  inCohortVia: ["auto", "leftjoin", "subquery", "leftjoin_conjoined"],
  materializationMode: ["auto", "legacy_null_as_string", "legacy_null_as_null", "disabled"],
  personsArgMaxVersion: ["auto", "v1", "v2"],
  personsJoinMode: ["inner", "left"],
  personsOnEventsMode: [
    "disabled",
    "person_id_no_override_properties_on_events",
    "person_id_override_properties_on_events",
    "person_id_override_properties_joined",
  ],
  propertyGroupsMode: ["enabled", "disabled", "optimized"],
  sessionTableVersion: ["auto", "v1", "v2", "v3"],
  sessionsV2JoinMode: ["string", "uuid"],
  // Enums whose values the research did not collect: any string is taken.
  inlineCohortCalculation: "string",
  materializedColumnsOptimizationMode: "string",
};

// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
const MODIFIER_BOOLS = new Set([
  "convertToProjectTimezone", "debug", "formatCsvAllowDoubleQuotes", "optimizeJoinedFilters", "optimizeProjections",
  "s3TableUseInvalidColumns", "timings", "useMaterializedViews", "usePreaggregatedIntermediateResults",
  "usePreaggregatedTableTransforms", "useWebAnalyticsPreAggregatedTables",
]);

const CHANNEL_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "referring_domain", "url", "pathname", "hostname"];
const CHANNEL_OPERATORS = ["exact", "is_not", "is_set", "is_not_set", "icontains", "not_icontains", "regex", "not_regex"];

function exactKeys(v: Json, required: readonly string[], optional: readonly string[] = []): v is JsonObject {
  if (!isJsonObject(v)) return false;
  const keys = Object.keys(v);
  return required.every((k) => k in v) && keys.every((k) => required.includes(k) || optional.includes(k));
}

function validChannelRule(rule: Json): boolean {
  if (!exactKeys(rule, ["channel_type", "combiner", "id", "items"])) return false;
  if (typeof rule.channel_type !== "string" || typeof rule.id !== "string") return false;
  if (rule.combiner !== "AND" && rule.combiner !== "OR") return false;
  if (!Array.isArray(rule.items)) return false;
  return rule.items.every((c) => {
    if (!exactKeys(c, ["id", "key", "op"], ["value"])) return false;
    const value = c.value;
    const valueOk =
      value === undefined ||
      value === null ||
      typeof value === "string" ||
      (Array.isArray(value) && value.every((x) => typeof x === "string"));
    return typeof c.id === "string" && CHANNEL_FIELDS.includes(c.key as string) && CHANNEL_OPERATORS.includes(c.op as string) && valueOk;
  });
}

function validModifier(key: string, v: Json): boolean {
  if (v === null) return true;
  if (MODIFIER_BOOLS.has(key)) return laxBool(v);
  const choices = ownValue(MODIFIER_ENUMS, key);
  if (choices === "string") return typeof v === "string";
  if (choices) return typeof v === "string" && choices.includes(v);
  switch (key) {
    case "bounceRateDurationSeconds":
      return typeof v === "number" || typeof v === "boolean";
    case "customChannelTypeRules":
      return Array.isArray(v) && v.every(validChannelRule);
    case "dataWarehouseEventsModifiers":
      return (
        Array.isArray(v) &&
        v.every(
          (m) =>
            exactKeys(m, ["distinct_id_field", "id_field", "table_name", "timestamp_field"]) &&
            Object.values(m).every((x) => typeof x === "string"),
        )
      );
    case "forceClickhouseDataSkippingIndexes":
      return Array.isArray(v) && v.every((x) => typeof x === "string");
    case "customBotDefinitions":
      return Array.isArray(v) && v.every(isJsonObject);
    default:
      return false;
  }
}

/** Keys of the newest `HogQLQueryModifiers` (posthog/schema.py) and `customBotDefinitions` (team_serializer.py). */
// biome-ignore format: a list transcribed from PostHog's source, kept compact and in its order
export const MODIFIER_KEYS: ReadonlySet<string> = new Set([
  "bounceRateDurationSeconds", "customChannelTypeRules", "dataWarehouseEventsModifiers", "forceClickhouseDataSkippingIndexes",
  "customBotDefinitions", ...MODIFIER_BOOLS, ...Object.keys(MODIFIER_ENUMS),
]);

export function validateModifiers(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  const bounce = value.bounceRateDurationSeconds;
  if (bounce !== undefined && bounce !== null) {
    // Python: isinstance(True, int) holds, so booleans pass as 1 and 0.
    if (typeof bounce !== "number" && typeof bounce !== "boolean") fail("invalid", "Must be a number.", ["bounceRateDurationSeconds"]);
    const n = Number(bounce);
    if (n < 1 || n > 120) fail("invalid", "Must be between 1 and 120 seconds.", ["bounceRateDurationSeconds"]);
  }
  for (const [key, v] of Object.entries(value)) {
    if (!MODIFIER_KEYS.has(key) || !validModifier(key, v)) fail("invalid", "Invalid modifier key.");
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// session recording and replay dictionaries (TeamSerializer.validate_session_recording_* / validate_session_replay_*)

/** `validate_session_recording_linked_flag`: a numeric string id is normalised to an integer. */
export function validateLinkedFlag(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  const keys = Object.keys(value).sort().join(",");
  if (keys !== "id,key" && keys !== "id,key,variant") {
    fail("invalid", "Must provide a dictionary with only 'id' and 'key' keys. _or_ only 'id', 'key', and 'variant' keys.");
  }
  const id = value.id;
  if (typeof id === "number" && Number.isInteger(id)) return value;
  const n = typeof id === "string" ? pyInt(id) : null;
  if (n === null) return fail("invalid", "Must provide an integer 'id'.");
  return { ...value, id: n };
}

export function validateNetworkPayloadConfig(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  if (!Object.keys(value).every((k) => k === "recordHeaders" || k === "recordBody")) {
    fail("invalid", "Must provide a dictionary with only 'recordHeaders' and/or 'recordBody' keys.");
  }
  return value;
}

/** The allowed keys are a Python set, joined in its iteration order (which varies between processes). */
const MASKING_KEYS = ["maskAllInputs", "maskTextSelector", "blockSelector"];

export function validateMaskingConfig(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  if (!Object.keys(value).every((k) => MASKING_KEYS.includes(k)))
    fail("invalid", `Must provide a dictionary with only known keys: ${MASKING_KEYS.join(", ")}.`);
  if ("maskAllInputs" in value && typeof value.maskAllInputs !== "boolean") fail("invalid", "maskAllInputs must be a boolean.");
  if ("maskTextSelector" in value && typeof value.maskTextSelector !== "string") fail("invalid", "maskTextSelector must be a string.");
  if ("blockSelector" in value && typeof value.blockSelector !== "string") fail("invalid", "blockSelector must be a string.");
  return value;
}

const AI_CONFIG_KEYS = ["included_event_properties", "opt_in", "preferred_events", "excluded_events", "important_user_properties"];

export function validateSessionReplayConfig(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  if (!Object.keys(value).every((k) => k === "record_canvas" || k === "ai_config")) {
    fail("invalid", "Must provide a dictionary with only known keys. One or more of record_canvas, ai_config.");
  }
  const ai = value.ai_config;
  if (ai !== undefined && ai !== null) {
    if (!isJsonObject(ai)) fail("invalid", "Must provide a dictionary or None.");
    if (!Object.keys(ai as JsonObject).every((k) => AI_CONFIG_KEYS.includes(k))) {
      fail("invalid", `Must provide a dictionary with only allowed keys: ${AI_CONFIG_KEYS.join(", ")}.`);
    }
  }
  return value;
}

/** TeamSerializer only (not delegated on /api/projects/). */
export function validateTriggerMatchType(value: Json): Json {
  if (value !== "all" && value !== "any" && value !== null) {
    fail("invalid", "Must provide a valid trigger match type. Only 'all' or 'any' or None are allowed.");
  }
  return value;
}

const TRIGGER_OPERATORS = ["exact", "is_not", "icontains", "not_icontains", "regex", "not_regex", "gt", "lt"];
const TRIGGER_TYPES = ["event", "person"];

/** settings_validation.py `_validate_trigger_property_filters`. */
function validateTriggerProperties(properties: Json, context: string): void {
  if (!Array.isArray(properties)) fail("invalid", `${context}: 'properties' must be an array.`);
  (properties as Json[]).forEach((prop, i) => {
    if (!isJsonObject(prop)) fail("invalid", `${context}: property ${i} must be a dictionary.`);
    const p = prop as JsonObject;
    if (typeof p.key !== "string") fail("invalid", `${context}: property ${i} must have a string 'key' field.`);
    if (!TRIGGER_TYPES.includes(p.type as string)) {
      fail("invalid", `${context}: property ${i} must have a 'type' field with value: ${[...TRIGGER_TYPES].sort().join(", ")}.`);
    }
    if ("operator" in p && !TRIGGER_OPERATORS.includes(p.operator as string)) {
      fail(
        "invalid",
        `${context}: property ${i} has invalid operator '${pyStr(p.operator)}'. Valid operators: ${[...TRIGGER_OPERATORS].sort().join(", ")}.`,
      );
    }
    if (!("value" in p)) fail("invalid", `${context}: property ${i} must have a 'value' field.`);
  });
}

const isRate = (r: Json) => typeof r === "number" && r >= 0 && r <= 1;

/** Python `re.compile`, approximated by JavaScript's RegExp (the syntaxes agree on what trigger URLs use). */
function compilesAsPythonRegex(source: Json): boolean {
  if (typeof source !== "string") return false;
  try {
    new RegExp(source.replace(/\(\?P</g, "(?<"));
    return true;
  } catch {
    return false;
  }
}

/** TeamSerializer.validate_session_recording_trigger_groups (V2 trigger groups). */
export function validateTriggerGroups(value: Json): Json {
  if (!isJsonObject(value)) return fail("invalid", "Must provide a dictionary or None.");
  if (!("version" in value)) fail("invalid", "Missing required field: 'version'.");
  if (value.version !== 2) fail("invalid", `Invalid version: ${pyStr(value.version)}. Only version 2 is supported.`);
  if (!("groups" in value)) fail("invalid", "Missing required field: 'groups'.");
  if (!Array.isArray(value.groups)) fail("invalid", "Field 'groups' must be an array.");
  (value.groups as Json[]).forEach((group, idx) => {
    if (!isJsonObject(group)) fail("invalid", `Group ${idx}: must be a dictionary.`);
    const g = group as JsonObject;
    for (const field of ["id", "sampleRate", "conditions"])
      if (!(field in g)) fail("invalid", `Group ${idx}: missing required field '${field}'.`);
    if (!isRate(g.sampleRate))
      fail("invalid", `Group ${idx}: invalid sampleRate '${pyStr(g.sampleRate)}'. Must be a number between 0 and 1.`);
    if ("minDurationMs" in g) {
      const d = g.minDurationMs;
      if (typeof d !== "number" || !Number.isInteger(d))
        fail("invalid", `Group ${idx}: 'minDurationMs' must be an integer, got ${pyTypeName(d)}.`);
      if ((d as number) < 0 || (d as number) > 30000)
        fail("invalid", `Group ${idx}: 'minDurationMs' must be between 0 and 30000 (30 seconds). Got: ${pyStr(d)}.`);
    }
    if (!isJsonObject(g.conditions)) fail("invalid", `Group ${idx}: field 'conditions' must be a dictionary.`);
    const c = g.conditions as JsonObject;
    if ("matchType" in c && c.matchType !== "any" && c.matchType !== "all") {
      fail("invalid", `Group ${idx}: invalid matchType '${pyStr(c.matchType)}'. Must be 'any' or 'all'.`);
    }
    if ("events" in c) {
      if (!Array.isArray(c.events)) fail("invalid", `Group ${idx}: field 'events' must be an array.`);
      (c.events as Json[]).forEach((event, eventIdx) => {
        if (typeof event === "string") return;
        if (isJsonObject(event)) {
          if (typeof event.name !== "string") fail("invalid", `Group ${idx}: event ${eventIdx} object must have a string 'name' field.`);
          if ("properties" in event) validateTriggerProperties(event.properties, `Group ${idx}, event '${event.name as string}'`);
          return;
        }
        fail("invalid", `Group ${idx}: event ${eventIdx} must be a string or object with 'name'.`);
      });
    }
    if ("urls" in c) {
      if (!Array.isArray(c.urls)) fail("invalid", `Group ${idx}: field 'urls' must be an array.`);
      for (const u of c.urls as Json[]) {
        if (!isJsonObject(u)) fail("invalid", `Group ${idx}: URL config must be a dictionary.`);
        const url = u as JsonObject;
        if (!("url" in url) || !("matching" in url)) fail("invalid", `Group ${idx}: URL config must have 'url' and 'matching' fields.`);
        if (url.matching !== "regex") fail("invalid", `Group ${idx}: URL matching must be 'regex'. Got: '${pyStr(url.matching)}'.`);
        if (!compilesAsPythonRegex(url.url)) fail("invalid", `Group ${idx}: invalid regex pattern in URL: '${pyStr(url.url)}'.`);
      }
    }
    if ("flag" in c) {
      const flag = c.flag;
      if (isJsonObject(flag)) {
        if (!("key" in flag)) fail("invalid", `Group ${idx}: flag object must have 'key' field.`);
        if (typeof flag.key !== "string") fail("invalid", `Group ${idx}: flag 'key' must be a string.`);
      } else if (typeof flag !== "string" && flag !== null) {
        fail("invalid", `Group ${idx}: 'flag' must be a string (flag key), object (LinkedFeatureFlag), or null.`);
      }
    }
    if ("properties" in c) validateTriggerProperties(c.properties, `Group ${idx}`);
  });
  if ("fallbackSampleRate" in value && !isRate(value.fallbackSampleRate)) {
    fail("invalid", `Invalid fallbackSampleRate: ${pyStr(value.fallbackSampleRate)}. Must be a number between 0 and 1.`);
  }
  return value;
}
