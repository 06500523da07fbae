/** ErrorTrackingSpikeDetectionConfig's example: a spike is 5 times the baseline with at least 100 exceptions; an hour's snooze. */
import type { KindExample } from "../../kit/example";

export const errorTrackingSpikeDetectionConfigExample: KindExample = {
  name: "exception-spikes",
  inputs: { multiplier: 5, threshold: 100, snoozeDurationMinutes: 60 },
};
