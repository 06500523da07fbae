/**
 * Log alerts and their notification destinations, `/api/projects/:project_id/logs/alerts/` and
 * `/api/environments/:project_id/logs/alerts/` (today's LogsAlertViewSet and LogsAlertConfigurationSerializer,
 * products/logs/backend/alerts_api.py; destinations products/logs/backend/alert_destinations.py; model
 * LogsAlertConfiguration, products/logs/backend/models.py; the answer's shape from products/logs/frontend/generated/
 * api.schemas.ts). PostHog 2025-08-04 has no log alerts (its products/logs/backend/ holds the log query only): in that
 * mode these routes do not exist, and PostHog's router answers 404.
 *
 * - Keyed by UUID; DELETE destroys (204); listed newest first, limit/offset. `scope_object = "logs"`.
 * - `name` (255, blank allowed, stored as "Untitled alert" when blank), `enabled` (default true), `filters`
 *   (LogsAlertFilters: `severityLevels`, `serviceNames`, `filterGroup`, nothing else; at least one of them unless the
 *   alert is a disabled draft without filters), `threshold_count` (≥ 0, default 100), `threshold_operator`
 *   (above/below), `window_minutes` (5, 10, 15, 30 or 60), `evaluation_periods` and `datapoints_to_alarm` (1 to 10, N
 *   not above M), `cooldown_minutes` (≥ 0), `schedule_restriction` (quiet hours, checked as alerts' are:
 *   ../alerts/schedule.ts), `snooze_until` (a future instant). At most 20 alerts a project.
 * - Destinations: `POST …/<id>/destinations/` (`type` slack, webhook, teams or pagerduty, with the fields each needs)
 *   answers the ids of the hog functions PostHog makes for the destination, one per event kind (firing, resolved,
 *   auto-disabled, errored); `POST …/<id>/destinations/delete/` with `hog_function_ids` deletes a group (204), refused
 *   whole when an id is not the alert's. The alert's retrieve answers them as `destinations`, a webhook URL reduced to
 *   its scheme and host and a PagerDuty key to its last four characters (the rest carries the secret).
 *
 * Not imitated: evaluating alerts (ClickHouse: `state` stays not_firing, the check times null), the `logs-alerting`
 * feature flag PostHog's permission asks for (on here), the destinations' hog functions in the project's hog function
 * list (kept with their alert here), the Slack integration a Slack destination names (taken as sent), and the
 * events, reset and simulate actions.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  FieldFailure,
  type FieldRule,
  fail,
  integerField,
  parseChar,
  URL_SHAPE,
} from "../drf/fields";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import {
  detailIdBy,
  inProjectRoute,
  nestedViewSetRoutes,
  type SerializerFields,
  userBasic,
  uuidLookup,
  validateBody,
} from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros, parseIsoMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { scheduleRestriction } from "../alerts/schedule";

const KIND = "logsAlerts";
const MAX_ALERTS_PER_TEAM = 20;
const ALLOWED_WINDOW_MINUTES = [5, 10, 15, 30, 60];
const MAX_EVALUATION_PERIODS = 10;
/** LogSeverityLevel (posthog/schema.py, products/logs/frontend/generated/api.schemas.ts). */
const SEVERITY_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];
const DESTINATION_TYPES = ["slack", "webhook", "teams", "pagerduty"];
const PAGERDUTY_SEVERITIES = ["critical", "error", "warning", "info"];
const PAGERDUTY_REGIONS = ["us", "eu"];
/** EVENT_KINDS (alert_destinations.py): one hog function each. */
const EVENT_KINDS = ["firing", "resolved", "broken", "errored"];

/** `LogsAlertFilters.model_validate` (extra keys forbidden): the first problem, as LogsAlertFiltersField words it. */
function filtersShape(value: Json): JsonObject {
  if (!isJsonObject(value)) return fail("invalid", "Must be a JSON object.");
  const problem = (at: string, msg: string) => fail("invalid", `Invalid filters shape at \`${at}\`: ${msg}`);
  for (const [key, item] of Object.entries(value)) {
    if (key === "severityLevels" || key === "serviceNames") {
      if (item === null) continue;
      if (!Array.isArray(item)) problem(key, "Input should be a valid list");
      for (const [i, level] of (item as Json[]).entries()) {
        if (typeof level !== "string") problem(`${key}.${i}`, "Input should be a valid string");
        if (key === "severityLevels" && !SEVERITY_LEVELS.includes(level as string))
          problem(`${key}.${i}`, `Input should be ${SEVERITY_LEVELS.map((l) => `'${l}'`).join(", ")}`);
      }
    } else if (key === "filterGroup") {
      if (item !== null && !(isJsonObject(item) && (item.type === "AND" || item.type === "OR") && Array.isArray(item.values)))
        problem(key, "Input should be a valid property group");
    } else problem(key, "Extra inputs are not permitted");
  }
  return cloneJson(value);
}

