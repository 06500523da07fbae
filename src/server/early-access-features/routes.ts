/**
 * Early access features, `/api/projects/:project_id/early_access_feature/` (EarlyAccessFeatureViewSet,
 * EarlyAccessFeatureSerializer and EarlyAccessFeatureSerializerCreateOnly of products/early_access_features/backend/api.py;
 * model products/early_access_features/backend/models.py), alike in today's source and PostHog 2025-08-04 but for
 * one thing: 2025-08-04 answers a PATCH with 500 after storing it (its internal event's Kafka produce re-raises; the
 * backend it was measured on has no Kafka).
 *
 * - Keyed by UUID. `name` (at most 200, not blank) and `stage` (draft, concept, alpha, beta, general-availability,
 *   archived) are required; `description` may be blank; `documentation_url` is a URL of at most 800, or blank.
 * - `feature_flag_id` (create only): the flag must exist, have no other feature, not be on groups nor multivariate.
 *   Without it a flag is created through the flag serializer (its errors are the flag's: `key`), keyed by the name
 *   slugified, named "Feature Flag for Feature <name>", at 0%.
 * - In a release stage (concept, alpha, beta, general-availability; today's without concept) the flag gets the enrolment condition as
 *   `super_groups`; leaving one for draft or archived takes it off (null); so does DELETE, which leaves the flag.
 *   Today's PostHog writes the marker `feature_enrollment: true` instead, dropping `super_groups`, and clears it as
 *   `feature_enrollment: null` (`set_feature_enrollment`, products/feature_flags/backend/facade/filters.py, its cases
 *   in products/feature_flags/backend/test/test_facade.py; docs/feature-enrollment in PostHog's flag product).
 * - No filters on the list (LimitOffsetPagination, 100), in creation order.
 */
import { validationError, serverError } from "../drf/errors";
import { charField, choiceField, fail, integerField, URL_SHAPE } from "../drf/fields";
import { pyStr, slugify } from "../drf/py";
import { createFlag, featuresOf, minimalFlag, updateFlagFilters } from "../feature-flags/routes";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { randomUUID } from "node:crypto";

export const EARLY_ACCESS_STAGES = ["draft", "concept", "alpha", "beta", "general-availability", "archived"];
/**
 * The stages in which the flag serves those who opted in: 2025-08-04's `EarlyAccessFeature.ReleaseStage`; today's
 * leave concept out (people register interest there, the flag is not enrolled: PostHog's feature enrollment doc).
 */
function releaseStages(ctx: ApiContext): string[] {
  return ctx.services.version === "2025-08-04"
    ? ["concept", "alpha", "beta", "general-availability"]
    : ["alpha", "beta", "general-availability"];
}

const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 200, nullable: false, allowBlank: false })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["stage", choiceField(false, (s) => (EARLY_ACCESS_STAGES.includes(s) ? s : undefined))],
  [
    "documentation_url",
    {
      nullable: false,
      parse: (v) => {
        const url = charField({ maxLength: 800, nullable: false, allowBlank: true }).parse(v, null);
        return url === "" || URL_SHAPE.test(pyStr(url)) ? url : fail("invalid", "Enter a valid URL.");
      },
    },
  ],
];

/** EarlyAccessFeatureSerializerCreateOnly adds the flag and the folder. */
export const CREATE_FIELDS: SerializerFields<unknown> = [
  ...FIELDS,
  ["feature_flag_id", integerField({ nullable: false })],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
];

/** The enrolment condition of 2025-08-04 (`super_conditions`): persons who opted in, all of them. */
const enrolment = (key: string): JsonObject[] => [
  {
    properties: [{ key: `$feature_enrollment/${key}`, type: "person", operator: "exact", value: ["true"] }],
    rollout_percentage: 100,
  },
];

/**
 * A flag's filters with the enrolment on or off: 2025-08-04's `super_groups` (the condition, or null), today's
 * `feature_enrollment` marker (true, or null), which drops any `super_groups`.
 */
function enrolled(ctx: ApiContext, filters: JsonObject, key: string, on: boolean): JsonObject {
  if (ctx.services.version === "2025-08-04") return { ...filters, super_groups: on ? enrolment(key) : null };
  const { super_groups: _, ...rest } = filters;
  return { ...rest, feature_enrollment: on ? true : null };
}

function flagOf(ctx: ApiContext, f: StoredObject): StoredObject | null {
  const id = f.fields.feature_flag_id;
  return typeof id === "number" ? (ctx.store.object("featureFlags", id) ?? null) : null;
}

export function serializeEarlyAccessFeature(ctx: ApiContext, f: StoredObject): JsonObject {
  const flag = flagOf(ctx, f);
  return {
    id: f.fields.uuid ?? null,
    feature_flag: flag ? minimalFlag(ctx, flag) : null,
    name: f.fields.name ?? "",
    description: f.fields.description ?? "",
    stage: f.fields.stage ?? "",
    documentation_url: f.fields.documentation_url ?? "",
    created_at: isoFromMicros(f.createdAtMicros),
  };
}

