/**
 * The log alert's field table: the writable fields of today's LogsAlertConfigurationSerializer
 * (products/logs/backend/alerts_api.py in PostHog/posthog; model LogsAlertConfiguration, products/logs/backend/models.py;
 * types LogsAlertConfigurationApi, products/logs/frontend/generated/api.schemas.ts), each with PostHog's rule. The
 * serializer's `validate` rules across fields (a filter unless the alert is a disabled draft, `datapoints_to_alarm`
 * not above `evaluation_periods`) are the model's (./model.ts). PostHog 2025-08-04 has no log alerts.
 */
import { z } from "zod";
import { type Equality, type FieldDef, type LeftOut, sameJson, type ApiTypes } from "../../kit/field-table";
import { sameQuietHours, scheduleRestrictionInput } from "../alert/quiet-hours";

export const SERIALIZER = "LogsAlertConfigurationSerializer, products/logs/backend/alerts_api.py";
/** ALLOWED_WINDOW_MINUTES (alerts_api.py). */
export const WINDOW_MINUTES = [5, 10, 15, 30, 60] as const;
/** MAX_EVALUATION_PERIODS (products/logs/backend/models.py). */
const MAX_EVALUATION_PERIODS = 10;
/** LogSeverityLevel (posthog/schema.py). */
export const SEVERITY_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
const FILTERS = "LogsAlertFilters, posthog/schema.py";

/** The name trimmed (a CharField), and stored as "Untitled alert" when blank (`create`/`update`). */
const sameName: Equality = (declared, live) => {
  const name = typeof declared === "string" ? declared.trim() : declared;
  return sameJson(name === "" ? "Untitled alert" : name, live);
};

const int = (what: string, min: number, max?: number) => {
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
  const rule = z
    .number({ error: `must be an integer ${range} (${SERIALIZER})` })
    .int({ error: `must be an integer ${range} (${SERIALIZER})` })
    .min(min, { error: `must be at least ${min}: ${what} (${SERIALIZER})` });
  return max === undefined ? rule : rule.max(max, { error: `must be at most ${max}: ${what} (${SERIALIZER})` });
};

export const logsAlertFields = {
  name: {
    input: z.string({ error: "must be a string" }).max(255, { error: `must be at most 255 characters (${SERIALIZER})` }),
    equal: sameName,
    doc: 'The alert\'s name (at most 255 characters); PostHog names one without a name "Untitled alert".',
  },
  enabled: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether PostHog evaluates the alert (default true). A disabled alert may be a draft without filters.",
  },
  filters: {
    type: "LogsAlertFilters",
    input: z.strictObject(
      {
        severityLevels: z
          .array(z.enum(SEVERITY_LEVELS, { error: `must be one of ${SEVERITY_LEVELS.join(", ")} (LogSeverityLevel, ${FILTERS})` }))
          .nullable()
          .optional(),
        serviceNames: z
          .array(z.string({ error: "must be service names (strings)" }))
          .nullable()
          .optional(),
        filterGroup: z
          .looseObject(
            { type: z.enum(["AND", "OR"], { error: 'must be "AND" or "OR"' }), values: z.array(z.unknown(), { error: "must be a list" }) },
            { error: `must be a property group { type: "AND" | "OR", values: [...] } (${FILTERS})` },
          )
          .nullable()
          .optional(),
      },
      { error: `must be { severityLevels?, serviceNames?, filterGroup? } (${FILTERS}; no other keys)` },
    ),
    doc: 'Which logs are counted: `{severityLevels?: ["error", …], serviceNames?: ["checkout", …], filterGroup?: {type: "AND", values: [property filters]}}`; at least one of them unless the alert is disabled (a draft).',
  },
  threshold_count: {
    input: int("the number of matching logs that is a breach", 0),
    doc: "How many matching logs in the window are a breach (default 100; 0 with `above` fires on any).",
  },
  threshold_operator: {
    input: z.enum(["above", "below"], { error: `must be "above" or "below" (LogsAlertConfiguration.ThresholdOperator)` }),
    doc: 'Whether the alert fires when the count is "above" (PostHog\'s default) or "below" the threshold.',
  },
  window_minutes: {
    input: z.literal(WINDOW_MINUTES, { error: `must be one of ${WINDOW_MINUTES.join(", ")} (ALLOWED_WINDOW_MINUTES, ${SERIALIZER})` }),
    doc: "The window over which logs are counted, in minutes: 5 (PostHog's default), 10, 15, 30 or 60.",
  },
  evaluation_periods: {
    input: int("the checks in the sliding window (M of N-of-M)", 1, MAX_EVALUATION_PERIODS),
    doc: "How many checks the sliding evaluation window holds (M in N-of-M, 1 to 10, default 1).",
  },
  datapoints_to_alarm: {
    input: int("the breaching checks that fire (N of N-of-M)", 1, MAX_EVALUATION_PERIODS),
    doc: "How many checks of the window must breach for the alert to fire (N in N-of-M, 1 to 10, default 1; at most `evaluationPeriods`).",
  },
  cooldown_minutes: {
    input: int("minutes between repeated notifications", 0),
    doc: "The least minutes between repeated notifications once the alert fires (default 0: none).",
  },
  schedule_restriction: {
    type: "LogsAlertQuietHours | null",
    input: scheduleRestrictionInput,
    equal: sameQuietHours,
    doc: 'Quiet hours: `{blocked_windows: [{start: "22:00", end: "07:00"}]}`, local times (HH:MM, the project\'s time zone) when PostHog does not evaluate the alert; at most 5 windows of at least 30 minutes, not the whole day. PostHog stores them merged and sorted; null for none.',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const logsAlertLeftOut: LeftOut = {
  snooze_until:
    "an action, not a setting: an instant that passes (PostHog refuses one in the past), so a declared one would fail every later update",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const logsAlertApiTypes: ApiTypes = {
  file: "products/logs/frontend/generated/api.schemas.ts",
  schemas: ["LogsAlertConfigurationApi"],
};
