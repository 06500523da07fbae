/**
 * Feature flags, `/api/projects/:project_id/feature_flags/` (FeatureFlagViewSet and FeatureFlagSerializer of today's
 * PostHog, posthog/api/feature_flag.py; posthog/models/feature_flag/feature_flag.py; tests in
 * posthog/api/test/test_feature_flag.py):
 *
 * - `key` is required, matches `^[a-zA-Z0-9_-]+$` and is unique among the project's flags that are not deleted
 *   ("There is already a feature flag with this key.", checked before the pattern). Creating a flag with the key of
 *   a soft-deleted one hard-deletes that one first; renaming a flag to such a key breaks the (team, key) database
 *   constraint: a 500.
 * - Soft delete by `PATCH {"deleted": true}` (refused while live, active flags depend on it); DELETE is 405. A
 *   deleted flag is left out of the list and still answered by GET (status "DELETED").
 * - The list is paginated with LimitOffsetPagination (100), newest first, and filters on `search` (key or name,
 *   case-insensitive), `active`, `type`, `evaluation_runtime`, `created_by_id`.
 */
import { validationError, serverError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  FieldFailure,
  type FieldRule,
  fail,
  integerField,
  jsonField,
  listField,
  parseChar,
  primaryKeyField,
} from "../drf/fields";
import { limitOffsetPage } from "../drf/pagination";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { findInProject, nestedViewSetRoutes, type SerializerFields, tagify, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { jsonbOrder } from "../state/jsonb";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { flagDependencies, validateFilters } from "./filters";

export const KEY_PATTERN = /^[a-zA-Z0-9_-]+$/;
const THIRTY_DAYS_MICROS = 30 * 24 * 3600 * 1_000_000;

interface FlagContext {
  ctx: ApiContext;
  team: StoredProject;
  instance: StoredObject | null;
}

const choices =
  (...values: string[]) =>
  (s: string): Json | undefined =>
    values.includes(s) ? s : undefined;

function liveWithKey(fc: FlagContext, key: string): StoredObject | undefined {
  return fc.ctx.store
    .objects("featureFlags")
    .find((f) => f.teamId === fc.team.id && !f.deleted && f.fields.key === key && f.id !== fc.instance?.id);
}

/** FeatureFlagSerializer.validate_key: uniqueness first, then the pattern. */
const keyRule: FieldRule<FlagContext> = {
  nullable: false,
  parse: (v, fc) => {
    const key = parseChar(v, { maxLength: 400, allowBlank: false });
    if (liveWithKey(fc, key)) fail("unique", "There is already a feature flag with this key.");
    if (!KEY_PATTERN.test(key)) fail("invalid_key", "Only letters, numbers, hyphens (-) & underscores (_) are allowed.");
    return key;
  },
};

const filtersRule: FieldRule<FlagContext> = {
  nullable: false,
  parse: (v, fc) => {
    const body = fc.ctx.req.body();
    const key = fc.instance ? pyStr(fc.instance.fields.key) : isJsonObject(body) && typeof body.key === "string" ? body.key : null;
    return validateFilters(v, { store: fc.ctx.store, team: fc.team, method: fc.ctx.req.method, instance: fc.instance, key });
  },
};

const tagsRule = listField<unknown>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: true }, path) });

