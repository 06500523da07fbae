/**
 * Insight, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/insights/`), soft-deleted
 * (`PATCH {"deleted": true}`: InsightViewSet is a ForbidDestroyModel, posthog/api/insight.py; its tiles go with it),
 * identified as `<projectId>/<id>`. Its field table is src/schema/insight-fields.ts; it is placed on dashboards
 * through its own `dashboards`, as PostHog does.
 */
import { insights } from "../client";
import type { ResourceDeclaration } from "../kit/declaration";
import { PROJECT_SCOPED_ID_FORMS, projectScopedApi, tableInputs, tableOutputs } from "../kit/field-state";
import { INSIGHT_TOKEN, INSIGHT_TYPE } from "../kit/tokens";
import { insightFields } from "../schema/insight-fields";
import { InsightProvider } from "./insight-provider";
import type { InsightRecord } from "./insight-state";

export const insightDeclaration: ResourceDeclaration<"project", InsightRecord> = {
  name: "Insight",
  token: INSIGHT_TOKEN,
  dynamicType: INSIGHT_TYPE,
  noun: "insight",
  scope: "project",
  identity: { output: "insightId", forms: PROJECT_SCOPED_ID_FORMS },
  deletion: "soft-delete",
  importInputs: ["projectId", "name", "query"],
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
  lookups: [],
  lifecycle: () => new InsightProvider(),
};
