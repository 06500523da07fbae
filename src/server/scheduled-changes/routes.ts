/**
 * Scheduled changes, `/api/projects/:project_id/scheduled_changes/` (ScheduledChangeViewSet and
 * ScheduledChangeSerializer of today's PostHog, products/feature_flags/backend/api/scheduled_change.py, and
 * PostHog 2025-08-04's posthog/api/scheduled_change.py; model ScheduledChange,
 * products/feature_flags/backend/models/scheduled_change.py; run by posthog/tasks/process_scheduled_changes.py):
 *
 * - `record_id` (a CharField of at most 200: the flag's id) and `model_name` ("FeatureFlag", the one model of
 *   ScheduledChange.AllowedModels) are required, and fixed once made ("Cannot change the target record of an existing
 *   scheduled change."); a flag that is not the project's is refused on create ("Feature flag not found"), and its id
 *   is stored in its own form (`str(feature_flag.id)`).
 * - `payload` is any JSON, `scheduled_at` a date and time, both required. The payload is checked only when the
 *   schedule runs (FeatureFlag.scheduled_changes_dispatcher): an `operation` and a `value`, the operation
 *   `update_status`, `add_release_condition` or `update_variants`.
 * - Today's recurring schedules (`is_recurring`, `recurrence_interval` daily/weekly/monthly/yearly, `cron_expression`
 *   of 5 fields, `end_date`) with ScheduledChangeSerializer.validate's rules. A one-time schedule that has run (its
 *   `executed_at` set, by a run or a permanent failure) refuses every update ("Cannot modify a scheduled change that
 *   has already executed.").
 * - DELETE is ModelViewSet's: gone for good. The list is LimitOffsetPagination (100 by default), filtered by
 *   `model_name` and `record_id`.
 * - Scope `feature_flag` today; PostHog 2025-08-04's viewset is `INTERNAL`: every personal API key with scopes is refused. That
 *   version has no recurrence and no `validate`; its create checks the flag as today's does.
 *
 * `runDueChanges` is the task (the control surface's `POST /_control/projects/:id/scheduled-changes/run`): each due
 * schedule not yet run is applied to its flag and marked run, or marked failed for good with its reason.
 * Not imitated: approvals (today's change requests bound to a schedule), a cron schedule's next run, retries of
 * recoverable failures (a local flag write never fails so).
 */
import { validationError } from "../drf/errors";
import { booleanField, charField, choiceField, jsonField, nullableDateTimeField, runRule } from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const RECURRENCE_INTERVALS = ["daily", "weekly", "monthly", "yearly"];

const older = (ctx: ApiContext) => ctx.services.version === "2025-08-04";

/** A required DateTimeField: stored as epoch microseconds. */
const dateTimeRule = { ...nullableDateTimeField, nullable: false };

/** The writable fields in ScheduledChangeSerializer.Meta.fields order (2025-08-04: the first four). */
const FIELDS: SerializerFields<ApiContext> = [
  ["record_id", charField({ maxLength: 200, nullable: false, allowBlank: false })],
  ["model_name", choiceField(false, (s) => (s === "FeatureFlag" ? s : undefined))],
  ["payload", jsonField(false)],
  ["scheduled_at", dateTimeRule],
  ["is_recurring", booleanField(false)],
  ["recurrence_interval", choiceField(true, (s) => (RECURRENCE_INTERVALS.includes(s) ? s : undefined))],
  // The model's CharField(max_length=100, null=True, blank=True).
  ["cron_expression", charField({ maxLength: 100, nullable: true, allowBlank: true })],
  ["end_date", nullableDateTimeField],
];
const FIELDS_20250804 = FIELDS.slice(0, 4);
const REQUIRED = ["record_id", "model_name", "payload", "scheduled_at"];

const micros = (v: Json | undefined) => (typeof v === "number" ? isoFromMicros(v) : null);

