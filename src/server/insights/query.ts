/**
 * The `query` of an insight, checked as PostHog's `QuerySchemaParser` (posthog/api/insight.py) checks it: before the
 * serializer runs, `schema.QuerySchemaRoot.model_validate(query)` (posthog/schema.py, generated from the frontend's
 * query schema), and a pydantic failure is a 400 `parse_error` whose detail is pydantic's message. A falsy query is
 * not checked.
 *
 * Modelled: the node is a dictionary, its `kind` is one PostHog knows, and the required fields of the nodes an
 * insight is made of (InsightVizNode.source, the series of TrendsQuery/FunnelsQuery/StickinessQuery/LifecycleQuery,
 * RetentionQuery.retentionFilter, PathsQuery.pathsFilter, HogQLQuery.query, DataTableNode/DataVisualizationNode.source,
 * EventsQuery.select, the series' kinds and ActionsNode.id). Pydantic's further checks (every optional field's type)
 * are not: such a query is stored as sent. A series item is an untagged union in PostHog's schema: pydantic reports
 * one error per member ("8 validation errors …"); the local server reports the member the `kind` names (same loc
 * line and message for it, "1 validation error").
 */
import { parseErrorDetail } from "../drf/errors";
import { pyRepr } from "../drf/py";
import type { PostHogVersion } from "../pipeline/version";
import { isJsonObject, type Json, type JsonObject } from "../state/json";

/** The `kind` tags of QuerySchemaRoot, in pydantic's order (PostHog 2025-08-04's list, measured at its backend). */
export const QUERY_KINDS = [
  "EventsNode",
  "ActionsNode",
  "PersonsNode",
  "DataWarehouseNode",
  "EventsQuery",
  "ActorsQuery",
  "GroupsQuery",
  "InsightActorsQuery",
  "InsightActorsQueryOptions",
  "SessionsTimelineQuery",
  "HogQuery",
  "HogQLQuery",
  "HogQLMetadata",
  "HogQLAutocomplete",
  "HogQLASTQuery",
  "SessionAttributionExplorerQuery",
  "RevenueExampleEventsQuery",
  "RevenueExampleDataWarehouseTablesQuery",
  "ErrorTrackingQuery",
  "ExperimentFunnelsQuery",
  "ExperimentTrendsQuery",
  "ExperimentQuery",
  "ExperimentExposureQuery",
  "WebOverviewQuery",
  "WebStatsTableQuery",
  "WebExternalClicksTableQuery",
  "WebGoalsQuery",
  "WebVitalsQuery",
  "WebVitalsPathBreakdownQuery",
  "WebPageURLSearchQuery",
  "WebAnalyticsExternalSummaryQuery",
  "RevenueAnalyticsGrowthRateQuery",
  "RevenueAnalyticsMetricsQuery",
  "RevenueAnalyticsOverviewQuery",
  "RevenueAnalyticsRevenueQuery",
  "RevenueAnalyticsTopCustomersQuery",
  "MarketingAnalyticsTableQuery",
  "DataVisualizationNode",
  "DataTableNode",
  "SavedInsightNode",
  "InsightVizNode",
  "TrendsQuery",
  "CalendarHeatmapQuery",
  "FunnelsQuery",
  "RetentionQuery",
  "PathsQuery",
  "StickinessQuery",
  "LifecycleQuery",
  "FunnelCorrelationQuery",
  "DatabaseSchemaQuery",
  "LogsQuery",
  "SuggestedQuestionsQuery",
  "TeamTaxonomyQuery",
  "EventTaxonomyQuery",
  "ActorsPropertyTaxonomyQuery",
  "TracesQuery",
  "VectorSearchQuery",
];

/** The sources an InsightVizNode takes (InsightVizNode.source in posthog/schema.py). */
const INSIGHT_SOURCES = [
  "TrendsQuery",
  "FunnelsQuery",
  "RetentionQuery",
  "PathsQuery",
  "StickinessQuery",
  "LifecycleQuery",
  "CalendarHeatmapQuery",
];
const SERIES_KINDS = ["EventsNode", "ActionsNode", "DataWarehouseNode"];

/** Required fields per kind, in the schema's field order. */
const REQUIRED: Record<string, readonly string[]> = {
  InsightVizNode: ["source"],
  DataTableNode: ["source"],
  DataVisualizationNode: ["source"],
  TrendsQuery: ["series"],
  FunnelsQuery: ["series"],
  StickinessQuery: ["series"],
  LifecycleQuery: ["series"],
  CalendarHeatmapQuery: ["series"],
  RetentionQuery: ["retentionFilter"],
  PathsQuery: ["pathsFilter"],
  HogQLQuery: ["query"],
  EventsQuery: ["select"],
  ActionsNode: ["id"],
};

