/**
 * Cohorts, `/api/projects/:project_id/cohorts/` (CohortViewSet and CohortSerializer, posthog/api/cohort.py of
 * PostHog 2025-08-04, whose real backend these were checked against; tests in posthog/api/test/test_cohort.py):
 *
 * - `filters` of a dynamic cohort must be `{"properties": <group>}`, a group being `{"type": "AND"|"OR", "values":
 *   [...]}` of groups and person, cohort or behavioral filters (filters.ts); static cohorts skip this check.
 *   `query` and `filters` together are refused.
 * - No name uniqueness. Soft delete by `PATCH {"deleted": true}`; DELETE is 405; deleted cohorts are left out of the
 *   list and still answered by GET.
 * - The list: LimitOffsetPagination (100), newest first, `search` on the name (case-insensitive).
 */
import { validationError } from "../drf/errors";
import { booleanField, charField, type FieldRule, fail, jsonField } from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type JsonObject } from "../state/json";
import { jsonbOrder } from "../state/jsonb";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { cohortFiltersError } from "./filters";

interface CohortContext {
  ctx: ApiContext;
  instance: StoredObject | null;
}

/** CohortSerializer.validate_filters (static cohorts are not checked). */
const filtersRule: FieldRule<CohortContext> = {
  nullable: true,
  parse: (v, cc) => {
    const body = cc.ctx.req.body();
    if ((isJsonObject(body) && body.is_static === true) || cc.instance?.fields.is_static === true) return v;
    // `ValidationError({"detail": …, "type": "validation_error"})`: the first key names the error.
    if (!isJsonObject(v) || !("properties" in v)) fail("invalid", "Must contain a 'properties' key with type and values", ["detail"]);
    const filters = v as JsonObject;
    const error = cohortFiltersError(filters);
    if (error) fail("invalid", error);
    return filters;
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
const FIELDS: SerializerFields<CohortContext> = [
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

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const cohort = findInProject(ctx.store, "cohorts", team, id);
  const attrs = validated(ctx, cohort, partial);
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
