/** Endpoint's example: the daily count of page views, as HogQL, served by name. */
import type { KindExample } from "../../kit/example";

export const endpointExample: KindExample = {
  name: "daily-pageviews",
  inputs: {
    name: "daily_pageviews",
    description: "Page views per day, the last 30 days",
    querySql:
      "SELECT toDate(timestamp) AS day, count() AS views FROM events WHERE event = '$pageview' AND timestamp > now() - INTERVAL 30 DAY GROUP BY day ORDER BY day",
    dataFreshnessSeconds: 3600,
  },
};
