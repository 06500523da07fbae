/**
 * Cohorts, `/api/projects/:project_id/cohorts/` (CohortViewSet and CohortSerializer, posthog/api/cohort.py of
 * PostHog 2025-08-04, whose real backend these were checked against; tests in posthog/api/test/test_cohort.py):
 *
 * - `filters` of a dynamic cohort must be `{"properties": <group>}`, a group being `{"type": "AND"|"OR", "values":
 *   [...]}` of groups and person, cohort or behavioral filters (filters.ts); static cohorts skip this check.
 *   `query` and `filters` together are refused.
 * - No name uniqueness. Soft delete by `PATCH {"deleted": true}`; DELETE is 405; deleted cohorts are left out of the
 *   list and still answered by GET.
 * - An update whose filters name a cohort the project does not have, or make cohorts reference each other in a loop,
 *   is refused (`will_create_loops`); so are behavioral filters, directly or through the cohorts named, in a cohort an
 *   active flag uses (`_validate_feature_flag_constraints`, refuseBehavioralInFlags).
 *
 * Today's PostHog (posthog/api/cohort.py as its source reads now) where it differs, under `ctx.services.version`:
 * filters are stored as its pydantic models dump them (`negation` defaulted; filters.ts `dumpCohortFilters`), a
 * `person_metadata` filter and `explicit_datetime_to` exist, a static cohort's criteria cannot be edited, and a cohort
 * an active flag, the project's test account filters, an insight or another cohort uses cannot be deleted.
 * - The list: LimitOffsetPagination (100), newest first, `search` on the name (case-insensitive).
 */
import { validationError } from "../drf/errors";
import { booleanField, charField, type FieldRule, fail, jsonField } from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { jsonbOrder } from "../state/jsonb";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { cohortFiltersError, cohortFiltersHaveValues, cohortLeaves, dumpCohortFilters, referencedCohortIds } from "./filters";

interface CohortContext {
  ctx: ApiContext;
  instance: StoredObject | null;
}

const today = (ctx: ApiContext) => ctx.services.version !== "2025-08-04";

/**
 * Whether the cohort is static after this request: 2025-08-04 reads `initial_data.get("is_static")` or the instance's;
 * today's `_cohort_will_be_static` the body's when it has one.
 */
function willBeStatic(cc: CohortContext): boolean {
  const body = cc.ctx.req.body();
  const declared = isJsonObject(body) && "is_static" in body ? body.is_static : undefined;
  if (!today(cc.ctx)) return declared === true || cc.instance?.fields.is_static === true;
  return declared !== undefined ? declared === true || declared === "true" : cc.instance?.fields.is_static === true;
}

/**
 * CohortSerializer.validate_filters: static cohorts are not checked (today's: those without criteria); today's stores
 * what its models dump.
 */
const filtersRule: FieldRule<CohortContext> = {
  nullable: true,
  parse: (v, cc) => {
    if (willBeStatic(cc) && (!today(cc.ctx) || !cohortFiltersHaveValues(v))) return v;
    // `ValidationError({"detail": …, "type": "validation_error"})`: the first key names the error.
    if (!isJsonObject(v) || !("properties" in v)) fail("invalid", "Must contain a 'properties' key with type and values", ["detail"]);
    const filters = v as JsonObject;
    const error = cohortFiltersError(filters, cc.ctx.services.version);
    if (error) fail("invalid", error);
    refuseBehavioralInFlags(cc, filters);
    return today(cc.ctx) ? dumpCohortFilters(filters) : filters;
  },
};

/** CohortSerializer.validate_query: an ActorsQuery or HogQLQuery, or nothing. */
const queryRule: FieldRule<CohortContext> = {
  nullable: true,
  parse: (v) => {
    if (!v) return null;
    if (!isJsonObject(v)) return fail("invalid", "Query must be a dictionary.");
    if (v.kind !== "ActorsQuery" && v.kind !== "HogQLQuery")
      fail("invalid", `Query must be an ActorsQuery or HogQLQuery. Got: ${pyStr(v.kind ?? null)}`);
    return v;
  },
};

