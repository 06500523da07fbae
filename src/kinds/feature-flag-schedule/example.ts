/** FeatureFlagSchedule's example: the FeatureFlag example's flag turned off when a promotion ends. */
import { type KindExample, ref } from "../../kit/example";

export const featureFlagScheduleExample: KindExample = {
  name: "checkout-off",
  inputs: {
    featureFlagId: ref("FeatureFlag", "flagId"),
    payload: { operation: "update_status", value: false },
    scheduledAt: "2030-01-01T00:00:00Z",
  },
};
