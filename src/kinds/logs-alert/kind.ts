/**
 * LogsAlert, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/logs/alerts/`,
 * LogsAlertViewSet, products/logs/backend/alerts_api.py), keyed by UUID, deleted by DELETE (a plain ModelViewSet),
 * identified as `<projectId>/<uuid>`. Personal API keys need `logs:read`/`logs:write`; PostHog Cloud also serves it
 * only to users with the `logs-alerting` feature flag (PostHogFeatureFlagPermission), and at most 20 a project.
 * PostHog 2025-08-04 has no log alerts: it answers 404. Its field table is ./fields.ts; its notification destinations
 * are LogsAlertDestination's (src/kinds/logs-alert-destination/). Its model's rules across fields are the serializer's
 * `validate` (LogsAlertConfigurationSerializer.validate): an enabled alert, or one with filters, needs at least one
 * filter; the breaching checks that fire are no more than the checks of the window. Nothing about a log alert is
 * unique: a create whose answer was lost is never resent blindly.
 */
import { logsAlertExample } from "./example";
import { unservedRefusal } from "../../kit/unserved";
import { byName } from "../../kit/named";
import * as alerts from "./endpoints";
import { ANY } from "../../kit/property";
import { defineKind } from "../../kit/define-kind";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject } from "../../kit/json";
import { isUnknown } from "../../kit/unknown";
import { logsAlertFields, SERIALIZER } from "./fields";

/** PostHog 2025-08-04's 404 "Endpoint not found." for the whole route, said as what it is. */
export const unservedBefore = unservedRefusal("log alerts", "logs:write");

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

export const {
  kind: logsAlertKind,
  model: logsAlertModel,
  Lifecycle: LogsAlertLifecycle,
} = defineKind({
  name: "LogsAlert",
  noun: "log alert",
  description:
    "A PostHog log alert: it counts the project's logs matching its filters over a window and fires past a threshold. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. Its notifications go to LogsAlertDestinations. Today's PostHog only (the `logs:write` scope); PostHog 2025-08-04 has no log alerts.",
  example: logsAlertExample,
  scope: "project",
  identity: { output: "logsAlertId", key: "uuid", doc: "The log alert's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "filters"],
  endpoints: {
    get: alerts.getLogsAlert,
    update: alerts.updateLogsAlert,
    remove: alerts.deleteLogsAlert,
    create: alerts.createLogsAlert,
  },
  // No list reads: the retrieve answers the destinations too (LogsAlertConfigurationDetailSerializer), the list not.
  outputs: {
    state: {
      type: "string",
      description: "PostHog's last evaluation: not_firing, firing, pending_resolve, errored, snoozed or broken.",
    },
    destinationTypes: { type: "array", items: { type: "string" }, description: "The types of the destinations it notifies." },
  },
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
  lookups: {
    list: (http, projectId) => alerts.listLogsAlerts(http, projectId),
    uniqueBy: byName({
      list: alerts.listLogsAlerts,
      plural: "log alerts",
      idInput: "logsAlertId",
      description: "The log alert's exact name; or give logsAlertId.",
    }),
    outputs: {
      name: { type: "string" },
      enabled: { type: "boolean" },
      filters: { type: "object", additionalProperties: ANY, nullable: true },
      thresholdCount: { type: "integer" },
      thresholdOperator: { type: "string" },
      windowMinutes: { type: "integer" },
      state: { type: "string" },
    },
  },
  // LogsAlertViewSet lists with the serializer its retrieve extends: the lookups' list has every field of the table.
  importer: {
    // LogsAlertConfigurationSerializer's defaults.
    defaults: {
      enabled: true,
      threshold_count: 100,
      threshold_operator: "above",
      window_minutes: 5,
      evaluation_periods: 1,
      datapoints_to_alarm: 1,
      cooldown_minutes: 0,
      schedule_restriction: null,
    },
    label: (alert) => alert.name,
  },
  lostCreate: (sent) => `among the project's log alerts (named ${JSON.stringify(sent["name"] ?? "Untitled alert")})`,
  createRefusal: unservedBefore,
});
