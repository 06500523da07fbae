/**
 * Experiments, `/api/projects/:project_id/experiments/` (EnterpriseExperimentsViewSet and ExperimentSerializer of
 * today's PostHog, products/experiments/backend/presentation/serializers.py and experiments.py, with the rules in
 * products/experiments/backend/experiment_service.py; PostHog 2025-08-04 had them in ee/clickhouse/views/experiments.py):
 *
 * - `name` and `feature_flag_key` are required. A live flag of the project with that key is used when it has at
 *   least two variants, one of them `control`; otherwise a flag is created through the flag serializer (its errors
 *   are the flag's: `key`, `filters`), named "Feature Flag for Experiment <name>", with `parameters`'
 *   `feature_flag_variants` (default control/test 50/50) and `rollout_percentage`, active only when the experiment
 *   is created launched (`start_date`).
 * - `parameters.feature_flag_variants`: fewer than 21, one keyed `control`; a draft's variants are written to its
 *   flag on update, a launched experiment's cannot change. `start_date` launches (the flag is turned on),
 *   `end_date` stops; the end must follow the start. The flag key and `type` cannot be changed after create.
 * - Soft delete by `PATCH {"deleted": true}` (ForbidDestroyModel: DELETE is 405); deleted experiments are 404
 *   everywhere. The list is newest first, LimitOffsetPagination (100), with `status`, `created_by_id`, `search`,
 *   and non-archived only unless `archived=true` is given.
 *
 * - `holdout_id` names a holdout (holdouts.ts; any project's, as PostHog's PrimaryKeyRelatedField queries them all):
 *   its groups go to the flag PostHog creates, and to a draft's flag on update (`holdoutForFlag`: `holdout_groups` in
 *   2025-08-04, `holdout` today); a launched
 *   experiment's holdout cannot change. `saved_metrics_ids` (write-only) are `{id, metadata: {type}}`, each id a saved
 *   metric (saved-metrics.ts), counted with the metrics against the limit; they replace the experiment's links, which
 *   are answered as `saved_metrics` (ExperimentToSavedMetricSerializer; a link without metadata fails as
 *   `metadata` "This field may not be null.", measured on 2025-08-04).
 *
 * - `exposure_criteria`: `filterTestAccounts` a boolean, `exposure_config` an event's exposure (`event`, `properties`)
 *   or, today only, an action's (`kind: "ActionsNode"`, `id`); today's PostHog filters test accounts unless told
 *   otherwise on create, 2025-08-04 stores what it is given.
 *
 * - Today only: metrics naming events the project never ingested (no event definition) are refused unless the same
 *   request sends `allow_unknown_events: true` (write-only, never answered; 2025-08-04 drops it and checks no names);
 *   the `pause` and `resume` actions turn a running experiment's flag off and on (answered `status: "paused"` while
 *   off); 2025-08-04 has no such actions (404) and answers no `status`.
 *
 * Not modelled: metric contents (stored as sent), exposure cohorts, web experiments' variants.
 */
import { notFound, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  type FieldRule,
  invalid,
  jsonField,
  nullableDateTimeField,
  primaryKeyField,
} from "../drf/fields";
import { pyStr, pyTruthy } from "../drf/py";
import { holdoutForFlag, holdoutOf, holdoutRoutes, serializeHoldout } from "./holdouts";
import { savedMetric, savedMetricRoutes } from "./saved-metrics";
import { createFlag, minimalFlag, updateFlagFilters } from "../feature-flags/routes";
import { eventDefinitions } from "../taxonomy/model";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const METRIC_LIMIT = 10;
const DEFAULT_VARIANTS: JsonObject[] = [
  { key: "control", name: "Control Group", rollout_percentage: 50 },
  { key: "test", name: "Test Variant", rollout_percentage: 50 },
];

function variantsOf(parameters: Json | undefined): JsonObject[] {
  return isJsonObject(parameters) && Array.isArray(parameters.feature_flag_variants)
    ? parameters.feature_flag_variants.filter(isJsonObject)
    : [];
}

/** The variants of a flag's `multivariate`. */
function flagVariants(flag: StoredObject): JsonObject[] {
  const f = flag.fields.filters;
  return isJsonObject(f) && isJsonObject(f.multivariate) && Array.isArray(f.multivariate.variants)
    ? f.multivariate.variants.filter(isJsonObject)
    : [];
}