/** The writable fields in FeatureFlagSerializer.Meta.fields order. */
const FIELDS: SerializerFields<FlagContext> = [
  ["name", charField({ nullable: false, allowBlank: true })],
  ["key", keyRule],
  ["filters", filtersRule],
  ["deleted", booleanField(false)],
  ["active", booleanField(false)],
  ["version", integerField({ nullable: false })],
  ["ensure_experience_continuity", booleanField(true)],
  ["rollback_conditions", jsonField(true)],
  ["performed_rollback", booleanField(true)],
  ["tags", tagsRule],
  ["evaluation_tags", tagsRule],
  [
    "analytics_dashboards",
    listField<FlagContext>({
      nullable: false,
      item: (v, path, fc) => {
        const rule = primaryKeyField<FlagContext>(false, (pk) =>
          fc.ctx.store.state.dashboards.some((d) => d.id === pk && d.teamId === fc.team.id),
        );
        try {
          return rule.parse(v, fc);
        } catch (e) {
          if (e instanceof FieldFailure) fail(e.code, e.detail, path);
          throw e;
        }
      },
    }),
  ],
  ["has_enriched_analytics", booleanField(true)],
  [
    "creation_context",
    choiceField(false, choices("feature_flags", "experiments", "surveys", "early_access_features", "web_experiments", "product_tours")),
  ],
  ["is_remote_configuration", booleanField(true)],
  ["has_encrypted_payloads", booleanField(true)],
  ["evaluation_runtime", choiceField(true, choices("server", "client", "all"), true)],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
  ["_should_create_usage_dashboard", booleanField(false)],
];

/** Write-only fields: validated, never stored or answered. */
const WRITE_ONLY = new Set(["creation_context", "_create_in_folder", "_should_create_usage_dashboard"]);

const DEFAULTS: JsonObject = {
  name: "",
  filters: {},
  active: true,
  ensure_experience_continuity: false,
  rollback_conditions: null,
  performed_rollback: null,
  tags: [],
  evaluation_tags: [],
  analytics_dashboards: [],
  has_enriched_analytics: false,
  is_remote_configuration: false,
  has_encrypted_payloads: false,
  evaluation_runtime: "all",
};

/** FeatureFlag.get_filters: filters without `groups` are shown in the legacy single-group form. */
function filtersOut(ctx: ApiContext, flag: StoredObject, asSent: boolean): JsonObject {
  const stored = flag.fields.filters;
  const filters: JsonObject =
    isJsonObject(stored) && "groups" in stored
      ? ((asSent ? cloneJson(stored) : jsonbOrder(stored)) as JsonObject)
      : {
          groups: [
            {
              properties: isJsonObject(stored) && Array.isArray(stored.properties) ? cloneJson(stored.properties) : [],
              rollout_percentage: null,
            },
          ],
        };
  // to_representation: cohort properties carry the cohort's name.
  if (Array.isArray(filters.groups)) {
    for (const g of filters.groups) {
      if (!isJsonObject(g) || !Array.isArray(g.properties)) continue;
      for (const p of g.properties) {
        if (!isJsonObject(p) || p.type !== "cohort") continue;
        const cohort = ctx.store.objects("cohorts").find((c) => String(c.id) === pyStr(p.value ?? null) && c.teamId === flag.teamId);
        p.cohort_name = cohort ? (cohort.fields.name ?? null) : null;
      }
    }
  }
  return filters;
}

/** FeatureFlagStatusChecker.get_status (posthog/models/feature_flag/flag_status.py), by name. */
function status(flag: StoredObject): string {
  if (flag.deleted) return "DELETED";
  const f = flag.fields.filters;
  const groups = isJsonObject(f) && Array.isArray(f.groups) ? f.groups.filter(isJsonObject) : [];
  const variants =
    isJsonObject(f) && isJsonObject(f.multivariate) && Array.isArray(f.multivariate.variants)
      ? f.multivariate.variants.filter(isJsonObject)
      : [];
  const fullGroup = groups.some((g) => g.rollout_percentage === 100 && Array.isArray(g.properties) && g.properties.length === 0);
  const fullyRolledOut =
    flag.fields.active !== false && fullGroup && (variants.length === 0 || variants.some((v) => v.rollout_percentage === 100));
  return fullyRolledOut && flag.createdAtMicros < nowMicros() - THIRTY_DAYS_MICROS ? "STALE" : "ACTIVE";
}

/**
 * `asSent`: the JSON fields a create or update just set, which the response shows in the order they were sent; the
 * others come from the database in jsonb's order (state/jsonb.ts).
 */
