/**
 * The insight's field table: `name`, `description`, `query`, `dashboards`, `tags` and `favorited` of InsightSerializer
 * (products/product_analytics/backend/api/insight.py in today's PostHog/posthog, posthog/api/insight.py in 2025-08-04).
 * The query is checked as PostHog's QuerySchemaParser checks it (`schema.QuerySchemaRoot.model_validate(query)`; the
 * node classes of posthog/schema.py): its `kind` must be one PostHog knows, and the nodes an insight is made of need
 * their required fields. PostHog stores
 * the query as sent, but answers it through `upgrade()` (posthog/schema_migrations/upgrade.py), which adds `version`
 * and migrates old fields: keys the program does not write compare as PostHog's.
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameJson, sameTags, TAGGING, sameWithin, type ApiTypes } from "../../kit/field-table";
import { canonicalJson, isPlainObject } from "../../kit/json";

const SERIALIZER = "InsightSerializer, products/product_analytics/backend/api/insight.py";
const SCHEMA = "QuerySchemaRoot, posthog/schema.py";

/** QuerySchemaRoot's `kind` tags in today's posthog/schema.py. */
export const QUERY_KINDS = [
  "EventsNode",
  "ActionsNode",
  "PersonsNode",
  "DataWarehouseNode",
  "EventsQuery",
  "SessionsQuery",
  "ActorsQuery",
  "GroupsQuery",
  "InsightActorsQuery",
  "InsightActorsQueryOptions",
  "SessionsTimelineQuery",
  "HogQuery",
  "HogQLQuery",
  "HogQLMetadata",
  "HogQLAutocomplete",
  "SessionAttributionExplorerQuery",
  "RevenueExampleEventsQuery",
  "RevenueExampleDataWarehouseTablesQuery",
  "ErrorTrackingQuery",
  "ErrorTrackingSimilarIssuesQuery",
  "ErrorTrackingBreakdownsQuery",
  "ErrorTrackingIssueCorrelationQuery",
  "ExperimentFunnelsQuery",
  "ExperimentTrendsQuery",
  "ExperimentQuery",
  "ExperimentExposureQuery",
  "DocumentSimilarityQuery",
  "WebOverviewQuery",
  "WebStatsTableQuery",
  "WebExternalClicksTableQuery",
  "WebGoalsQuery",
  "WebVitalsQuery",
  "WebVitalsPathBreakdownQuery",
  "WebPageURLSearchQuery",
  "WebAnalyticsExternalSummaryQuery",
  "RevenueAnalyticsGrossRevenueQuery",
  "RevenueAnalyticsMetricsQuery",
  "RevenueAnalyticsMRRQuery",
  "RevenueAnalyticsOverviewQuery",
  "RevenueAnalyticsTopCustomersQuery",
  "MarketingAnalyticsTableQuery",
  "MarketingAnalyticsAggregatedQuery",
  "NonIntegratedConversionsTableQuery",
  "DataVisualizationNode",
  "DataTableNode",
  "SavedInsightNode",
  "InsightVizNode",
  "TrendsQuery",
  "FunnelsQuery",
  "RetentionQuery",
  "PathsQuery",
  "StickinessQuery",
  "LifecycleQuery",
  "FunnelCorrelationQuery",
  "DatabaseSchemaQuery",
  "LogsQuery",
  "LogAttributesQuery",
  "LogValuesQuery",
  "SuggestedQuestionsQuery",
  "TeamTaxonomyQuery",
  "EventTaxonomyQuery",
  "ActorsPropertyTaxonomyQuery",
  "TracesQuery",
  "TraceQuery",
  "TraceNeighborsQuery",
  "VectorSearchQuery",
  "UsageMetricsQuery",
  "EndpointsUsageOverviewQuery",
  "EndpointsUsageTableQuery",
  "EndpointsUsageTrendsQuery",
  "PropertyValuesQuery",
] as const;

