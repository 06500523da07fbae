/**
 * A feature flag's `filters` (release conditions): FeatureFlagSerializer.validate_filters of today's PostHog
 * (products/feature_flags/backend/api/feature_flag.py, formerly posthog/api/feature_flag.py; its tests in
 * products/feature_flags/backend/api/test/test_feature_flag.py). Every refusal is a
 * non-field ValidationError raised inside the field's validator, so PostHog answers it with `attr: "filters"` and
 * code `invalid_input` (or the code given).
 */
import { validationError, serverError } from "../drf/errors";
import { pyJsonDumps, pyStr, pyTruthy, pyTypeName } from "../drf/py";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { jsonbOrder } from "../state/jsonb";
import type { Store } from "../state/store";
import type { StoredObject, StoredProject } from "../state/types";

const STRING_OPERATORS = new Set(["regex", "icontains", "not_regex", "not_icontains", "gte", "lte", "gt", "lt"]);

export interface FiltersContext {
  store: Store;
  team: StoredProject;
  method: string;
  /** The flag being updated (PATCH/PUT), or null on create. */
  instance: StoredObject | null;
  /** The key the flag has or will have (circular dependency checks). */
  key: string | null;
  /** The PostHog version played: 2025-08-04's validate_filters lacks today's shape checks (see validateFilters). */
  version: string;
}

const invalid = (detail: string, code = "invalid_input") => validationError(detail, "filters", code);

function groupsOf(filters: JsonObject): Json[] {
  const groups = filters.groups;
  // `for condition in filters["groups"]` on something that is not a list of dicts fails in Python: a 500.
  if (!Array.isArray(groups) || !groups.every(isJsonObject)) throw serverError();
  return groups;
}

function propertiesOf(condition: JsonObject): JsonObject[] {
  const props = condition.properties ?? [];
  if (!Array.isArray(props) || !props.every(isJsonObject)) throw serverError();
  return props;
}

/** `Property(**property).type`: "event" when absent. */
function propType(p: JsonObject): string {
  return typeof p.type === "string" ? p.type : "event";
}

/** The flags of the project other flags depend on: `{"type": "flag", "key": "<id>"}` properties. */
export function flagDependencies(filters: Json): string[] {
  if (!isJsonObject(filters) || !Array.isArray(filters.groups)) return [];
  const out: string[] = [];
  for (const g of filters.groups) {
    if (!isJsonObject(g) || !Array.isArray(g.properties)) continue;
    for (const p of g.properties) if (isJsonObject(p) && p.type === "flag" && p.key !== undefined && p.key !== null) out.push(pyStr(p.key));
  }
  return out;
}

function liveFlags(ctx: FiltersContext): StoredObject[] {
  return ctx.store.objects("featureFlags").filter((f) => f.teamId === ctx.team.id && !f.deleted);
}

/** `_validate_flag_reference`: an integer id of a live, active flag of the project; returns its key. */
function referencedKey(ctx: FiltersContext, reference: string): string {
  const id = /^\s*[+-]?\d+\s*$/.test(reference) ? Number(reference) : null;
  if (id === null) throw invalid(`Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: '${reference}'`);
  const flag = liveFlags(ctx).find((f) => f.id === id);
  if (!flag) throw invalid(`Flag dependency references non-existent flag with ID ${id}`);
  if (flag.fields.active === false)
    throw invalid(
      `Cannot create dependency on disabled flag '${pyStr(flag.fields.key)}' (ID: ${id}). Flag dependencies must reference active flags only.`,
    );
  return pyStr(flag.fields.key);
}

/** `_check_flag_circular_dependencies`: no flag may depend on itself, directly or through others. */
function checkCircular(ctx: FiltersContext, filters: JsonObject): void {
  if (!ctx.key) return;
  const deps = flagDependencies(filters).map((r) => referencedKey(ctx, r));
  if (deps.length === 0) return;
  if (deps.includes(ctx.key)) throw invalid(`Feature flag '${ctx.key}' cannot depend on itself`);
  const byKey = new Map(liveFlags(ctx).map((f) => [pyStr(f.fields.key), f]));
  const visit = (key: string, path: string[]): void => {
    if (path.includes(key)) throw invalid(`Circular dependency detected: ${[...path.slice(path.indexOf(key)), key].join(" → ")}`);
    const flag = byKey.get(key);
    if (!flag) return;
    for (const ref of flagDependencies(flag.fields.filters ?? {})) visit(referencedKey(ctx, ref), [...path, key]);
  };
  for (const dep of new Set(deps)) visit(dep, [ctx.key]);
}

