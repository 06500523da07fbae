/** ErrorTrackingSettings' example: at most 10,000 exceptions an hour for the project, 500 an hour for any one issue. */
import type { KindExample } from "../../kit/example";

export const errorTrackingSettingsExample: KindExample = {
  name: "exception-limits",
  inputs: {
    projectRateLimitValue: 10000,
    projectRateLimitBucketSizeMinutes: 60,
    perIssueRateLimitValue: 500,
    perIssueRateLimitBucketSizeMinutes: 60,
  },
};