const nonEmpty = (v: Json | undefined) =>
  v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0) && !(isJsonObject(v) && Object.keys(v).length === 0);

/** `_validate_filters`: at least one of the three. */
function requireSomeFilter(filters: Json | undefined): void {
  const f = isJsonObject(filters) ? filters : {};
  if (!(nonEmpty(f.severityLevels) || nonEmpty(f.serviceNames) || nonEmpty(f.filterGroup)))
    throw validationError("At least one filter is required (severityLevels, serviceNames, or filterGroup).", "filters");
}

/** DRF `DateTimeField` of `snooze_until`, then `validate`'s "Must be a future datetime.". */
const snoozeRule: FieldRule<unknown> = {
  nullable: true,
  parse: (v) => {
    const micros = typeof v === "string" ? parseIsoMicros(v) : null;
    if (micros === null)
      return fail(
        "invalid",
        "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
      );
    return micros;
  },
};

/** The writable fields in LogsAlertConfigurationSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 255, nullable: false, allowBlank: true })],
  ["enabled", booleanField(false)],
  ["filters", { nullable: false, parse: filtersShape }],
  ["threshold_count", integerField({ nullable: false, min: 0 })],
  ["threshold_operator", choiceField(false, (s) => (s === "above" || s === "below" ? s : undefined))],
  ["window_minutes", integerField({ nullable: false })],
  ["evaluation_periods", integerField({ nullable: false, min: 1, max: MAX_EVALUATION_PERIODS })],
  ["datapoints_to_alarm", integerField({ nullable: false, min: 1, max: MAX_EVALUATION_PERIODS })],
  ["cooldown_minutes", integerField({ nullable: false, min: 0 })],
  ["schedule_restriction", { nullable: true, parse: scheduleRestriction }],
  ["snooze_until", snoozeRule],
];

const DEFAULTS: JsonObject = {
  enabled: true,
  filters: {},
  threshold_count: 100,
  threshold_operator: "above",
  window_minutes: 5,
  evaluation_periods: 1,
  datapoints_to_alarm: 1,
  cooldown_minutes: 0,
  schedule_restriction: null,
  snooze_until: null,
};

/** The serializer's `validate`, over what is sent and, for the rest, what is stored. */
function validateAlert(attrs: JsonObject, stored: JsonObject): void {
  const value = (name: string) => (name in attrs ? attrs[name] : stored[name]);
  const filters = value("filters");
  if (value("enabled") !== false || nonEmpty(filters)) requireSomeFilter(filters);
  const window = value("window_minutes");
  if (typeof window === "number" && !ALLOWED_WINDOW_MINUTES.includes(window))
    throw validationError(`Must be one of [${ALLOWED_WINDOW_MINUTES.join(", ")}].`, "window_minutes");
  const m = Number(value("evaluation_periods"));
  const n = Number(value("datapoints_to_alarm"));
  if (n > m) throw validationError(`Cannot exceed evaluation_periods (${n} > ${m}).`, "datapoints_to_alarm");
  const snooze = attrs.snooze_until;
  if (typeof snooze === "number" && snooze <= nowMicros()) throw validationError("Must be a future datetime.", "snooze_until");
}

interface Destination {
  hog_function_ids: string[];
  type: string;
  slack_workspace_id?: number;
  slack_channel_id?: string;
  webhook_url?: string;
  pagerduty_routing_key?: string;
  pagerduty_severity?: string;
  pagerduty_region?: string;
}

const destinationsOf = (a: StoredObject): Destination[] =>
  Array.isArray(a.fields.destinations) ? (a.fields.destinations as unknown as Destination[]) : [];

/** A destination as the alert's retrieve answers it: the URL's and the key's secret parts removed. */
function destinationAnswer(d: Destination): JsonObject {
  const answer: JsonObject = { hog_function_ids: [...d.hog_function_ids], type: d.type, enabled: true };
  if (d.type === "slack")
    Object.assign(answer, { slack_workspace_id: d.slack_workspace_id ?? null, slack_channel_id: d.slack_channel_id ?? null });
  if (d.webhook_url !== undefined) {
    const url = new URL(d.webhook_url);
    answer.webhook_url = `${url.protocol}//${url.host}`;
  }
  if (d.type === "pagerduty")
    Object.assign(answer, {
      pagerduty_routing_key: (d.pagerduty_routing_key ?? "").slice(-4),
      pagerduty_severity: d.pagerduty_severity ?? "error",
      pagerduty_region: d.pagerduty_region ?? "us",
    });
  return answer;
}