/** Whether a cohort, or one it references, has behavioral (event) filters. */
function behavioralCohort(store: Store, team: StoredProject, cohort: StoredObject, seen = new Set<number>()): StoredObject | null {
  if (seen.has(cohort.id)) return null;
  seen.add(cohort.id);
  const flat: JsonObject[] = [];
  const walk = (node: Json): void => {
    if (!isJsonObject(node)) return;
    if (Array.isArray(node.values)) for (const v of node.values) walk(v);
    else flat.push(node);
  };
  const filters = cohort.fields.filters;
  if (isJsonObject(filters)) walk(filters.properties ?? null);
  if (flat.some((p) => p.type === "behavioral")) return cohort;
  for (const p of flat) {
    if (p.type !== "cohort" || typeof p.value !== "number") continue;
    const nested = store.object("cohorts", p.value);
    if (nested && nested.teamId === team.id) {
      const found = behavioralCohort(store, team, nested, seen);
      if (found) return found;
    }
  }
  return null;
}

/** `type(x).__name__` of a JSON value, as PostHog's messages name it. */
const typeName = (v: Json | undefined) => pyTypeName(v ?? null);

/** `_validate_rollout_percentage`: a number (or null where allowed) between 0 and 100. */
function checkRollout(value: Json | undefined, path: string, allowNull: boolean): void {
  if (value === undefined || value === null) {
    if (!allowNull) throw invalid(`${path} must be a number, got null`);
    return;
  }
  if (typeof value !== "number") throw invalid(`${path} must be ${allowNull ? "a number or null" : "a number"}, got ${typeName(value)}`);
  if (value < 0 || value > 100) throw invalid(`${path} must be between 0 and 100, got ${pyStr(value)}`);
}

/** `_validate_integer`: an integer or null (booleans are not integers). */
function checkInteger(value: Json | undefined, path: string): void {
  if (value !== undefined && value !== null && !(typeof value === "number" && Number.isInteger(value))) {
    throw invalid(`${path} must be an integer or null, got ${typeName(value)}`);
  }
}

/**
 * FeatureFlagSerializer.validate_filters of today's PostHog (products/feature_flags/backend/api/feature_flag.py);
 * returns the filters to store: every condition set carries its `aggregation_group_type_index` (the flag-level one
 * when it had none) and the flag-level one is derived from them, payloads are JSON text.
 */
