/** ErrorTrackingSeverityRule's example: a new issue whose exception is a PaymentError is critical. */
import type { KindExample } from "../../kit/example";

export const errorTrackingSeverityRuleExample: KindExample = {
  name: "payment-errors-critical",
  inputs: {
    filters: {
      type: "AND",
      values: [{ type: "AND", values: [{ key: "$exception_types", type: "event", value: ["PaymentError"], operator: "exact" }] }],
    },
    severity: "critical",
  },
};
