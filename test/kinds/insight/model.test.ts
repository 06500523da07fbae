/**
 * Insight's field table: the query checked as PostHog's QuerySchemaParser checks it (each failure names the field,
 * where in the query, and PostHog's rule) before anything is sent; PostHog's additions to a query compare equal.
 */
import { insightModel } from "../../../src/kinds/insight/kind";
import { queryProblems } from "../../../src/kinds/insight/fields";
import { UNKNOWN } from "../../../src/provider";

const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
const failures = (inputs: Record<string, unknown>) => insightModel.validate({ projectId: 3, ...inputs });

test.each([
  ["trends", trends],
  [
    "funnels",
    { kind: "InsightVizNode", source: { kind: "FunnelsQuery", series: [{ kind: "EventsNode" }, { kind: "ActionsNode", id: 4 }] } },
  ],
  ["retention", { kind: "InsightVizNode", source: { kind: "RetentionQuery", retentionFilter: {} } }],
  ["paths", { kind: "InsightVizNode", source: { kind: "PathsQuery", pathsFilter: {} } }],
  ["stickiness", { kind: "InsightVizNode", source: { kind: "StickinessQuery", series: [] } }],
  ["lifecycle", { kind: "InsightVizNode", source: { kind: "LifecycleQuery", series: [{ kind: "EventsNode" }] } }],
  ["HogQL", { kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query: "select count() from events" } }],
  ["HogQL alone", { kind: "HogQLQuery", query: "select 1" }],
  ["events table", { kind: "DataTableNode", source: { kind: "EventsQuery", select: ["*"] } }],
])("a %s query passes", (_name, query) => {
  expect(failures({ name: "x", query, dashboards: [1, 2], tags: ["a"], favorited: true, description: "d" })).toEqual([]);
});

test.each([
  [{ kind: "TrendQuery" }, 'query.kind "TrendQuery" is not a query kind PostHog knows'],
  [{ source: {} }, "query.kind is required"],
  [{ kind: "InsightVizNode" }, "query.source is required for InsightVizNode"],
  [{ kind: "InsightVizNode", source: { kind: "HogQLQuery", query: "x" } }, 'query.source.kind "HogQLQuery" is not one of "TrendsQuery"'],
  [{ kind: "InsightVizNode", source: { kind: "TrendsQuery" } }, "query.source.series is required for TrendsQuery"],
  [{ kind: "InsightVizNode", source: { kind: "TrendsQuery", series: {} } }, "query.source.series must be a list of series"],
  [
    { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "Event" }] } },
    'query.source.series[0].kind "Event" is not one of',
  ],
  [{ kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "ActionsNode" }] } }, "query.source.series[0].id is required"],
  [{ kind: "InsightVizNode", source: { kind: "RetentionQuery" } }, "query.source.retentionFilter is required"],
  [{ kind: "DataVisualizationNode", source: { kind: "HogQLQuery", query: 1 } }, "query.source.query must be a HogQL statement"],
  [
    { kind: "DataVisualizationNode", source: { kind: "EventsQuery", select: [] } },
    'query.source.kind "EventsQuery" is not one of "HogQLQuery"',
  ],
  [{ kind: "DataTableNode", source: { kind: "EventsQuery" } }, "query.source.select is required for EventsQuery"],
])("the query %j is refused: %s", (query, reason) => {
  const found = failures({ query });
  expect(found).toHaveLength(1);
  expect(found[0]!.property).toBe("query");
  expect(found[0]!.reason).toContain(reason);
  expect(found[0]!.reason).toContain("QuerySchemaRoot, posthog/schema.py");
});

test.each([
  [{ query: "select 1" }, "query", "must be an object"],
  [{ name: "n".repeat(401) }, "name", "at most 400 characters"],
  [{ description: 3 }, "description", "must be a string"],
  [{ dashboards: "1" }, "dashboards", "must be a list of dashboard ids"],
  [{ dashboards: [1.5] }, "dashboards", "integers"],
  [{ favorited: "yes" }, "favorited", "must be true or false"],
  [{ tags: "web" }, "tags", "must be a list of strings"],
  [{ querry: trends }, "querry", "Did you mean `query`?"],
  [{ layouts: { sm: { x: 0 } } }, "layouts", "layouts needs dashboards"],
  [{ layouts: { sm: 3 }, dashboards: [1] }, "layouts", "must be a position"],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs);
  expect(found).toHaveLength(1);
  expect(found[0]!.property).toBe(property);
  expect(found[0]!.reason).toContain(reason);
});

test("a query with a value not known yet is checked once it is known", () => {
  expect(failures({ query: { kind: "InsightVizNode", source: UNKNOWN } })).toEqual([]);
  expect(queryProblems({ kind: "Nope" })).toHaveLength(1);
});

test("PostHog's additions to a query (version, defaults) compare equal; a changed or dropped value does not", () => {
  const live = {
    ...trends,
    version: 2,
    source: { ...trends.source, version: 1, interval: "day", series: [{ kind: "EventsNode", event: "$pageview", math: "total" }] },
  };
  expect(insightModel.valuesEqual("query", trends, live)).toBe(true);
  expect(insightModel.valuesEqual("query", trends, { ...live, source: { ...live.source, kind: "StickinessQuery" } })).toBe(false);
  expect(insightModel.valuesEqual("query", trends, { ...live, source: { ...live.source, series: [] } })).toBe(false);
  expect(insightModel.valuesEqual("query", { ...trends, a: null }, live)).toBe(true);
  expect(insightModel.valuesEqual("query", { ...trends, a: 1 }, live)).toBe(false);
});

test("dashboards compare as a set; tags as PostHog stores them", () => {
  expect(insightModel.valuesEqual("dashboards", [2, 1, 2], [1, 2])).toBe(true);
  expect(insightModel.valuesEqual("dashboards", [1], [1, 2])).toBe(false);
  expect(insightModel.valuesEqual("tags", ["Web "], ["web"])).toBe(true);
});