function filtersOf(flag: StoredObject): JsonObject {
  return isJsonObject(flag.fields.filters) ? { ...flag.fields.filters } : {};
}

/** EarlyAccessFeatureSerializerCreateOnly.validate: the flag it is given. */
function checkFlag(ctx: ApiContext, id: number): StoredObject {
  const flag = ctx.store.object("featureFlags", id);
  if (!flag) throw validationError("Feature Flag with this ID does not exist");
  if (featuresOf(ctx, id).length > 0)
    throw validationError(`Linked feature flag ${pyStr(flag.fields.key)} already has a feature attached to it.`);
  const filters = filtersOf(flag);
  if (filters.aggregation_group_type_index !== undefined && filters.aggregation_group_type_index !== null)
    throw validationError("Group-based feature flags are not supported for Early Access Features.");
  const multivariate = filters.multivariate;
  if (isJsonObject(multivariate) && Array.isArray(multivariate.variants) && multivariate.variants.length > 0)
    throw validationError("Multivariate feature flags are not supported for Early Access Features.");
  return flag;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), CREATE_FIELDS, null, ["name", "stage"], false);
  const released = releaseStages(ctx).includes(pyStr(attrs.stage));
  // `if feature_flag_id:` — 0 is no flag.
  const given = typeof attrs.feature_flag_id === "number" && attrs.feature_flag_id !== 0 ? attrs.feature_flag_id : null;
  let flag: StoredObject;
  if (given !== null) {
    flag = checkFlag(ctx, given);
    if (released) updateFlagFilters(ctx, team, flag, enrolled(ctx, filtersOf(flag), pyStr(flag.fields.key), true));
  } else {
    const key = slugify(pyStr(attrs.name));
    const filters: JsonObject = { groups: [{ properties: [], rollout_percentage: 0, variant: null }] };
    flag = createFlag(ctx, team, {
      key,
      name: `Feature Flag for Feature ${pyStr(attrs.name)}`,
      filters: released ? enrolled(ctx, filters, key, true) : filters,
      creation_context: "early_access_features",
    });
  }
  const { feature_flag_id: _, _create_in_folder: __, ...fields } = attrs;
  const f = ctx.store.addObject("earlyAccessFeatures", team.id, ctx.user.id, {
    uuid: randomUUID(),
    description: "",
    documentation_url: "",
    ...fields,
    feature_flag_id: flag.id,
  });
  return json(201, serializeEarlyAccessFeature(ctx, f));
}

/** EarlyAccessFeatureSerializer.update: the flag's enrolment condition follows the stage, then the change is saved. */
function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const f = findInProject(ctx.store, "earlyAccessFeatures", team, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, null, ["name", "stage"], partial);
  const stage = attrs.stage;
  const flag = flagOf(ctx, f);
  const stages = releaseStages(ctx);
  const wasReleased = stages.includes(pyStr(f.fields.stage));
  if (flag && !wasReleased && typeof stage === "string" && stages.includes(stage))
    updateFlagFilters(ctx, team, flag, enrolled(ctx, filtersOf(flag), pyStr(flag.fields.key), true));
  else if (flag && typeof stage === "string" && !stages.includes(stage)) {
    // Saved as it is, not through the flag serializer.
    flag.fields.filters = enrolled(ctx, filtersOf(flag), pyStr(flag.fields.key), false);
  }
  Object.assign(f.fields, attrs);
  const answer = updatedAnswer(ctx, f, () => serializeEarlyAccessFeature(ctx, f));
  // 2025-08-04: produce_internal_event re-raises its Kafka error after the save (measured: 500, change stored).
  if (ctx.services.version === "2025-08-04") throw serverError();
  return answer;
}

/** `destroy`: the enrolment condition comes off the flag, which stays. */
function destroy(ctx: ApiContext, team: StoredProject, id: number) {
  const f = findInProject(ctx.store, "earlyAccessFeatures", team, id);
  const flag = flagOf(ctx, f);
  if (flag) flag.fields.filters = enrolled(ctx, filtersOf(flag), pyStr(flag.fields.key), false);
  ctx.store.removeObject("earlyAccessFeatures", f.id);
  return noContent();
}

function list(ctx: ApiContext, team: StoredProject) {
  const rows = ctx.store.objects("earlyAccessFeatures").filter((f) => f.teamId === team.id);
  return pageAnswer(ctx, rows, (f) => serializeEarlyAccessFeature(ctx, f));
}

export function earlyAccessFeatureRoutes() {
  return nestedViewSetRoutes({
    path: "early_access_feature",
    scopeObject: "early_access_feature",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeEarlyAccessFeature(ctx, findInProject(ctx.store, "earlyAccessFeatures", team, id))),
    update,
    lookup: uuidLookup("earlyAccessFeatures", "uuid"),
    destroy,
  });
}
