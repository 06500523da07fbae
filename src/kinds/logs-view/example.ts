/** LogsView's example: the checkout service's errors, pinned, with the columns its table shows. */
import type { KindExample } from "../../kit/example";

export const logsViewExample: KindExample = {
  name: "checkout-errors-view",
  inputs: {
    name: "Checkout errors",
    filters: { severityLevels: ["error", "fatal"], serviceNames: ["checkout"] },
    columns: [
      { id: "time", type: "timestamp" },
      { id: "order", type: "custom", name: "Order", expression: "attributes.order_id", width: 160 },
      { id: "message", type: "message" },
    ],
    pinned: true,
  },
};
