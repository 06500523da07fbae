/**
 * Between Pulumi's view of a log alert and PostHog's: the kit's field-table model over its table (./fields.ts), with
 * the serializer's `validate` rules across fields (LogsAlertConfigurationSerializer.validate,
 * products/logs/backend/alerts_api.py): an enabled alert, or one with filters, needs at least one filter; the
 * breaching checks that fire are no more than the checks of the window.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject } from "../../kit/json";
import { isUnknown } from "../../kit/unknown";
import type { LogsAlert } from "./record";
import { logsAlertFields, SERIALIZER } from "./fields";

export type LogsAlertRecord = InProject<LogsAlert>;

const filled = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  !(Array.isArray(value) && value.length === 0) &&
  !(isPlainObject(value) && Object.keys(value).length === 0);

/** `validate` and `_validate_filters`, on what is known before anything is sent. */
function crossFieldFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  const failures: Failure[] = [];
  const { filters, enabled } = known;
  // An input whose value is not known yet (another resource's output) is PostHog's to judge.
  if (!failed("filters") && !failed("enabled") && !isUnknown(inputs["filters"]) && !isUnknown(inputs["enabled"])) {
    const f = isPlainObject(filters) ? filters : {};
    const some = filled(f["severityLevels"]) || filled(f["serviceNames"]) || filled(f["filterGroup"]);
    // A draft (disabled, no filters) is allowed; PostHog enables a new alert unless told otherwise.
    if (!some && (enabled !== false || filled(filters)))
      failures.push({
        property: "filters",
        reason: `filters needs at least one of severityLevels, serviceNames or filterGroup unless the alert is disabled ("At least one filter is required", ${SERIALIZER})`,
      });
  }
  const m = known["evaluation_periods"];
  const n = known["datapoints_to_alarm"];
  if (typeof m === "number" && typeof n === "number" && !failed("evaluationPeriods") && !failed("datapointsToAlarm") && n > m)
    failures.push({
      property: "datapointsToAlarm",
      reason: `datapointsToAlarm (${n}) must not exceed evaluationPeriods (${m}) ("Cannot exceed evaluation_periods", ${SERIALIZER})`,
    });
  return failures;
}

export const logsAlertModel = fieldModel<LogsAlert>({
  className: "LogsAlert",
  noun: "log alert",
  summary: "An alert on the count of a project's logs matching its filters.",
  fields: logsAlertFields,
  exampleInput: "thresholdCount",
  moreFailures: crossFieldFailures,
  // The outputs every LogsAlert has besides its kind's (its id, its project): what `pulumi import` declares (its name
  // and filters) and PostHog's evaluation.
  fixedOutputs: (record) => ({
    name: record.name,
    filters: record.filters ?? {},
    state: record.state,
    destinationTypes: record.destination_types ?? [],
  }),
  outputTypes: {
    name: { type: "string", doc: "The alert's name." },
    filters: { type: "LogsAlertFilters", doc: "Which logs are counted." },
    state: { type: "string", doc: "PostHog's last evaluation: not_firing, firing, pending_resolve, errored, snoozed or broken." },
    destinationTypes: { type: "string[]", doc: "The types of the destinations it notifies (slack, webhook, teams, pagerduty)." },
  },
  types: {
    LogsAlertFilters: {
      type: '{\n  severityLevels?: Array<"trace" | "debug" | "info" | "warn" | "error" | "fatal"> | null;\n  serviceNames?: string[] | null;\n  /** A property group: `{type: "AND", values: [{key, type: "log" | "log_attribute" | "log_resource_attribute", operator, value}]}`. */\n  filterGroup?: { type: "AND" | "OR"; values: unknown[] } | null;\n}',
      doc: "Which logs a log alert counts (LogsAlertFilters of PostHog's schema).",
    },
    LogsAlertQuietHours: {
      type: "{\n  /** Local times (HH:MM, the project's time zone), start included, end not; overnight when the end is earlier. */\n  blocked_windows: Array<{ start: string; end: string }>;\n}",
      doc: "When PostHog does not evaluate a log alert (AlertScheduleRestriction of PostHog's schema): at most 5 windows of at least 30 minutes.",
    },
  },
});