export function serializeFlag(ctx: ApiContext, flag: StoredObject, asSent: ReadonlySet<string> = new Set()): JsonObject {
  const f = flag.fields;
  return {
    id: flag.id,
    name: f.name ?? "",
    key: f.key ?? "",
    filters: filtersOut(ctx, flag, asSent.has("filters")),
    deleted: flag.deleted,
    active: f.active ?? true,
    created_by: userBasic(ctx.store, flag.createdBy),
    created_at: isoFromMicros(flag.createdAtMicros),
    updated_at: isoFromMicros(flag.updatedAtMicros),
    version: f.version ?? 1,
    last_modified_by: userBasic(ctx.store, typeof f.last_modified_by === "number" ? f.last_modified_by : flag.createdBy),
    ensure_experience_continuity: f.ensure_experience_continuity ?? false,
    experiment_set: [],
    surveys: [],
    features: [],
    rollback_conditions: asSent.has("rollback_conditions")
      ? cloneJson(f.rollback_conditions ?? null)
      : jsonbOrder(f.rollback_conditions ?? null),
    performed_rollback: f.performed_rollback ?? null,
    can_edit: true,
    tags: cloneJson(f.tags ?? []),
    evaluation_tags: cloneJson(f.evaluation_tags ?? []),
    usage_dashboard: f.usage_dashboard ?? null,
    analytics_dashboards: cloneJson(f.analytics_dashboards ?? []),
    has_enriched_analytics: f.has_enriched_analytics ?? false,
    user_access_level: "manager",
    is_remote_configuration: f.is_remote_configuration ?? false,
    has_encrypted_payloads: f.has_encrypted_payloads ?? false,
    status: status(flag),
    evaluation_runtime: f.evaluation_runtime ?? "all",
    bucketing_identifier: f.bucketing_identifier ?? null,
    last_called_at: null,
  };
}

function storable(attrs: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(attrs)) if (!WRITE_ONLY.has(k) && k !== "deleted" && k !== "version") out[k] = v;
  if (Array.isArray(out.tags)) out.tags = tagify(out.tags.map(pyStr));
  if (Array.isArray(out.evaluation_tags)) out.evaluation_tags = tagify(out.evaluation_tags.map(pyStr));
  // _update_filters: turning a flag on clears performed_rollback.
  if (out.active) out.performed_rollback = false;
  return out;
}

function flagsOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store.objects("featureFlags").filter((f) => f.teamId === team.id);
}

function matchesType(flag: StoredObject, type: string): boolean {
  const f = flag.fields.filters;
  const variants = isJsonObject(f) && isJsonObject(f.multivariate) ? f.multivariate.variants : undefined;
  const multivariant = Array.isArray(variants) && variants.length > 0;
  if (type === "boolean") return !multivariant;
  if (type === "multivariant") return multivariant;
  if (type === "experiment") return false;
  if (type === "remote_config") return flag.fields.is_remote_configuration === true;
  return true;
}

function list(ctx: ApiContext, team: StoredProject) {
  const q = ctx.req;
  let flags = flagsOf(ctx, team).filter((f) => !f.deleted);
  const search = q.param("search");
  if (search !== undefined) {
    const s = search.toLowerCase();
    flags = flags.filter(
      (f) =>
        pyStr(f.fields.key).toLowerCase().includes(s) ||
        pyStr(f.fields.name ?? "")
          .toLowerCase()
          .includes(s),
    );
  }
  const active = q.param("active");
  if (active !== undefined && active !== "STALE") flags = flags.filter((f) => (f.fields.active !== false) === (active === "true"));
  if (active === "STALE") flags = flags.filter((f) => status(f) === "STALE");
  const type = q.param("type");
  if (type !== undefined) flags = flags.filter((f) => matchesType(f, type));
  const runtime = q.param("evaluation_runtime");
  if (runtime !== undefined) flags = flags.filter((f) => (f.fields.evaluation_runtime ?? "all") === runtime);
  const createdBy = q.param("created_by_id");
  if (createdBy !== undefined) flags = flags.filter((f) => String(f.createdBy) === createdBy);
  flags.sort((a, b) => b.createdAtMicros - a.createdAtMicros || b.id - a.id);
  const page = limitOffsetPage(ctx.req, flags);
  return json(200, { ...page, results: page.results.map((f) => serializeFlag(ctx, f)) });
}