/** `validate_experiment_parameters`; today's ExperimentParametersField first takes `split_percent` for `rollout_percentage`. */
function parseParameters(current: boolean) {
  return (value: Json): Json => {
    if (!isJsonObject(value) || Object.keys(value).length === 0) return value;
    const out = cloneJson(value) as JsonObject;
    if (current && Array.isArray(out.feature_flag_variants)) {
      for (const v of out.feature_flag_variants.filter(isJsonObject)) {
        if ("split_percent" in v) {
          v.rollout_percentage = v.split_percent ?? null;
          delete v.split_percent;
        }
      }
    }
    const variants = Array.isArray(out.feature_flag_variants) ? out.feature_flag_variants : [];
    if (variants.length >= 21) invalid("Feature flag variants must be less than 21");
    if (variants.length > 0 && !variants.some((v) => isJsonObject(v) && v.key === "control"))
      invalid("Feature flag variants must contain a control variant");
    return out;
  };
}

function metricsRule(kind: "primary" | "secondary"): FieldRule<unknown> {
  return jsonField(true, (v) => {
    if (Array.isArray(v) && v.length > METRIC_LIMIT) invalid(`You can only have up to ${METRIC_LIMIT} ${kind} metrics`);
    return v;
  });
}

/**
 * Whether an `exposure_config` passes PostHog's pydantic model (posthog/schema.py, `extra="forbid"`):
 * ExperimentEventExposureConfig (`event` a string, `properties` a list, `kind` its own name, nothing else), or today
 * also an ActionsNode (`kind: "ActionsNode"`, an integer `id`; its other fields are not checked here).
 */
function validExposureConfig(config: Json | undefined, current: boolean): boolean {
  if (!isJsonObject(config)) return false;
  if (current && config.kind === "ActionsNode") return typeof config.id === "number" && Number.isInteger(config.id);
  const known = ["event", "kind", "properties", "response", "version"];
  return (
    typeof config.event === "string" &&
    Array.isArray(config.properties) &&
    (config.kind === undefined || config.kind === "ExperimentEventExposureConfig") &&
    Object.keys(config).every((k) => known.includes(k))
  );
}

/**
 * `validate_exposure_criteria` (ExperimentService.validate_experiment_exposure_criteria today): filterTestAccounts a
 * boolean, exposure_config a valid model ("Invalid exposure criteria"); other keys are stored as sent.
 */
function exposureRule(current: boolean) {
  return jsonField<unknown>(true, (v) => {
    if (!isJsonObject(v) || Object.keys(v).length === 0) return v;
    if ("filterTestAccounts" in v && typeof v.filterTestAccounts !== "boolean") invalid("filterTestAccounts must be a boolean");
    if ("exposure_config" in v && !validExposureConfig(v.exposure_config, current)) invalid("Invalid exposure criteria");
    return v;
  });
}

/** ExperimentSerializer's writable fields, in Meta.fields order (`current` adds today's). */
/** `validate_saved_metrics_ids`: objects with an id, metadata an object with a type, every id a saved metric. */
function validateSavedMetricsIds(v: Json, ctx: ApiContext): Json {
  if (!Array.isArray(v)) return invalid("Saved metrics must be a list");
  for (const link of v) {
    if (!isJsonObject(link)) invalid("Saved metric must be an object");
    else {
      if (!("id" in link)) invalid("Saved metric must have an id");
      if ("metadata" in link && !isJsonObject(link.metadata)) invalid("Metadata must be an object");
      if (isJsonObject(link.metadata) && !("type" in link.metadata)) invalid("Metadata must have a type key");
    }
  }
  // `filter(id__in=…).count() != len(value)`: an unknown id, or one named twice.
  const ids = new Set(v.map((link) => (isJsonObject(link) ? link.id : null)));
  const found = [...ids].filter((id) => savedMetric(ctx, id ?? undefined) !== undefined).length;
  if (found !== v.length) invalid("Saved metric does not exist");
  return v;
}

