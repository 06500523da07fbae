/**
 * The feature flag schedule's field table: the writable fields of today's ScheduledChangeSerializer
 * (products/feature_flags/backend/api/scheduled_change.py in PostHog/posthog, `Meta.fields` less `read_only_fields`; model ScheduledChange,
 * products/feature_flags/backend/models/scheduled_change.py), each with PostHog's rule and how a declared value
 * compares with what PostHog answers. The payload is what PostHog's task applies to the flag when the schedule runs
 * (FeatureFlag.scheduled_changes_dispatcher, products/feature_flags/backend/models/feature_flag.py): PostHog takes any
 * JSON on create and refuses a payload without an `operation` and a `value`, or with another operation, only at run
 * time, as the schedule's permanent failure; the program is told before anything is sent.
 */
import { z } from "zod";
import { dateTimeField } from "../../kit/date-time";
import type { ApiTypes, FieldDef, LeftOut } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

export const SCHEDULE_SERIALIZER = "ScheduledChangeSerializer, products/feature_flags/backend/api/scheduled_change.py";
const DISPATCHER = "FeatureFlag.scheduled_changes_dispatcher";

/** `ScheduledChange.OperationType`. */
export const SCHEDULE_OPERATIONS = ["update_status", "add_release_condition", "update_variants"] as const;

/** `ScheduledChange.RecurrenceInterval`, as today's serializer's choices and generated types state them. */
export const RECURRENCE_INTERVALS = ["daily", "weekly", "monthly", "yearly"] as const;

/** The `record_id` a program declares as the flag's numeric id, PostHog's CharField holding its text. */
const sameFlagId = (declared: unknown, live: unknown) => live !== null && live !== undefined && String(declared) === String(live);

/** What DRF's BooleanField takes (rest_framework/fields.py `TRUE_VALUES`, `FALSE_VALUES`). */
const DRF_BOOLEANS = [
  true,
  false,
  1,
  0,
  "true",
  "false",
  "True",
  "False",
  "TRUE",
  "FALSE",
  "1",
  "0",
  "t",
  "f",
  "T",
  "F",
  "y",
  "n",
  "Y",
  "N",
  "yes",
  "no",
  "Yes",
  "No",
  "YES",
  "NO",
  "on",
  "off",
  "On",
  "Off",
  "ON",
  "OFF",
];

/** The dispatcher's rules for `update_variants`: rollouts summing to 100, payloads only of the variants' keys. */
function variantsProblem(value: Record<string, unknown>): string | undefined {
  const variants = Array.isArray(value["variants"]) ? value["variants"] : [];
  const rollout = (v: unknown) => (isPlainObject(v) && typeof v["rollout_percentage"] === "number" ? v["rollout_percentage"] : 0);
  const total = variants.reduce<number>((sum, v) => sum + rollout(v), 0);
  if (variants.length > 0 && total !== 100)
    return `variants' rollout_percentage must sum to 100, not ${total} ("Invalid variant rollout percentages")`;
  const keys = new Set(variants.map((v) => (isPlainObject(v) ? v["key"] : undefined)));
  const payloads = isPlainObject(value["payloads"]) ? Object.keys(value["payloads"]) : [];
  const strays = payloads.filter((k) => !keys.has(k));
  if (variants.length > 0 && strays.length > 0)
    return `payloads ${strays.map((k) => JSON.stringify(k)).join(", ")} name no variant ("Payload keys … don't match variant keys")`;
  return undefined;
}

const payloadRule = z
  .record(z.string(), z.unknown(), { error: "must be an object with an `operation` and a `value`" })
  .superRefine((payload, ctx) => {
    if (!SCHEDULE_OPERATIONS.includes(payload["operation"] as never)) {
      ctx.addIssue({
        code: "custom",
        message: `operation must be one of ${SCHEDULE_OPERATIONS.map((o) => `"${o}"`).join(", ")} (ScheduledChange.OperationType; PostHog fails the schedule when it runs with "Unrecognized operation", ${DISPATCHER})`,
      });
      return;
    }
    if (!("value" in payload)) {
      ctx.addIssue({
        code: "custom",
        message: `must have a \`value\` (PostHog fails the schedule when it runs with "Invalid payload", ${DISPATCHER})`,
      });
      return;
    }
    const value = payload["value"];
    if (payload["operation"] === "update_status") {
      if (!DRF_BOOLEANS.includes(value as never)) {
        ctx.addIssue({
          code: "custom",
          message:
            "value of update_status must be true (enable the flag) or false (disable it) (FeatureFlagSerializer's `active`, a BooleanField)",
        });
      }
      return;
    }
    if (!isPlainObject(value)) {
      ctx.addIssue({
        code: "custom",
        message: `value of ${String(payload["operation"])} must be an object (${payload["operation"] === "update_variants" ? "`variants` and `payloads`" : "`groups`, and `payloads` and `multivariate`"}) (${DISPATCHER})`,
      });
      return;
    }
    if (payload["operation"] === "update_variants") {
      const problem = variantsProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: `${problem} (PostHog fails the schedule when it runs, ${DISPATCHER})` });
    }
  });

