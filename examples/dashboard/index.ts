/**
 * A dashboard of insights on the events of a project created in the same program: a text tile, a trends insight of
 * page views and a HogQL insight counting sign-ups side by side under it, and an alert on the trends insight for the program's own user.
 * The dashboard and its insights are one reviewable change: each insight names the dashboard's id.
 *
 *   pulumi config set posthog:organizationId <organization UUID>
 *   pulumi config set --secret posthog:apiKey phx_…   # project:write, dashboard:write, insight:write, alert:write, user:read
 *   pulumi up
 *
 * PostHog computes the insights' results and evaluates the alert itself (its ClickHouse); the program manages their
 * definitions.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const project = new posthog.Project("web", { name: config.get("projectName") ?? "Web app (dashboard)" });

const board = new posthog.Dashboard("traffic", {
  projectId: project.projectId,
  name: "Traffic",
  description: "Page views and sign-ups of the web app",
  pinned: true,
  tags: ["web"],
  textTiles: [{ body: "## Traffic\nPage views per day, and sign-ups this week.", layouts: { sm: { x: 0, y: 0, w: 12, h: 2 } } }],
});

const views = new posthog.Insight("page-views", {
  projectId: project.projectId,
  name: "Page views",
  dashboards: [board.dashboardId],
  layouts: { sm: { x: 0, y: 2, w: 8, h: 5 } },
  query: {
    kind: "InsightVizNode",
    source: {
      kind: "TrendsQuery",
      series: [{ kind: "EventsNode", event: "$pageview", math: "total" }],
      interval: "day",
      dateRange: { date_from: "-30d" },
    },
  },
});

const signups = new posthog.Insight("signups", {
  projectId: project.projectId,
  name: "Sign-ups this week",
  description: "HogQL over the project's events",
  dashboards: [board.dashboardId],
  layouts: { sm: { x: 8, y: 2, w: 4, h: 5 } },
  query: {
    kind: "DataVisualizationNode",
    source: { kind: "HogQLQuery", query: "select count() from events where event = 'signed_up' and timestamp > now() - interval 7 day" },
  },
});

// The program's own user, subscribed to the alert (PostHog before late 2025 does not answer its numeric id).
const me = posthog.getCurrentUserOutput({});

const spike = new posthog.Alert("views-spike", {
  projectId: project.projectId,
  insight: views.insightId,
  name: "Page views above 10k a day",
  subscribedUsers: me.id.apply((id) => (id === null ? [] : [id])),
  threshold: { configuration: { type: "absolute", bounds: { upper: 10000 } } },
  condition: { type: "absolute_value" },
  // Its first series: today's PostHog needs to be told which (validate_alert_config).
  config: { type: "TrendsAlertConfig", series_index: 0 },
  calculationInterval: "daily",
});

export const projectId = project.projectId;
export const dashboardId = board.dashboardId;
export const viewsShortId = views.shortId;
export const signupsInsightId = signups.insightId;
export const alertId = spike.alertId;
