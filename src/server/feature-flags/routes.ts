/**
 * Feature flags, `/api/projects/:project_id/feature_flags/` (FeatureFlagViewSet and FeatureFlagSerializer of today's
 * PostHog, products/feature_flags/backend/api/feature_flag.py, formerly posthog/api/feature_flag.py; tests in
 * products/feature_flags/backend/api/test/test_feature_flag.py):
 *
 * - `key` is required, matches `^[a-zA-Z0-9_-]+$` and is unique among the project's flags that are not deleted
 *   ("There is already a feature flag with this key.", checked before the pattern). A soft-deleted flag still holds
 *   its key in the (team, key) constraint: creating a flag with it, or renaming one to it, hard-deletes the old one
 *   first (`_free_key_held_by_soft_deleted_flags`). PostHog 2025-08-04 frees it on create only: a rename is a 500.
 * - Soft delete by `PATCH {"deleted": true}`, refused while active flags depend on it; DELETE is 405. A deleted flag
 *   is left out of the list and still answered by GET (status "DELETED"), and can be restored by PATCH.
 * - The list is paginated with LimitOffsetPagination (100), newest first, leaves archived flags out unless
 *   `archived` is given, and filters on `search` (key or name, case-insensitive), `active`, `type`,
 *   `evaluation_runtime`, `created_by_id`, `archived`.
 */
import { serverError, validationError } from "../drf/errors";
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
import { pyStr } from "../drf/py";
import { createUsageDashboard } from "./usage-dashboard";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
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
  /** The data the serializer was given: the request body, or what a survey or experiment passes (flagFor). */
  body: unknown;
  method: string;
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
    const body = fc.body;
    const key = fc.instance ? pyStr(fc.instance.fields.key) : isJsonObject(body) && typeof body.key === "string" ? body.key : null;
    return validateFilters(v, {
      store: fc.ctx.store,
      team: fc.team,
      method: fc.method,
      instance: fc.instance,
      key,
      version: fc.ctx.services.version,
    });
  },
};

const tagsRule = listField<unknown>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: true }, path) });

/** The writable fields in FeatureFlagSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<FlagContext> = [
  ["name", charField({ nullable: false, allowBlank: true })],
  ["key", keyRule],
  ["filters", filtersRule],
  ["deleted", booleanField(false)],
  ["active", booleanField(false)],
  ["archived", booleanField(false)],
  ["version", integerField({ nullable: false })],
  ["ensure_experience_continuity", booleanField(true)],
  ["rollback_conditions", jsonField(true)],
  ["performed_rollback", booleanField(true)],
  ["tags", tagsRule],
  ["evaluation_contexts", listField<FlagContext>({ nullable: false, item: (v) => v })],
  [
    "analytics_dashboards",
    listField<FlagContext>({
      nullable: false,
      item: (v, path, fc) => {
        const rule = primaryKeyField<FlagContext>(false, (pk) =>
          fc.ctx.store.objects("dashboards").some((d) => d.id === pk && d.teamId === fc.team.id),
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
  ["bucketing_identifier", choiceField(true, choices("distinct_id", "device_id"), true)],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
  ["_should_create_usage_dashboard", booleanField(false)],
];

/**
 * The fields PostHog 2025-08-04's FeatureFlagSerializer lacks (posthog/api/feature_flag.py there): like any unknown
 * key, DRF drops them unread (measured on that backend: a create with `archived: true` and `bucketing_identifier`
 * answers 201 without either).
 */
const LACKING_20250804 = new Set(["archived", "bucketing_identifier", "evaluation_contexts", "_should_create_usage_dashboard"]);

/** The writable fields of the version the server plays. */
function fieldsOf(ctx: ApiContext): SerializerFields<FlagContext> {
  return ctx.services.version === "2025-08-04" ? FIELDS.filter(([name]) => !LACKING_20250804.has(name)) : FIELDS;
}

