/**
 * The alert's field table: `insight`, `name`, `subscribed_users`, `threshold`, `condition`, `config`,
 * `calculation_interval`, `enabled`, `skip_weekend` and `schedule_restriction` (quiet hours, today's only) of today's
 * AlertSerializer (products/alerts/backend/api/alert.py in PostHog/posthog;
 * posthog/api/alert.py in PostHog 2025-08-04), with PostHog's rules: the threshold's configuration is InsightThreshold
 * of posthog/schema.py (`type` absolute or percentage, `bounds` `{lower?, upper?}`, nothing else; today a bound is
 * required unless the alert has a detector), the condition AlertConditionType, the interval AlertCalculationInterval.
 * PostHog answers `insight` and `subscribed_users` expanded (InsightBasicSerializer, UserBasicSerializer) though they are
 * written as ids; the record carries the ids, as the program writes them.
 *
 * What it leaves out, and why: `alertLeftOut` below. Today's PostHog also checks `condition` and `config` against the
 * insight on every write (validate_alert_config, products/alerts/backend/evaluation/validation.py: both required, the
 * config's series within the query's, `check_ongoing_interval` only with an upper bound); 2025-08-04 checked neither,
 * so the provider leaves those checks to PostHog and says its answer.
 */
import { z } from "zod";
import type { Alert } from "./record";
import { type Equality, type FieldDef, type LeftOut, sameJson, sameWithin, type ApiTypes } from "../../kit/field-table";
import { sameQuietHours, scheduleRestrictionInput } from "./quiet-hours";

const SERIALIZER = "AlertSerializer, products/alerts/backend/api/alert.py";
const THRESHOLD = "InsightThreshold, posthog/schema.py";

/** AlertCalculationInterval (posthog/schema.py): `every_15_minutes` and `real_time` are for paid plans (Boost+, Scale+). */
export const CALCULATION_INTERVALS = ["hourly", "daily", "weekly", "monthly", "every_15_minutes", "real_time"] as const;
export const CONDITION_TYPES = ["absolute_value", "relative_increase", "relative_decrease"] as const;
export const THRESHOLD_TYPES = ["absolute", "percentage"] as const;

/** An alert with the ids PostHog expands into objects in its answer, as a program writes them. */
export type AlertWithIds = { [K in keyof Alert as K extends "insight" | "subscribed_users" ? never : K]: Alert[K] } & {
  insight: number;
  subscribed_users: number[];
  insight_short_id?: string;
};

export function alertWithIds(alert: Alert): AlertWithIds {
  return {
    ...alert,
    insight: alert.insight.id,
    ...(alert.insight.short_id === undefined ? {} : { insight_short_id: alert.insight.short_id }),
    subscribed_users: alert.subscribed_users.map((u) => u.id),
  };
}

/** TrendsAlertConfig (posthog/schema.py, extra fields forbidden): the series watched and the ongoing interval. */
const trendsConfig = z.strictObject(
  {
    type: z.literal("TrendsAlertConfig"),
    series_index: z.number({ error: "series_index must be an integer" }).int({ error: "series_index must be an integer" }),
    check_ongoing_interval: z.boolean({ error: "check_ongoing_interval must be true or false" }).nullable().optional(),
  },
  { error: "must be { type, series_index, check_ongoing_interval? } (TrendsAlertConfig, posthog/schema.py)" },
);

const config = z
  .record(z.string(), z.unknown(), { error: 'must be an object: {type: "TrendsAlertConfig", series_index, check_ongoing_interval?}' })
  .superRefine((value, ctx) => {
    if (value["type"] !== "TrendsAlertConfig") return;
    for (const issue of trendsConfig.safeParse(value).error?.issues ?? []) ctx.addIssue({ code: "custom", message: issue.message });
  })
  .nullable();

const bound = z.number({ error: "must be a number" }).nullable().optional();
const threshold = z.strictObject(
  {
    name: z.string({ error: "must be a string" }).max(255, { error: "must be at most 255 characters" }).optional(),
    configuration: z.strictObject(
      {
        type: z.enum(THRESHOLD_TYPES, { error: `must be "absolute" or "percentage" (${THRESHOLD})` }),
        bounds: z
          .strictObject({ lower: bound, upper: bound }, { error: `must be { lower?, upper? } (${THRESHOLD})` })
          .refine((b) => typeof b.lower !== "number" || typeof b.upper !== "number" || b.lower <= b.upper, {
            error: `lower must not be above upper ("Lower threshold must be less than upper threshold", ${THRESHOLD})`,
          })
          .refine((b) => typeof b.lower === "number" || typeof b.upper === "number", {
            error: `needs a lower or an upper bound (today's validate_alert_config, ${SERIALIZER})`,
          }),
      },
      { error: `must be { type, bounds } (${THRESHOLD})` },
    ),
  },
  { error: "must be { configuration: { type, bounds }, name? }" },
);