/** `_extract_entity_nodes`: the events the metrics' EventsNodes name (a blank name is all events, none). */
function metricEvents(metrics: Json | undefined): Set<string> {
  const events = new Set<string>();
  for (const metric of Array.isArray(metrics) ? metrics.filter(isJsonObject) : []) {
    const nodes: Json[] = [];
    const type = metric.metric_type;
    if (type === "mean" && pyTruthy(metric.source ?? null)) nodes.push(metric.source ?? null);
    if (type === "funnel" && Array.isArray(metric.series)) nodes.push(...metric.series);
    if (type === "ratio") nodes.push(...[metric.numerator ?? null, metric.denominator ?? null].filter((n) => pyTruthy(n)));
    if (type === "retention") nodes.push(...[metric.start_event ?? null, metric.completion_event ?? null].filter((n) => pyTruthy(n)));
    for (const node of nodes.filter(isJsonObject))
      if (node.kind === "EventsNode" && typeof node.event === "string" && node.event.trim() !== "") events.add(node.event);
  }
  return events;
}

/**
 * Today's `validate_metric_event_names` (ExperimentService, products/experiments/backend/experiment_service.py): the
 * events the metrics name must have been ingested by the project (its event definitions), unless the request allows
 * unknown events. PostHog 2025-08-04 checks no event names.
 */
function checkMetricEvents(ctx: ApiContext, team: StoredProject, attrs: JsonObject): void {
  if (ctx.services.version !== "current" || attrs.allow_unknown_events === true) return;
  const known = new Set(eventDefinitions(ctx.store, team.id).map((d) => d.fields.name));
  for (const field of ["metrics", "metrics_secondary"]) {
    if (!(field in attrs)) continue;
    const unknown = [...metricEvents(attrs[field])].filter((event) => !known.has(event)).sort();
    if (unknown.length > 0)
      throw validationError(
        `Event(s) ${unknown.map((event) => `'${event}'`).join(", ")} not found. No events with these names have been ingested by this project. If you meant a different event, please correct it. Only if the user has explicitly confirmed they want to proceed with the unknown event (e.g. they will instrument it shortly), call again with allow_unknown_events=True. Do not flip the flag silently to bypass this check.`,
      );
  }
}

/** `validate`: the saved metrics count with the metrics of their type. */
function checkMetricTotals(attrs: JsonObject): void {
  const links = Array.isArray(attrs.saved_metrics_ids) ? attrs.saved_metrics_ids.filter(isJsonObject) : [];
  if (links.length === 0) return;
  const typed = (type: string) => links.filter((l) => isJsonObject(l.metadata) && l.metadata.type === type).length;
  const count = (v: Json | undefined) => (Array.isArray(v) ? v.length : 0);
  if (count(attrs.metrics) + typed("primary") > METRIC_LIMIT)
    throw validationError(`You can only have up to ${METRIC_LIMIT} primary metrics (including shared metrics)`);
  if (count(attrs.metrics_secondary) + typed("secondary") > METRIC_LIMIT)
    throw validationError(`You can only have up to ${METRIC_LIMIT} secondary metrics (including shared metrics)`);
}

/** An experiment's links to saved metrics as stored (ExperimentToSavedMetricSerializer each: metadata not null). */
function savedLinks(links: Json | undefined): Json[] {
  const list = Array.isArray(links) ? links.filter(isJsonObject) : [];
  if (list.some((l) => !isJsonObject(l.metadata))) throw validationError("This field may not be null.", "metadata", "null");
  return list.map((l) => ({ saved_metric: l.id ?? null, metadata: cloneJson(l.metadata ?? {}), created_at: nowMicros() }));
}

