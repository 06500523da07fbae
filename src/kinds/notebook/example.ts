/** Notebook's example: a team's weekly review, a heading, a paragraph and the sign-ups trend as a live query. */
import type { KindExample } from "../../kit/example";

export const notebookExample: KindExample = {
  name: "weekly-review",
  inputs: {
    title: "Weekly product review",
    content: {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Weekly product review" }] },
        { type: "paragraph", content: [{ type: "text", text: "Sign-ups by day over the last four weeks, for Monday's review." }] },
        {
          type: "ph-query",
          attrs: {
            query: {
              kind: "InsightVizNode",
              source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "signed_up" }], dateRange: { date_from: "-28d" } },
            },
          },
        },
      ],
    },
    textContent: "Weekly product review\nSign-ups by day over the last four weeks, for Monday's review.",
  },
};
