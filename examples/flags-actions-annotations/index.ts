/**
 * A checkout test as code, in an existing project (`pulumi config set posthog:projectId <id>`, or pass `projectId`
 * to each resource): a multivariate flag whose variants carry payloads, the action that counts its goal, and an
 * annotation marking its start on every chart of the project. Each is deleted as PostHog deletes them (marked
 * deleted) by `pulumi destroy`.
 */
import * as posthog from "pulumi-posthog";

const checkout = new posthog.FeatureFlag("checkout-layout", {
  key: "checkout-layout",
  name: "Checkout layout test",
  filters: {
    // Half of the example.com users are in the test; each gets one variant, evenly.
    groups: [{ properties: [{ key: "email", type: "person", operator: "icontains", value: "@example.com" }], rollout_percentage: 50 }],
    multivariate: {
      variants: [
        { key: "control", name: "Three steps", rollout_percentage: 50 },
        { key: "one-page", name: "One page", rollout_percentage: 50 },
      ],
    },
    // What the SDKs hand the application with each variant (any JSON; PostHog stores it as text).
    payloads: { control: { steps: 3 }, "one-page": { steps: 1, banner: "Faster checkout" } },
  },
});

const purchase = new posthog.Action("purchase", {
  name: "Completed purchase",
  description: "The goal of the checkout layout test.",
  steps: [{ event: "$pageview", url: "/checkout/done", url_matching: "contains" }, { event: "purchase" }],
});

const start = new posthog.Annotation("checkout-test-start", {
  content: "Checkout layout test starts",
  dateMarker: "2026-12-01T09:00:00Z",
  scope: "project",
});

export const flagId = checkout.flagId;
export const flagKey = checkout.key;
export const actionId = purchase.actionId;
export const annotationId = start.annotationId;