export const featureFlagScheduleFields = {
  record_id: {
    arg: "featureFlagId",
    input: z
      .number({ error: "must be the numeric id of a feature flag of the project" })
      .int({ error: "must be the numeric id of a feature flag of the project" })
      .positive({ error: "must be the numeric id of a feature flag of the project" }),
    type: "number",
    equal: sameFlagId,
    doc: "The flag (a FeatureFlag's `flagId`) the schedule changes: one of the project's. PostHog never moves a schedule to another flag (\"Cannot change the target record of an existing scheduled change.\"): a change replaces the schedule.",
  },
  payload: {
    input: payloadRule,
    type: "FeatureFlagScheduleChange",
    doc: 'What happens to the flag when the schedule runs: `{operation: "update_status", value: false}` disables it (true enables it); `{operation: "add_release_condition", value: {groups: [...]}}` adds release conditions to its `filters.groups`; `{operation: "update_variants", value: {variants: [...], payloads: {...}}}` replaces its variants (their rollouts summing to 100) and payloads. The change is the flag\'s from then on: a FeatureFlag resource that declares what it changes (`active`, `filters`) sees it as drift, and its next `pulumi up` puts its own value back.',
  },
  scheduled_at: {
    ...dateTimeField(SCHEDULE_SERIALIZER),
    type: "string",
    doc: 'When the change is applied, ISO 8601 (`"2025-06-01T14:00:00Z"`; without an offset, UTC). PostHog runs due schedules every minute or so; a time already past runs at its next round. Each run of a recurring schedule moves PostHog\'s time to the next run: the declared first run is kept, not drift.',
  },
  is_recurring: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether the change is applied again and again (today's PostHog; `update_status` only): every `recurrenceInterval` or by `cronExpression`, until `endDate`. A recurring schedule is never spent.",
    lackedBy: ["2025-08-04"],
  },
  recurrence_interval: {
    input: z
      .enum(RECURRENCE_INTERVALS, {
        error: `must be one of ${RECURRENCE_INTERVALS.map((r) => `"${r}"`).join(", ")} or null (ScheduledChange.RecurrenceInterval, ${SCHEDULE_SERIALIZER})`,
      })
      .nullable(),
    doc: 'How often a recurring schedule runs: "daily", "weekly", "monthly" or "yearly" (not with `cronExpression`).',
    lackedBy: ["2025-08-04"],
  },
  cron_expression: {
    input: z
      .string({ error: "must be a string or null" })
      .max(100, { error: "must be at most 100 characters (ScheduledChange.cron_expression)" })
      .nullable(),
    doc: 'When a recurring schedule runs, as a standard 5-field cron expression (minute hour day month weekday, `"0 9 * * 1-5"`) read in the project\'s timezone when the schedule was made (not with `recurrenceInterval`).',
    lackedBy: ["2025-08-04"],
  },
  end_date: {
    ...dateTimeField(SCHEDULE_SERIALIZER),
    doc: "When a recurring schedule stops (ISO 8601), after `scheduledAt`; none (null) for no end.",
    lackedBy: ["2025-08-04"],
  },
} as const satisfies Record<string, FieldDef>;

export const featureFlagScheduleApiTypes: ApiTypes = {
  file: "products/feature_flags/frontend/generated/api.schemas.ts",
  schemas: ["ScheduledChangeApi"],
};

export const featureFlagScheduleLeftOut: LeftOut = {
  model_name:
    'sent as "FeatureFlag" on create by the kind itself: the only model ScheduledChange.AllowedModels has (products/feature_flags/backend/models/scheduled_change.py)',
};