function fields(current: boolean): SerializerFields<ApiContext> {
  const all: Array<readonly [string, FieldRule<ApiContext>, boolean]> = [
    ["name", charField({ maxLength: 400, nullable: false, allowBlank: false }), false],
    ["description", charField({ maxLength: current ? 3000 : 400, nullable: true, allowBlank: true }), false],
    ["start_date", nullableDateTimeField, false],
    ["end_date", nullableDateTimeField, false],
    ["feature_flag_key", charField({ nullable: false, allowBlank: false }), false],
    // PrimaryKeyRelatedField(queryset=ExperimentHoldout.objects.all()).
    ["holdout_id", primaryKeyField<ApiContext>(true, (pk, ctx) => holdoutOf(ctx, pk) !== null), false],
    ["parameters", jsonField(true, parseParameters(current)), false],
    ["secondary_metrics", jsonField(true), false],
    ["saved_metrics_ids", jsonField<ApiContext>(true, validateSavedMetricsIds), false],
    ["filters", jsonField(false), false],
    ["archived", booleanField(false), false],
    ["deleted", booleanField(true), false],
    ["type", choiceField(true, (s) => (s === "web" || s === "product" ? s : undefined), true), false],
    ["exposure_criteria", exposureRule(current), false],
    ["metrics", metricsRule("primary"), false],
    ["metrics_secondary", metricsRule("secondary"), false],
    ["stats_config", jsonField(true), false],
    ["scheduling_config", jsonField(true), true],
    ["allow_unknown_events", booleanField(false), true],
    ["_create_in_folder", charField({ nullable: false, allowBlank: true }), false],
    [
      "conclusion",
      choiceField(true, (s) => (["won", "lost", "inconclusive", "stopped_early", "invalid"].includes(s) ? s : undefined)),
      false,
    ],
    ["conclusion_comment", charField({ nullable: true, allowBlank: true }), false],
    ["primary_metrics_ordered_uuids", jsonField(true), true],
    ["secondary_metrics_ordered_uuids", jsonField(true), true],
    ["only_count_matured_users", booleanField(true), true],
    ["update_feature_flag_params", booleanField(false), true],
  ];
  return all.filter(([, , today]) => current || !today).map(([name, rule]) => [name, rule] as const);
}

const WRITE_ONLY = new Set([
  "allow_unknown_events",
  "_create_in_folder",
  "update_feature_flag_params",
  "feature_flag_key",
  "saved_metrics_ids",
]);

function flagOf(ctx: ApiContext, e: StoredObject): StoredObject | null {
  const id = e.fields.feature_flag_id;
  return typeof id === "number" ? (ctx.store.object("featureFlags", id) ?? null) : null;
}

const date = (v: Json | undefined) => (typeof v === "number" ? isoFromMicros(v) : null);

/** `get_status`: draft until launched, paused while launched with the flag off, stopped once ended. */
function status(ctx: ApiContext, e: StoredObject): string {
  if (typeof e.fields.end_date === "number") return "stopped";
  if (typeof e.fields.start_date !== "number") return "draft";
  return flagOf(ctx, e)?.fields.active === false ? "paused" : "running";
}

export function serializeExperiment(ctx: ApiContext, e: StoredObject): JsonObject {
  const f = e.fields;
  const current = ctx.services.version === "current";
  const flag = flagOf(ctx, e);
  const holdout = holdoutOf(ctx, f.holdout_id);
  const parameters = cloneJson(f.parameters ?? {});
  // ExperimentParametersField.to_representation: each variant also shows its split_percent.
  if (current) for (const v of variantsOf(parameters)) if ("rollout_percentage" in v) v.split_percent = v.rollout_percentage ?? null;
  const out: JsonObject = {
    id: e.id,
    name: f.name ?? "",
    description: f.description ?? null,
    start_date: date(f.start_date),
    end_date: date(f.end_date),
    feature_flag_key: flag ? (flag.fields.key ?? null) : null,
    feature_flag: flag ? minimalFlag(ctx, flag) : null,
    holdout: holdout ? serializeHoldout(ctx, holdout) : null,
    holdout_id: holdout ? holdout.id : null,
    exposure_cohort: null,
    parameters,
    secondary_metrics: cloneJson(f.secondary_metrics ?? []),
    saved_metrics: savedMetricLinks(ctx, e),
    saved_metrics_ids: null,
    filters: cloneJson(f.filters ?? {}),
    archived: f.archived ?? false,
    deleted: e.deleted,
    created_by: userBasic(ctx.store, e.createdBy),
    created_at: isoFromMicros(e.createdAtMicros),
    updated_at: isoFromMicros(e.updatedAtMicros),
    type: f.type ?? "product",
    exposure_criteria: cloneJson(f.exposure_criteria ?? {}),
    metrics: cloneJson(f.metrics ?? []),
    metrics_secondary: cloneJson(f.metrics_secondary ?? []),
    stats_config: cloneJson(f.stats_config ?? {}),
  };
  if (current) out.scheduling_config = cloneJson(f.scheduling_config ?? null);
  out.conclusion = f.conclusion ?? null;
  out.conclusion_comment = f.conclusion_comment ?? null;
  if (current) {
    out.primary_metrics_ordered_uuids = cloneJson(f.primary_metrics_ordered_uuids ?? null);
    out.secondary_metrics_ordered_uuids = cloneJson(f.secondary_metrics_ordered_uuids ?? null);
    out.only_count_matured_users = f.only_count_matured_users ?? false;
    out.status = status(ctx, e);
    out.user_access_level = "manager";
  }
  return out;
}

