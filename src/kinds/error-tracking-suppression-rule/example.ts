/** ErrorTrackingSuppressionRule's example: browsers' harmless ResizeObserver loop errors are dropped. */
import type { KindExample } from "../../kit/example";

export const errorTrackingSuppressionRuleExample: KindExample = {
  name: "resize-observer-noise",
  inputs: {
    filters: {
      type: "AND",
      values: [
        { type: "AND", values: [{ key: "$exception_message", type: "event", value: "ResizeObserver loop", operator: "icontains" }] },
      ],
    },
  },
};
