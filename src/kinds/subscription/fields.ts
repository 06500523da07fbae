/**
 * The subscription's field table: the writable fields of SubscriptionSerializer (ee/api/subscription.py, `Meta.fields`
 * less `read_only_fields`; model posthog/models/subscription.py), each with PostHog's rule. PostHog 2025-08-04 has the
 * first twelve; today's adds `integration_id` (the Slack integration a Slack subscription posts through),
 * `dashboard_export_insights` (the insights of a dashboard it sends) and `enabled`. Not managed: `invite_message`
 * (write-only: PostHog emails it to new recipients, and stores nothing), `deleted` (the deletion) and today's AI
 * report (`content_type` "ai_prompt", `prompt`, `ai_config`, `summary_enabled`, `summary_prompt_guide`): PostHog
 * Cloud's alone, behind its own flag and consent.
 */
import { z } from "zod";
import { dateTimeField } from "../../kit/date-time";
import type { FieldDef, ApiTypes } from "../../kit/field-table";
import { FREQUENCIES, TARGET_TYPES, WEEKDAYS } from "./record";

export const SERIALIZER = "SubscriptionSerializer, ee/api/subscription.py";

/** An IntegerField of a Django model: 32 bits. */
const integer = (what: string) =>
  z
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(-2147483648, { error: `must fit 32 bits (${what}, an IntegerField)` })
    .max(2147483647, { error: `must fit 32 bits (${what}, an IntegerField)` });

const objectId = (what: string) =>
  z
    .number({ error: `must be the numeric id of ${what} of the project, or null` })
    .int({ error: `must be the numeric id of ${what} of the project` })
    .positive({ error: `must be the numeric id of ${what} of the project` });

const LACKED = ["2025-08-04"] as const;

export const subscriptionFields = {
  title: {
    input: z
      .string({ error: "must be a string or null" })
      .max(100, { error: `must be at most 100 characters (Subscription.title, ${SERIALIZER})` })
      .nullable(),
    doc: "The subscription's name, as its insight's or dashboard's subscriptions list shows it (at most 100 characters).",
  },
  insight: {
    arg: "insightId",
    input: objectId("an insight").nullable(),
    doc: "The insight it sends (an Insight's `insightId`): a subscription sends one insight or one dashboard.",
  },
  dashboard: {
    arg: "dashboardId",
    input: objectId("a dashboard").nullable(),
    doc: "The dashboard it sends (a Dashboard's `dashboardId`): a subscription sends one insight or one dashboard.",
  },
  target_type: {
    type: "SubscriptionTargetType",
    input: z.enum(TARGET_TYPES, { error: `must be "email", "slack" or "webhook" (Subscription.SubscriptionTarget, ${SERIALIZER})` }),
    doc: 'Where it is delivered: "email", "slack" (a channel of the project\'s Slack integration) or "webhook" (today\'s PostHog; 2025-08-04 stores it and delivers nothing).',
  },
  target_value: {
    input: z.string({ error: "must be a string" }).min(1, { error: `may not be blank (Subscription.target_value, ${SERIALIZER})` }),
    doc: "Who receives it: email addresses separated by commas, a Slack channel (`C0123456789|#product`, as PostHog's interface writes it), or a webhook URL. A webhook URL is kept as a Pulumi secret.",
  },
  frequency: {
    type: "SubscriptionFrequency",
    input: z.enum(FREQUENCIES, {
      error: `must be "daily", "weekly", "monthly" or "yearly" (Subscription.SubscriptionFrequency, ${SERIALIZER})`,
    }),
    doc: 'How often: "daily", "weekly", "monthly" or "yearly" (with `interval`, an iCalendar recurrence rule).',
  },
  interval: {
    input: integer("Subscription.interval"),
    doc: "Every how many periods of `frequency` (PostHog's default is 1: 2 with weekly is every other week).",
  },
  byweekday: {
    type: "SubscriptionWeekday[] | null",
    input: z
      .array(z.enum(WEEKDAYS, { error: `must be weekdays: ${WEEKDAYS.join(", ")} (Subscription.SubscriptionByWeekDay, ${SERIALIZER})` }), {
        error: "must be a list of weekdays or null",
      })
      .nullable(),
    doc: 'The days it is sent on: `["monday"]`; with `bysetpos`, the nth of them in the period.',
  },
  bysetpos: {
    input: integer("Subscription.bysetpos").nullable(),
    doc: "Which of the `byweekday` days of each period: 1 for the first, -1 for the last (a monthly report on the first Monday).",
  },
  count: {
    input: integer("Subscription.count").nullable(),
    doc: "How many deliveries in all; none (null) for no end.",
  },
  start_date: {
    ...dateTimeField(SERIALIZER),
    doc: "When the schedule starts (ISO 8601): the time of day of each delivery is this one's.",
  },
  until_date: {
    ...dateTimeField(SERIALIZER),
    doc: "When the schedule ends (ISO 8601); none (null) for no end.",
  },
  integration_id: {
    input: objectId("a Slack integration").nullable(),
    lackedBy: LACKED,
    doc: "The Slack integration a Slack subscription posts through (its id in the project's integrations): today's PostHog requires it for Slack. PostHog 2025-08-04 has no such field: it posts through the project's first Slack integration.",
  },
  dashboard_export_insights: {
    input: z
      .array(objectId("an insight"), { error: "must be a list of insight ids" })
      .max(6, { error: `must name at most 6 insights (DEFAULT_MAX_ASSET_COUNT, ${SERIALIZER})` }),
    lackedBy: LACKED,
    doc: "The insights of the dashboard it sends, at most 6: today's PostHog requires at least one for a dashboard. PostHog 2025-08-04 has no such field: it sends the dashboard's first insights.",
  },
  enabled: {
    input: z.boolean({ error: "must be true or false" }),
    lackedBy: LACKED,
    doc: "Whether it is delivered (today's PostHog; false pauses it, and PostHog sets it false when its Slack integration stops working). PostHog 2025-08-04 has no such field.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const subscriptionApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
