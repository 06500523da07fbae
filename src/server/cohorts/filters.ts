/**
 * A dynamic cohort's `filters` as CohortSerializer.validate_filters checks them (posthog/api/cohort.py): the pydantic
 * models `CohortFilters`, `Group`, `BehavioralFilter`, `CohortFilter`, `PersonFilter` (all `extra="forbid"`, the
 * filters a union discriminated by `type`), and `_cohort_error_message`, which words a missing key as
 * "Missing required keys for <kind> filter: <key>" and otherwise answers `str(exc.errors())`, pydantic's error list
 * in Python's repr. The lists below were compared with PostHog 2025-08-04 (pydantic 2.10, whose version is in each
 * error's `url`).
 */
import { pyRepr, pyStr } from "../drf/py";
import type { PostHogVersion } from "../pipeline/version";
import { isJsonObject, type Json, type JsonObject } from "../state/json";

const PYDANTIC_URL = "https://errors.pydantic.dev/2.10/v/";

type Loc = Array<string | number>;

interface PydanticError {
  type: string;
  loc: Loc;
  msg: string;
  input: Json;
  ctx?: Record<string, string>;
}

type Check = (value: Json, loc: Loc, errors: PydanticError[]) => void;

const error = (errors: PydanticError[], type: string, loc: Loc, msg: string, input: Json, ctx?: Record<string, string>) =>
  errors.push({ type, loc, msg, input, ...(ctx ? { ctx } : {}) });

const str: Check = (v, loc, errors) => {
  if (typeof v !== "string") error(errors, "string_type", loc, "Input should be a valid string", v);
};

/** pydantic's lax int: integral floats, numeric strings and booleans pass. */
const int: Check = (v, loc, errors) => {
  if (typeof v === "boolean") return;
  if (typeof v === "number") {
    if (!Number.isInteger(v))
      error(errors, "int_from_float", loc, "Input should be a valid integer, got a number with a fractional part", v);
    return;
  }
  if (typeof v === "string") {
    if (!/^\s*[+-]?\d+\s*$/.test(v))
      error(errors, "int_parsing", loc, "Input should be a valid integer, unable to parse string as an integer", v);
    return;
  }
  error(errors, "int_type", loc, "Input should be a valid integer", v);
};

const BOOL_STRINGS = new Set(["0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes"]);
const bool: Check = (v, loc, errors) => {
  if (typeof v === "boolean" || v === 0 || v === 1) return;
  if (typeof v === "string" ? !BOOL_STRINGS.has(v.toLowerCase()) : typeof v === "number") {
    error(errors, "bool_parsing", loc, "Input should be a valid boolean, unable to interpret input", v);
  } else if (typeof v !== "string") error(errors, "bool_type", loc, "Input should be a valid boolean", v);
};

const any: Check = () => {};
const optional =
  (check: Check): Check =>
  (v, loc, errors) => {
    if (v !== null) check(v, loc, errors);
  };
/** `Union[str, int]`: pydantic's smart union reports each member it tried. */
const strOrInt: Check = (v, loc, errors) => {
  if (typeof v === "string" || (typeof v === "number" && Number.isInteger(v)) || typeof v === "boolean") return;
  if (typeof v === "number") {
    error(errors, "string_type", [...loc, "str"], "Input should be a valid string", v);
    error(errors, "int_from_float", [...loc, "int"], "Input should be a valid integer, got a number with a fractional part", v);
    return;
  }
  error(errors, "string_type", [...loc, "str"], "Input should be a valid string", v);
  error(errors, "int_type", [...loc, "int"], "Input should be a valid integer", v);
};
const literal =
  (...values: string[]): Check =>
  (v, loc, errors) => {
    if (typeof v === "string" && values.includes(v)) return;
    const expected =
      values.length === 1
        ? `'${values[0]}'`
        : `${values
            .slice(0, -1)
            .map((x) => `'${x}'`)
            .join(", ")} or '${values[values.length - 1]}'`;
    error(errors, "literal_error", loc, `Input should be ${expected}`, v, { expected });
  };
const listOfDicts: Check = (v, loc, errors) => {
  if (v === null) return;
  if (!Array.isArray(v)) return error(errors, "list_type", loc, "Input should be a valid list", v);
  v.forEach((item, i) => {
    if (!isJsonObject(item))
      error(errors, "model_attributes_type", [...loc, i], "Input should be a valid dictionary or object to extract fields from", item);
  });
};

/** A pydantic model with `extra="forbid"`: its fields in order (required or with a default), then the extra keys. */
function model(fields: Array<[string, Check, boolean]>, after?: (v: JsonObject, loc: Loc, errors: PydanticError[]) => void): Check {
  return (v, loc, errors) => {
    if (!isJsonObject(v))
      return error(errors, "model_attributes_type", loc, "Input should be a valid dictionary or object to extract fields from", v);
    const before = errors.length;
    for (const [name, check, required] of fields) {
      if (!(name in v)) {
        if (required) error(errors, "missing", [...loc, name], "Field required", v);
        continue;
      }
      check(v[name], [...loc, name], errors);
    }
    const known = new Set(fields.map((f) => f[0]));
    for (const k of Object.keys(v))
      if (!known.has(k)) error(errors, "extra_forbidden", [...loc, k], "Extra inputs are not permitted", v[k]);
    if (after && errors.length === before) after(v, loc, errors);
  };
}

