/**
 * The README's first program, and the one `npm run demo` deploys against the bundled local PostHog server: a project,
 * a feature flag rolled out to a fifth of its users, and a dashboard with an insight of page views.
 *
 *   pulumi config set posthog:organizationId <organization UUID>
 *   pulumi config set --secret posthog:apiKey phx_…   # project:write, feature_flag:write, dashboard:write, insight:write
 *   pulumi up
 */
import * as posthog from "pulumi-posthog";

const web = new posthog.Project("web", { name: "Web app", timezone: "Europe/Amsterdam", anonymizeIps: true });

const checkout = new posthog.FeatureFlag("checkout", {
  projectId: web.projectId,
  key: "new-checkout",
  filters: { groups: [{ properties: [], rollout_percentage: 20 }] },
});

const traffic = new posthog.Dashboard("traffic", { projectId: web.projectId, name: "Web traffic" });
const views = new posthog.Insight("views", {
  projectId: web.projectId,
  name: "Page views",
  dashboards: [traffic.dashboardId],
  query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } },
});

export const projectId = web.projectId;
export const flagId = checkout.flagId;
export const dashboardId = traffic.dashboardId;
export const insightShortId = views.shortId;
/** The `phc_…` key for posthog-js and the server SDKs (secret: `pulumi stack output apiToken --show-secrets`). */
export const apiToken = web.apiToken;
