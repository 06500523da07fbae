/** FeatureFlag's example: a flag rolled out to a fifth of users. */
import type { KindExample } from "../../kit/example";

export const featureFlagExample: KindExample = {
  name: "checkout",
  inputs: { key: "new-checkout", filters: { groups: [{ properties: [], rollout_percentage: 20 }] } },
};