/** Write-only fields: validated, never stored or answered. */
const WRITE_ONLY = new Set(["creation_context", "_create_in_folder", "_should_create_usage_dashboard", "evaluation_contexts"]);

const DEFAULTS: JsonObject = {
  name: "",
  filters: {},
  active: true,
  ensure_experience_continuity: false,
  rollback_conditions: null,
  performed_rollback: null,
  tags: [],
  archived: false,
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
 * others come from the database in jsonb's order (state/jsonb.ts). `asStored`: encrypted payloads as stored (the
 * create's answer: FeatureFlagSerializer.create returns the instance it saved, and only retrieve, list and update
 * decrypt them; the local server knows personal API keys only, to which PostHog decrypts).
 */
export function serializeFlag(ctx: ApiContext, flag: StoredObject, asSent: ReadonlySet<string> = new Set(), asStored = false): JsonObject {
  const full = fullFlag(ctx, flag, asSent);
  if (!asStored && full.has_encrypted_payloads === true && isJsonObject(full.filters)) {
    const payloads = full.filters.payloads;
    // PostHog 2025-08-04 reads `filters["payloads"]` of an encrypted flag without a default: a KeyError.
    if (payloads === undefined && ctx.services.version === "2025-08-04") throw serverError();
    full.filters.payloads = isJsonObject(payloads) ? mapPayloads(payloads, decryptPayload) : {};
  }
  return ctx.services.version === "2025-08-04" ? serializeFlag20250804(full) : full;
}

/**
 * Encrypted payloads (products/feature_flags/backend/encrypted_flag_payloads.py, formerly
 * posthog/helpers/encrypted_flag_payloads.py): PostHog encrypts each payload's JSON text with Fernet. The local server
 * stands in with a token of Fernet's look (`gAAAAA…`) that only it opens: what matters is that the text is not stored
 * or answered as it was sent. Payloads are JSON text by then (./filters.ts); a token that does not open cannot be
 * decrypted (InvalidToken, 500).
 */
const TOKEN_PREFIX = "gAAAAA";
/** REDACTED_PAYLOAD_VALUE: what PostHog answers other authentications, and takes back as "keep the stored payload". */
export const REDACTED_PAYLOAD = '"********* (encrypted)"';

function encryptPayload(value: Json): Json {
  return TOKEN_PREFIX + Buffer.from(pyStr(value), "utf8").toString("base64url");
}

function decryptPayload(value: Json): Json {
  if (typeof value !== "string" || !value.startsWith(TOKEN_PREFIX)) throw serverError();
  return Buffer.from(value.slice(TOKEN_PREFIX.length), "base64url").toString("utf8");
}

function mapPayloads(payloads: JsonObject, each: (value: Json) => Json): JsonObject {
  return Object.fromEntries(Object.entries(payloads).map(([key, value]) => [key, each(value)]));
}

/** encrypt_flag_payloads: the payloads of a flag saved with `has_encrypted_payloads`, encrypted in place. */
function encryptPayloads(filters: Json | undefined): void {
  if (isJsonObject(filters) && isJsonObject(filters.payloads)) filters.payloads = mapPayloads(filters.payloads, encryptPayload);
}

/**
 * FeatureFlagSerializer.update's encrypted payloads. Today's PostHog resolves `has_encrypted_payloads` against the
 * flag: a payload sent is encrypted; none, or the redacted placeholder, keeps the stored one (400 when there is none),
 * as does the stored token itself (filters validation puts the placeholder in its place, so a PATCH without `groups`,
 * which keeps the stored filters, encrypts nothing twice); turning encryption off drops the stored token. PostHog 2025-08-04 looks at the request only: with
 * `has_encrypted_payloads: true` sent, a placeholder "true" payload keeps the stored one and any other is encrypted
 * (a KeyError, 500, without `filters.payloads.true`); without it, payloads are stored as sent, in plain text, and the
 * flag's next answer fails to decrypt them (500).
 */
