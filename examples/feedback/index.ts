/**
 * Feedback and experiments as code: a beta flag, a survey its users see, an A/B test running on it, and a webhook
 * destination whose token is a Pulumi secret (never in the state in plain text, never shown by PostHog).
 *
 *   pulumi config set posthog:organizationId <organization UUID>
 *   pulumi config set --secret posthog:apiKey phx_…        # a personal API key with project, survey, experiment and hog function write
 *   pulumi config set --secret hookToken <the webhook's bearer token>
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const web = new posthog.Project("web", { name: "Web app" });

// Two variants, `control` first: an experiment can run on this flag.
const checkout = new posthog.FeatureFlag("checkout", {
  projectId: web.projectId,
  key: "new-checkout",
  name: "New checkout",
  filters: {
    groups: [{ properties: [], rollout_percentage: 100 }],
    multivariate: {
      variants: [
        { key: "control", rollout_percentage: 50 },
        { key: "test", rollout_percentage: 50 },
      ],
    },
  },
});

// Shown to the users who get the new checkout.
const survey = new posthog.Survey("checkout-feedback", {
  projectId: web.projectId,
  name: "Checkout feedback",
  type: "popover",
  questions: [
    {
      type: "rating",
      question: "How easy was checking out?",
      display: "emoji",
      scale: 5,
      lowerBoundLabel: "Hard",
      upperBoundLabel: "Easy",
    },
    { type: "single_choice", question: "What slowed you down?", choices: ["Nothing", "Payment", "Shipping"], optional: true },
    { type: "open", question: "Anything else?", optional: true },
  ],
  linkedFlagId: checkout.flagId,
  conditions: { linkedFlagVariant: "test", url: "/checkout/done" },
  appearance: { position: "right", surveyPopupDelaySeconds: 2 },
  responsesLimit: 500,
});

// The experiment runs on the flag above (its variants are declared there); it starts when `launched` is true.
const experiment = new posthog.Experiment("checkout", {
  projectId: web.projectId,
  name: "New checkout",
  description: "The one-page checkout converts better than the old one.",
  featureFlagKey: checkout.key,
  metrics: [
    {
      kind: "ExperimentMetric",
      metric_type: "funnel",
      series: [
        { kind: "EventsNode", event: "checkout started" },
        { kind: "EventsNode", event: "order completed" },
      ],
    },
  ],
  // The checkout does not send these events yet: today's PostHog takes metrics naming them only when told so.
  allowUnknownEvents: true,
  launched: config.getBoolean("launchCheckout") ?? false,
});

// Orders to a webhook; the token is secret in the state and PostHog never answers it.
const hook = new posthog.HogFunction("orders-webhook", {
  projectId: web.projectId,
  type: "destination",
  name: "Orders webhook",
  hog: "fetch(inputs.url, {'method': 'POST', 'headers': {'Authorization': f'Bearer {inputs.token}'}, 'body': {'event': event.event, 'person': person.id}})",
  inputsSchema: [
    { key: "url", type: "string", label: "Webhook URL", required: true },
    { key: "token", type: "string", label: "Bearer token", secret: true, required: true },
  ],
  inputs: { url: { value: "https://hooks.example.com/orders" }, token: { value: config.requireSecret("hookToken") } },
  filters: { events: [{ id: "order completed", type: "events" }] },
  enabled: true,
});

export const surveyId = survey.surveyId;
export const experimentId = experiment.experimentId;
export const experimentStarted = experiment.startDate;
export const hogFunctionId = hook.hogFunctionId;
