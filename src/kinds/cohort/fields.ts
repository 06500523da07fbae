/**
 * The cohort's field table: `name`, `description`, `filters` and `is_static` of CohortSerializer (posthog/api/cohort.py
 * in PostHog/posthog; model products/cohorts/backend/models/cohort.py, posthog/models/cohort/cohort.py in PostHog
 * 2025-08-04), each with PostHog's rule and how a declared value compares with what PostHog answers. What it leaves
 * out, and why: `cohortLeftOut` below.
 */
import { z } from "zod";
import { CREATE_IN_FOLDER, type Equality, type FieldDef, type LeftOut, sameJson, type ApiTypes } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

const SERIALIZER = "CohortSerializer, posthog/api/cohort.py";
const MODELS = "CohortFilters and its pydantic models, posthog/api/cohort.py";

/** The leaf filters of a cohort (`PropertyFilter`'s union, discriminated by `type`). `person_metadata` is today's only. */
export const COHORT_FILTER_TYPES = ["person", "cohort", "behavioral", "person_metadata"] as const;

type Kind = "str" | "int" | "bool" | "any" | "strOrInt" | "eventFilters";

/** Each leaf model's fields (all `extra="forbid"`) and whether it is required. */
const LEAF_FIELDS: Record<(typeof COHORT_FILTER_TYPES)[number], Record<string, [Kind, boolean]>> = {
  person: { type: ["str", true], key: ["str", true], operator: ["str", false], value: ["any", false], negation: ["bool", false] },
  person_metadata: { type: ["str", true], key: ["str", true], operator: ["str", false], value: ["any", false], negation: ["bool", false] },
  cohort: { type: ["str", true], key: ["str", true], value: ["int", true], negation: ["bool", false] },
  behavioral: {
    type: ["str", true],
    key: ["strOrInt", true],
    value: ["str", true],
    event_type: ["str", true],
    time_value: ["int", false],
    time_interval: ["str", false],
    negation: ["bool", false],
    operator: ["str", false],
    operator_value: ["int", false],
    seq_time_interval: ["str", false],
    seq_time_value: ["int", false],
    seq_event: ["strOrInt", false],
    seq_event_type: ["str", false],
    total_periods: ["int", false],
    min_periods: ["int", false],
    event_filters: ["eventFilters", false],
    explicit_datetime: ["str", false],
    explicit_datetime_to: ["str", false],
  },
};

/** Keys today's PostHog adds to each stored filter (FilterBytecodeMixin): its own, never declared. */
const ADDED_BY_POSTHOG = new Set(["bytecode", "bytecode_error", "conditionHash"]);

/** pydantic's lax int: integral numbers and numeric strings. */
const laxInt = (v: unknown) =>
  (typeof v === "number" && Number.isInteger(v)) || (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) || typeof v === "boolean";
const BOOL_STRINGS = new Set(["0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes"]);
/** pydantic's lax bool: booleans, 0 and 1, and its words for them. */
const laxBool = (v: unknown) =>
  typeof v === "boolean" || v === 0 || v === 1 || (typeof v === "string" && BOOL_STRINGS.has(v.toLowerCase()));

function kindProblem(kind: Kind, value: unknown): string | undefined {
  switch (kind) {
    case "str":
      return typeof value === "string" ? undefined : "must be a string";
    case "int":
      return laxInt(value) ? undefined : "must be an integer";
    case "bool":
      return laxBool(value) ? undefined : "must be true or false";
    case "strOrInt":
      return typeof value === "string" || (typeof value === "number" && Number.isInteger(value))
        ? undefined
        : "must be a string or an integer";
    case "eventFilters":
      return Array.isArray(value) ? undefined : "must be a list of event property filters";
    case "any":
      return undefined;
  }
}

/** `EventPropFilter` and `HogQLFilter`: a behavioral filter's event property filters. */
function eventFilterProblems(items: readonly unknown[], at: string): string[] {
  const problems: string[] = [];
  for (const [i, item] of items.entries()) {
    const here = `${at}[${i}]`;
    if (!isPlainObject(item)) {
      problems.push(`${here} must be an object (an event property filter)`);
      continue;
    }
    const hogql = item["type"] === "hogql";
    if (!hogql && item["type"] !== "event" && item["type"] !== "element")
      problems.push(`${here}.type must be "event", "element" or "hogql"`);
    if (typeof item["key"] !== "string") problems.push(`${here}.key must be a string`);
    if (!hogql && !Object.hasOwn(item, "value")) problems.push(`${here}.value is required`);
    const allowed = hogql ? ["type", "key", "value"] : ["type", "key", "value", "operator"];
    for (const key of Object.keys(item))
      if (!allowed.includes(key)) problems.push(`${here}.${key} is not a field of an event property filter`);
  }
  return problems;
}