export function serializeLogsAlert(ctx: ApiContext, a: StoredObject, detail: boolean): JsonObject {
  const f = a.fields;
  const destinations = destinationsOf(a);
  const record: JsonObject = {
    id: String(f.id),
    name: f.name ?? "Untitled alert",
    enabled: f.enabled !== false,
    filters: cloneJson(f.filters ?? {}),
    threshold_count: f.threshold_count ?? 100,
    threshold_operator: f.threshold_operator ?? "above",
    window_minutes: f.window_minutes ?? 5,
    check_interval_minutes: 5,
    state: f.enabled === false ? "not_firing" : (f.state ?? "not_firing"),
    evaluation_periods: f.evaluation_periods ?? 1,
    datapoints_to_alarm: f.datapoints_to_alarm ?? 1,
    cooldown_minutes: f.cooldown_minutes ?? 0,
    schedule_restriction: cloneJson(f.schedule_restriction ?? null),
    snooze_until: typeof f.snooze_until === "number" ? isoFromMicros(f.snooze_until) : null,
    next_check_at: null,
    last_notified_at: null,
    last_checked_at: null,
    consecutive_failures: 0,
    last_error_message: null,
    state_timeline: [],
    destination_types: [...new Set(destinations.map((d) => d.type))].sort(),
    first_enabled_at: typeof f.first_enabled_at === "number" ? isoFromMicros(f.first_enabled_at) : null,
    created_at: isoFromMicros(a.createdAtMicros),
    created_by: userBasic(ctx.store, a.createdBy),
    updated_at: isoFromMicros(a.updatedAtMicros),
  };
  // LogsAlertConfigurationDetailSerializer: the retrieve answers the destinations, the list leaves them out.
  if (detail) record.destinations = destinations.map(destinationAnswer);
  return record;
}

const alertsOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects(KIND).filter((a) => a.teamId === team.id);

function alertOf(ctx: ApiContext, id: number): StoredObject {
  const a = ctx.store.object(KIND, id);
  if (!a) throw notFound();
  return a;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, [], false);
  validateAlert(attrs, DEFAULTS);
  if (alertsOf(ctx, team).length >= MAX_ALERTS_PER_TEAM)
    throw validationError(`Maximum number of alerts (${MAX_ALERTS_PER_TEAM}) reached for this team.`);
  const fields: JsonObject = { ...DEFAULTS, ...attrs, id: randomUUID(), state: "not_firing", destinations: [] };
  if (typeof fields.name !== "string" || fields.name.trim() === "") fields.name = "Untitled alert";
  if (fields.enabled !== false) fields.first_enabled_at = nowMicros();
  return json(201, serializeLogsAlert(ctx, ctx.store.addObject(KIND, team.id, ctx.user.id, fields), true));
}

function update(ctx: ApiContext, id: number, partial: boolean) {
  const alert = alertOf(ctx, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, [], partial);
  const f = alert.fields;
  validateAlert(attrs, f);
  if ("name" in attrs && String(attrs.name).trim() === "") attrs.name = "Untitled alert";
  if (attrs.enabled === true && f.first_enabled_at == null) f.first_enabled_at = nowMicros();
  if ("snooze_until" in attrs) f.state = attrs.snooze_until === null ? "not_firing" : "snoozed";
  Object.assign(f, attrs);
  return updatedAnswer(ctx, alert, () => serializeLogsAlert(ctx, alert, true));
}

function list(ctx: ApiContext, team: StoredProject) {
  return pageAnswer(ctx, alertsOf(ctx, team).sort(newestFirst), (a) => serializeLogsAlert(ctx, a, false));
}