const DOCS = "https://errors.pydantic.dev/2.10/v";

class QueryFailure extends Error {
  constructor(
    readonly loc: string,
    readonly text: string,
  ) {
    super(text);
  }
}

const tagsList = (kinds: readonly string[]) => kinds.map((k) => `'${k}'`).join(", ");

function notADict(value: Json, loc: string): never {
  throw new QueryFailure(
    loc,
    `Input should be a valid dictionary or object to extract fields from [type=model_attributes_type, input_value=${pyRepr(value)}, input_type=${pyTypeOf(value)}]\n    For further information visit ${DOCS}/model_attributes_type`,
  );
}

function pyTypeOf(value: Json): string {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "object") return "dict";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "str";
}

/** A tagged union member: the node's `kind` must be one of `kinds`, then its own required fields. */
function node(value: Json, kinds: readonly string[], loc: string): JsonObject {
  if (!isJsonObject(value)) notADict(value, loc);
  const kind = value.kind;
  if (typeof kind !== "string" || !kinds.includes(kind)) {
    if (kind === undefined) {
      throw new QueryFailure(
        loc,
        `Unable to extract tag using discriminator 'kind' [type=union_tag_not_found, input_value=${pyRepr(value)}, input_type=dict]\n    For further information visit ${DOCS}/union_tag_not_found`,
      );
    }
    throw new QueryFailure(
      loc,
      `Input tag '${typeof kind === "string" ? kind : pyRepr(kind)}' found using 'kind' does not match any of the expected tags: ${tagsList(kinds)} [type=union_tag_invalid, input_value=${pyRepr(value)}, input_type=dict]\n    For further information visit ${DOCS}/union_tag_invalid`,
    );
  }
  const here = loc ? `${loc}.${kind}` : kind;
  for (const field of REQUIRED[kind] ?? []) {
    if (!(field in value)) {
      throw new QueryFailure(
        `${here}.${field}`,
        `Field required [type=missing, input_value=${pyRepr(value)}, input_type=dict]\n    For further information visit ${DOCS}/missing`,
      );
    }
  }
  if (kind === "InsightVizNode") node(value.source, INSIGHT_SOURCES, `${here}.source`);
  if (kind === "DataVisualizationNode") node(value.source, ["HogQLQuery"], `${here}.source`);
  if (typeof value.query !== "string" && kind === "HogQLQuery") {
    throw new QueryFailure(
      `${here}.query`,
      `Input should be a valid string [type=string_type, input_value=${pyRepr(value.query)}, input_type=${pyTypeOf(value.query)}]\n    For further information visit ${DOCS}/string_type`,
    );
  }
  if (["TrendsQuery", "FunnelsQuery", "StickinessQuery", "LifecycleQuery"].includes(kind)) {
    const series = value.series;
    if (!Array.isArray(series)) {
      throw new QueryFailure(
        `${here}.series`,
        `Input should be a valid list [type=list_type, input_value=${pyRepr(series)}, input_type=${pyTypeOf(series)}]\n    For further information visit ${DOCS}/list_type`,
      );
    }
    for (const [i, s] of series.entries()) node(s, SERIES_KINDS, `${here}.series.${i}`);
  }
  return value;
}

/** QuerySchemaParser.parse: throws PostHog's 400 parse_error for a query its schema refuses. */
export function checkQuery(query: Json | undefined): void {
  if (query === undefined || query === null || query === false || query === 0 || query === "") return;
  if (isJsonObject(query) && Object.keys(query).length === 0) return;
  if (Array.isArray(query) && query.length === 0) return;
  try {
    node(query, QUERY_KINDS, "");
  } catch (e) {
    if (!(e instanceof QueryFailure)) throw e;
    throw parseErrorDetail(`1 validation error for QuerySchemaRoot\n${e.loc ? `${e.loc}\n` : ""}  ${e.text}`);
  }
}

/**
 * The innermost `source` kind an alert can watch. PostHog 2025-08-04 (are_alerts_supported_for_insight,
 * posthog/models/alert.py): TrendsQuery only. Today's `Insight.alertable_query_kind` (posthog/models/insight.py):
 * TrendsQuery, FunnelsQuery, HogQLQuery and MetricsQuery (as clients of today's API describe it; the model's source was
 * not in reach).
 */
export function alertsSupported(query: Json | undefined, version: PostHogVersion): boolean {
  let q: Json | undefined = query;
  while (isJsonObject(q) && q.source !== undefined && q.source !== null) q = q.source;
  const kinds = version === "2025-08-04" ? ["TrendsQuery"] : ["TrendsQuery", "FunnelsQuery", "HogQLQuery", "MetricsQuery"];
  return isJsonObject(q) && typeof q.kind === "string" && kinds.includes(q.kind);
}
