/** LogsMetricRule's example: the request duration of the API service, a distribution per status code. */
import type { KindExample } from "../../kit/example";

export const logsMetricRuleExample: KindExample = {
  name: "api-latency",
  inputs: {
    name: "API latency",
    metricName: "log.api.request_duration",
    valueAttribute: "attributes.duration_ms",
    groupBy: ["service_name", "attributes.http.status_code"],
    filterGroup: {
      type: "AND",
      values: [{ type: "AND", values: [{ key: "service.name", operator: "exact", value: "api", type: "log_attribute" }] }],
    },
  },
};
