/** DashboardTemplate's example: a team's weekly review, one trend and a note, for new dashboards of the project. */
import type { KindExample } from "../../kit/example";

export const dashboardTemplateExample: KindExample = {
  name: "monday-review",
  inputs: {
    templateName: "Weekly review",
    dashboardDescription: "What the team looks at every Monday",
    tiles: [
      {
        type: "INSIGHT",
        name: "Weekly active users",
        query: {
          kind: "InsightVizNode",
          source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview", math: "dau" }], interval: "week" },
        },
        layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } },
      },
      { type: "TEXT", body: "Read the numbers with last week's release notes.", layouts: { sm: { x: 6, y: 0, w: 6, h: 5 } } },
    ],
    tags: ["weekly"],
  },
};