/** LogsAlertCreateDestinationSerializer, then `validate_destination_data`: what each type needs. */
function createDestination(ctx: ApiContext, id: number) {
  const alert = alertOf(ctx, id);
  const body = ctx.req.body();
  if (!isJsonObject(body)) throw validationError("Invalid data. Expected a dictionary, but got list.", "non_field_errors", "invalid");
  const type = body.type;
  if (type === undefined) throw validationError("This field is required.", "type", "required");
  if (typeof type !== "string" || !DESTINATION_TYPES.includes(type))
    throw validationError(`"${String(type)}" is not a valid choice.`, "type", "invalid_choice");
  const destination: Destination = { hog_function_ids: [], type };
  // CharFields (a URLField is one): trimmed, a blank one refused.
  const text = (field: string): string | undefined => {
    const v = body[field];
    if (v === undefined) return undefined;
    try {
      return parseChar(v, { allowBlank: false });
    } catch (error) {
      if (error instanceof FieldFailure) throw validationError(error.detail, field, error.code);
      throw error;
    }
  };
  if (body.slack_workspace_id !== undefined) {
    const n = body.slack_workspace_id;
    if (typeof n !== "number" || !Number.isInteger(n))
      throw validationError("A valid integer is required.", "slack_workspace_id", "invalid");
    destination.slack_workspace_id = n;
  }
  const channel = text("slack_channel_id");
  if (channel !== undefined) destination.slack_channel_id = channel;
  const url = text("webhook_url");
  if (url !== undefined) {
    if (!URL_SHAPE.test(url)) throw validationError("Enter a valid URL.", "webhook_url", "invalid");
    destination.webhook_url = url;
  }
  const key = text("pagerduty_routing_key");
  if (key !== undefined) destination.pagerduty_routing_key = key;
  for (const [field, choices] of [
    ["pagerduty_severity", PAGERDUTY_SEVERITIES],
    ["pagerduty_region", PAGERDUTY_REGIONS],
  ] as const) {
    const v = body[field];
    if (v === undefined) continue;
    if (typeof v !== "string" || !choices.includes(v))
      throw validationError(`"${String(v)}" is not a valid choice.`, field, "invalid_choice");
    destination[field] = v;
  }
  const needs: Record<string, string[]> = {
    slack: ["slack_workspace_id", "slack_channel_id"],
    webhook: ["webhook_url"],
    teams: ["webhook_url"],
    pagerduty: ["pagerduty_routing_key"],
  };
  const missing = needs[type]!.filter((field) => !destination[field as keyof Destination]);
  if (missing.length === 1) throw validationError(`${missing[0]} is required for ${type} destinations.`, missing[0]);
  if (missing.length > 1) throw validationError(`${type} destinations require ${missing.join(" and ")}.`);
  destination.hog_function_ids = EVENT_KINDS.map(() => randomUUID());
  alert.fields.destinations = [...destinationsOf(alert), destination] as unknown as Json;
  ctx.store.changed();
  return json(201, { hog_function_ids: destination.hog_function_ids });
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** LogsAlertDeleteDestinationSerializer, then the ownership check: the alert's hog functions or nothing. */
function deleteDestination(ctx: ApiContext, id: number) {
  const alert = alertOf(ctx, id);
  const body = ctx.req.body();
  const ids = isJsonObject(body) ? body.hog_function_ids : undefined;
  if (ids === undefined) throw validationError("This field is required.", "hog_function_ids", "required");
  if (!Array.isArray(ids)) throw validationError('Expected a list of items but got type "str".', "hog_function_ids", "not_a_list");
  if (ids.length === 0) throw validationError("Ensure this field has at least 1 elements.", "hog_function_ids", "min_length");
  for (const [i, item] of ids.entries())
    if (typeof item !== "string" || !UUID.test(item)) throw validationError("Must be a valid UUID.", `hog_function_ids__${i}`, "invalid");
  const wanted = new Set(ids.map((item) => String(item).toLowerCase()));
  const owned = destinationsOf(alert).flatMap((d) => d.hog_function_ids);
  if ([...wanted].some((hf) => !owned.includes(hf))) throw validationError("One or more HogFunctions do not belong to this alert.");
  // The hog functions named go; a destination whose every hog function went is gone.
  const kept = destinationsOf(alert)
    .map((d) => ({ ...d, hog_function_ids: d.hog_function_ids.filter((hf) => !wanted.has(hf)) }))
    .filter((d) => d.hog_function_ids.length > 0);
  alert.fields.destinations = kept as unknown as Json;
  ctx.store.changed();
  return noContent();
}

function destinationRoutes(parent: "projects" | "environments"): ApiRoute[] {
  const id = detailIdBy(uuidLookup(KIND, "id"));
  const common = { ...inProjectRoute("logs"), detail: true, requiredScopes: ["logs:write"] };
  const base = `/api/${parent}/:project_id/logs/alerts/:id/destinations`;
  return [
    { ...common, pattern: base, methods: { POST: { name: "create_destination", handler: (ctx) => createDestination(ctx, id(ctx)) } } },
    {
      ...common,
      pattern: `${base}/delete`,
      methods: { POST: { name: "delete_destination", handler: (ctx) => deleteDestination(ctx, id(ctx)) } },
    },
  ];
}

/** Today's PostHog only: PostHog 2025-08-04 routes no log alerts (404). */
export function logsAlertRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  return [
    ...nestedViewSetRoutes({
      path: "logs/alerts",
      scopeObject: "logs",
      environments: true,
      lookup: uuidLookup(KIND, "id"),
      list,
      create,
      retrieve: (ctx, _team, id) => json(200, serializeLogsAlert(ctx, alertOf(ctx, id), true)),
      update: (ctx, _team, id, partial) => update(ctx, id, partial),
      destroy: (ctx, _team, id) => {
        ctx.store.removeObject(KIND, id);
        return noContent();
      },
    }),
    ...destinationRoutes("projects"),
    ...destinationRoutes("environments"),
  ];
}