/** One leaf filter's problems, as PostHog's models would refuse it. */
function leafProblems(filter: Record<string, unknown>, type: (typeof COHORT_FILTER_TYPES)[number], at: string): string[] {
  const fields = LEAF_FIELDS[type];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    // Own keys only: a filter's `constructor` or `toString` is no field (and would find Object.prototype's).
    const spec = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!spec) {
      problems.push(`${at}.${key} is not a field of a ${type} filter: use ${Object.keys(fields).join(", ")}`);
      continue;
    }
    if (value === null) {
      // pydantic's `negation: bool = False` and the required fields are not Optional: null is refused.
      if (spec[1] || key === "negation") problems.push(`${at}.${key} may not be null`);
      continue;
    }
    const problem = kindProblem(spec[0], value);
    if (problem) problems.push(`${at}.${key} ${problem}`);
    else if (spec[0] === "eventFilters") problems.push(...eventFilterProblems(value as unknown[], `${at}.${key}`));
  }
  if (type === "cohort" && filter["key"] !== undefined && filter["key"] !== "id")
    problems.push(`${at}.key must be "id" (a cohort filter names the cohort by its id in value)`);
  // The wording of CohortSerializer._cohort_error_message and PersonFilter._missing_keys_check.
  const missing = Object.entries(fields)
    .filter(([key, [, required]]) => required && key !== "type" && filter[key] === undefined)
    .map(([key]) => key);
  if (type === "person" || type === "person_metadata") {
    const operator = filter["operator"] ?? null;
    if ((filter["value"] ?? null) === null && operator !== "is_set" && operator !== "is_not_set") missing.push("value");
    if (operator === null) missing.push("operator");
  }
  if (missing.length > 0) problems.push(`${at} is missing ${missing.join(", ")} (Missing required keys for ${type} filter)`);
  return problems;
}

/** A group `{"type": "AND"|"OR", "values": [...]}` of groups and filters, at any depth. */
function groupProblems(group: unknown, at: string): string[] {
  if (!isPlainObject(group)) return [`${at} must be a group: {"type": "AND" or "OR", "values": [...]}`];
  const problems: string[] = [];
  for (const key of Object.keys(group))
    if (key !== "type" && key !== "values") problems.push(`${at}.${key} is not a field of a group (type, values)`);
  if (group["type"] !== "AND" && group["type"] !== "OR") problems.push(`${at}.type must be "AND" or "OR"`);
  const values = group["values"];
  if (!Array.isArray(values)) return [...problems, `${at}.values must be a list of groups and filters`];
  for (const [i, item] of values.entries()) {
    const here = `${at}.values[${i}]`;
    if (!isPlainObject(item)) problems.push(`${here} must be a group or a filter (an object with a type)`);
    else if (item["type"] === "AND" || item["type"] === "OR") problems.push(...groupProblems(item, here));
    else if ((COHORT_FILTER_TYPES as readonly unknown[]).includes(item["type"]))
      problems.push(...leafProblems(item, item["type"] as (typeof COHORT_FILTER_TYPES)[number], here));
    else
      problems.push(
        `${here}.type must be "AND", "OR" (a group) or ${COHORT_FILTER_TYPES.map((t) => `"${t}"`).join(", ")} (a filter); got ${JSON.stringify(item["type"] ?? null)}`,
      );
  }
  return problems;
}

/** PostHog's rules for a dynamic cohort's `filters` (CohortSerializer.validate_filters), as `filters.… ` problems. */
export function cohortFiltersProblems(filters: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(filters))
    if (key !== "properties") problems.push(`filters.${key} is not a key of a cohort's filters: only properties`);
  if (!Object.hasOwn(filters, "properties")) problems.push("filters must contain properties: a group with type and values");
  else problems.push(...groupProblems(filters["properties"], "filters.properties"));
  return problems.map((p) => `${p} (${MODELS})`);
}

/** pydantic's lax int of a valid value, as it stores it. */
const asInt = (v: unknown) => (typeof v === "string" || typeof v === "boolean" ? Number(v) : v);
const asBool = (v: unknown) =>
  typeof v === "string" ? ["1", "on", "t", "true", "y", "yes"].includes(v.toLowerCase()) : v === 1 ? true : v === 0 ? false : v;

/**
 * A leaf or group in the form today's PostHog stores (`CohortFilters.model_validate(raw).model_dump(exclude_none=True)`
 * in validate_filters): keys with null dropped, `negation` false when absent, integers and booleans as pydantic reads
 * them, and the bytecode it adds (FilterBytecodeMixin) left out. PostHog 2025-08-04 stores the filters as sent.
 */
