/** Subscription's example: the page views insight emailed to the growth team every Monday at nine. */
import { type KindExample, ref } from "../../kit/example";

export const subscriptionExample: KindExample = {
  name: "weekly-views-email",
  inputs: {
    title: "Page views every Monday",
    insightId: ref("Insight", "insightId"),
    targetType: "email",
    targetValue: "growth@example.com",
    frequency: "weekly",
    interval: 1,
    byweekday: ["monday"],
    startDate: "2025-01-06T09:00:00Z",
  },
};
