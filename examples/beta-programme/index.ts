/**
 * A beta programme as code: users opt into the new checkout as an early access feature (on a flag this program owns),
 * those who did are asked how it went, and the checkout's A/B test runs with a long-term holdout and two metrics kept
 * once for every experiment.
 *
 *   pulumi config set posthog:organizationId <organization UUID>
 *   pulumi config set --secret posthog:apiKey phx_…   # a personal API key with project, feature flag, early access feature, survey and experiment write
 *   pulumi up
 */
import * as posthog from "pulumi-posthog";

const shop = new posthog.Project("shop", { name: "Shop" });

// The beta's flag: boolean (PostHog releases no multivariate flag as an early access feature) and at 0% for everyone
// else. PostHog adds the opt-in condition to it; this program leaves that condition to the feature.
const betaFlag = new posthog.FeatureFlag("checkout-beta-flag", {
  projectId: shop.projectId,
  key: "checkout-beta",
  name: "One-page checkout beta",
  filters: { groups: [{ properties: [], rollout_percentage: 0 }] },
});

// Users see it in the beta list of PostHog's early access widget and may opt in.
const beta = new posthog.EarlyAccessFeature("checkout-beta", {
  projectId: shop.projectId,
  name: "One-page checkout",
  description: "Pay in one step. Tell us what you think.",
  stage: "beta",
  documentationUrl: "https://example.com/docs/one-page-checkout",
  featureFlagId: betaFlag.flagId,
});

// Asked of the users who have the beta's flag, that is those who opted in.
const feedback = new posthog.Survey("checkout-beta-feedback", {
  projectId: shop.projectId,
  name: "One-page checkout beta feedback",
  type: "popover",
  questions: [
    { type: "rating", question: "How easy was the one-page checkout?", display: "number", scale: 10 },
    { type: "open", question: "What would you change?", optional: true },
  ],
  linkedFlagId: betaFlag.flagId,
});

// A tenth of users never sees an experiment: their behaviour measures what all experiments together changed.
const holdout = new posthog.ExperimentHoldout("long-term-holdout", {
  projectId: shop.projectId,
  name: "Long-term holdout",
  description: "Kept out of every experiment in 2025.",
  filters: [{ properties: [], rollout_percentage: 10 }],
});

// Kept once, measured by every checkout experiment.
const conversion = new posthog.ExperimentSavedMetric("checkout-conversion", {
  projectId: shop.projectId,
  name: "Checkout conversion",
  description: "Share of users who start checkout and pay.",
  query: {
    kind: "ExperimentMetric",
    metric_type: "funnel",
    series: [
      { kind: "EventsNode", event: "checkout started" },
      { kind: "EventsNode", event: "order paid" },
    ],
  },
});
const revenue = new posthog.ExperimentSavedMetric("revenue-per-user", {
  projectId: shop.projectId,
  name: "Revenue per user",
  query: {
    kind: "ExperimentMetric",
    metric_type: "mean",
    source: { kind: "EventsNode", event: "order paid", math: "sum", math_property: "amount" },
  },
});

// The A/B test of the checkout for everyone else, on a flag PostHog creates with it, outside the holdout.
const experiment = new posthog.Experiment("checkout-test", {
  projectId: shop.projectId,
  name: "One-page checkout for everyone",
  featureFlagKey: "checkout-test",
  holdoutId: holdout.holdoutId,
  savedMetricIds: [
    { id: conversion.savedMetricId, metadata: { type: "primary" } },
    { id: revenue.savedMetricId, metadata: { type: "secondary" } },
  ],
});

export const projectId = shop.projectId;
export const betaFeatureId = beta.earlyAccessFeatureId;
export const optInFlagKey = beta.featureFlagKey;
export const surveyId = feedback.surveyId;
export const experimentId = experiment.experimentId;
export const experimentFlagId = experiment.featureFlagId;