export function serializeScheduledChange(ctx: ApiContext, s: StoredObject): JsonObject {
  const f = s.fields;
  const record: JsonObject = {
    id: s.id,
    team_id: s.teamId,
    record_id: f.record_id ?? "",
    model_name: f.model_name ?? "FeatureFlag",
    payload: cloneJson(f.payload ?? {}),
    scheduled_at: micros(f.scheduled_at),
    executed_at: micros(f.executed_at),
    failure_reason: typeof f.failure_reason === "string" && f.failure_reason !== "" ? f.failure_reason : null,
    created_at: isoFromMicros(s.createdAtMicros),
    created_by: userBasic(ctx.store, s.createdBy),
    updated_at: isoFromMicros(s.updatedAtMicros),
  };
  if (older(ctx)) return record;
  return {
    ...record,
    is_recurring: f.is_recurring === true,
    recurrence_interval: f.recurrence_interval ?? null,
    cron_expression: f.cron_expression ?? null,
    last_executed_at: micros(f.last_executed_at),
    end_date: micros(f.end_date),
    timezone: f.timezone ?? "UTC",
  };
}

/** `Field.to_internal_value` of a CharField: what DRF compares with the stored one. */
const stored = (instance: StoredObject | null, field: string): Json | undefined => (instance ? instance.fields[field] : undefined);

/** A cron field's bounds (minute, hour, day of month, month, day of week) and the names croniter takes in it. */
const CRON_FIELDS: ReadonlyArray<{ min: number; max: number; names?: readonly string[] }> = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] },
  { min: 0, max: 7, names: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] },
];

/** Whether one comma-separated item of a cron field is `*`, a value or a range, with an optional `/step`. */
function cronItemValid(item: string, field: (typeof CRON_FIELDS)[number]): boolean {
  const [range = "", step, ...rest] = item.split("/");
  if (rest.length > 0 || (step !== undefined && !/^\d+$/.test(step))) return false;
  if (range === "*") return true;
  const bound = (text: string) => {
    const named = field.names?.indexOf(text.toLowerCase()) ?? -1;
    const n = named >= 0 ? named + (field.min === 1 ? 1 : 0) : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    return n >= field.min && n <= field.max ? n : Number.NaN;
  };
  const ends = range.split("-").map(bound);
  return ends.length <= 2 && ends.every((n) => !Number.isNaN(n));
}

/**
 * ScheduledChangeSerializer.validate's cron rules: five fields, then `croniter.is_valid` (approximated: each field's
 * items are `*`, values in its bounds, ranges and steps; month and weekday names).
 */
function checkCron(cron: string): void {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) {
    throw validationError(
      "Only standard 5-field cron expressions are supported (minute hour day month weekday). Example: '0 9 * * 1-5'.",
      "cron_expression",
    );
  }
  if (!parts.every((part, i) => part.split(",").every((item) => cronItemValid(item, CRON_FIELDS[i]!)))) {
    throw validationError("Invalid cron expression. Use standard 5-field cron syntax (e.g., '0 9 * * 1-5').", "cron_expression");
  }
}

/** ScheduledChangeSerializer.validate (today's), over the instance's values where the body leaves a field out. */
function validateToday(attrs: JsonObject, instance: StoredObject | null): void {
  if (instance) {
    if ("record_id" in attrs && pyStr(attrs.record_id) !== pyStr(instance.fields.record_id ?? "")) {
      throw validationError("Cannot change the target record of an existing scheduled change.", "record_id");
    }
    if ("model_name" in attrs && attrs.model_name !== instance.fields.model_name) {
      throw validationError("Cannot change the model type of an existing scheduled change.", "model_name");
    }
    if (typeof instance.fields.executed_at === "number" && instance.fields.is_recurring !== true) {
      throw validationError("Cannot modify a scheduled change that has already executed.");
    }
  }
  const value = (field: string, otherwise: Json) => (field in attrs ? attrs[field] : (stored(instance, field) ?? otherwise));
  const isRecurring = value("is_recurring", false) === true;
  const interval = value("recurrence_interval", null);
  const cron = value("cron_expression", null);
  const payload = value("payload", {});
  if (interval && cron) {
    throw validationError("Cannot set both cron_expression and recurrence_interval. Use one or the other.", "cron_expression");
  }
  if (typeof cron === "string" && cron !== "") checkCron(cron);
  if (isRecurring) {
    if (!interval && !cron) {
      throw validationError("Either recurrence_interval or cron_expression is required when is_recurring is true.", "recurrence_interval");
    }
    if (isJsonObject(payload) && payload.operation === "add_release_condition") {
      throw validationError(
        "Recurring schedules are not supported for add_release_condition because it appends conditions on each run, creating duplicates.",
        "payload",
      );
    }
  }
  if (!instance && !isRecurring) {
    if (interval)
      throw validationError("Cannot set recurrence_interval when is_recurring is false for new schedules.", "recurrence_interval");
    if (cron) throw validationError("Cannot set cron_expression when is_recurring is false for new schedules.", "cron_expression");
  }
  const end = value("end_date", null);
  const start = value("scheduled_at", null);
  if (typeof end === "number" && typeof start === "number" && end <= start) {
    throw validationError("End date must be after the scheduled start date.", "end_date");
  }
}

