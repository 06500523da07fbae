/** Alert's example: the Insight example watched hourly, its key's user notified. */
import { currentUser, type KindExample, ref } from "../../kit/example";

export const alertExample: KindExample = {
  name: "spike",
  inputs: {
    insight: ref("Insight", "insightId"),
    subscribedUsers: [currentUser()],
    threshold: { configuration: { type: "absolute", bounds: { upper: 1000 } } },
    calculationInterval: "hourly",
  },
};
