/** LogsSamplingRule's example: the checkout service's logs capped at 500 a second (bursts of 1000). */
import type { KindExample } from "../../kit/example";

export const logsSamplingRuleExample: KindExample = {
  name: "checkout-rate-limit",
  inputs: {
    name: "Cap checkout logs",
    ruleType: "rate_limit",
    enabled: true,
    config: {
      logs_per_second: 500,
      burst_logs: 1000,
      filter_group: {
        type: "AND",
        values: [{ type: "AND", values: [{ key: "service.name", operator: "exact", value: "checkout", type: "log_resource_attribute" }] }],
      },
    },
  },
};