/** `_check_target_edit_permission`: the project's flag (soft-deleted ones too: `FeatureFlag.objects` keeps them). */
function targetFlag(ctx: ApiContext, team: StoredProject, recordId: Json | undefined): StoredObject {
  const text = pyStr(recordId ?? "").trim();
  const id = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  const flag = ctx.store.object("featureFlags", id);
  if (!flag || flag.teamId !== team.id) throw validationError("Feature flag not found");
  return flag;
}

function list(ctx: ApiContext, team: StoredProject) {
  let rows = ctx.store.objects("scheduledChanges").filter((s) => s.teamId === team.id);
  const modelName = ctx.req.param("model_name");
  const recordId = ctx.req.param("record_id");
  if (modelName !== undefined) rows = rows.filter((s) => s.fields.model_name === modelName);
  if (recordId !== undefined) rows = rows.filter((s) => s.fields.record_id === recordId);
  return pageAnswer(ctx, rows, (s) => serializeScheduledChange(ctx, s));
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), older(ctx) ? FIELDS_20250804 : FIELDS, ctx, REQUIRED, false);
  if (!older(ctx)) validateToday(attrs, null);
  const flag = targetFlag(ctx, team, attrs.record_id);
  const fields: JsonObject = { ...attrs, record_id: older(ctx) ? attrs.record_id : String(flag.id) };
  if (!older(ctx)) {
    fields.is_recurring = attrs.is_recurring === true;
    fields.timezone = team.settings.timezone ?? "UTC";
  }
  const s = ctx.store.addObject("scheduledChanges", team.id, ctx.user.id, fields);
  return json(201, serializeScheduledChange(ctx, s));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const s = findInProject(ctx.store, "scheduledChanges", team, id);
  const attrs = validateBody(ctx.req.body(), older(ctx) ? FIELDS_20250804 : FIELDS, ctx, REQUIRED, partial);
  if (!older(ctx)) {
    validateToday(attrs, s);
    s.fields.record_id = String(targetFlag(ctx, team, s.fields.record_id).id);
  }
  Object.assign(s.fields, attrs);
  return updatedAnswer(ctx, s, () => serializeScheduledChange(ctx, s));
}

/** What `scheduled_changes_dispatcher` does to the flag, or the error it raises. */
function apply(flag: StoredObject, payload: Json): void {
  if (!isJsonObject(payload) || !("operation" in payload) || !("value" in payload)) throw new Error("Invalid payload");
  const value = payload.value ?? null;
  const filters = isJsonObject(flag.fields.filters) ? flag.fields.filters : {};
  switch (payload.operation) {
    case "update_status": {
      // FeatureFlagSerializer's `active`, a BooleanField, takes what the run sends as `{"active": value}`.
      try {
        flag.fields.active = runRule(booleanField(false), value, undefined);
      } catch {
        throw new Error("{'active': [ErrorDetail(string='Must be a valid boolean.', code='invalid')]}");
      }
      return;
    }
    case "add_release_condition": {
      const groups = isJsonObject(value) && Array.isArray(value.groups) ? value.groups : [];
      const current = Array.isArray(filters.groups) ? filters.groups : [];
      flag.fields.filters = { ...filters, groups: [...current, ...cloneJson(groups)] };
      return;
    }
    case "update_variants": {
      const variants = isJsonObject(value) && Array.isArray(value.variants) ? value.variants : [];
      const total = variants.reduce<number>(
        (sum, v) => sum + (isJsonObject(v) && typeof v.rollout_percentage === "number" ? v.rollout_percentage : 0),
        0,
      );
      if (variants.length > 0 && total !== 100) throw new Error(`Invalid variant rollout percentages: sum is ${total}, must be 100`);
      const payloads = isJsonObject(value) && isJsonObject(value.payloads) ? value.payloads : {};
      flag.fields.filters = {
        ...filters,
        multivariate: variants.length > 0 ? { variants: cloneJson(variants) } : null,
        payloads: cloneJson(payloads),
      };
      return;
    }
    default:
      throw new Error(`Unrecognized operation: ${pyStr(payload.operation ?? null)}`);
  }
}

