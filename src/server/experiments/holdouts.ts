/**
 * Experiment holdouts, `/api/projects/:project_id/experiment_holdouts/` (ExperimentHoldoutViewSet and
 * ExperimentHoldoutSerializer, ee/clickhouse/views/experiment_holdouts.py; model posthog/models/experiment.py), alike
 * in today's source and PostHog 2025-08-04:
 *
 * - `name` (at most 400, not blank) is required; `description` (at most 400) may be null or blank; `filters` (a JSON
 *   list) must be given and not empty on create ("Filters are required to create an holdout group").
 * - PostHog gives every group the variant `holdout-<id>`; new filters are written to the flags of the holdout's
 *   experiments (through the flag serializer): as `holdout_groups` in 2025-08-04, as `holdout: {id,
 *   exclusion_percentage}` today (`holdout_filters_for_flag`, products/experiments/backend/models/experiment.py).
 * - DELETE (204) takes the holdout off those flags (null); the experiments stay, their holdout null (SET_NULL). It
 *   saves each flag whole from the copy it read first (`experiment.feature_flag`, then the flag serializer's save),
 *   deleted experiments' flags included: a flag soft-deleted between that read and that save is live again, with the
 *   key it had (ExperimentHoldoutViewSet.destroy in 2025-08-04; `delete_holdout_and_clear_flags` today, through
 *   `update_flag` of products/feature_flags/backend/facade/api.py). A `midway` fault's delay opens that window.
 * - The list is newest first, LimitOffsetPagination (100), no filters.
 */
import { validationError } from "../drf/errors";
import { charField, jsonField } from "../drf/fields";
import { pyTruthy } from "../drf/py";
import { updateFlagFilters } from "../feature-flags/routes";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject, jsonEqual } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
  ["description", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["filters", jsonField(false)],
];

export function serializeHoldout(ctx: ApiContext, h: StoredObject): JsonObject {
  return {
    id: h.id,
    name: h.fields.name ?? "",
    description: h.fields.description ?? null,
    filters: cloneJson(h.fields.filters ?? []),
    created_by: userBasic(ctx.store, h.createdBy),
    created_at: isoFromMicros(h.createdAtMicros),
    updated_at: isoFromMicros(h.updatedAtMicros),
  };
}

/** `_get_filters_with_holdout_id`: every group gets the variant `holdout-<id>`. */
function withHoldoutVariant(id: number, filters: Json): Json {
  return Array.isArray(filters) ? filters.map((f) => ({ ...(isJsonObject(f) ? f : {}), variant: `holdout-${id}` })) : filters;
}

/** A holdout of the project, or null: what an experiment's `holdout_id` may name. */
export function holdoutOf(ctx: ApiContext, id: Json | undefined): StoredObject | null {
  return typeof id === "number" ? (ctx.store.object("experimentHoldouts", id) ?? null) : null;
}

/**
 * A holdout (its id and groups, or none) as a flag's filters carry it: 2025-08-04's `holdout_groups` (the groups),
 * today's `holdout` (`holdout_filters_for_flag`: its id and its first group's rollout as the exclusion percentage).
 */
export function holdoutForFlag(ctx: ApiContext, holdout: { id: number; filters: Json } | null): JsonObject {
  if (ctx.services.version === "2025-08-04") return { holdout_groups: holdout ? cloneJson(holdout.filters) : null };
  const first = holdout && Array.isArray(holdout.filters) ? holdout.filters[0] : undefined;
  return { holdout: holdout && isJsonObject(first) ? { id: holdout.id, exclusion_percentage: first.rollout_percentage ?? null } : null };
}

/** The flags of a holdout's experiments (`instance.experiment_set.all()`: deleted experiments too). */
function flagsOf(ctx: ApiContext, holdoutId: number): StoredObject[] {
  return ctx.store
    .objects("experiments")
    .filter((e) => e.fields.holdout_id === holdoutId)
    .flatMap((e) => {
      const flag = typeof e.fields.feature_flag_id === "number" ? ctx.store.object("featureFlags", e.fields.feature_flag_id) : undefined;
      return flag ? [flag] : [];
    });
}

/** The flags of the experiments in a holdout get its new groups. */
function writeToFlags(ctx: ApiContext, team: StoredProject, holdoutId: number, filters: Json): void {
  const keys = holdoutForFlag(ctx, { id: holdoutId, filters });
  for (const flag of flagsOf(ctx, holdoutId))
    updateFlagFilters(ctx, team, flag, { ...(isJsonObject(flag.fields.filters) ? flag.fields.filters : {}), ...keys });
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, null, ["name"], false);
  if (!pyTruthy(attrs.filters ?? null)) throw validationError("Filters are required to create an holdout group");
  const h = ctx.store.addObject("experimentHoldouts", team.id, ctx.user.id, { description: null, ...attrs });
  h.fields.filters = withHoldoutVariant(h.id, h.fields.filters ?? []);
  return json(201, serializeHoldout(ctx, h));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const h = findInProject(ctx.store, "experimentHoldouts", team, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, null, ["name"], partial);
  const filters = attrs.filters;
  if (pyTruthy(filters ?? null) && !jsonEqual(filters, h.fields.filters)) {
    attrs.filters = withHoldoutVariant(h.id, filters ?? []);
    writeToFlags(ctx, team, h.id, attrs.filters);
  }
  Object.assign(h.fields, attrs);
  return updatedAnswer(ctx, h, () => serializeHoldout(ctx, h));
}

async function destroy(ctx: ApiContext, team: StoredProject, id: number) {
  const h = findInProject(ctx.store, "experimentHoldouts", team, id);
  const read = flagsOf(ctx, h.id).map((flag) => ({ flag, copy: { fields: cloneJson(flag.fields), deleted: flag.deleted } }));
  await ctx.midway();
  for (const { flag, copy } of read) {
    // The save writes every column of the copy; only the version is taken from the row as it is now (locked).
    if (!ctx.store.object("featureFlags", flag.id)) continue;
    flag.fields = { ...copy.fields, version: flag.fields.version ?? null };
    flag.deleted = copy.deleted;
    updateFlagFilters(ctx, team, flag, { ...(isJsonObject(copy.fields.filters) ? copy.fields.filters : {}), ...holdoutForFlag(ctx, null) });
  }
  for (const e of ctx.store.objects("experiments").filter((x) => x.fields.holdout_id === h.id)) e.fields.holdout_id = null;
  if (ctx.store.object("experimentHoldouts", h.id)) ctx.store.removeObject("experimentHoldouts", h.id);
  return noContent();
}

function list(ctx: ApiContext, team: StoredProject) {
  const rows = ctx.store
    .objects("experimentHoldouts")
    .filter((h) => h.teamId === team.id)
    .sort(newestFirst);
  return pageAnswer(ctx, rows, (h) => serializeHoldout(ctx, h));
}

export function holdoutRoutes() {
  return nestedViewSetRoutes({
    path: "experiment_holdouts",
    scopeObject: "experiment",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeHoldout(ctx, findInProject(ctx.store, "experimentHoldouts", team, id))),
    update,
    destroy,
  });
}
