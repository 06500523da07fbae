/** ExperimentSavedMetric's example: the share of users who reach checkout, for any experiment to measure. */
import type { KindExample } from "../../kit/example";

export const experimentSavedMetricExample: KindExample = {
  name: "checkout-conversion",
  inputs: {
    name: "Checkout conversion",
    description: "Users who reach the checkout page.",
    query: {
      kind: "ExperimentMetric",
      metric_type: "funnel",
      series: [{ kind: "EventsNode", event: "checkout started" }],
    },
  },
};
