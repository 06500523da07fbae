/**
 * Between Pulumi's view of a feature flag schedule and PostHog's: the kit's field-table model over its table
 * (src/kinds/feature-flag-schedule/fields.ts). The flag, the change and its time are required (ScheduledChange's
 * fields without defaults); the recurrence's rules are today's ScheduledChangeSerializer.validate's, where they need no
 * more than the inputs. Left to PostHog: `croniter.is_valid` beyond the five fields, and that a new schedule that does
 * not recur names no interval or cron expression (an existing one may keep them, paused).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import type { FeatureFlagSchedule } from "./record";
import { featureFlagScheduleFields, SCHEDULE_OPERATIONS, SCHEDULE_SERIALIZER } from "./fields";
import { isPlainObject } from "../../kit/json";

export type FeatureFlagScheduleRecord = InProject<FeatureFlagSchedule>;

/** ScheduledChangeSerializer.validate's rules over the recurrence and the end date. */
function recurrenceFailures(known: Record<string, unknown>, failed: (input: string) => boolean): Failure[] {
  const failures: Failure[] = [];
  const interval = known["recurrence_interval"];
  const cron = known["cron_expression"];
  if (interval && cron && !failed("cronExpression")) {
    failures.push({
      property: "cronExpression",
      reason: `cronExpression: set cronExpression or recurrenceInterval, not both ("Cannot set both cron_expression and recurrence_interval", ${SCHEDULE_SERIALIZER})`,
    });
  }
  if (typeof cron === "string" && cron.trim() !== "" && cron.trim().split(/\s+/).length !== 5 && !failed("cronExpression")) {
    failures.push({
      property: "cronExpression",
      reason: `cronExpression: must be a standard 5-field cron expression (minute hour day month weekday, "0 9 * * 1-5") (${SCHEDULE_SERIALIZER})`,
    });
  }
  if (known["is_recurring"] === true) {
    if (!interval && !cron && !failed("recurrenceInterval") && !failed("cronExpression")) {
      failures.push({
        property: "recurrenceInterval",
        reason: `recurrenceInterval: a recurring schedule needs recurrenceInterval or cronExpression ("Either recurrence_interval or cron_expression is required when is_recurring is true", ${SCHEDULE_SERIALIZER})`,
      });
    }
    const payload = known["payload"];
    if (isPlainObject(payload) && payload["operation"] === "add_release_condition" && !failed("payload")) {
      failures.push({
        property: "payload",
        reason: `payload: add_release_condition cannot recur ("Recurring schedules are not supported for add_release_condition because it appends conditions on each run, creating duplicates.", ${SCHEDULE_SERIALIZER})`,
      });
    }
  }
  const start = typeof known["scheduled_at"] === "string" ? Date.parse(known["scheduled_at"]) : Number.NaN;
  const end = typeof known["end_date"] === "string" ? Date.parse(known["end_date"]) : Number.NaN;
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start && !failed("endDate")) {
    failures.push({
      property: "endDate",
      reason: `endDate: must be after scheduledAt ("End date must be after the scheduled start date.", ${SCHEDULE_SERIALIZER})`,
    });
  }
  return failures;
}

export const featureFlagScheduleModel = fieldModel<FeatureFlagSchedule>({
  className: "FeatureFlagSchedule",
  noun: "feature flag schedule",
  summary: "A change PostHog applies to a feature flag at a set time: turned on or off, release conditions added, variants replaced.",
  fields: featureFlagScheduleFields,
  exampleInput: "scheduledAt",
  required: {
    featureFlagId: `every schedule changes one flag (ScheduledChange.record_id, ${SCHEDULE_SERIALIZER})`,
    payload: `a schedule without a change does nothing (ScheduledChange.payload, ${SCHEDULE_SERIALIZER})`,
    scheduledAt: `ScheduledChange.scheduled_at has no default (${SCHEDULE_SERIALIZER})`,
  },
  moreFailures: (_inputs, known, failed) => recurrenceFailures(known, failed),
  fixedOutputs: (record) => ({
    featureFlagId: record.record_id,
    payload: record.payload ?? null,
    scheduledAt: record.scheduled_at,
    executedAt: record.executed_at ?? null,
    failureReason: record.failure_reason ?? null,
    isRecurring: record.is_recurring ?? false,
    lastExecutedAt: record.last_executed_at ?? null,
  }),
  outputTypes: {
    featureFlagId: { type: "number", doc: "Numeric id of the flag the schedule changes." },
    payload: { type: "FeatureFlagScheduleChange", doc: "What the schedule does to its flag, as PostHog answers it." },
    scheduledAt: { type: "string | null", doc: "When the change is applied, as PostHog answers it." },
    executedAt: {
      type: "string | null",
      doc: "When the change was applied, or failed for good (then `failureReason` says why): a one-time schedule is then spent, and a change of its inputs makes a new schedule. Null until then.",
    },
    failureReason: {
      type: "string | null",
      doc: "Why the change could not be applied, as PostHog says it; null when it was, or is yet to be.",
    },
    isRecurring: { type: "boolean", doc: "Whether the schedule recurs (false in PostHog 2025-08-04, which has no recurrence)." },
    lastExecutedAt: { type: "string | null", doc: "When a recurring schedule last applied its change (today's PostHog)." },
  },
  types: {
    FeatureFlagScheduleVariant: {
      type: "{\n  key: string;\n  name?: string;\n  rollout_percentage: number;\n}",
      doc: "A variant an `update_variants` schedule gives its flag: its key and share of users (the shares summing to 100).",
    },
    FeatureFlagScheduleChange: {
      type: [
        "",
        '| { operation: "update_status"; value: boolean }',
        '| { operation: "add_release_condition"; value: { groups: unknown[]; payloads?: Record<string, unknown>; multivariate?: unknown } }',
        '| { operation: "update_variants"; value: { variants: FeatureFlagScheduleVariant[]; payloads?: Record<string, unknown> } }',
      ].join("\n  "),
      doc: `What a schedule does to its flag (ScheduledChange.OperationType: ${SCHEDULE_OPERATIONS.join(", ")}).`,
    },
  },
});