/** ExperimentToSavedMetricSerializer of each link: the metric's query and name beside it. */
function savedMetricLinks(ctx: ApiContext, e: StoredObject): JsonObject[] {
  const links = Array.isArray(e.fields.saved_metrics) ? e.fields.saved_metrics.filter(isJsonObject) : [];
  return links.flatMap((link, i) => {
    const metric = savedMetric(ctx, link.saved_metric);
    if (!metric) return [];
    return [
      {
        id: e.id * 1000 + i + 1,
        experiment: e.id,
        saved_metric: metric.id,
        metadata: cloneJson(link.metadata ?? {}),
        created_at: typeof link.created_at === "number" ? isoFromMicros(link.created_at) : null,
        query: cloneJson(metric.fields.query ?? {}),
        name: metric.fields.name ?? "",
      },
    ];
  });
}

/** `_validate_existing_flag` (today) / `validate_existing_feature_flag_for_experiment` (2025-08-04). */
function checkExistingFlag(ctx: ApiContext, flag: StoredObject): void {
  const keys = flagVariants(flag).map((v) => v.key);
  if (ctx.services.version === "current") {
    if (keys.length < 2) throw validationError("Feature flag must have at least 2 variants (control and at least one test variant)");
    if (!keys.includes("control")) throw validationError("Feature flag must have a variant with key 'control'");
    return;
  }
  if (keys.length > 1) {
    if (keys[0] !== "control") throw validationError("Feature flag must have control as the first variant.");
    return;
  }
  throw validationError("Feature flag is not eligible for experiments.");
}

/** ExperimentSerializer.validate: the date range. */
function checkDates(attrs: JsonObject): void {
  const start = attrs.start_date;
  const end = attrs.end_date;
  if (typeof start === "number" && typeof end === "number" && start >= end) throw validationError("End date must be after start date");
}

function storable(attrs: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(attrs)) if (!WRITE_ONLY.has(k) && k !== "deleted") out[k] = v;
  return out;
}

function create(ctx: ApiContext, team: StoredProject) {
  const current = ctx.services.version === "current";
  const attrs = validateBody(ctx.req.body(), fields(current), ctx, ["name", "feature_flag_key"], false);
  checkDates(attrs);
  checkMetricTotals(attrs);
  checkMetricEvents(ctx, team, attrs);
  const links = savedLinks(attrs.saved_metrics_ids);
  const holdout = holdoutOf(ctx, attrs.holdout_id);
  const key = pyStr(attrs.feature_flag_key);
  const draft = typeof attrs.start_date !== "number";
  const params = isJsonObject(attrs.parameters) ? attrs.parameters : {};
  let flag = ctx.store.objects("featureFlags").find((f) => f.teamId === team.id && !f.deleted && f.fields.key === key);
  if (flag) checkExistingFlag(ctx, flag);
  else {
    const variants = variantsOf(params);
    const data: JsonObject = {
      key,
      name: `Feature Flag for Experiment ${pyStr(attrs.name)}`,
      filters: {
        groups: [{ properties: [], rollout_percentage: current ? (params.rollout_percentage ?? 100) : 100 }],
        multivariate: { variants: variants.length > 0 ? variants : cloneJson(DEFAULT_VARIANTS) },
        aggregation_group_type_index: params.aggregation_group_type_index ?? null,
        ...holdoutForFlag(ctx, holdout ? { id: holdout.id, filters: holdout.fields.filters ?? null } : null),
      },
      active: !draft,
      creation_context: "experiments",
    };
    if (params.ensure_experience_continuity !== undefined && params.ensure_experience_continuity !== null)
      data.ensure_experience_continuity = params.ensure_experience_continuity;
    flag = createFlag(ctx, team, data);
  }
  const stats = isJsonObject(attrs.stats_config) ? { ...attrs.stats_config } : {};
  stats.method ||= "bayesian";
  const exposure: JsonObject = isJsonObject(attrs.exposure_criteria) ? { ...attrs.exposure_criteria } : {};
  // Today's _apply_exposure_criteria_defaults: test accounts are filtered unless said otherwise.
  if (current && (exposure.filterTestAccounts === undefined || exposure.filterTestAccounts === null)) exposure.filterTestAccounts = true;
  const stored: JsonObject = {
    type: "product",
    parameters: {},
    filters: {},
    ...storable(attrs),
    description: attrs.description ?? (current ? "" : null),
    feature_flag_id: flag.id,
    stats_config: stats,
    exposure_criteria: exposure,
  };
  const e = ctx.store.addObject("experiments", team.id, ctx.user.id, stored);
  e.deleted = attrs.deleted === true;
  e.fields.saved_metrics = links;
  return json(201, serializeExperiment(ctx, e));
}