function create(ctx: ApiContext, team: StoredProject) {
  const fc: FlagContext = { ctx, team, instance: null };
  const attrs = validateBody(ctx.req.body(), FIELDS, fc, ["key"], false);
  const key = pyStr(attrs.key);
  // create(): soft-deleted flags with this key are removed for good, freeing the (team, key) constraint.
  for (const old of flagsOf(ctx, team).filter((f) => f.deleted && f.fields.key === key)) ctx.store.removeObject("featureFlags", old.id);
  const fields: JsonObject = { ...DEFAULTS, ...storable(attrs), version: 1, last_modified_by: ctx.user.id };
  if (attrs._should_create_usage_dashboard !== false)
    fields.usage_dashboard = ctx.store.createDashboard(team.id, `Generated Dashboard: ${key} Usage`);
  const flag = ctx.store.addObject("featureFlags", team.id, ctx.user.id, fields);
  flag.deleted = attrs.deleted === true;
  return json(201, serializeFlag(ctx, flag, new Set(Object.keys(attrs))));
}

/** `_find_dependent_flags`: live, active flags of the team whose conditions name this flag's id. */
function dependents(ctx: ApiContext, flag: StoredObject): StoredObject[] {
  return ctx.store
    .objects("featureFlags")
    .filter((f) => f.teamId === flag.teamId)
    .filter(
      (f) =>
        f.id !== flag.id && !f.deleted && f.fields.active !== false && flagDependencies(f.fields.filters ?? {}).includes(String(flag.id)),
    )
    .sort((a, b) => (pyStr(a.fields.key) < pyStr(b.fields.key) ? -1 : 1));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const flag = findInProject(ctx.store, "featureFlags", team, id);
  const fc: FlagContext = { ctx, team, instance: flag };
  const attrs = validateBody(ctx.req.body(), FIELDS, fc, ["key"], partial);
  if (attrs.deleted === true) {
    const deps = dependents(ctx, flag);
    if (deps.length > 0) {
      const names = deps.slice(0, 5).map((f) => `${pyStr(f.fields.key)} (ID: ${f.id})`);
      if (deps.length > 5) names.push(`and ${deps.length - 5} more`);
      throw validationError(
        `Cannot delete this feature flag because other flags depend on it: ${names.join(", ")}. Please update or delete the dependent flags first.`,
      );
    }
  }
  if (typeof attrs.key === "string" && attrs.key !== flag.fields.key) {
    // The (team, key) unique constraint still holds the key of a soft-deleted flag: an IntegrityError.
    if (flagsOf(ctx, team).some((f) => f.id !== flag.id && f.fields.key === attrs.key)) throw serverError();
  }
  Object.assign(flag.fields, storable(attrs));
  if (typeof attrs.deleted === "boolean") flag.deleted = attrs.deleted;
  flag.fields.version = (typeof flag.fields.version === "number" ? flag.fields.version : 0) + 1;
  flag.fields.last_modified_by = ctx.user.id;
  flag.updatedAtMicros = nowMicros();
  ctx.store.changed();
  return json(200, serializeFlag(ctx, flag, new Set(Object.keys(attrs))));
}

export function featureFlagRoutes() {
  return nestedViewSetRoutes({
    path: "feature_flags",
    scopeObject: "feature_flag",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeFlag(ctx, findInProject(ctx.store, "featureFlags", team, id))),
    update,
  });
}