/** InsightVizNode.source: the insight queries (posthog/schema.py). */
export const INSIGHT_SOURCES = [
  "TrendsQuery",
  "FunnelsQuery",
  "RetentionQuery",
  "PathsQuery",
  "StickinessQuery",
  "LifecycleQuery",
  "CalendarHeatmapQuery",
] as const;
/** The series of TrendsQuery, FunnelsQuery, StickinessQuery, LifecycleQuery. */
const SERIES_KINDS = ["EventsNode", "ActionsNode", "DataWarehouseNode"];
const WITH_SERIES = ["TrendsQuery", "FunnelsQuery", "StickinessQuery", "LifecycleQuery", "CalendarHeatmapQuery"];

/** Required fields of the nodes an insight is made of (`Field(...)` in posthog/schema.py). */
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

const list = (kinds: readonly string[]) => kinds.map((k) => `"${k}"`).join(", ");

/** The problems of one node at `at`, whose `kind` must be one of `kinds`. */
function nodeProblems(value: unknown, kinds: readonly string[], at: string): string[] {
  if (!isPlainObject(value)) return [`${at} must be an object with a \`kind\``];
  const kind = value["kind"];
  if (typeof kind !== "string") return [`${at}.kind is required: one of ${kinds.length > 12 ? "PostHog's query kinds" : list(kinds)}`];
  if (!kinds.includes(kind)) {
    const which = kinds.length > 12 ? "a query kind PostHog knows (InsightVizNode, HogQLQuery, DataTableNode, …)" : `one of ${list(kinds)}`;
    return [`${at}.kind "${kind}" is not ${which}`];
  }
  const missing = (REQUIRED[kind] ?? []).filter((field) => value[field] === undefined || value[field] === null);
  if (missing.length > 0) return missing.map((field) => `${at}.${field} is required for ${kind}`);
  if (kind === "InsightVizNode") return nodeProblems(value["source"], INSIGHT_SOURCES, `${at}.source`);
  if (kind === "DataVisualizationNode") return nodeProblems(value["source"], ["HogQLQuery"], `${at}.source`);
  if (kind === "DataTableNode") return nodeProblems(value["source"], QUERY_KINDS, `${at}.source`);
  // HogQLQuery.query is `str` (posthog/schema.py): PostHog stores a blank one (measured on 2025-08-04).
  if (kind === "HogQLQuery" && typeof value["query"] !== "string") return [`${at}.query must be a HogQL statement (a string)`];
  if (WITH_SERIES.includes(kind)) {
    const series = value["series"];
    if (!Array.isArray(series)) return [`${at}.series must be a list of series (EventsNode, ActionsNode, DataWarehouseNode)`];
    return series.flatMap((s, i) => nodeProblems(s, SERIES_KINDS, `${at}.series[${i}]`));
  }
  return [];
}

/**
 * PostHog's rules for a query, each naming where in it and what to do; none for a query PostHog accepts. `kinds` are
 * the nodes the query may be (by default any of QuerySchemaRoot's), `checkedBy` what checks it.
 */
export function queryProblems(
  query: unknown,
  kinds: readonly string[] = QUERY_KINDS,
  checkedBy = `${SCHEMA}, checked by QuerySchemaParser`,
): string[] {
  return nodeProblems(query, kinds, "query").map((problem) => `${problem} (${checkedBy})`);
}

/**
 * The query PostHog's SQL editor saves as an insight for a HogQL statement: its `sourceQuery`, a DataVisualizationNode
 * over a HogQLQuery shown as a line graph, sent whole by "Save as insight" (`saveAsInsightSubmit`,
 * frontend/src/scenes/data-warehouse/editor/multitabEditorLogic.tsx in PostHog/posthog).
 */
export function sqlQuery(sql: string): Record<string, unknown> {
  return { kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query: sql }, display: "ActionsLineGraph" };
}

/**
 * The HogQL statement of a query of that form (a DataVisualizationNode over a HogQLQuery), as PostHog keeps it; null
 * for any other query. How the editor shows it (`display`, `chartSettings`) is not the statement.
 */
export function sqlOf(query: unknown): string | null {
  if (!isPlainObject(query) || query["kind"] !== "DataVisualizationNode") return null;
  const source = query["source"];
  return isPlainObject(source) && source["kind"] === "HogQLQuery" && typeof source["query"] === "string" ? source["query"] : null;
}

/**
 * The statement of a query that is exactly `sqlQuery`'s, apart from the `version` PostHog's `upgrade()` adds to each
 * node (posthog/schema_migrations/upgrade.py); undefined for any other query, whose settings `querySql` would lose.
 */