/** Deleted experiments are left out of every action (`safely_get_queryset`). */
function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const e = ctx.store.object("experiments", id);
  if (!e || e.teamId !== team.id || e.deleted) throw notFound();
  return e;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const e = find(ctx, team, id);
  const flag = flagOf(ctx, e);
  const attrs = validateBody(ctx.req.body(), fields(ctx.services.version === "current"), ctx, ["name", "feature_flag_key"], partial);
  checkDates(attrs);
  checkMetricTotals(attrs);
  checkMetricEvents(ctx, team, attrs);
  // "We replace all saved metrics on update to avoid issues with partial updates."
  if ("saved_metrics_ids" in attrs) e.fields.saved_metrics = savedLinks(attrs.saved_metrics_ids);
  // ExperimentSerializer.update's expected keys (type and the flag key are fixed at create).
  const allowed = new Set([
    "name",
    "description",
    "start_date",
    "end_date",
    "filters",
    "parameters",
    "archived",
    "deleted",
    "secondary_metrics",
    "holdout_id",
    "exposure_criteria",
    "metrics",
    "metrics_secondary",
    "stats_config",
    "conclusion",
    "conclusion_comment",
    "saved_metrics_ids",
    "allow_unknown_events",
    "update_feature_flag_params",
    "scheduling_config",
    "primary_metrics_ordered_uuids",
    "secondary_metrics_ordered_uuids",
    "only_count_matured_users",
  ]);
  const extra = Object.keys(attrs)
    .filter((k) => !allowed.has(k) && !(k === "feature_flag_key" && attrs[k] === flag?.fields.key))
    // The serializer's source name of feature_flag_key.
    .map((k) => (k === "feature_flag_key" ? "get_feature_flag_key" : k))
    .sort();
  if (extra.length > 0) throw validationError(`Can't update keys: ${extra.join(", ")} on Experiment`);
  const draft = typeof e.fields.start_date !== "number";
  const newVariants = isJsonObject(attrs.parameters) && "feature_flag_variants" in attrs.parameters ? variantsOf(attrs.parameters) : null;
  if (!draft && newVariants && flag) {
    const old = flagVariants(flag);
    if (newVariants.length !== old.length || newVariants.some((v) => old.filter((o) => o.key === v.key).length !== 1))
      throw validationError("Can't update feature_flag_variants on Experiment");
  }
  if (!draft && "holdout_id" in attrs && (attrs.holdout_id ?? null) !== (e.fields.holdout_id ?? null))
    throw validationError("Can't update holdout on running Experiment");
  if (isJsonObject(attrs.filters) && Array.isArray(attrs.filters.properties) && attrs.filters.properties.length > 0)
    throw validationError("Experiments do not support global filter properties");
  const holdoutKeys = (): JsonObject => {
    const holdout = holdoutOf(ctx, "holdout_id" in attrs ? attrs.holdout_id : e.fields.holdout_id);
    return holdoutForFlag(ctx, holdout ? { id: holdout.id, filters: holdout.fields.filters ?? null } : null);
  };
  if (draft && flag && isJsonObject(attrs.parameters) && Object.keys(attrs.parameters).length > 0) {
    const filters = isJsonObject(flag.fields.filters) ? (cloneJson(flag.fields.filters) as JsonObject) : {};
    filters.groups = Array.isArray(filters.groups) ? filters.groups : [];
    filters.multivariate = { variants: newVariants && newVariants.length > 0 ? newVariants : cloneJson(DEFAULT_VARIANTS) };
    filters.aggregation_group_type_index = attrs.parameters.aggregation_group_type_index ?? null;
    updateFlagFilters(ctx, team, flag, { ...filters, ...holdoutKeys() });
  } else if (draft && flag && "holdout_id" in attrs) {
    // No parameters: just the holdout's groups.
    updateFlagFilters(ctx, team, flag, { ...(isJsonObject(flag.fields.filters) ? flag.fields.filters : {}), ...holdoutKeys() });
  }
  if (draft && typeof attrs.start_date === "number" && flag) flag.fields.active = true;
  Object.assign(e.fields, storable(attrs));
  if (typeof attrs.deleted === "boolean") e.deleted = attrs.deleted;
  return updatedAnswer(ctx, e, () => serializeExperiment(ctx, e));
}