function normalNode(node: unknown): unknown {
  if (!isPlainObject(node)) return node;
  if (node["type"] === "AND" || node["type"] === "OR")
    return { type: node["type"], values: Array.isArray(node["values"]) ? node["values"].map(normalNode) : node["values"] };
  const type = node["type"] as keyof typeof LEAF_FIELDS;
  const fields = Object.hasOwn(LEAF_FIELDS, type) ? LEAF_FIELDS[type] : {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === null || value === undefined || ADDED_BY_POSTHOG.has(key)) continue;
    const kind = Object.hasOwn(fields, key) ? fields[key]![0] : undefined;
    if (kind === "int" && laxInt(value)) out[key] = asInt(value);
    else if (kind === "bool" && laxBool(value)) out[key] = asBool(value);
    else if (kind === "eventFilters" && Array.isArray(value))
      out[key] = value.map((f) => (isPlainObject(f) ? Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null)) : f));
    else out[key] = value;
  }
  if (Object.hasOwn(fields, "negation") && out["negation"] === undefined) out["negation"] = false;
  return out;
}

/** `filters` in one form for comparison (jsonb's key order is canonicalJson's business). */
export function normalCohortFilters(filters: unknown): unknown {
  if (!isPlainObject(filters)) return filters;
  return { ...filters, properties: normalNode(filters["properties"]) };
}

const sameFilters: Equality = (a, b) => sameJson(normalCohortFilters(a), normalCohortFilters(b));

/** A live node with what today's PostHog adds left out where the declared node (same place) does not have it. */
function shapedNode(declared: unknown, live: unknown): unknown {
  if (!isPlainObject(live)) return live;
  const twin = isPlainObject(declared) ? declared : {};
  if (Array.isArray(live["values"])) {
    const values = Array.isArray(twin["values"]) ? twin["values"] : [];
    return { ...live, values: live["values"].map((v, i) => shapedNode(values[i], v)) };
  }
  return Object.fromEntries(
    Object.entries(live).filter(
      ([key, value]) => !ADDED_BY_POSTHOG.has(key) && !(key === "negation" && value === false && twin["negation"] === undefined),
    ),
  );
}

/** Drifted filters as the program writes them: only the drift shows as `old => new`, not `negation: false` or bytecode. */
export function shapedCohortFilters(declared: unknown, live: unknown): unknown {
  if (!isPlainObject(live) || !isPlainObject(declared)) return live;
  return { ...live, properties: shapedNode(declared["properties"], live["properties"]) };
}

export const cohortFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (Cohort.name, ${SERIALIZER})` })
      .refine((v) => v.trim() !== "", {
        error: "may not be blank: a cohort whose create answer was lost is found again by its name",
      }),
    doc: "The cohort's name, at most 400 characters. PostHog does not require names to be unique; the provider finds a cohort whose create answer was lost by its name and creation time. Changing it renames the cohort.",
  },
  description: {
    input: z
      .string({ error: "must be a string" })
      .max(1000, { error: `must be at most 1000 characters (Cohort.description, ${SERIALIZER})` }),
    doc: "What the cohort is; may be empty (at most 1000 characters).",
  },
  filters: {
    type: "CohortFilters",
    input: z.record(z.string(), z.unknown(), { error: "must be an object: {properties: {type, values}}" }),
    equal: sameFilters,
    liveForm: shapedCohortFilters,
    doc: 'Who belongs to a dynamic cohort, as PostHog\'s `filters`: `{properties: {type: "AND" | "OR", values: [...]}}`, each value a group of the same shape or a filter: `person` (`key`, `operator`, `value`), `cohort` (`key: "id"`, `value`: another cohort\'s id), `behavioral` (`key`, `value`, `event_type`, …) or `person_metadata` (today\'s PostHog only), each with an optional `negation`. Today\'s PostHog stores them with `negation: false` and its own bytecode added: that compares equal; PostHog 2025-08-04 stores them as sent and has no `person_metadata` or `explicit_datetime_to`. Not with `isStatic: true`.',
  },
  is_static: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "A static cohort: a fixed list of persons (added by CSV upload or person ids in PostHog, not by Pulumi), without filters. Changing it replaces the cohort, as do filters declared (a dynamic cohort) where PostHog has a static one.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const cohortLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  groups:
    "the model's form deprecated in favour of `filters`: PostHog answers it converted into `filters` and ignores it once `filters` is set, so the two cannot both be managed",
  query: "not yet managed: a query that fills a static cohort (a HogQL job); a dynamic cohort with a query is refused",
  cohort_type: "PostHog's: computed from the filters on every write",
  _create_static_person_ids: "not yet managed: the persons a static cohort is made with (create only, never answered)",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const cohortApiTypes: ApiTypes = { file: "products/cohorts/frontend/generated/api.schemas.ts", schemas: ["CohortApi"] };