function updateEncryptedPayloads(ctx: ApiContext, attrs: JsonObject, flag: StoredObject): void {
  const stored = isJsonObject(flag.fields.filters) && isJsonObject(flag.fields.filters.payloads) ? flag.fields.filters.payloads : {};
  const filters = isJsonObject(attrs.filters) ? attrs.filters : undefined;
  if (ctx.services.version === "2025-08-04") {
    if (attrs.has_encrypted_payloads !== true) return;
    const sent = filters && isJsonObject(filters.payloads) ? filters.payloads : undefined;
    if (!sent || !("true" in sent)) throw serverError();
    if (sent.true === REDACTED_PAYLOAD) sent.true = stored.true ?? null;
    else encryptPayloads(filters);
    return;
  }
  const effective = "has_encrypted_payloads" in attrs ? attrs.has_encrypted_payloads : (flag.fields.has_encrypted_payloads ?? false);
  if (effective === true) {
    const payloads = filters && isJsonObject(filters.payloads) ? filters.payloads : undefined;
    const fresh = payloads?.true;
    if (!fresh || fresh === REDACTED_PAYLOAD || fresh === stored.true) {
      if (!filters) return;
      if (!stored.true) throw validationError("An encrypted payload is required when has_encrypted_payloads is true.");
      filters.payloads = { ...(payloads ?? {}), true: stored.true };
    } else encryptPayloads(filters);
  } else if (flag.fields.has_encrypted_payloads === true) {
    // Turned off: the stored token is dropped, and so is a placeholder sent back.
    const kept = cloneJson(filters ?? flag.fields.filters ?? {}) as JsonObject;
    const payloads = isJsonObject(kept.payloads) ? kept.payloads : {};
    if (!filters || !payloads.true || payloads.true === REDACTED_PAYLOAD) delete payloads.true;
    kept.payloads = payloads;
    attrs.filters = kept;
  }
}

function fullFlag(ctx: ApiContext, flag: StoredObject, asSent: ReadonlySet<string>): JsonObject {
  const f = flag.fields;
  return {
    id: flag.id,
    name: f.name ?? "",
    key: f.key ?? "",
    filters: filtersOut(ctx, flag, asSent.has("filters")),
    deleted: flag.deleted,
    active: f.active ?? true,
    archived: f.archived ?? false,
    created_by: userBasic(ctx.store, flag.createdBy),
    created_at: isoFromMicros(flag.createdAtMicros),
    updated_at: isoFromMicros(flag.updatedAtMicros),
    version: f.version ?? 1,
    last_modified_by: userBasic(ctx.store, typeof f.last_modified_by === "number" ? f.last_modified_by : flag.createdBy),
    ensure_experience_continuity: f.ensure_experience_continuity ?? false,
    experiment_set: [],
    experiment_set_metadata: [],
    surveys: [],
    features: [],
    rollback_conditions: asSent.has("rollback_conditions")
      ? cloneJson(f.rollback_conditions ?? null)
      : jsonbOrder(f.rollback_conditions ?? null),
    performed_rollback: f.performed_rollback ?? null,
    can_edit: true,
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
    is_used_in_replay_settings: false,
    // Appended by the serializer mixins' to_representation, last: evaluation contexts are answered empty unless the
    // organization has the flag-evaluation-tags feature (the local server models one without it), then tags.
    evaluation_contexts: [],
    tags: cloneJson(f.tags ?? []),
  };
}

/**
 * PostHog 2025-08-04's FeatureFlagSerializer, in its Meta.fields order (tags last, appended by the mixin): no
 * `archived`, `updated_at`, `bucketing_identifier`, `evaluation_contexts`, `last_called_at`, `experiment_set_metadata`
 * or `is_used_in_replay_settings`, and `is_simple_flag` and `rollout_percentage` (get_is_simple_flag: one condition
 * set without properties, not on groups), which today's PostHog dropped.
 */
