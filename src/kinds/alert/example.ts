/** Alert's example: the Insight example watched hourly, its key's user notified; named, as PostHog's list shows it. */
import { currentUser, type KindExample, ref } from "../../kit/example";

export const alertExample: KindExample = {
  name: "spike",
  inputs: {
    name: "Page views spike",
    insight: ref("Insight", "insightId"),
    subscribedUsers: [currentUser()],
    threshold: { configuration: { type: "absolute", bounds: { upper: 1000 } } },
    condition: { type: "absolute_value" },
    // The insight's first series (today's PostHog needs the config, validate_alert_config).
    config: { type: "TrendsAlertConfig", series_index: 0 },
    calculationInterval: "hourly",
  },
};