/**
 * `compute_next_run`: a day, a week, a month or a year later, as dateutil's relativedelta adds them (the 31st of a
 * month to the last day of a shorter one, the 29th of February to the 28th).
 */
function nextRun(micros: number, interval: string): number {
  const at = new Date(Math.floor(micros / 1000));
  const sub = micros % 1000;
  const days = { daily: 1, weekly: 7 }[interval];
  if (days !== undefined) return micros + days * 86_400_000_000;
  const months = interval === "monthly" ? 1 : 12;
  const month = at.getUTCMonth() + months;
  const year = at.getUTCFullYear() + Math.floor(month / 12);
  const lastDay = new Date(Date.UTC(year, (month % 12) + 1, 0)).getUTCDate();
  const next = Date.UTC(
    year,
    month % 12,
    Math.min(at.getUTCDate(), lastDay),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
    at.getUTCMilliseconds(),
  );
  return next * 1000 + sub;
}

/**
 * process_scheduled_changes: every schedule of the project due and not yet run, earliest first, applied to its flag;
 * `executed_at` set when it ran, or when it failed for good (every failure here is one PostHog does not retry: a bad
 * payload, a flag that no longer exists), with the reason its `failure_reason` answers (`formatted_failure_reason`).
 * A paused schedule (not recurring, its recurrence kept) is skipped; a recurring one past its `end_date` is marked run
 * without running. A recurring one that ran gets `last_executed_at` and its next `scheduled_at`, the first after now
 * by its interval (marked run instead when that is after its `end_date`); a cron schedule's next time is not
 * computed here: it stays due. Answers the ids run.
 */
export function runDueChanges(store: Store, teamId: number): number[] {
  const due = store
    .objects("scheduledChanges")
    .filter(
      (s) =>
        s.teamId === teamId &&
        s.fields.executed_at == null &&
        typeof s.fields.scheduled_at === "number" &&
        s.fields.scheduled_at <= nowMicros(),
    )
    .sort((a, b) => (a.fields.scheduled_at as number) - (b.fields.scheduled_at as number));
  const ran: number[] = [];
  for (const s of due) {
    const f = s.fields;
    const interval = typeof f.recurrence_interval === "string" && f.recurrence_interval !== "" ? f.recurrence_interval : null;
    const recurs = Boolean(interval || f.cron_expression);
    if (f.is_recurring !== true && recurs) continue;
    const now = nowMicros();
    s.updatedAtMicros = now;
    ran.push(s.id);
    if (typeof f.end_date === "number" && f.end_date <= now && recurs) {
      f.executed_at = now;
      continue;
    }
    const flag = store.object("featureFlags", Number(f.record_id));
    try {
      if (!flag) throw new Error("FeatureFlag matching query does not exist.");
      apply(flag, f.payload ?? {});
      flag.updatedAtMicros = now;
      if (f.is_recurring === true && recurs) {
        f.last_executed_at = now;
        if (interval) {
          let next = nextRun(f.scheduled_at as number, interval);
          while (next <= now) next = nextRun(next, interval);
          if (typeof f.end_date === "number" && next > f.end_date) f.executed_at = now;
          else f.scheduled_at = next;
        }
      } else f.executed_at = now;
    } catch (error) {
      f.failure_reason = `${(error as Error).message} (permanent error)`;
      f.executed_at = now;
    }
  }
  store.changed();
  return ran;
}

export function scheduledChangeRoutes() {
  return nestedViewSetRoutes({
    path: "scheduled_changes",
    scopeObject: "feature_flag",
    // 2025-08-04: scope_object = "INTERNAL", no scope for any action.
    scopesFor: (ctx) => (older(ctx) ? null : undefined),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeScheduledChange(ctx, findInProject(ctx.store, "scheduledChanges", team, id))),
    update,
    destroy: (ctx, team, id) => {
      ctx.store.removeObject("scheduledChanges", findInProject(ctx.store, "scheduledChanges", team, id).id);
      return noContent();
    },
  });
}
