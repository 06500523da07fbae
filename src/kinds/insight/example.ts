/** Insight's example: page views, on the Dashboard example. */
import { type KindExample, ref } from "../../kit/example";

export const insightExample: KindExample = {
  name: "views",
  inputs: {
    name: "Page views",
    dashboards: [ref("Dashboard", "dashboardId")],
    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } },
  },
};
