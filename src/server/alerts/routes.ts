/**
 * Alerts on insights, `/api/projects/:project_id/alerts/` and `/api/environments/:project_id/alerts/` (AlertViewSet
 * and AlertSerializer of today's PostHog, products/alerts/backend/api/alert.py, formerly posthog/api/alert.py; models
 * posthog/models/alert.py; tests posthog/api/test/test_alert.py):
 *
 * - `insight` (an insight of the project whose query an alert can watch, insights/query.ts `alertsSupported`, else
 *   "Alerts are not supported for this insight."), `subscribed_users` (user ids of members of the project's organization; required, may be empty) and
 *   `threshold` (`{name?, configuration: {type: "absolute"|"percentage", bounds?: {lower?, upper?}}}`) are required.
 * - `condition` `{type: absolute_value|relative_increase|relative_decrease}`, `calculation_interval`
 *   hourly/daily (default)/weekly/monthly, `enabled` (default true), `config`, `skip_weekend`, `snoozed_until`;
 *   today also `schedule_restriction` (quiet hours), `detector_config` and the investigation agent's settings, which
 *   2025-08-04 drops unread. Today's PostHog checks the condition, config, threshold and quiet hours on every write
 *   (./schedule.ts); 2025-08-04 stored them as sent.
 * - The id is a UUID; DELETE destroys (204): alerts are a plain ModelViewSet.
 * - Personal API keys: today's PostHog has `scope_object = "alert"` (`alert:read`/`alert:write`); PostHog 2025-08-04
 *   had `"INTERNAL"`, and refuses every personal API key (403 "This action does not support Personal API Key access").
 * - Evaluating alerts needs ClickHouse: `state` stays "Not firing", `checks` is empty, `last_checked_at`,
 *   `next_check_at`, `last_value` are null. Today's anomaly detectors, investigation agent and plan limits are
 *   stored as sent or not modelled.
 */