export function validateFilters(value: Json, ctx: FiltersContext): JsonObject {
  // DictField
  if (!isJsonObject(value)) {
    throw validationError(`Expected a dictionary of items but got type "${pyTypeName(value)}".`, "filters", "not_a_dict");
  }
  const filters: JsonObject = value;
  // "For some weird internal REST framework reason…": a PATCH without groups keeps the stored filters
  // (as read from the database: jsonb's key order).
  if (!("groups" in filters) && ctx.method === "PATCH") {
    const stored = ctx.instance && isJsonObject(ctx.instance.fields.filters) ? ctx.instance.fields.filters : {};
    return jsonbOrder(stored) as JsonObject;
  }
  if (!("groups" in filters)) filters.groups = [];
  // PostHog 2025-08-04's validate_filters (posthog/api/feature_flag.py) has none of today's shape checks: no condition
  // set needed, rollouts and group type indices stored unchecked (measured: 150, -5, "50" and 1.5 stored).
  const today = ctx.version !== "2025-08-04";
  // Only a new flag must have a condition set: existing ones may be empty while a scheduled change runs.
  if (today && ctx.method === "POST" && !pyTruthy(filters.groups))
    throw invalid("Feature flags must have at least one condition set (group).");
  const flagLevel = filters.aggregation_group_type_index ?? null;
  if (today) checkInteger(flagLevel, "aggregation_group_type_index");
  const earlyExit = filters.early_exit ?? null;
  if (earlyExit !== null && typeof earlyExit !== "boolean")
    throw invalid(`early_exit must be a boolean or null, got ${typeName(earlyExit)}`);
  // Gated per organization (feature-flag-early-exit); newly turning it on is refused without the gate.
  const wasOn = ctx.instance && isJsonObject(ctx.instance.fields.filters) && pyTruthy(ctx.instance.fields.filters.early_exit ?? null);
  if (earlyExit && !wasOn) throw invalid("early_exit is not available for this organization.");

  const groups = groupsOf(filters) as JsonObject[];
  groups.forEach((group, i) => {
    const variant = group.variant ?? null;
    if (variant !== null && typeof variant !== "string")
      throw invalid(`groups[${i}].variant must be a string or null, got ${typeName(variant)}`);
    if (today) checkRollout(group.rollout_percentage, `groups[${i}].rollout_percentage`, true);
    if (today) checkInteger(group.aggregation_group_type_index, `groups[${i}].aggregation_group_type_index`);
    propertiesOf(group).forEach((p, j) => {
      if (today) checkInteger(p.group_type_index, `groups[${i}].properties[${j}].group_type_index`);
      if ((p.operator === "regex" || p.operator === "not_regex") && typeof p.value === "string" && !isValidRegex(p.value, ctx)) {
        throw invalid(`groups[${i}].properties[${j}].value: invalid regex pattern`);
      }
    });
  });
  const multivariate = isJsonObject(filters.multivariate) ? filters.multivariate : null;
  const variantList = multivariate && Array.isArray(multivariate.variants) ? multivariate.variants.filter(isJsonObject) : [];
  if (today)
    variantList.forEach((v, i) => {
      checkRollout(v.rollout_percentage, `multivariate.variants[${i}].rollout_percentage`, false);
    });

  // Each condition set carries its aggregation; the flag-level one is theirs when they agree, else null.
  for (const group of groups) if (!("aggregation_group_type_index" in group)) group.aggregation_group_type_index = flagLevel;
  const aggregations = groups.map((g) => g.aggregation_group_type_index ?? null);
  if (aggregations.length > 0)
    filters.aggregation_group_type_index = aggregations.every((a) => a === aggregations[0]) ? aggregations[0] : null;

  for (const group of groups) {
    const aggregation = group.aggregation_group_type_index ?? null;
    for (const p of propertiesOf(group)) {
      const type = propType(p);
      if (aggregation === null) {
        if (!["person", "cohort", "flag"].includes(type))
          throw invalid("Filters are not valid (person-aggregated conditions can only use person, cohort, and flag properties)");
        if (type === "flag" && p.operator !== "flag_evaluates_to")
          throw invalid("Flag properties must use the 'flag_evaluates_to' operator");
      } else {
        if (type !== "group") throw invalid("Filters are not valid (group-aggregated conditions can only use group properties)");
        if ((p.group_type_index ?? null) !== aggregation)
          throw invalid("Filters are not valid (group properties must match the condition set's group type)");
      }
    }
  }
  if (aggregations.some((a) => a === null)) checkCircular(ctx, filters);

  const variants = new Set(variantList.map((v) => pyStr(v.key ?? null)));
  if (variantList.length > 0) {
    const sum = variantList.reduce((s, v) => s + (typeof v.rollout_percentage === "number" ? v.rollout_percentage : 0), 0);
    if (sum !== 100) throw invalid("Invalid variant definitions: Variant rollout percentages must sum to 100.");
  }

  for (const condition of groups) {
    if (condition.variant && !variants.has(pyStr(condition.variant)))
      throw invalid("Filters are not valid (variant override does not exist)");
    for (const p of propertiesOf(condition)) checkProperty(p, ctx);
  }

  const payloads = "payloads" in filters ? filters.payloads : {};
  if (!isJsonObject(payloads)) throw invalid("Payloads must be passed as a dictionary");
  for (const [k, v] of Object.entries(payloads)) {
    if (typeof v === "string") {
      try {
        JSON.parse(v);
      } catch {
        throw invalid("Payload value is not valid JSON");
      }
    } else {
      // Any other JSON value is stored as its JSON text, as the UI sends it.
      payloads[k] = pyJsonDumps(v);
    }
  }
  if (filters.multivariate) {
    if (!Object.keys(payloads).every((k) => variants.has(k))) throw invalid("Payload keys must match a variant key for multivariate flags");
  } else if (Object.keys(payloads).length > 1 || Object.keys(payloads).some((k) => k !== "true")) {
    throw invalid("Payload keys must be 'true' for boolean flags");
  }
  return filters;
}

/**
 * `is_valid_regex` (Python `re`), approximated by JavaScript's. A pattern the flag already has is kept: flags may hold
 * patterns the evaluation service accepts and Python does not.
 */