function list(ctx: ApiContext, team: StoredProject) {
  let rows = ctx.store.objects("experiments").filter((e) => e.teamId === team.id && !e.deleted);
  const wanted = ctx.req.param("status")?.toLowerCase();
  if (wanted === "draft") rows = rows.filter((e) => typeof e.fields.start_date !== "number");
  if (wanted === "running") rows = rows.filter((e) => typeof e.fields.start_date === "number" && typeof e.fields.end_date !== "number");
  if (wanted === "complete" || wanted === "stopped") rows = rows.filter((e) => typeof e.fields.end_date === "number");
  const createdBy = ctx.req.param("created_by_id");
  if (createdBy) rows = rows.filter((e) => String(e.createdBy) === createdBy);
  const search = ctx.req.param("search");
  if (search) rows = rows.filter((e) => icontains(e.fields.name, search));
  // `archived=true` lists the archived ones; anything else, or nothing, the others: today as in 2025-08-04
  // (safely_get_queryset, ee/clickhouse/views/experiments.py).
  const archived = ctx.req.param("archived")?.toLowerCase() === "true";
  rows = rows.filter((e) => (e.fields.archived === true) === archived);
  rows.sort(newestFirst);
  return pageAnswer(ctx, rows, (e) => serializeExperiment(ctx, e));
}

/**
 * Today's `pause` and `resume` actions (ExperimentService.pause_experiment and resume_experiment): a running
 * experiment's flag turned off, or on again; PostHog 2025-08-04 has neither.
 */
function setPaused(ctx: ApiContext, team: StoredProject, id: number, paused: boolean) {
  const e = find(ctx, team, id);
  if (typeof e.fields.start_date !== "number") throw validationError("Experiment has not been launched yet.");
  if (typeof e.fields.end_date === "number") throw validationError("Experiment has already ended.");
  const flag = flagOf(ctx, e);
  if (!flag) throw validationError("Experiment does not have a feature flag linked.");
  const active = flag.fields.active !== false;
  if (paused && !active) throw validationError("Experiment is already paused.");
  if (!paused && active) throw validationError("Experiment is not paused.");
  flag.fields.active = !paused;
  ctx.store.changed();
  return json(200, serializeExperiment(ctx, e));
}

export function experimentRoutes(version: "current" | "2025-08-04") {
  return [...experimentViewSetRoutes(version), ...holdoutRoutes(), ...savedMetricRoutes()];
}

function experimentViewSetRoutes(version: "current" | "2025-08-04") {
  return nestedViewSetRoutes({
    path: "experiments",
    scopeObject: "experiment",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeExperiment(ctx, find(ctx, team, id))),
    update,
    ...(version === "current" && {
      detailActions: {
        pause: (ctx, team, id) => setPaused(ctx, team, id, true),
        resume: (ctx, team, id) => setPaused(ctx, team, id, false),
      },
    }),
  });
}
