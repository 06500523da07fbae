/**
 * Experiment saved metrics, `/api/projects/:project_id/experiment_saved_metrics/` (ExperimentSavedMetricViewSet and
 * ExperimentSavedMetricSerializer, ee/clickhouse/views/experiment_saved_metrics.py in PostHog 2025-08-04; today's
 * query rules in products/experiments/backend/experiment_saved_metric_service.py):
 *
 * - `name` (at most 400, not blank) and `query` are required; `description` (at most 400) may be null or blank.
 * - `query.kind`: today only `ExperimentMetric` ("Legacy metric kind '…' is no longer supported for new saved
 *   metrics. Use 'ExperimentMetric' instead." for the legacy kinds), with `metric_type` mean, funnel, ratio or
 *   retention, and a `uuid` added when it has none; 2025-08-04 also takes `ExperimentTrendsQuery` and
 *   `ExperimentFunnelsQuery`, and of `ExperimentMetric` only mean and funnel. The queries' own schemas (pydantic) are
 *   not modelled.
 * - `tags` (TaggedItemSerializerMixin): kept today; the 2025-08-04 server plays the backend it was measured on, whose
 *   organization lacks the `tagging` plan feature, so they are dropped.
 * - DELETE (204) takes the metric off the experiments that use it (ExperimentToSavedMetric cascades).
 * - The list is by name, case-insensitive (`order_by(Lower("name"))`), LimitOffsetPagination (100).
 */
import { randomUUID } from "node:crypto";
import { charField, invalid, jsonField, listField, parseChar } from "../drf/fields";
import { pyStr, pyTruthy } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, tagify, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const LEGACY_KINDS = ["ExperimentTrendsQuery", "ExperimentFunnelsQuery"];

/** `validate_query` of each version. */
function validateQuery(current: boolean) {
  return (value: Json): Json => {
    if (!pyTruthy(value)) invalid("Query is required to create a saved metric");
    const kind = isJsonObject(value) ? value.kind : undefined;
    if (current) {
      if (typeof kind === "string" && LEGACY_KINDS.includes(kind))
        invalid(`Legacy metric kind '${kind}' is no longer supported for new saved metrics. Use 'ExperimentMetric' instead.`);
      if (kind !== "ExperimentMetric") invalid("Metric query kind must be 'ExperimentMetric'");
    } else if (typeof kind !== "string" || !["ExperimentMetric", ...LEGACY_KINDS].includes(kind)) {
      invalid("Metric query kind must be 'ExperimentMetric', 'ExperimentTrendsQuery' or 'ExperimentFunnelsQuery'");
    }
    if (kind === "ExperimentMetric" && isJsonObject(value)) {
      if (!("metric_type" in value)) invalid("ExperimentMetric requires a metric_type");
      const types = current ? ["mean", "funnel", "ratio", "retention"] : ["mean", "funnel"];
      if (!types.includes(pyStr(value.metric_type)))
        invalid(
          current
            ? "ExperimentMetric metric_type must be 'mean', 'funnel', 'ratio' or 'retention'"
            : "ExperimentMetric metric_type must be 'mean' or 'funnel'",
        );
    }
    return value;
  };
}

function fields(current: boolean): SerializerFields<unknown> {
  return [
    ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
    ["description", charField({ maxLength: 400, nullable: true, allowBlank: true })],
    ["query", jsonField(false, validateQuery(current))],
    ["tags", listField<unknown>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: true }, path) })],
  ];
}

export function serializeSavedMetric(ctx: ApiContext, m: StoredObject): JsonObject {
  return {
    id: m.id,
    name: m.fields.name ?? "",
    description: m.fields.description ?? null,
    query: cloneJson(m.fields.query ?? {}),
    created_by: userBasic(ctx.store, m.createdBy),
    created_at: isoFromMicros(m.createdAtMicros),
    updated_at: isoFromMicros(m.updatedAtMicros),
    tags: cloneJson(m.fields.tags ?? []),
  };
}

/** What is stored of a valid body: tags tagified (dropped by 2025-08-04's organization), today's query uuid. */
function stored(ctx: ApiContext, attrs: JsonObject): JsonObject {
  const current = ctx.services.version === "current";
  const { tags, ...rest } = attrs;
  if (current && isJsonObject(rest.query) && !rest.query.uuid) rest.query = { ...rest.query, uuid: randomUUID() };
  if (current && Array.isArray(tags)) rest.tags = tagify(tags.map(pyStr));
  return rest;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), fields(ctx.services.version === "current"), null, ["name", "query"], false);
  const m = ctx.store.addObject("experimentSavedMetrics", team.id, ctx.user.id, { description: null, ...stored(ctx, attrs) });
  return json(201, serializeSavedMetric(ctx, m));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const m = findInProject(ctx.store, "experimentSavedMetrics", team, id);
  const attrs = validateBody(ctx.req.body(), fields(ctx.services.version === "current"), null, ["name", "query"], partial);
  Object.assign(m.fields, stored(ctx, attrs));
  return updatedAnswer(ctx, m, () => serializeSavedMetric(ctx, m));
}

/** The experiments' links to it go with it (ExperimentToSavedMetric, on_delete CASCADE). */
function destroy(ctx: ApiContext, team: StoredProject, id: number) {
  const m = findInProject(ctx.store, "experimentSavedMetrics", team, id);
  for (const e of ctx.store.objects("experiments")) {
    const links = e.fields.saved_metrics;
    if (Array.isArray(links)) e.fields.saved_metrics = links.filter((l) => !(isJsonObject(l) && l.saved_metric === m.id));
  }
  ctx.store.removeObject("experimentSavedMetrics", m.id);
  return noContent();
}

function list(ctx: ApiContext, team: StoredProject) {
  const name = (m: StoredObject) => pyStr(m.fields.name ?? "").toLowerCase();
  const rows = ctx.store
    .objects("experimentSavedMetrics")
    .filter((m) => m.teamId === team.id)
    .sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a.id - b.id));
  return pageAnswer(ctx, rows, (m) => serializeSavedMetric(ctx, m));
}

/** A saved metric by id, or undefined: ExperimentSerializer.validate_saved_metrics_ids looks ids up in every project. */
export function savedMetric(ctx: ApiContext, id: Json | undefined): StoredObject | undefined {
  return ctx.store.objects("experimentSavedMetrics").find((m) => m.id === id);
}

export function savedMetricRoutes() {
  return nestedViewSetRoutes({
    path: "experiment_saved_metrics",
    scopeObject: "experiment",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeSavedMetric(ctx, findInProject(ctx.store, "experimentSavedMetrics", team, id))),
    update,
    destroy,
  });
}