const FIELDS_20250804_ORDER = [
  "id",
  "name",
  "key",
  "filters",
  "deleted",
  "active",
  "created_by",
  "created_at",
  "version",
  "last_modified_by",
  "is_simple_flag",
  "rollout_percentage",
  "ensure_experience_continuity",
  "experiment_set",
  "surveys",
  "features",
  "rollback_conditions",
  "performed_rollback",
  "can_edit",
  "usage_dashboard",
  "analytics_dashboards",
  "has_enriched_analytics",
  "user_access_level",
  "is_remote_configuration",
  "has_encrypted_payloads",
  "status",
  "evaluation_runtime",
  "tags",
];

function serializeFlag20250804(full: JsonObject): JsonObject {
  const filters = isJsonObject(full.filters) ? full.filters : {};
  const groups = Array.isArray(filters.groups) ? filters.groups.filter(isJsonObject) : [];
  const simple =
    groups.length === 1 &&
    !(Array.isArray(groups[0]!.properties) && groups[0]!.properties.length > 0) &&
    (filters.aggregation_group_type_index ?? null) === null;
  const record: JsonObject = {
    ...full,
    is_simple_flag: simple,
    rollout_percentage: simple ? (groups[0]!.rollout_percentage ?? null) : null,
  };
  return Object.fromEntries(FIELDS_20250804_ORDER.map((name) => [name, record[name] ?? null]));
}

function storable(attrs: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(attrs)) if (!WRITE_ONLY.has(k) && k !== "deleted" && k !== "version") out[k] = v;
  if (Array.isArray(out.tags)) out.tags = tagify(out.tags.map(pyStr));
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

/** The targeting flags of the project's surveys, which the flag list leaves out. */
function surveyFlagIds(ctx: ApiContext, team: StoredProject): Set<number> {
  const ids = new Set<number>();
  for (const s of ctx.store.objects("surveys").filter((x) => x.teamId === team.id)) {
    for (const k of ["targeting_flag_id", "internal_targeting_flag_id"]) {
      const id = s.fields[k];
      if (typeof id === "number") ids.add(id);
    }
  }
  return ids;
}