/** The writable fields in CohortSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<CohortContext> = [
  ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["description", charField({ maxLength: 1000, nullable: false, allowBlank: true })],
  ["groups", jsonField(false)],
  ["deleted", booleanField(false)],
  ["filters", filtersRule],
  ["query", queryRule],
  ["is_static", booleanField(false)],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
];

export function serializeCohort(ctx: ApiContext, c: StoredObject): JsonObject {
  const f = c.fields;
  return {
    id: c.id,
    name: f.name ?? null,
    description: f.description ?? "",
    // The cohort is read back after it is saved: JSON fields come in jsonb's key order.
    groups: jsonbOrder(f.groups ?? []),
    deleted: c.deleted,
    // to_representation: `instance.filters` or the properties built from the legacy groups.
    filters: isJsonObject(f.filters) && Object.keys(f.filters).length > 0 ? jsonbOrder(f.filters) : { properties: {} },
    query: jsonbOrder(f.query ?? null),
    is_calculating: f.is_calculating ?? false,
    created_by: userBasic(ctx.store, c.createdBy),
    created_at: isoFromMicros(c.createdAtMicros),
    last_calculation: null,
    errors_calculating: 0,
    count: null,
    is_static: f.is_static ?? false,
    experiment_set: [],
  };
}

function list(ctx: ApiContext, team: StoredProject) {
  let cohorts = ctx.store.objects("cohorts").filter((c) => c.teamId === team.id && !c.deleted);
  const search = ctx.req.param("search");
  // Today's CohortViewSet._filter_request: MAX_SEARCH_LENGTH (posthog/helpers/trigram_search.py); 2025-08-04 has none.
  if (search !== undefined && search.length > 200 && today(ctx))
    throw validationError("Search query must be 200 characters or fewer.", "search");
  if (search) cohorts = cohorts.filter((c) => icontains(c.fields.name, search));
  cohorts.sort(newestFirst);
  return pageAnswer(ctx, cohorts, (c) => serializeCohort(ctx, c));
}

function validated(ctx: ApiContext, instance: StoredObject | null, partial: boolean): JsonObject {
  return validateBody(ctx.req.body(), FIELDS, { ctx, instance }, [], partial);
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validated(ctx, null, false);
  if (attrs.query && attrs.filters) throw validationError("Cannot set both query and filters at the same time.");
  const { deleted, _create_in_folder: _, ...fields } = attrs;
  // Dynamic cohorts are calculated by a background job (ClickHouse), which the local server does not run.
  const cohort = ctx.store.addObject("cohorts", team.id, ctx.user.id, { ...fields, is_calculating: attrs.is_static !== true });
  cohort.deleted = deleted === true;
  // CohortSerializer.create refuses a dynamic cohort with a query only after saving it: the 400 leaves the cohort
  // behind (seen on PostHog 2025-08-04; today's create() does the same).
  if (attrs.query && attrs.is_static !== true) throw validationError("Cannot create a dynamic cohort with a query. Set is_static to true.");
  return json(201, serializeCohort(ctx, cohort));
}

/**
 * The project's active flags that use the cohort, directly or through other cohorts: those not deleted, or with
 * `withDeleted` those marked deleted too.
 */
function activeFlagsUsing(ctx: ApiContext, cohort: StoredObject, withDeleted = false): StoredObject[] {
  const reaches = (ids: string[], seen: Set<string>): boolean =>
    ids.some((id) => {
      if (id === String(cohort.id)) return true;
      if (seen.has(id)) return false;
      seen.add(id);
      const nested = ctx.store.objects("cohorts").find((c) => String(c.id) === id && c.teamId === cohort.teamId && !c.deleted);
      return nested !== undefined && nested.fields.is_static !== true && reaches(referencedCohortIds(nested.fields.filters), seen);
    });
  return ctx.store
    .objects("featureFlags")
    .filter((f) => f.teamId === cohort.teamId && (withDeleted || !f.deleted) && f.fields.active === true)
    .filter((f) => {
      const groups = isJsonObject(f.fields.filters) && Array.isArray(f.fields.filters.groups) ? f.fields.filters.groups : [];
      const ids = groups.flatMap((g) =>
        isJsonObject(g) && Array.isArray(g.properties)
          ? g.properties.filter((p) => isJsonObject(p) && p.type === "cohort").map((p) => pyStr((p as JsonObject).value ?? null))
          : [],
      );
      return reaches(ids, new Set());
    });
}