const eventFilters: Check = optional(listOfDicts);

/** The behavioral filter's fields: today's PostHog adds `explicit_datetime_to`. */
const behavioralFields = (today: boolean): Array<[string, Check, boolean]> => [
  ["type", literal("behavioral"), true],
  ["key", strOrInt, true],
  ["value", str, true],
  ["event_type", str, true],
  ["time_value", optional(int), false],
  ["time_interval", optional(str), false],
  ["negation", bool, false],
  ["operator", optional(str), false],
  ["operator_value", optional(int), false],
  ["seq_time_interval", optional(str), false],
  ["seq_time_value", optional(int), false],
  ["seq_event", optional(strOrInt), false],
  ["seq_event_type", optional(str), false],
  ["total_periods", optional(int), false],
  ["min_periods", optional(int), false],
  ["event_filters", eventFilters, false],
  ["explicit_datetime", optional(str), false],
  ...(today ? ([["explicit_datetime_to", optional(str), false]] as Array<[string, Check, boolean]>) : []),
];

const cohort = model([
  ["type", literal("cohort"), true],
  ["key", literal("id"), true],
  ["value", int, true],
  ["negation", bool, false],
]);

/** PersonFilter._missing_keys_check (PersonValueValidationMixin today): a `value_error` once its fields are valid. */
const personLike = (type: string) =>
  model(
    [
      ["type", literal(type), true],
      ["key", str, true],
      ["operator", optional(str), false],
      ["value", any, false],
      ["negation", bool, false],
    ],
    (v, loc, errors) => {
      const missing: string[] = [];
      const operator = v.operator ?? null;
      if ((v.value ?? null) === null && operator !== "is_set" && operator !== "is_not_set") missing.push("value");
      if (operator === null) missing.push("operator");
      if (missing.length > 0)
        error(errors, "value_error", loc, `Value error, Missing required keys for ${type} filter: ${missing.join(", ")}`, v);
    },
  );

/** One PostHog's filter models: 2025-08-04's, or today's with `person_metadata` and `explicit_datetime_to`. */
interface Models {
  leaves: Record<string, Check>;
  tags: string;
}

const MODELS: Record<"today" | "2025-08-04", Models> = {
  "2025-08-04": {
    leaves: { behavioral: model(behavioralFields(false)), cohort, person: personLike("person") },
    tags: "'behavioral', 'cohort', 'person', 'AND', 'OR'",
  },
  today: {
    leaves: {
      behavioral: model(behavioralFields(true)),
      cohort,
      person: personLike("person"),
      person_metadata: personLike("person_metadata"),
    },
    tags: "'behavioral', 'cohort', 'person', 'person_metadata', 'AND', 'OR'",
  },
};

/** `FilterOrGroup`: a union discriminated by `type`; the tag joins the location. */
const filterOrGroup =
  (models: Models): Check =>
  (v, loc, errors) => {
    if (!isJsonObject(v))
      return error(errors, "model_attributes_type", loc, "Input should be a valid dictionary or object to extract fields from", v);
    if (!("type" in v))
      return error(errors, "union_tag_not_found", loc, "Unable to extract tag using discriminator 'type'", v, { discriminator: "'type'" });
    const tag = v.type;
    const tagText = typeof tag === "string" ? tag : pyRepr(tag);
    const check =
      tag === "AND" || tag === "OR"
        ? group(models)
        : typeof tag === "string" && Object.hasOwn(models.leaves, tag)
          ? models.leaves[tag]
          : undefined;
    if (!check) {
      return error(
        errors,
        "union_tag_invalid",
        loc,
        `Input tag '${tagText}' found using 'type' does not match any of the expected tags: ${models.tags}`,
        v,
        {
          discriminator: "'type'",
          tag: tagText,
          expected_tags: models.tags,
        },
      );
    }
    check(v, [...loc, tagText], errors);
  };

const group =
  (models: Models): Check =>
  (v, loc, errors) => {
    if (!isJsonObject(v)) {
      error(errors, "model_type", loc, "Input should be a valid dictionary or instance of Group", v, { class_name: "Group" });
      return;
    }
    model([
      ["type", literal("AND", "OR"), true],
      [
        "values",
        (values, vloc, errs) => {
          if (!Array.isArray(values)) return error(errs, "list_type", vloc, "Input should be a valid list", values);
          values.forEach((item, i) => {
            filterOrGroup(models)(item, [...vloc, i], errs);
          });
        },
        true,
      ],
    ])(v, loc, errors);
  };