/** The subscribed users are a set. */
const sameIds: Equality = (a, b) =>
  sameJson(
    Array.isArray(a) ? [...new Set(a.map(Number))].sort((x, y) => x - y) : (a ?? []),
    Array.isArray(b) ? [...b].sort((x, y) => x - y) : (b ?? []),
  );

export const alertFields = {
  insight: {
    input: z.number({ error: "must be the numeric id of an insight (an Insight's insightId)" }).int().positive(),
    doc: "The insight the alert watches (an Insight's insightId, or a number): a trends insight (today's PostHog also takes funnels and SQL insights where enabled).",
  },
  name: {
    apiTypesDiffer:
      "AlertConfiguration.name holds 255 characters (the model; PostHog's generated types of an earlier commit, d38badbb1e7d, state the limit); today's serializer declares the field without it, so a longer name fails at the database rather than with a field error",
    input: z.string({ error: "must be a string" }).max(255, { error: `must be at most 255 characters (${SERIALIZER})` }),
    doc: "The alert's name.",
  },
  subscribed_users: {
    input: z.array(z.number({ error: "must be user ids (numbers)" }).int({ error: "must be user ids (integers)" }).positive(), {
      error: "must be a list of user ids",
    }),
    equal: sameIds,
    doc: "Who is notified: ids of users of the project's organization (`getCurrentUser().id` for yourself); may be empty.",
  },
  threshold: {
    type: "AlertThreshold",
    input: threshold,
    // PostHog answers the threshold with its id, creation time and name (`""` when unnamed).
    equal: sameWithin,
    doc: 'When it fires: `{configuration: {type: "absolute" | "percentage", bounds: {lower?, upper?}}, name?}`; at least one bound.',
  },
  condition: {
    input: z.strictObject(
      { type: z.enum(CONDITION_TYPES, { error: `must be one of ${CONDITION_TYPES.join(", ")} (AlertConditionType, posthog/schema.py)` }) },
      { error: "must be { type }" },
    ),
    equal: sameWithin,
    doc: 'How the value is compared: `{type: "absolute_value" | "relative_increase" | "relative_decrease"}`.',
  },
  config: {
    input: config,
    equal: sameWithin,
    doc: "What of the insight is watched, by the insight's kind: for a trends insight `{type: \"TrendsAlertConfig\", series_index: 0, check_ongoing_interval?: boolean}` (which series, and whether the interval still in progress is checked: only with an upper bound, for absolute_value and relative_increase conditions); `HogQLAlertConfig` for SQL insights and `FunnelsAlertConfig` for funnels where today's PostHog enables them. Today's PostHog requires it with `condition`; 2025-08-04 stored it as sent.",
  },
  calculation_interval: {
    apiTypesDiffer:
      "AlertCalculationInterval (posthog/schema.py), which this table follows, has `real_time` too; the AlertSerializer choices of the generated types at the fixture's commit stop at `every_15_minutes`: not yet checked which today's PostHog applies",
    input: z.enum(CALCULATION_INTERVALS, {
      error: `must be one of ${CALCULATION_INTERVALS.join(", ")} (AlertCalculationInterval, posthog/schema.py)`,
    }),
    doc: "How often PostHog checks: hourly, daily (PostHog's default), weekly, monthly; every_15_minutes and real_time on paid plans of today's PostHog.",
  },
  enabled: { input: z.boolean({ error: "must be true or false" }), doc: "Whether PostHog checks the alert (default true)." },
  skip_weekend: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Skip checks on Saturdays and Sundays (the project's time zone).",
  },
  schedule_restriction: {
    type: "AlertQuietHours | null",
    input: scheduleRestrictionInput,
    equal: sameQuietHours,
    // AlertSerializer of posthog/api/alert.py in 2025-08-04 has no such field: DRF drops it unread.
    lackedBy: ["2025-08-04"],
    doc: 'Quiet hours: `{blocked_windows: [{start: "22:00", end: "07:00"}]}`, local times (HH:MM, the project\'s time zone) when PostHog does not check the alert, start included, end not; at most 5 windows of at least 30 minutes, not the whole day. PostHog stores them merged and sorted; null for none. Today\'s PostHog only.',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const alertLeftOut: LeftOut = {
  snoozed_until: "an action, not a setting: a relative time PostHog turns into an instant when it is sent",
  detector_config: "not yet managed: today's anomaly detection (needs ClickHouse to mean anything)",
  investigation_agent_enabled: "not yet managed: today's anomaly investigation agent",
  investigation_gates_notifications: "not yet managed: today's anomaly investigation agent",
  investigation_inconclusive_action: "not yet managed: today's anomaly investigation agent",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const alertApiTypes: ApiTypes = { file: "products/alerts/frontend/generated/api.schemas.ts", schemas: ["AlertApi"] };
