/**
 * Between Pulumi's view of a subscription and PostHog's: the kit's field-table model over its table
 * (src/kinds/subscription/fields.ts), with PostHog's rules beyond each field's: what its model requires (a target, a
 * frequency, a start: posthog/models/subscription.py has no default for them), and one insight or one dashboard
 * (today's SubscriptionSerializer.validate: "Insight is required for insight subscriptions", "Dashboard subscriptions
 * cannot also set insight or prompt"; PostHog 2025-08-04's check, `if not self.initial_data`, holds only for an empty
 * body, and a subscription of neither sends nothing: ee/tasks/subscriptions/subscription_utils.py `generate_assets`).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import { SERIALIZER, subscriptionFields } from "./fields";
import type { Subscription } from "./record";

export type SubscriptionRecord = InProject<Subscription>;

export const subscriptionModel = fieldModel<Subscription>({
  className: "Subscription",
  noun: "subscription",
  // A webhook's URL carries its own credential (a Slack or Zapier hook's path), and PostHog keeps it as plain text
  // (Subscription.target_value, posthog/models/subscription.py); email addresses and Slack channels stay plain.
  secretInProgram: {
    inputs: [{ input: "targetValue", when: { input: "targetType", is: "webhook" } }],
    doc: "A webhook's URL becomes a Pulumi secret",
  },
  summary: "A subscription of a project: an insight or a dashboard sent on a schedule by email, to Slack or to a webhook.",
  fields: subscriptionFields,
  exampleInput: "targetType",
  required: {
    targetType: 'PostHog delivers every subscription somewhere: "email", "slack" or "webhook" (Subscription.target_type)',
    targetValue: "PostHog delivers every subscription to someone: email addresses, a Slack channel or a URL (Subscription.target_value)",
    frequency: 'PostHog sends every subscription on a schedule: "daily", "weekly", "monthly" or "yearly" (Subscription.frequency)',
    startDate: "PostHog's schedule starts at a date and time, whose time of day every delivery keeps (Subscription.start_date)",
  },
  // The outputs every subscription has besides its kind's (its id, its project): its title, PostHog's summary of its
  // schedule and the next delivery it computed.
  fixedOutputs: (record) => ({ title: record.title, summary: record.summary ?? null, nextDeliveryDate: record.next_delivery_date ?? null }),
  outputTypes: {
    title: { type: "string | null", doc: "The subscription's title." },
    summary: { type: "string | null", doc: 'PostHog\'s words for the schedule: "sent every week on the first Monday".' },
    nextDeliveryDate: { type: "string | null", doc: "When PostHog sends it next (ISO 8601); none once the schedule has ended." },
  },
  types: {
    SubscriptionTargetType: { type: '"email" | "slack" | "webhook"', doc: "Where a subscription is delivered." },
    SubscriptionFrequency: { type: '"daily" | "weekly" | "monthly" | "yearly"', doc: "How often a subscription is sent." },
    SubscriptionWeekday: {
      type: '"monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday"',
      doc: "A day of the week, as PostHog's schedule names it.",
    },
  },
  moreFailures(inputs, known, failed) {
    const failures: Failure[] = [];
    if (inputs["startDate"] === null)
      failures.push({ property: "startDate", reason: `startDate may not be null (Subscription.start_date, ${SERIALIZER})` });
    if (failed("insightId") || failed("dashboardId")) return failures;
    // `known` is by PostHog's names, `inputs` by the program's.
    const insight = known["insight"] ?? null;
    const dashboard = known["dashboard"] ?? null;
    // Only where both are known: an Output not known yet at preview is checked at `up`.
    const unknown = (["insight", "dashboard"] as const).some(
      (field) => inputs[`${field}Id`] !== undefined && inputs[`${field}Id`] !== null && !(field in known),
    );
    if (!unknown && (insight === null) === (dashboard === null))
      failures.push({
        property: insight === null ? "insightId" : "dashboardId",
        reason: `a subscription sends one insight or one dashboard: set ${insight === null ? "insightId or dashboardId" : "insightId or dashboardId, not both"} ("Insight is required for insight subscriptions", "Dashboard subscriptions cannot also set insight or prompt", ${SERIALIZER})`,
      });
    return failures;
  },
});