function pyLoc(loc: Loc): string {
  const items = loc.map((p) => (typeof p === "number" ? String(p) : pyRepr(p)));
  return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
}

/** `str(exc.errors())`. */
function pyErrors(errors: PydanticError[]): string {
  const entries = errors.map((e) => {
    const parts = [`'type': ${pyRepr(e.type)}`, `'loc': ${pyLoc(e.loc)}`, `'msg': ${pyRepr(e.msg)}`, `'input': ${pyRepr(e.input)}`];
    if (e.ctx) parts.push(`'ctx': ${pyRepr(e.ctx)}`);
    parts.push(`'url': '${PYDANTIC_URL}${e.type}'`);
    return `{${parts.join(", ")}}`;
  });
  return `[${entries.join(", ")}]`;
}

/** The detail PostHog answers for filters its models refuse, or null when they pass. */
export function cohortFiltersError(filters: JsonObject, version: PostHogVersion): string | null {
  const errors: PydanticError[] = [];
  model([["properties", group(MODELS[version === "2025-08-04" ? "2025-08-04" : "today"]), true]])(filters, [], errors);
  if (errors.length === 0) return null;
  for (const e of errors) {
    if (e.type === "value_error") {
      const at = e.msg.indexOf("Missing required keys");
      if (at !== -1) return e.msg.slice(at);
    }
    if (e.type === "missing") {
      const kind = ["behavioral", "cohort", "person"].find((k) => e.loc.includes(k));
      if (kind) return `Missing required keys for ${kind} filter: ${String(e.loc[e.loc.length - 1])}`;
    }
  }
  return pyErrors(errors);
}

/** Fields today's models read as integers (pydantic's lax int: numeric strings, integral floats, booleans). */
const INT_FIELDS: Record<string, readonly string[]> = {
  behavioral: ["time_value", "operator_value", "seq_time_value", "total_periods", "min_periods"],
  cohort: ["value"],
};
const TRUE_STRINGS = new Set(["1", "on", "t", "true", "y", "yes"]);

function laxInt(v: Json): Json {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") return Number.parseInt(v.trim(), 10);
  return v;
}

function laxBool(v: Json): Json {
  if (typeof v === "string") return TRUE_STRINGS.has(v.toLowerCase());
  if (typeof v === "number") return v === 1;
  return v;
}

/** A dict with its null entries dropped. */
const withoutNone = (v: JsonObject): JsonObject => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null));

function dumpNode(node: Json): Json {
  if (!isJsonObject(node)) return node;
  if (node.type === "AND" || node.type === "OR")
    return { type: node.type, values: Array.isArray(node.values) ? node.values.map(dumpNode) : (node.values ?? null) };
  const type = String(node.type);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === null) continue;
    if ((INT_FIELDS[type] ?? []).includes(key)) out[key] = laxInt(value);
    else if (key === "negation") out[key] = laxBool(value);
    else if (key === "event_filters" && Array.isArray(value)) out[key] = value.map((f) => (isJsonObject(f) ? withoutNone(f) : f));
    else out[key] = value;
  }
  out.negation ??= false;
  return out;
}

/**
 * The filters as today's CohortSerializer.validate_filters stores them: `CohortFilters.model_validate(raw)
 * .model_dump(exclude_none=True)` (posthog/api/cohort.py): `negation` false where absent, nulls dropped, integers and
 * booleans as pydantic reads them. The bytecode today's models add (FilterBytecodeMixin, HogQL compiled per filter)
 * is not played. PostHog 2025-08-04 stores the filters as sent.
 */
export function dumpCohortFilters(filters: JsonObject): JsonObject {
  return { ...filters, properties: dumpNode(filters.properties ?? null) };
}

/** Whether filters have any filter at all (today's `cohort_filters_have_values`, products/cohorts/backend/models/util.py). */
export function cohortFiltersHaveValues(filters: Json | undefined): boolean {
  const walk = (node: Json): boolean =>
    isJsonObject(node) && (Array.isArray(node.values) ? node.values.some(walk) : node.type !== "AND" && node.type !== "OR");
  return isJsonObject(filters) && walk(filters.properties ?? null);
}

/** The leaf filters of a cohort's `filters` (`property_groups.flat`). */
export function cohortLeaves(filters: Json | undefined): JsonObject[] {
  const leaves: JsonObject[] = [];
  const walk = (node: Json): void => {
    if (!isJsonObject(node)) return;
    if (Array.isArray(node.values)) for (const v of node.values) walk(v);
    else leaves.push(node);
  };
  if (isJsonObject(filters)) walk(filters.properties ?? null);
  return leaves;
}

/** The cohort ids a cohort's filters name, at any depth. */
export function referencedCohortIds(filters: Json | undefined): string[] {
  return cohortLeaves(filters)
    .filter((leaf) => leaf.type === "cohort" && leaf.value !== undefined)
    .map((leaf) => pyStr(leaf.value ?? null));
}