import { randomUUID } from "node:crypto";
import { notFound } from "../drf/errors";
import { booleanField, charField, choiceField, type FieldRule, fail, jsonField, listField } from "../drf/fields";
import { pyRepr, pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { alertsSupported } from "../insights/query";
import { serializeInsightBasic } from "../insights/basic";
import { scheduleRestriction, validateAlertConfig } from "./schedule";

/**
 * AlertSerializer's interval choices: 2025-08-04's AlertCalculationInterval (posthog/schema.py) has these four; today's
 * adds `every_15_minutes` (products/alerts' generated AlertApi, test/fixtures/posthog-api-facts.json).
 */
const CALCULATION_INTERVALS = ["hourly", "daily", "weekly", "monthly"];
const TODAY_INTERVALS = [...CALCULATION_INTERVALS, "every_15_minutes"];
export const CONDITION_TYPES = ["absolute_value", "relative_increase", "relative_decrease"];
export const THRESHOLD_TYPES = ["absolute", "percentage"];

interface AlertContext {
  ctx: ApiContext;
  team: StoredProject;
}

const insightRule: FieldRule<AlertContext> = {
  nullable: false,
  parse: (v, ac) => {
    const pk = typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;
    if (pk === null) fail("incorrect_type", `Incorrect type. Expected pk value, received ${pyTypeOf(v)}.`);
    const insight = ac.ctx.store.object("insights", Number(pk));
    // TeamScopedPrimaryKeyRelatedField: another project's insight does not exist.
    if (!insight || insight.teamId !== ac.team.id || insight.deleted)
      fail("does_not_exist", `Invalid pk "${pyStr(v)}" - object does not exist.`);
    if (!alertsSupported(insight?.fields.query, ac.ctx.services.version)) fail("invalid", "Alerts are not supported for this insight.");
    return Number(pk);
  },
};

function pyTypeOf(v: Json): string {
  if (typeof v === "string") return "str";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float";
  if (Array.isArray(v)) return "list";
  return v === null ? "NoneType" : "dict";
}

const subscribedUsersRule: FieldRule<AlertContext> = {
  nullable: false,
  parse: (v, ac) => {
    const ids = listField<AlertContext>({
      nullable: false,
      item: (x) => {
        if (typeof x !== "number" || !Number.isInteger(x))
          return fail("incorrect_type", `Incorrect type. Expected pk value, received ${pyTypeOf(x)}.`);
        if (!ac.ctx.store.user(x)) return fail("does_not_exist", `Invalid pk "${x}" - object does not exist.`);
        return x;
      },
    }).parse(v, ac);
    for (const id of Array.isArray(ids) ? ids : []) {
      if (ac.ctx.store.membershipLevel(ac.team.organizationId, Number(id)) === null) {
        fail("invalid", "User does not belong to the same organization as the alert's team.");
      }
    }
    return ids;
  },
};

/** ThresholdSerializer.validate → Threshold.clean (InsightThreshold of posthog/schema.py, extra fields forbidden). */
const thresholdRule: FieldRule<AlertContext> = {
  nullable: false,
  parse: (v) => {
    if (!isJsonObject(v)) return fail("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeOf(v)}.`);
    const name = v.name === undefined ? "" : parseCharLike(v.name);
    if (!("configuration" in v)) return fail("required", "This field is required.", ["configuration"]);
    const c = v.configuration;
    const invalid = (why: string) => fail("invalid", `Invalid threshold configuration: ${why}`);
    if (!isJsonObject(c)) return invalid(`configuration must be a dictionary, got ${pyRepr(c)}`);
    for (const k of Object.keys(c)) if (!["type", "bounds"].includes(k)) invalid(`extra field ${k} not permitted`);
    if (typeof c.type !== "string" || !THRESHOLD_TYPES.includes(c.type))
      invalid(`type must be 'absolute' or 'percentage', got ${pyRepr(c.type ?? null)}`);
    const b = c.bounds;
    if (b !== undefined && b !== null) {
      if (!isJsonObject(b)) return invalid("bounds must be a dictionary");
      for (const k of Object.keys(b)) {
        if (!["lower", "upper"].includes(k)) invalid(`extra field bounds.${k} not permitted`);
        if (b[k] !== null && typeof b[k] !== "number") invalid(`bounds.${k} must be a number`);
      }
      if (typeof b.lower === "number" && typeof b.upper === "number" && b.lower > b.upper) {
        fail("invalid", "Lower threshold must be less than upper threshold");
      }
    }
    return { name, configuration: cloneJson(c) };
  },
};

function parseCharLike(v: Json): string {
  if (typeof v !== "string") return fail("invalid", "Not a valid string.", ["name"]);
  if (v.length > 255) return fail("max_length", "Ensure this field has no more than 255 characters.", ["name"]);
  return v;
}

/** AlertConditionField: `{type}` of AlertConditionType, nothing else. */
const conditionRule: FieldRule<AlertContext> = {
  nullable: true,
  parse: (v) => {
    if (!isJsonObject(v) || typeof v.type !== "string" || !CONDITION_TYPES.includes(v.type) || Object.keys(v).some((k) => k !== "type")) {
      return fail("invalid", `Invalid condition: type must be one of ${CONDITION_TYPES.join(", ")}.`);
    }
    return cloneJson(v);
  },
};

/** The writable fields in AlertSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<AlertContext> = [
  ["insight", insightRule],
  ["name", charField({ maxLength: 255, nullable: false, allowBlank: true })],
  ["subscribed_users", subscribedUsersRule],
  ["threshold", thresholdRule],
  ["condition", conditionRule],
  ["enabled", booleanField(false)],
  ["config", jsonField(true)],
  ["detector_config", jsonField(true)],
  [
    "calculation_interval",
    {
      nullable: false,
      parse: (v, ac) => {
        const choices = ac.ctx.services.version === "current" ? TODAY_INTERVALS : CALCULATION_INTERVALS;
        return choiceField(false, (s) => (choices.includes(s) ? s : undefined)).parse(v, ac);
      },
    },
  ],
  [
    "snoozed_until",
    { nullable: true, parse: (v) => (typeof v === "string" ? v : fail("invalid", "snoozed_until has to be passed in string format")) },
  ],
  ["skip_weekend", booleanField(true)],
  ["schedule_restriction", { nullable: true, parse: scheduleRestriction }],
  ["investigation_agent_enabled", booleanField(false)],
  ["investigation_gates_notifications", booleanField(false)],
  ["investigation_inconclusive_action", choiceField(false, (s) => (s === "notify" || s === "suppress" ? s : undefined))],
];

/** The writable fields of the version: 2025-08-04's AlertSerializer had no detector, quiet hours or investigation agent. */
const TODAY_ONLY = [
  "detector_config",
  "schedule_restriction",
  "investigation_agent_enabled",
  "investigation_gates_notifications",
  "investigation_inconclusive_action",
];
const fieldsOf = (ctx: ApiContext) => (ctx.services.version === "current" ? FIELDS : FIELDS.filter(([name]) => !TODAY_ONLY.includes(name)));

export function serializeAlert(ctx: ApiContext, a: StoredObject): JsonObject {
  const f = a.fields;
  const insight = ctx.store.object("insights", Number(f.insight));
  const threshold = isJsonObject(f.threshold) ? f.threshold : null;
  const users = Array.isArray(f.subscribed_users) ? f.subscribed_users : [];
  const record: JsonObject = {
    id: pyStr(f.id ?? ""),
    created_by: userBasic(ctx.store, a.createdBy),
    created_at: isoFromMicros(a.createdAtMicros),
    insight: insight ? serializeInsightBasic(ctx, insight) : null,
    name: pyStr(f.name ?? ""),
    subscribed_users: users.map((u) => userBasic(ctx.store, Number(u))).filter((u) => u !== null),
    threshold: threshold
      ? {
          id: pyStr(threshold.id ?? ""),
          created_at: isoFromMicros(Number(threshold.created_at ?? a.createdAtMicros)),
          name: threshold.name ?? "",
          configuration: cloneJson(threshold.configuration ?? {}),
        }
      : null,
    condition: cloneJson(f.condition ?? {}),
    state: f.state ?? "Not firing",
    enabled: f.enabled !== false,
    last_notified_at: null,
    last_checked_at: null,
    next_check_at: null,
    checks: [],
    config: cloneJson(f.config ?? {}),
    detector_config: cloneJson(f.detector_config ?? null),
    calculation_interval: f.calculation_interval ?? "daily",
    snoozed_until: f.snoozed_until ?? null,
    skip_weekend: f.skip_weekend ?? false,
    schedule_restriction: cloneJson(f.schedule_restriction ?? null),
    last_value: null,
    investigation_agent_enabled: f.investigation_agent_enabled === true,
    investigation_gates_notifications: f.investigation_gates_notifications === true,
    investigation_inconclusive_action: f.investigation_inconclusive_action ?? "notify",
  };
  if (ctx.services.version === "current") return record;
  // 2025-08-04's AlertSerializer answered none of today's additions.
  for (const name of [...TODAY_ONLY, "last_value"]) delete record[name];
  return record;
}

function alertsOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store.objects("alerts").filter((a) => a.teamId === team.id);
}

function threshold(ctx: ApiContext, value: JsonObject): JsonObject {
  return { id: randomUUID(), created_at: nowMicros(), created_by: ctx.user.id, ...value };
}

/** Today's `validate_alert_config` over the values sent and, for the rest, those of `stored`. */
function checkConfig(ctx: ApiContext, attrs: JsonObject, stored: JsonObject | undefined): void {
  if (ctx.services.version !== "current") return;
  const value = (name: string) => (name in attrs ? attrs[name] : stored?.[name]);
  const insight = ctx.store.object("insights", Number(value("insight")));
  validateAlertConfig(
    insight?.fields.query,
    { condition: value("condition"), config: value("config"), threshold: value("threshold"), detector: value("detector_config") },
    value("detector_config") == null && (stored === undefined || "threshold" in attrs || "detector_config" in attrs),
  );
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), fieldsOf(ctx), { ctx, team }, ["insight", "subscribed_users", "threshold"], false);
  checkConfig(ctx, attrs, undefined);
  const fields: JsonObject = { ...attrs, id: randomUUID(), state: "Not firing" };
  if (isJsonObject(attrs.threshold)) fields.threshold = threshold(ctx, attrs.threshold);
  // A snooze on create is ignored: only `update` applies `snoozed_until`.
  delete fields.snoozed_until;
  return json(201, serializeAlert(ctx, ctx.store.addObject("alerts", team.id, ctx.user.id, fields)));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const alert = ctx.store.object("alerts", id);
  if (!alert) throw notFound();
  const attrs = validateBody(ctx.req.body(), fieldsOf(ctx), { ctx, team }, ["insight", "subscribed_users", "threshold"], partial);
  const f = alert.fields;
  checkConfig(ctx, attrs, f);
  if ("snoozed_until" in attrs) {
    f.state = attrs.snoozed_until === null ? "Not firing" : "Snoozed";
    f.snoozed_until = attrs.snoozed_until;
    delete attrs.snoozed_until;
  }
  if (isJsonObject(attrs.threshold)) {
    const previous = isJsonObject(f.threshold) ? f.threshold : null;
    // An empty threshold removes it; otherwise the existing one is changed in place.
    attrs.threshold =
      Object.keys(attrs.threshold).length === 0 ? null : previous ? { ...previous, ...attrs.threshold } : threshold(ctx, attrs.threshold);
    if (JSON.stringify(previous?.configuration ?? null) !== JSON.stringify(attrs.threshold?.configuration ?? null)) f.state = "Not firing";
  }
  Object.assign(f, attrs);
  return updatedAnswer(ctx, alert, () => serializeAlert(ctx, alert));
}

function list(ctx: ApiContext, team: StoredProject) {
  let rows = alertsOf(ctx, team);
  const insight = ctx.req.param("insight") ?? ctx.req.param("insight_id");
  if (insight !== undefined) rows = rows.filter((a) => String(a.fields.insight) === insight);
  rows.sort(newestFirst);
  return pageAnswer(ctx, rows, (a) => serializeAlert(ctx, a));
}

export function alertRoutes() {
  return nestedViewSetRoutes({
    path: "alerts",
    scopeObject: "alert",
    environments: true,
    // 2025-08-04: scope_object = "INTERNAL", no scope for any action.
    scopesFor: (ctx) => (ctx.services.version === "2025-08-04" ? null : undefined),
    // The UUID primary key: anything else (or another project's alert) is a 404, as get_object_or_404 answers.
    lookup: uuidLookup("alerts", "id"),
    list,
    create,
    retrieve: (ctx, _team, id) => {
      const a = ctx.store.object("alerts", id);
      if (!a) throw notFound();
      return json(200, serializeAlert(ctx, a));
    },
    update,
    destroy: (ctx, _team, id) => {
      ctx.store.removeObject("alerts", id);
      return noContent();
    },
  });
}