export function exactSqlOf(query: unknown): string | undefined {
  const sql = sqlOf(query);
  if (sql === null || !isPlainObject(query) || !isPlainObject(query["source"])) return undefined;
  const { version: _, source: __, ...rest } = query;
  const { version: ___, ...sourceRest } = query["source"];
  return canonicalJson({ ...rest, source: sourceRest }) === canonicalJson(sqlQuery(sql)) ? sql : undefined;
}

/** The dashboards an insight is on: their order is not kept (one tile each). */
const sameIds: Equality = (a, b) =>
  sameJson(
    Array.isArray(a) ? [...new Set(a.map(Number))].sort((x, y) => x - y) : (a ?? []),
    Array.isArray(b) ? [...b].sort((x, y) => x - y) : (b ?? []),
  );

const text = (max: number) =>
  z.string({ error: "must be a string" }).max(max, { error: `must be at most ${max} characters (${SERIALIZER})` });

export const insightFields = {
  name: { input: text(400), doc: "The insight's name, at most 400 characters; PostHog derives one from the query when it is left out." },
  description: { input: text(400), doc: "What the insight shows, at most 400 characters." },
  query: {
    type: "InsightQuery",
    input: z.record(z.string(), z.unknown(), { error: "must be an object: a query node with its `kind`" }),
    equal: sameWithin,
    doc: 'PostHog\'s query, as its query editor writes it: `{kind: "InsightVizNode", source: {kind: "TrendsQuery", series: [{kind: "EventsNode", event: "$pageview"}]}}` (TrendsQuery, FunnelsQuery, RetentionQuery, PathsQuery, StickinessQuery, LifecycleQuery), `{kind: "DataVisualizationNode", source: {kind: "HogQLQuery", query: "select …"}}`, `{kind: "DataTableNode", source: {kind: "EventsQuery", select: […]}}`. Keys PostHog adds to its answer (`version`) are not drift.',
  },
  query_sql: {
    arg: "querySql",
    sentAs: "query",
    input: z.string({ error: "must be a HogQL statement (a string)" }),
    doc: 'A HogQL statement, e.g. `fs.readFileSync("revenue.sql", "utf8")`: it stands for the query PostHog\'s SQL editor saves, `{kind: "DataVisualizationNode", source: {kind: "HogQLQuery", query: <the statement>}, display: "ActionsLineGraph"}`. Instead of `query`, not with it. Compared with the live query\'s statement as PostHog keeps it (whitespace included); a live query of another form is drift. How PostHog shows it (chart type, chart settings) is left to PostHog until the statement changes.',
  },
  dashboards: {
    input: z.array(z.number({ error: "must be dashboard ids (numbers)" }).int({ error: "must be dashboard ids (integers)" }).positive(), {
      error: "must be a list of dashboard ids",
    }),
    equal: sameIds,
    doc: "The dashboards the insight is on (a Dashboard's dashboardId, or a number), one tile each; the whole list: a dashboard left out loses the insight's tile.",
  },
  tags: {
    input: z.array(z.string({ error: "must be a list of strings" }), { error: "must be a list of strings" }),
    equal: sameTags,
    planFeature: TAGGING,
    doc: "Tags; PostHog trims and lower-cases them and keeps each once.",
  },
  favorited: { input: z.boolean({ error: "must be true or false" }), doc: "Whether the insight is starred in PostHog's list." },
  layouts: {
    // The layouts follow in a PATCH of each dashboard after the insight is on them (its create places it).
    afterCreate: true,
    type: { input: "Record<string, pulumi.Input<Record<string, unknown>>>", output: "Record<string, Record<string, unknown>>" },
    input: z.record(z.string(), z.record(z.string(), z.unknown(), { error: "must be a position {x, y, w, h}" }), {
      error: "must be an object of positions per breakpoint (sm, xs)",
    }),
    doc: "Where its tile sits on each dashboard it names, per breakpoint: `{sm: {x, y, w, h}}` (a 12-column grid). Written to the tiles through each dashboard's `tiles` (DashboardSerializer._update_tiles); needs `dashboards`.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const insightApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
