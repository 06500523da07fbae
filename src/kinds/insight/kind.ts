/**
 * Insight, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/insights/`), soft-deleted
 * (`PATCH {"deleted": true}`: InsightViewSet is a ForbidDestroyModel, posthog/api/insight.py; its tiles go with it),
 * identified as `<projectId>/<id>`. Its field table is src/kinds/insight/fields.ts; it is placed on dashboards
 * through its own `dashboards`, as PostHog does.
 */
import { dashboards, insights } from "../../client";
import { idField, type ResourceDeclaration } from "../../kit/declaration";
import { ANY } from "../../kit/property";
import { PROJECT_SCOPED_ID_FORMS, projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-state";
import { INSIGHT_TOKEN, INSIGHT_TYPE } from "../../kit/tokens";
import { insightFields } from "./fields";
import { isUsageDashboard } from "../dashboard/kind";
import { InsightProvider } from "./lifecycle";
import type { InsightRecord } from "./state";

export const insightDeclaration: ResourceDeclaration<"project", InsightRecord> = {
  name: "Insight",
  token: INSIGHT_TOKEN,
  dynamicType: INSIGHT_TYPE,
  noun: "insight",
  scope: "project",
  identity: { output: "insightId", forms: PROJECT_SCOPED_ID_FORMS },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({ get: insights.getInsight, update: insights.updateInsight, remove: insights.deleteInsight }),
  schema: () => ({
    description:
      "A PostHog insight: a saved query (trends, funnels, retention, paths, stickiness, lifecycle, HogQL, …), on the dashboards it names. Declared fields are managed; deleted as PostHog deletes insights (marked deleted, its tiles with it); one deleted by hand is created again.",
    inputs: tableInputs(insightFields, "insight"),
    outputs: tableOutputs(insightFields, "insight", {
      insightId: { type: "integer", description: "Numeric id of the insight in PostHog." },
      shortId: { type: "string", description: "The insight's short id, as in its URL (`/insights/<shortId>`)." },
    }),
    required: ["insightId", "projectId", "shortId"],
  }),
  lookups: {
    plural: "Insights",
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
      name: { type: "string" },
      description: { type: "string" },
      query: { type: "object", additionalProperties: ANY },
      dashboards: { type: "array", items: { type: "integer" } },
      tags: { type: "array", items: { type: "string" } },
      favorited: { type: "boolean" },
    },
  },
  lifecycle: () => new InsightProvider(),
  // InsightViewSet lists with InsightSerializer (posthog/api/insight.py): the list has every field, no GET each. The
  // tiles' layouts live on the dashboards and are left to PostHog (not declared).
  importer: projectScopedImport(insightFields, {
    // Not the insights PostHog puts on flags' usage dashboards: the dashboards' list, as the dashboards read it.
    list: async (http, projectId, read) => {
      const usage = new Set((await read(dashboards.listDashboards)).filter(isUsageDashboard).map((d) => d.id));
      return (await insights.listInsights(http, projectId)).filter(
        (insight) => !(insight.dashboards.length > 0 && insight.dashboards.every((id) => usage.has(id))),
      );
    },
    // The Insight model's defaults (posthog/models/insight.py).
    defaults: { description: "", tags: [], favorited: false, dashboards: [] },
    references: [idField("dashboards", "Dashboard")],
    // Unsaved insights are PostHog's drafts, not configuration.
    skip: (insight) => (insight.saved === false ? "unsaved (saved: false): a draft PostHog keeps, not configuration" : undefined),
    label: (insight) => insight.name ?? insight.short_id ?? `insight ${insight.id}`,
  }),
};
