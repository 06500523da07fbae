/**
 * Insight, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/insights/`), soft-deleted
 * (`PATCH {"deleted": true}`: InsightViewSet is a ForbidDestroyModel, posthog/api/insight.py; its tiles go with it),
 * identified as `<projectId>/<id>`. Its field table is ./fields.ts, its query checked as PostHog's QuerySchemaParser
 * checks it, before anything is sent; it is placed on dashboards through its own `dashboards`, as PostHog does. Its
 * tiles' layouts live on the dashboards: read from each dashboard it is on, written through each dashboard's `tiles`
 * (DashboardSerializer._update_tiles, products/dashboards/backend/api/dashboard.py). Nothing about an insight is
 * unique, so a create whose answer was lost is never resent blindly: the error says how to find and adopt the twin.
 */
import type { Transport } from "../../client";
import { defineKind } from "../../kit/define-kind";
import type { InScope } from "../../kit/field-model";
import { idField } from "../../kit/kind";
import type { Failure, Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import * as dashboards from "../dashboard/endpoints";
import { isUsageDashboard } from "../dashboard/kind";
import * as insights from "./endpoints";
import { insightExample } from "./example";
import { exactSqlOf, insightFields, queryProblems, sqlOf, sqlQuery } from "./fields";
import type { Insight } from "./record";

/**
 * An insight with its tiles' layouts where the program declares them (read from the dashboards it is on), and its
 * query's HogQL statement, which `querySql` is compared with (null for a query of another form).
 */
export type InsightWithLayouts = Insight & { layouts?: Record<string, unknown> | null; query_sql?: string | null };

/** A record as `querySql` reads it: with its query's HogQL statement. */
function withSql<R extends Insight>(record: R): R & { query_sql: string | null } {
  return { ...record, query_sql: sqlOf(record.query) };
}

/** A body as PostHog takes it: `querySql` sent as the query it stands for (PostHog has no such field). */
function sentBody(body: Json): Json {
  const { query_sql: sql, ...rest } = body;
  return typeof sql === "string" ? { ...rest, query: sqlQuery(sql) } : body;
}

/** The layouts of the insight's tiles, one per dashboard it is on. */
async function tileLayouts(
  http: Transport,
  record: InScope<InsightWithLayouts, "project">,
): Promise<Array<{ layouts: Record<string, unknown> }>> {
  const found: Array<{ layouts: Record<string, unknown> }> = [];
  for (const tile of record.dashboard_tiles ?? []) {
    const board = await dashboards.getDashboard(http, record.project_id, tile.dashboard_id);
    const live = (board.tiles ?? []).find((t) => t.id === tile.id);
    if (live) found.push({ layouts: live.layouts ?? {} });
  }
  return found;
}

/**
 * The record with its tiles' layouts: those of the first tile whose layouts differ from the others' (so that one
 * moved by hand shows as drift), else the shared ones; null on no dashboard.
 */
async function withLayouts(
  http: Transport,
  record: InScope<InsightWithLayouts, "project">,
): Promise<InScope<InsightWithLayouts, "project">> {
  const all = await tileLayouts(http, record);
  const first = all[0]?.layouts ?? null;
  const odd = all.find((tile) => JSON.stringify(tile.layouts) !== JSON.stringify(first));
  return { ...record, layouts: odd ? odd.layouts : first };
}

export const {
  kind: insightKind,
  model: insightModel,
  Lifecycle: InsightLifecycle,
} = defineKind({
  name: "Insight",
  noun: "insight",
  summary: "A saved query of a project, on the dashboards it names.",
  description:
    "A PostHog insight: a saved query (trends, funnels, retention, paths, stickiness, lifecycle, HogQL, …), on the dashboards it names. Declared fields are managed; deleted as PostHog deletes insights (marked deleted, its tiles with it); one deleted by hand is created again.",
  example: insightExample,
  scope: "project",
  identity: { output: "insightId", doc: "Numeric id of the insight in PostHog: an Alert's `insight` takes it." },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: (http, projectId, id: number): Promise<InsightWithLayouts> => insights.getInsight(http, projectId, id),
    update: insights.updateInsight,
    remove: insights.deleteInsight,
    // Saved, as PostHog's interface saves the insights it keeps: its "saved insights" list (`?saved=true`,
    // InsightViewSet._filter_request, posthog/api/insight.py) leaves out unsaved insights on no dashboard.
    create: async (http, projectId, body) => withSql(await insights.createInsight(http, projectId, { saved: true, ...sentBody(body) })),
  },
  // InsightViewSet lists with InsightSerializer unless asked for `basic` (posthog/api/insight.py; the 2025-08-04
  // backend's list and GET compared equal).
  listReads: listedPages(insights.insightPages),
  outputs: { shortId: { type: "string", description: "The insight's short id, as in its URL (`/insights/<shortId>`)." } },
  fields: insightFields,
  exampleInput: "query",
  // The outputs every Insight has besides its kind's (its id, its project): short id (its URL) and name (a declared
  // setting adds its live value).
  fixedOutputs: (record) => ({ shortId: record.short_id, name: record.name }),
  outputTypes: {
    shortId: { type: "string", doc: "As in the insight's URL, `/insights/<shortId>`." },
    name: { type: "string | null", doc: "The insight's name (PostHog derives one from the query when it is left out)." },
  },
  types: {
    InsightQuery: {
      type: "{\n  kind: string;\n  [field: string]: unknown;\n}",
      doc: "A node of PostHog's query schema (posthog/schema.py): its `kind` and the node's own fields.",
    },
  },
  moreFailures(inputs, _known, failed) {
    const failures: Failure[] = [];
    if (inputs["layouts"] !== undefined && inputs["dashboards"] === undefined)
      failures.push({
        property: "layouts",
        reason: "layouts needs dashboards: they are the positions of the insight's tiles on its dashboards",
      });
    const query = inputs["query"];
    if (query !== undefined && inputs["querySql"] !== undefined)
      failures.push({
        property: "querySql",
        reason:
          "querySql and query are both declared: querySql stands for a query (a DataVisualizationNode over its HogQL), so declare one of them",
      });
    if (query === undefined || isUnknown(query) || failed("query") || containsUnknown(query)) return failures;
    return [...failures, ...queryProblems(query).map((reason): Failure => ({ property: "query", reason }))];
  },
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature.
  lookups: {
    list: (http, projectId, query) => insights.listInsights(http, projectId, query),
    uniqueBy: {
      input: "shortId",
      spec: { type: "string", description: "The insight's short id (as in its URL)." },
      find: insights.findInsightByShortId,
    },
    // InsightViewSet's own filters (`_filter_request`, posthog/api/insight.py).
    filters: {
      search: {
        spec: { type: "string", description: "Part of the name, description or tags (case-insensitive), as PostHog's search." },
        query: (v) => ["search", String(v)],
      },
      favorited: {
        // PostHog's `favorited` parameter keeps favorited insights whatever its value: matched here.
        spec: { type: "boolean", description: "Only favorited (true) or other (false) insights." },
        match: (insight, v) => insight["favorited"] === v,
      },
      dashboardId: {
        spec: { type: "integer", description: "Only the insights on this dashboard." },
        match: (insight, v) => Array.isArray(insight["dashboards"]) && insight["dashboards"].includes(v),
      },
    },
    outputs: {
      shortId: { type: "string" },
      name: { type: "string", nullable: true },
      description: { type: "string", nullable: true },
      query: { type: "object", additionalProperties: ANY, nullable: true },
      dashboards: { type: "array", items: { type: "integer" } },
      tags: { type: "array", items: { type: "string" } },
      favorited: { type: "boolean" },
    },
  },
  // InsightViewSet lists with InsightSerializer (posthog/api/insight.py): the list has every field, no GET each. The
  // tiles' layouts live on the dashboards and are left to PostHog (not declared).
  importer: {
    // Not the insights PostHog puts on flags' usage dashboards: the dashboards' list, as the dashboards read it.
    list: async (_http, _projectId, read) => {
      const usage = new Set((await read(dashboards.listDashboards)).filter(isUsageDashboard).map((d) => d.id));
      // Through `read`: the access controls' importer reads the same list.
      return (await read(insights.listInsights))
        .filter((insight) => !(insight.dashboards.length > 0 && insight.dashboards.every((id) => usage.has(id))))
        .map((insight) => {
          // A query that is exactly what `querySql` stands for is written as its statement; any other as itself.
          const sql = exactSqlOf(insight.query);
          return sql === undefined ? insight : { ...insight, query: null, query_sql: sql };
        });
    },
    // The Insight model's defaults (posthog/models/insight.py).
    defaults: { description: "", tags: [], favorited: false, dashboards: [] },
    references: [idField("dashboards", "Dashboard")],
    // Unsaved insights are PostHog's drafts, not configuration.
    skip: (insight) => (insight.saved === false ? "unsaved (saved: false): a draft PostHog keeps, not configuration" : undefined),
    label: (insight) => insight.name ?? insight.short_id ?? `insight ${insight.id}`,
  },
  lostCreate: (sent) => `among the project's insights (name ${JSON.stringify(sent["name"] ?? null)})`,
  hooks: {
    /** An adopted insight with its query's statement, which `querySql` is compared with before anything is written. */
    async adopted(projectId, inputs) {
      const found = await this.kit.adopted(projectId, inputs);
      return found && withSql(found);
    },
    async complete(read, declared) {
      const record = withSql(read);
      return this.kit.complete(declared.includes("layouts") ? await withLayouts(this.http(), record) : record, declared);
    },
    /** `layouts` goes to the insight's tiles, through each dashboard, after the insight's own PATCH (which may move it). */
    async write(projectId, id, declaredBody, declared) {
      const body = sentBody(declaredBody);
      const { layouts, ...rest } = body;
      if (layouts === undefined) return this.kit.write(projectId, id, body, declared);
      const http = this.http();
      const record = {
        ...(Object.keys(rest).length > 0
          ? await insights.updateInsight(http, projectId, id as number, rest)
          : await insights.getInsight(http, projectId, id as number)),
        project_id: projectId,
      };
      for (const tile of record.dashboard_tiles ?? [])
        await dashboards.updateDashboard(http, projectId, tile.dashboard_id, { tiles: [{ id: tile.id, layouts }] });
      return this.kit.complete(declared.includes("layouts") ? await withLayouts(http, record) : record, declared);
    },
  },
});

/** A query with a value not known yet (an Output inside it, in a preview) is checked once it is known. */
function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
