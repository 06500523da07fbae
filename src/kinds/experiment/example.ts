/** Experiment's example: an A/B test on a flag of its own (PostHog creates the flag with the experiment). */
import type { KindExample } from "../../kit/example";

export const experimentExample: KindExample = {
  name: "checkout-test",
  inputs: {
    name: "New checkout",
    featureFlagKey: "checkout-test",
    parameters: {
      feature_flag_variants: [
        { key: "control", split_percent: 50 },
        { key: "test", split_percent: 50 },
      ],
    },
  },
};
