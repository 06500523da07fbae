/**
 * A feature flag's `filters` (release conditions): FeatureFlagSerializer.validate_filters of today's PostHog
 * (posthog/api/feature_flag.py; its tests in posthog/api/test/test_feature_flag.py). Every refusal is a
 * non-field ValidationError raised inside the field's validator, so PostHog answers it with `attr: "filters"` and
 * code `invalid_input` (or the code given).
 */
import { validationError, serverError } from "../drf/errors";
import { pyJsonDumps, pyStr, pyTypeName } from "../drf/py";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { jsonbOrder } from "../state/jsonb";
import type { Store } from "../state/store";
import type { StoredObject, StoredProject } from "../state/types";

/** posthog/api/feature_flag.py MAX_PROPERTY_VALUES (10 under settings.TEST, not modelled). */
export const MAX_PROPERTY_VALUES = 1000;

const STRING_OPERATORS = new Set(["regex", "icontains", "not_regex", "not_icontains", "gte", "lte", "gt", "lt"]);

export interface FiltersContext {
  store: Store;
  team: StoredProject;
  method: string;
  /** The flag being updated (PATCH/PUT), or null on create. */
  instance: StoredObject | null;
  /** The key the flag has or will have (circular dependency checks). */
  key: string | null;
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

/** FeatureFlagSerializer.validate_filters; returns the filters to store. */
export function validateFilters(value: Json, ctx: FiltersContext): JsonObject {
  // DictField
  if (!isJsonObject(value)) {
    throw validationError(`Expected a dictionary of items but got type "${pyTypeName(value)}".`, "filters", "not_a_dict");
  }
  const filters: JsonObject = value;
  // "For some weird internal REST framework reason…": a PATCH without groups keeps the stored filters.
  // (as read from the database: jsonb's key order)
  if (!("groups" in filters) && ctx.method === "PATCH") {
    const stored = ctx.instance && isJsonObject(ctx.instance.fields.filters) ? ctx.instance.fields.filters : {};
    return jsonbOrder(stored) as JsonObject;
  }
  if (ctx.method === "POST") {
    const groups = filters.groups ?? [];
    if (Array.isArray(groups) ? groups.length === 0 : !groups) throw invalid("Feature flags must have at least one condition set (group).");
  }
  const groups = groupsOf(filters) as JsonObject[];
  const allProps = groups.flatMap(propertiesOf);
  const aggregation = filters.aggregation_group_type_index ?? null;
  if (aggregation === null) {
    if (!allProps.every((p) => ["person", "cohort", "flag"].includes(propType(p))))
      throw invalid("Filters are not valid (can only use person, cohort, and flag properties)");
    if (!allProps.every((p) => propType(p) !== "flag" || p.operator === "flag_evaluates_to"))
      throw invalid("Flag properties must use the 'flag_evaluates_to' operator");
    checkCircular(ctx, filters);
  } else if (!allProps.every((p) => propType(p) === "group" && p.group_type_index === aggregation)) {
    throw invalid("Filters are not valid (can only use group properties)");
  }

  const multivariate = isJsonObject(filters.multivariate) ? filters.multivariate : null;
  const variantList = multivariate && Array.isArray(multivariate.variants) ? multivariate.variants.filter(isJsonObject) : [];
  const variants = new Set(variantList.map((v) => pyStr(v.key)));
  if (variantList.length > 0) {
    const sum = variantList.reduce((s, v) => s + (typeof v.rollout_percentage === "number" ? v.rollout_percentage : 0), 0);
    if (sum !== 100) throw invalid("Invalid variant definitions: Variant rollout percentages must sum to 100.");
  }

  for (const condition of groups) {
    if (condition.variant && !variants.has(pyStr(condition.variant)))
      throw invalid("Filters are not valid (variant override does not exist)");
    for (const p of propertiesOf(condition)) checkProperty(p, ctx);
  }

  const payloads = filters.payloads ?? {};
  if (!isJsonObject(payloads)) throw invalid("Payloads must be passed as a dictionary");
  for (const [k, v] of Object.entries(payloads)) {
    // Today's PostHog stores a JSON object payload as its JSON text, as the UI sends it.
    if (isJsonObject(v)) payloads[k] = pyJsonDumps(v);
    else if (typeof v === "string") {
      try {
        JSON.parse(v);
      } catch {
        throw invalid("Payload value is not valid JSON");
      }
    }
  }
  if (filters.multivariate) {
    if (!Object.keys(payloads).every((k) => variants.has(k))) throw invalid("Payload keys must match a variant key for multivariate flags");
  } else if (Object.keys(payloads).length > 1 || Object.keys(payloads).some((k) => k !== "true")) {
    throw invalid("Payload keys must be 'true' for boolean flags");
  }
  return filters;
}

function checkProperty(p: JsonObject, ctx: FiltersContext): void {
  const type = propType(p);
  const value = p.value ?? null;
  const operator = p.operator ?? null;
  if (Array.isArray(value) && value.length > MAX_PROPERTY_VALUES) {
    throw invalid(`Property group expressions of type ${pyStr(p.key)} cannot contain more than ${MAX_PROPERTY_VALUES} values.`);
  }
  if (type === "cohort") {
    const id = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;
    const cohort = id === null ? undefined : ctx.store.object("cohorts", id);
    if (!cohort || cohort.teamId !== ctx.team.id) throw invalid(`Cohort with id ${pyStr(value)} does not exist`, "cohort_does_not_exist");
    const behavioral = behavioralCohort(ctx.store, ctx.team, cohort);
    if (behavioral)
      throw invalid(
        `Cohort '${pyStr(behavioral.fields.name)}' with filters on events cannot be used in feature flags.`,
        "behavioral_cohort_found",
      );
  }
  if ((operator === "is_date_before" || operator === "is_date_after") && !parsesAsDate(value)) {
    throw invalid(`Invalid date value: ${pyStr(value)}`, "invalid_date");
  }
  if (typeof operator === "string" && STRING_OPERATORS.has(operator) && typeof value !== "string") {
    throw invalid(`Invalid value for operator ${operator}: ${pyStr(value)}`, "invalid_value");
  }
  if ((operator === "in" || operator === "not_in") && type !== "cohort") {
    throw invalid(`The '${operator}' operator is only valid for cohort properties, not '${type}' properties.`, "invalid_operator");
  }
}

/** `determine_parsed_date_for_property_matching`: ISO dates, or relative `-7d`, `-1h`, `-2w`, `-1m`, `-1y`. */
function parsesAsDate(value: Json): boolean {
  if (typeof value !== "string") return false;
  if (/^-?\d+[hdwmy]$/.test(value)) return true;
  return !Number.isNaN(Date.parse(value));
}