function list(ctx: ApiContext, team: StoredProject) {
  const q = ctx.req;
  const hidden = surveyFlagIds(ctx, team);
  let flags = flagsOf(ctx, team).filter((f) => !f.deleted && !hidden.has(f.id));
  const search = q.param("search");
  if (search !== undefined) {
    const s = search.toLowerCase();
    flags = flags.filter((f) => pyStr(f.fields.key).toLowerCase().includes(s) || icontains(f.fields.name, s));
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
  // exclude_archived_unless_requested: archived flags are listed only when `archived` is asked about.
  const archived = q.param("archived");
  if (archived === undefined) flags = flags.filter((f) => f.fields.archived !== true);
  else flags = flags.filter((f) => (f.fields.archived === true) === (archived === "true"));
  flags.sort(newestFirst);
  return pageAnswer(ctx, flags, (f) => serializeFlag(ctx, f));
}

/**
 * `_free_key_held_by_soft_deleted_flags`: soft-deleted flags holding the key are deleted for good. In 2025-08-04 the
 * create's plain delete of them is refused while an experiment names one (Experiment.feature_flag is
 * `on_delete=RESTRICT`, posthog/models/experiment.py), which its soft delete's rename to `<key>:deleted:<id>` avoids.
 */
function freeKey(ctx: ApiContext, team: StoredProject, key: string, except: number | null): void {
  const held = flagsOf(ctx, team).filter((f) => f.deleted && f.fields.key === key && f.id !== except);
  const restricted = (flag: StoredObject) => ctx.store.objects("experiments").some((e) => e.fields.feature_flag_id === flag.id);
  if (ctx.services.version === "2025-08-04" && held.some(restricted))
    throw validationError(
      "Feature flag with this key already exists and is used in an experiment. Please delete the experiment before deleting the flag.",
    );
  for (const old of held) ctx.store.removeObject("featureFlags", old.id);
}

/**
 * FeatureFlagSerializer.validate (after the field validators): evaluation contexts, device bucketing against
 * experience continuity, encrypted payloads only on remote configuration flags, archived flags disabled.
 */
function validateFlag(ctx: ApiContext, body: unknown, attrs: JsonObject, instance: StoredObject | null): void {
  // PostHog 2025-08-04 has no evaluation contexts, device bucketing or archiving: nothing of theirs to check.
  const lacking = ctx.services.version === "2025-08-04";
  const raw = isJsonObject(body) && !lacking ? (body.evaluation_contexts ?? null) : null;
  if (raw !== null) {
    if (!Array.isArray(raw) || raw.length > 50) throw validationError("evaluation_contexts must be a list of at most 50 items.");
    if (raw.some((item) => typeof item !== "string" || item.length > 255)) throw validationError("Invalid evaluation context name.");
  }
  const current = (name: string, fallback: Json): Json =>
    name in attrs ? attrs[name] : instance ? (instance.fields[name] ?? fallback) : fallback;
  if (current("bucketing_identifier", null) === "device_id" && current("ensure_experience_continuity", false) === true) {
    const already = instance?.fields.bucketing_identifier === "device_id" && instance.fields.ensure_experience_continuity === true;
    if (!already)
      throw validationError(
        "Cannot enable 'persist across authentication steps' when using device ID bucketing. These features are incompatible.",
      );
  }
  if (current("has_encrypted_payloads", false) === true && current("is_remote_configuration", false) !== true) {
    throw validationError("Encrypted payloads require the flag to be a remote configuration.");
  }
  if (current("archived", false) === true && current("active", true) === true) {
    throw validationError(
      attrs.archived === true
        ? "Cannot archive an enabled feature flag. Disable it first, or send active: false in the same request."
        : "Cannot enable an archived feature flag. Unarchive it first.",
    );
  }
}

function create(ctx: ApiContext, team: StoredProject) {
  const body = ctx.req.body();
  const flag = createFlag(ctx, team, body, ctx.req.method);
  return json(201, serializeFlag(ctx, flag, new Set(isJsonObject(body) ? Object.keys(body) : []), true));
}

/**
 * FeatureFlagSerializer(data=...).is_valid(raise_exception=True) then save(): the request's own create, and the
 * flags surveys and experiments create (products/surveys/backend/api/survey.py `_create_or_update_targeting_flag`,
 * the experiment serializer's create), whose errors are answered as the flag's (attr `filters`, `key`).
 */
export function createFlag(ctx: ApiContext, team: StoredProject, body: unknown, method = "POST"): StoredObject {
  const fc: FlagContext = { ctx, team, instance: null, body, method };
  const attrs = validateBody(body, fieldsOf(ctx), fc, ["key"], false);
  validateFlag(ctx, body, attrs, null);
  const key = pyStr(attrs.key);
  const fields: JsonObject = { ...DEFAULTS, ...storable(attrs), version: 1, last_modified_by: ctx.user.id };
  // Remote configuration flags are served to everyone: no condition set, or one at 0% or none, becomes 100%.
  if (attrs.is_remote_configuration === true) {
    const filters = isJsonObject(fields.filters) ? fields.filters : {};
    const groups = Array.isArray(filters.groups) ? filters.groups.filter(isJsonObject) : [];
    if (groups.length === 0) filters.groups = [{ properties: [], rollout_percentage: 100, variant: null }];
    for (const g of groups)
      if (g.rollout_percentage === 0 || g.rollout_percentage === null || g.rollout_percentage === undefined) g.rollout_percentage = 100;
    fields.filters = filters;
  }
  if (fields.has_encrypted_payloads === true) encryptPayloads(fields.filters);
  freeKey(ctx, team, key, null);
  const flag = ctx.store.addObject("featureFlags", team.id, ctx.user.id, fields);
  if (attrs._should_create_usage_dashboard !== false) fields.usage_dashboard = createUsageDashboard(ctx, team, key);
  flag.deleted = attrs.deleted === true;
  return flag;
}

/** FeatureFlagSerializer(flag, data={"filters": ...}, partial=True) with the request method set to PATCH. */
export function updateFlagFilters(ctx: ApiContext, team: StoredProject, flag: StoredObject, filters: JsonObject): void {
  const body = { filters };
  const fc: FlagContext = { ctx, team, instance: flag, body, method: "PATCH" };
  const attrs = validateBody(body, fieldsOf(ctx), fc, ["key"], true);
  Object.assign(flag.fields, storable(attrs));
  flag.fields.version = (typeof flag.fields.version === "number" ? flag.fields.version : 0) + 1;
  flag.updatedAtMicros = nowMicros();
  ctx.store.changed();
}

/** `find_dependent_flags`: live, active flags of the team whose conditions name this flag's id, by key. */
function dependents(ctx: ApiContext, flag: StoredObject): StoredObject[] {
  return ctx.store
    .objects("featureFlags")
    .filter((f) => f.teamId === flag.teamId && f.id !== flag.id && !f.deleted && f.fields.active !== false)
    .filter((f) => flagDependencies(f.fields.filters ?? {}).includes(String(flag.id)))
    .sort((a, b) => (pyStr(a.fields.key) < pyStr(b.fields.key) ? -1 : 1));
}

/** `raise_if_flag_has_dependents`: "delete" or "disable" is refused while active flags depend on the flag. */
function refuseIfDependents(ctx: ApiContext, flag: StoredObject, action: "delete" | "disable"): void {
  const deps = dependents(ctx, flag);
  if (deps.length === 0) return;
  let names = deps
    .slice(0, 5)
    .map((f) => `${pyStr(f.fields.key)} (ID: ${f.id})`)
    .join(", ");
  if (deps.length > 5) names += `, and ${deps.length - 5} more`;
  throw validationError(
    `Cannot ${action} this feature flag because other flags depend on it: ${names}. Please update or disable the dependent flags first.`,
  );
}

/** `_find_disabled_dependencies`: the disabled flags this flag's conditions name. */
function refuseIfDisabledDependencies(ctx: ApiContext, flag: StoredObject): void {
  const ids = new Set(flagDependencies(flag.fields.filters ?? {}));
  const disabled = ctx.store
    .objects("featureFlags")
    .filter((f) => f.teamId === flag.teamId && !f.deleted && ids.has(String(f.id)) && f.fields.active === false)
    .sort((a, b) => (pyStr(a.fields.key) < pyStr(b.fields.key) ? -1 : 1));
  if (disabled.length === 0) return;
  const names = disabled.slice(0, 5).map((f) => `${pyStr(f.fields.key)} (ID: ${f.id})`);
  if (disabled.length > 5) names.push(`and ${disabled.length - 5} more`);
  throw validationError(
    `Cannot enable this feature flag because it depends on disabled flags: ${names.join(", ")}. Please enable the dependency flags first.`,
  );
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const flag = findInProject(ctx.store, "featureFlags", team, id);
  const fc: FlagContext = { ctx, team, instance: flag, body: ctx.req.body(), method: ctx.req.method };
  const attrs = validateBody(ctx.req.body(), fieldsOf(ctx), fc, ["key"], partial);
  validateFlag(ctx, ctx.req.body(), attrs, flag);
  if (attrs.deleted === true && featuresOf(ctx, flag.id).length > 0)
    throw validationError(
      "Cannot delete a feature flag that is in use with early access features. Please delete the early access feature before deleting the flag.",
    );
  if (attrs.deleted === true) refuseIfExperiments(ctx, flag);
  if (attrs.deleted === true) refuseIfDependents(ctx, flag, "delete");
  const wasActive = flag.fields.active !== false;
  if (attrs.active === false && wasActive) refuseIfDependents(ctx, flag, "disable");
  if (attrs.active === true && !wasActive) refuseIfDisabledDependencies(ctx, flag);
  const deleted = typeof attrs.deleted === "boolean" ? attrs.deleted : flag.deleted;
  // 2025-08-04 frees the key of a flag whose experiments are all deleted by renaming it on its soft delete
  // (FeatureFlagSerializer.update, posthog/api/feature_flag.py); today's frees keys on create and rename instead.
  if (attrs.deleted === true && ctx.services.version === "2025-08-04" && experimentsOf(ctx, flag).length > 0)
    attrs.key = `${pyStr(flag.fields.key)}:deleted:${flag.id}`;
  if (typeof attrs.key === "string" && attrs.key !== flag.fields.key && !deleted) freeKey(ctx, team, attrs.key, flag.id);
  updateEncryptedPayloads(ctx, attrs, flag);
  Object.assign(flag.fields, storable(attrs));
  flag.deleted = deleted;
  flag.fields.version = (typeof flag.fields.version === "number" ? flag.fields.version : 0) + 1;
  flag.fields.last_modified_by = ctx.user.id;
  return updatedAnswer(ctx, flag, () => serializeFlag(ctx, flag, new Set(Object.keys(attrs))));
}

/**
 * A flag its experiments still use is not deleted (FeatureFlagSerializer.update, posthog/api/feature_flag.py): PostHog
 * 2025-08-04 refuses while any experiment on it is not deleted; today's only while one is running (started, not
 * stopped: `is_running`), as a draft or stopped experiment may keep its flag for its results.
 */
function refuseIfExperiments(ctx: ApiContext, flag: StoredObject): void {
  const live = experimentsOf(ctx, flag).filter((e) => !e.deleted);
  if (ctx.services.version === "2025-08-04") {
    if (live.length > 0)
      throw validationError(
        `Cannot delete a feature flag that is linked to active experiment(s) with ID(s): ${live.map((e) => e.id).join(", ")}. Please delete the experiment(s) before deleting the flag.`,
      );
    return;
  }
  const running = live.filter((e) => typeof e.fields.start_date === "number" && typeof e.fields.end_date !== "number");
  if (running.length > 0)
    throw validationError(
      `Cannot delete a feature flag that is linked to running experiment(s): ${running.map((e) => `"${String(e.fields.name)}" (ID: ${e.id})`).join(", ")}. Please stop the experiment(s) before deleting the flag.`,
    );
}

/** The experiments on a flag, deleted ones included (`flag.experiment_set`). */
function experimentsOf(ctx: ApiContext, flag: StoredObject): StoredObject[] {
  return ctx.store.objects("experiments").filter((e) => e.fields.feature_flag_id === flag.id);
}

/** The early access features releasing a flag (`flag.features`: FeatureFlag's reverse relation). */
export function featuresOf(ctx: ApiContext, flagId: number): StoredObject[] {
  return ctx.store.objects("earlyAccessFeatures").filter((f) => f.fields.feature_flag_id === flagId);
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

/**
 * MinimalFeatureFlagSerializer (products/feature_flags/backend/api/feature_flag.py): the flag a survey or an
 * experiment shows. `evaluation_tags` is today's; PostHog 2025-08-04 has none.
 */
export function minimalFlag(ctx: ApiContext, flag: StoredObject): JsonObject {
  const out: JsonObject = {
    id: flag.id,
    team_id: flag.teamId,
    name: flag.fields.name ?? "",
    key: flag.fields.key ?? "",
    filters: filtersOut(ctx, flag, false),
    deleted: flag.deleted,
    active: flag.fields.active ?? true,
    ensure_experience_continuity: flag.fields.ensure_experience_continuity ?? false,
    has_encrypted_payloads: flag.fields.has_encrypted_payloads ?? false,
    version: flag.fields.version ?? 1,
    evaluation_runtime: flag.fields.evaluation_runtime ?? "all",
  };
  if (ctx.services.version === "current") out.evaluation_tags = [];
  return out;
}