function isValidRegex(pattern: string, ctx: FiltersContext): boolean {
  const stored = ctx.instance?.fields.filters;
  const groups = isJsonObject(stored) && Array.isArray(stored.groups) ? stored.groups.filter(isJsonObject) : [];
  const existing = groups.flatMap((g) => (Array.isArray(g.properties) ? g.properties.filter(isJsonObject) : []));
  if (existing.some((p) => (p.operator === "regex" || p.operator === "not_regex") && p.value === pattern)) return true;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** posthog/schema.py PropertyOperator; the flag service supports all but the last three (FEATURE_FLAG_SUPPORTED_OPERATORS). */
const SUPPORTED_OPERATORS = new Set([
  "exact",
  "is_not",
  "icontains",
  "not_icontains",
  "icontains_multi",
  "not_icontains_multi",
  "regex",
  "not_regex",
  "gt",
  "gte",
  "lt",
  "lte",
  "semver_gt",
  "semver_gte",
  "semver_lt",
  "semver_lte",
  "semver_eq",
  "semver_neq",
  "semver_tilde",
  "semver_caret",
  "semver_wildcard",
  "is_set",
  "is_not_set",
  "is_date_exact",
  "is_date_after",
  "is_date_before",
  "in",
  "not_in",
  "flag_evaluates_to",
]);
const KNOWN_OPERATORS = new Set([...SUPPORTED_OPERATORS, "between", "not_between", "is_cleaned_path_exact"]);
const OPERATOR_ALIASES: Record<string, string> = { min: "gte", max: "lte" };
const SEMVER_OPERATORS = new Set([
  "semver_eq",
  "semver_neq",
  "semver_gt",
  "semver_gte",
  "semver_lt",
  "semver_lte",
  "semver_tilde",
  "semver_caret",
  "semver_wildcard",
]);

function checkProperty(p: JsonObject, ctx: FiltersContext): void {
  if (typeof p.operator === "string" && p.operator in OPERATOR_ALIASES) p.operator = OPERATOR_ALIASES[p.operator];
  const type = propType(p);
  const value = p.value ?? null;
  const operator = p.operator ?? null;
  if (operator !== null && !KNOWN_OPERATORS.has(pyStr(operator))) throw invalid(`Invalid operator: ${pyStr(operator)}`, "invalid_operator");
  if (operator !== null && !SUPPORTED_OPERATORS.has(pyStr(operator)))
    throw invalid(`Unsupported operator for feature flags: ${pyStr(operator)}`, "unsupported_operator");
  if (type === "cohort") {
    const id = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;
    const cohort = id === null ? undefined : ctx.store.object("cohorts", id);
    if (!cohort || cohort.teamId !== ctx.team.id) throw invalid(`Cohort with id ${pyStr(value)} does not exist`, "cohort_does_not_exist");
    // Static cohorts hold a materialised person list: their criteria are never evaluated.
    const behavioral = cohort.fields.is_static === true ? null : behavioralCohort(ctx.store, ctx.team, cohort);
    if (behavioral)
      throw invalid(
        `Cohort '${pyStr(behavioral.fields.name)}' with filters on events cannot be used in feature flags.`,
        "behavioral_cohort_found",
      );
  }
  if ((operator === "is_date_before" || operator === "is_date_after" || operator === "is_date_exact") && !parsesAsDate(value)) {
    throw invalid(`Invalid date value: ${pyStr(value)}`, "invalid_date");
  }
  if (typeof operator === "string" && STRING_OPERATORS.has(operator) && typeof value !== "string") {
    throw invalid(`Invalid value for operator ${operator}: ${pyStr(value)}`, "invalid_value");
  }
  if ((operator === "in" || operator === "not_in") && type !== "cohort") {
    throw invalid(`The '${operator}' operator is only valid for cohort properties, not '${type}' properties.`, "invalid_operator");
  }
  if (typeof operator === "string" && SEMVER_OPERATORS.has(operator)) {
    if (typeof value !== "string") throw invalid(`Invalid value for operator ${operator}: expected a semver string`, "invalid_value");
    const text = operator === "semver_wildcard" ? value.replace(/[.*]+$/, "") : value;
    if (!/^v?\d+(\.\d+){0,2}([-+].*)?$/.test(text.trim()))
      throw invalid(`Invalid semver value for operator ${operator}: ${value}`, "invalid_value");
  }
  if ((operator === "icontains_multi" || operator === "not_icontains_multi") && !Array.isArray(value)) {
    throw invalid(`${operator} operator requires a list of values`, "invalid_value");
  }
}

/** `determine_parsed_date_for_property_matching`: ISO dates, or relative `-7d`, `-1h`, `-2w`, `-1m`, `-1y`. */
function parsesAsDate(value: Json): boolean {
  if (typeof value !== "string") return false;
  if (/^-?\d+[hdwmy]$/.test(value)) return true;
  return !Number.isNaN(Date.parse(value));
}
