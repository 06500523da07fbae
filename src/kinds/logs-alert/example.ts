/** LogsAlert's example: errors of the checkout service, more than 50 in 10 minutes. */
import type { KindExample } from "../../kit/example";

export const logsAlertExample: KindExample = {
  name: "checkout-errors",
  inputs: {
    name: "Checkout errors",
    filters: { severityLevels: ["error", "fatal"], serviceNames: ["checkout"] },
    thresholdCount: 50,
    windowMinutes: 10,
  },
};