/**
 * `_validate_feature_flag_constraints` (validate_filters, on a PATCH): a cohort an active flag uses may not get
 * behavioral filters, nor name a cohort that has them or depends on one that has. Today's counts flags marked deleted
 * that are still active, leaves a static cohort staying static alone and skips static dependencies; 2025-08-04 counts
 * the flags not deleted and every dependency.
 */
function refuseBehavioralInFlags(cc: CohortContext, filters: JsonObject): void {
  const { ctx, instance } = cc;
  const current = today(ctx);
  if (ctx.req.method !== "PATCH" || !instance) return;
  if (current && instance.fields.is_static === true && willBeStatic(cc)) return;
  if (activeFlagsUsing(ctx, instance, current).length === 0) return;
  const refuse = (detail: string) => fail("behavioral_cohort_found", detail);
  const cohortOf = (id: string) => ctx.store.objects("cohorts").find((c) => String(c.id) === id && c.teamId === instance.teamId);
  for (const leaf of cohortLeaves(filters)) {
    if (leaf.type === "behavioral") refuse("Behavioral filters cannot be added to cohorts used in feature flags.");
    if (leaf.type !== "cohort") continue;
    // The named cohort and every cohort it depends on, through their filters.
    const seen = new Set<string>();
    const pending = [pyStr(leaf.value ?? null)];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      const dependency = seen.has(id) ? undefined : cohortOf(id);
      seen.add(id);
      if (!dependency || (current && dependency.fields.is_static === true)) continue;
      if (cohortLeaves(dependency.fields.filters).some((l) => l.type === "behavioral")) {
        const name = pyStr(dependency.fields.name ?? null);
        refuse(
          current
            ? `A cohort dependency (${name}) has filters based on events. These cohorts can't be used in feature flags.`
            : `A dependent cohort (${name}) has filters based on events. These cohorts can't be used in feature flags.`,
        );
      }
      pending.push(...referencedCohortIds(dependency.fields.filters));
    }
  }
}

/**
 * `get_insights_using_cohort`: an insight's query names the cohort as a filter (`{"type": "cohort", "value": <id>}`
 * anywhere in it) or breaks down by it.
 */
function queryUsesCohort(query: Json | undefined, id: number): boolean {
  const names = (value: Json | undefined): boolean =>
    Array.isArray(value)
      ? value.some(names)
      : isJsonObject(value) && ((value.type === "cohort" && value.value === id) || Object.values(value).some(names));
  const source = isJsonObject(query) && isJsonObject(query.source) ? query.source : null;
  const breakdown = source && isJsonObject(source.breakdownFilter) ? source.breakdownFilter : null;
  const byCohort = breakdown?.breakdown_type === "cohort" && Array.isArray(breakdown.breakdown) && breakdown.breakdown.includes(id);
  return byCohort || names(query);
}

/**
 * Today's deletion guards of CohortSerializer.update, in its order: a cohort in use by an active flag, the project's
 * test account filters ("Filter out internal and test users", each environment's `test_account_filters` naming it by
 * id), an insight or another cohort stays (posthog/api/cohort.py; 2025-08-04 has none of them).
 */
