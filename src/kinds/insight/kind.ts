/**
 * Insight, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/insights/`), soft-deleted
 * (`PATCH {"deleted": true}`: InsightViewSet is a ForbidDestroyModel, posthog/api/insight.py; its tiles go with it),
 * identified as `<projectId>/<id>`. Its field table is src/kinds/insight/fields.ts; it is placed on dashboards
 * through its own `dashboards`, as PostHog does.
 */
import { insightExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as dashboards from "../dashboard/endpoints";
import * as insights from "./endpoints";
import { idField, type Kind } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { exactSqlOf, insightFields } from "./fields";
import { isUsageDashboard } from "../dashboard/kind";
import { type InsightRecord, type InsightWithLayouts, insightModel, sentBody, withSql } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

export const insightKind: Kind<"project", InsightRecord> = {
  ...kindNames("Insight"),
  example: insightExample,
  noun: "insight",
  scope: "project",
  identity: { output: "insightId" },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({ get: insights.getInsight, update: insights.updateInsight, remove: insights.deleteInsight }),
  // InsightViewSet lists with InsightSerializer unless asked for `basic` (posthog/api/insight.py; the 2025-08-04
  // backend's list and GET compared equal).
  listReads: listedPages(insights.insightPages),
  schema: () => ({
    description:
      "A PostHog insight: a saved query (trends, funnels, retention, paths, stickiness, lifecycle, HogQL, …), on the dashboards it names. Declared fields are managed; deleted as PostHog deletes insights (marked deleted, its tiles with it); one deleted by hand is created again.",
    inputs: tableInputs(insightFields, "insight"),
    outputs: tableOutputs(insightFields, "insight", {
      insightId: { type: "integer", description: "Numeric id of the insight in PostHog: an Alert's `insight` takes it." },
      shortId: { type: "string", description: "The insight's short id, as in its URL (`/insights/<shortId>`)." },
    }),
    required: ["insightId", "projectId", "shortId"],
  }),
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
  model: insightModel,
  lifecycle: () => new InsightLifecycle(),
  // InsightViewSet lists with InsightSerializer (posthog/api/insight.py): the list has every field, no GET each. The
  // tiles' layouts live on the dashboards and are left to PostHog (not declared).
  importer: projectScopedImport(insightFields, {
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
  }),
};

/**
 * The Insight lifecycle: the kit's field-table lifecycle with its create (a saved insight), and its tiles' layouts,
 * which live on the dashboards: read from each dashboard it is on, written through each dashboard's `tiles`
 * (DashboardSerializer._update_tiles, products/dashboards/backend/api/dashboard.py). Nothing about an insight is
 * unique, so a create whose answer was lost is never resent blindly: the error says how to find and adopt the twin.
 */
export class InsightLifecycle extends FieldTableLifecycle<InsightWithLayouts> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(insightKind, insightModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<InsightRecord> {
    try {
      // Saved, as PostHog's interface saves the insights it keeps: its "saved insights" list (`?saved=true`,
      // InsightViewSet._filter_request, posthog/api/insight.py) leaves out unsaved insights on no dashboard.
      const created = await insights.createInsight(this.http(), projectId, { saved: true, ...sentBody(body) });
      return { ...withSql(created), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The insight may have been created: look for it among the project's insights (name ${JSON.stringify(body["name"] ?? null)}) and adopt it with \`pulumi import posthog:index:Insight <name> ${projectId}/<id>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }

  /** An adopted insight with its query's statement, which `querySql` is compared with before anything is written. */
  protected override async adopted(projectId: number, inputs: Json): Promise<InsightRecord | undefined> {
    const found = await super.adopted(projectId, inputs);
    return found && withSql(found);
  }

  /**
   * The record with its tiles' layouts, when declared: those of the first tile whose layouts differ from the others'
   * (so that one moved by hand shows as drift), else the shared ones; null on no dashboard.
   */
  protected override async complete(read: InsightRecord, declared: readonly string[]): Promise<Placed<InsightRecord>> {
    const record = withSql(read);
    if (!declared.includes("layouts")) return super.complete(record, declared);
    const all = await this.tileLayouts(record);
    const first = all[0]?.layouts ?? null;
    const odd = all.find((tile) => JSON.stringify(tile.layouts) !== JSON.stringify(first));
    return super.complete({ ...record, layouts: odd ? odd.layouts : first }, declared);
  }

  /** `layouts` goes to the insight's tiles, through each dashboard, after the insight's own PATCH (which may move it). */
  protected override async write(
    projectId: number,
    id: number,
    declaredBody: Json,
    declared: readonly string[],
  ): Promise<Placed<InsightRecord>> {
    const body = sentBody(declaredBody);
    const { layouts, ...rest } = body;
    if (layouts === undefined) return super.write(projectId, id, body, declared);
    const record: InsightRecord =
      Object.keys(rest).length > 0
        ? { ...(await insights.updateInsight(this.http(), projectId, id, rest)), project_id: projectId }
        : { ...(await insights.getInsight(this.http(), projectId, id)), project_id: projectId };
    for (const tile of record.dashboard_tiles ?? []) {
      await dashboards.updateDashboard(this.http(), projectId, tile.dashboard_id, { tiles: [{ id: tile.id, layouts }] });
    }
    return this.complete(record, declared);
  }

  private async tileLayouts(record: InsightRecord): Promise<Array<{ layouts: Record<string, unknown> }>> {
    const found: Array<{ layouts: Record<string, unknown> }> = [];
    for (const tile of record.dashboard_tiles ?? []) {
      const board = await dashboards.getDashboard(this.http(), record.project_id, tile.dashboard_id);
      const live = (board.tiles ?? []).find((t) => t.id === tile.id);
      if (live) found.push({ layouts: live.layouts ?? {} });
    }
    return found;
  }
}
