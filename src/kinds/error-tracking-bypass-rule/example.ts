/** ErrorTrackingBypassRule's example: payment failures are always ingested, whatever the rate limits. */
import type { KindExample } from "../../kit/example";

export const errorTrackingBypassRuleExample: KindExample = {
  name: "payment-errors",
  inputs: {
    filters: {
      type: "AND",
      values: [{ type: "AND", values: [{ key: "$exception_types", type: "event", value: ["PaymentError"], operator: "exact" }] }],
    },
  },
};