function refuseDeletionInUse(ctx: ApiContext, cohort: StoredObject): void {
  const flags = activeFlagsUsing(ctx, cohort);
  if (flags.length > 0) {
    const names = flags.map((f) => (typeof f.fields.name === "string" && f.fields.name) || pyStr(f.fields.key ?? null));
    throw validationError(
      `This cohort is used in ${flags.length} active feature flag(s): ${names.join(", ")}. Please remove the cohort from these feature flags before deleting it.`,
    );
  }
  // The local server's projects are their one environment.
  const team = ctx.store.project(cohort.teamId);
  const filters = team?.settings.test_account_filters;
  if (team && Array.isArray(filters) && filters.some((f) => isJsonObject(f) && f.type === "cohort" && f.value === cohort.id))
    throw validationError(
      `This cohort is used in 'Filter out internal and test users' for 1 environment(s): ${pyStr(team.settings.name ?? null)}. Please remove the cohort from these test account filters before deleting it.`,
    );
  const insights = ctx.store
    .objects("insights")
    .filter((i) => i.teamId === cohort.teamId && !i.deleted && queryUsesCohort(i.fields.query, cohort.id))
    .sort((a, b) => a.id - b.id);
  if (insights.length > 0) {
    const names = insights.slice(0, 5).map((i) => (typeof i.fields.name === "string" && i.fields.name) || "Unnamed");
    const more = insights.length > 5 ? `, and ${insights.length - 5} more` : "";
    throw validationError(
      `This cohort is used in ${insights.length} insight(s): ${names.join(", ")}${more}. Please remove the cohort from these insights before deleting it.`,
    );
  }
  const dependents = ctx.store
    .objects("cohorts")
    .filter((c) => c.teamId === cohort.teamId && !c.deleted && c.id !== cohort.id)
    .filter((c) => referencedCohortIds(c.fields.filters).includes(String(cohort.id)))
    .sort((a, b) => a.id - b.id);
  if (dependents.length > 0) {
    const names = dependents.slice(0, 5).map((c) => (typeof c.fields.name === "string" && c.fields.name) || "Unnamed");
    const more = dependents.length > 5 ? `, and ${dependents.length - 5} more` : "";
    throw validationError(
      `This cohort is used as criteria in ${dependents.length} other cohort(s): ${names.join(", ")}${more}. Please remove this cohort from those cohort definitions before deleting it.`,
    );
  }
}

/** `will_create_loops`: the cohorts its filters name must be the project's (deleted or not), and not lead back to it. */
function refuseLoops(ctx: ApiContext, cohort: StoredObject, filters: Json | undefined): void {
  const onPath = new Set<string>();
  const seen = new Set<string>();
  const visit = (id: string, ids: string[]): boolean => {
    seen.add(id);
    onPath.add(id);
    for (const ref of ids) {
      if (onPath.has(ref)) return true;
      if (seen.has(ref)) continue;
      const nested = ctx.store.objects("cohorts").find((c) => String(c.id) === ref && c.teamId === cohort.teamId);
      if (!nested) throw validationError("Invalid Cohort ID in filter");
      if (visit(ref, referencedCohortIds(nested.fields.filters))) return true;
    }
    onPath.delete(id);
    return false;
  };
  if (visit(String(cohort.id), referencedCohortIds(filters))) throw validationError("Cohorts cannot reference other cohorts in a loop.");
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const cohort = findInProject(ctx.store, "cohorts", team, id);
  const attrs = validated(ctx, cohort, partial);
  const isStatic = typeof attrs.is_static === "boolean" ? attrs.is_static : cohort.fields.is_static === true;
  if (today(ctx) && isStatic && "filters" in attrs) {
    const changed = JSON.stringify(jsonbOrder(attrs.filters ?? null)) !== JSON.stringify(jsonbOrder(cohort.fields.filters ?? null));
    if (changed && (cohortFiltersHaveValues(cohort.fields.filters) || cohortFiltersHaveValues(attrs.filters)))
      throw validationError("Editing the criteria of a static cohort is not supported yet. Create a new static cohort instead.");
  }
  const deleting = attrs.deleted === true && !cohort.deleted;
  if (today(ctx) && deleting) refuseDeletionInUse(ctx, cohort);
  refuseLoops(ctx, cohort, "filters" in attrs ? attrs.filters : cohort.fields.filters);
  // CohortSerializer.update copies only these fields (and `deleted`).
  for (const k of ["name", "description", "groups", "is_static", "filters"]) if (k in attrs) cohort.fields[k] = attrs[k];
  if (typeof attrs.deleted === "boolean") cohort.deleted = attrs.deleted;
  return updatedAnswer(ctx, cohort, () => serializeCohort(ctx, cohort));
}

export function cohortRoutes() {
  return nestedViewSetRoutes({
    path: "cohorts",
    scopeObject: "cohort",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeCohort(ctx, findInProject(ctx.store, "cohorts", team, id))),
    update,
  });
}
