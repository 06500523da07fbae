/** Alert's example: the Insight example watched hourly, its key's user notified; named, as PostHog's list shows it. */
import { currentUser, type KindExample, ref } from "../../kit/example";

export const alertExample: KindExample = {
  name: "spike",
  inputs: {
    name: "Page views spike",
    insight: ref("Insight", "insightId"),
    subscribedUsers: [currentUser()],
    threshold: { configuration: { type: "absolute", bounds: { upper: 1000 } } },
    calculationInterval: "hourly",
  },
};
