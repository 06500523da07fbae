/** EarlyAccessFeature's example: the FeatureFlag example's flag offered to users as a beta they can opt into. */
import { type KindExample, ref } from "../../kit/example";

export const earlyAccessFeatureExample: KindExample = {
  name: "checkout-beta",
  inputs: {
    name: "New checkout",
    description: "The one-page checkout, before everyone gets it.",
    stage: "beta",
    documentationUrl: "https://example.com/docs/checkout",
    featureFlagId: ref("FeatureFlag", "flagId"),
  },
};
