/**
 * Subscriptions, `/api/projects/:project_id/subscriptions/` (SubscriptionViewSet and SubscriptionSerializer,
 * ee/api/subscription.py; model posthog/models/subscription.py), as each version serves them:
 *
 * - Every request, reads too, answers 402 `payment_required` to an organization whose plan lacks `subscriptions`
 *   (PremiumFeaturePermission, posthog/permissions.py: PostHog asks of the key user's organization; here the
 *   project's, which the tests' keys share).
 * - `target_type`, `target_value`, `frequency` and `start_date` are required; `dashboard` and `insight` name any
 *   dashboard or insight (PrimaryKeyRelatedField), which must be the project's ("This dashboard does not belong to
 *   your team.").
 * - 2025-08-04: the check "Either dashboard or insight is required for an export." runs only for an empty body
 *   (`if not self.initial_data`), so neither or both are stored.
 * - Today's: `content_type` (inferred from the dashboard, else insight; fixed after the create), one insight or one
 *   dashboard, `dashboard_export_insights` (at least one insight of the project for a dashboard, at most 6),
 *   `integration_id` (a Slack integration of the project, required for Slack: none exists here, so Slack is refused as
 *   PostHog refuses a project without one), a webhook URL PostHog's SSRF check lets through (no loopback or private
 *   address), `enabled`, and a schedule that has not ended ("Subscription schedule has reached its end date").
 * - Deleted by `PATCH {"deleted": true}` (ForbidDestroyModel: DELETE is 405); a deleted subscription is still
 *   answered by its id (only the list leaves deleted ones out, unless `deleted` is asked for).
 * - Deliveries (Celery or Temporal) are not made here; `next_delivery_date` and `summary` are computed as PostHog does.
 */
import { notFound, paymentRequired, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  fail,
  integerField,
  listField,
  nullableDateTimeField,
  primaryKeyField,
  runRule,
} from "../drf/fields";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import type { Json, JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { nextOccurrence, summary } from "./schedule";

const KIND = "subscriptions";
const choices = (values: readonly string[]) => (s: string) => (values.includes(s) ? s : undefined);
const INT32 = { min: -2147483648, max: 2147483647 };

const startDateField = { ...nullableDateTimeField, nullable: false };

function fields(current: boolean): SerializerFields<ApiContext> {
  const exists = (kind: "dashboards" | "insights") => (pk: number, ctx: ApiContext) => ctx.store.object(kind, pk) !== undefined;
  return [
    ["dashboard", primaryKeyField(true, exists("dashboards"))],
    ["insight", primaryKeyField(true, exists("insights"))],
    ["target_type", choiceField(false, choices(["email", "slack", "webhook"]))],
    ["target_value", charField({ nullable: false, allowBlank: false })],
    ["frequency", choiceField(false, choices(["daily", "weekly", "monthly", "yearly"]))],
    ["interval", integerField({ nullable: false, ...INT32 })],
    [
      "byweekday",
      listField({
        nullable: true,
        item: (v, path) => {
          const day = runRule(
            choiceField(false, choices(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])),
            v,
            null,
          );
          return day ?? fail("invalid_choice", `"${String(v)}" is not a valid choice.`, path);
        },
      }),
    ],
    ["bysetpos", integerField({ nullable: true, ...INT32 })],
    ["count", integerField({ nullable: true, ...INT32 })],
    ["start_date", startDateField],
    ["until_date", nullableDateTimeField],
    ["deleted", booleanField(false)],
    ["title", charField({ maxLength: 100, nullable: true, allowBlank: true })],
    ["invite_message", charField({ nullable: true, allowBlank: true })],
    ...(current
      ? ([
          ["content_type", choiceField(false, choices(["insight", "dashboard", "ai_prompt"]))],
          ["integration_id", integerField({ nullable: true })],
          [
            "dashboard_export_insights",
            listField({
              nullable: false,
              item: (v, path) => (typeof v === "number" && Number.isInteger(v) ? v : fail("invalid", "All items must be integers.", path)),
            }),
          ],
          ["enabled", booleanField(false)],
        ] as const)
      : []),
  ];
}

const REQUIRED = ["target_type", "target_value", "frequency", "start_date"];

function serialize(ctx: ApiContext, s: StoredObject, current: boolean): JsonObject {
  const f = s.fields;
  const byweekday = Array.isArray(f.byweekday) ? (f.byweekday as string[]) : null;
  const interval = typeof f.interval === "number" ? f.interval : 1;
  const bysetpos = typeof f.bysetpos === "number" ? f.bysetpos : null;
  const micros = (v: Json | undefined) => (typeof v === "number" ? isoFromMicros(v) : null);
  return {
    id: s.id,
    ...(current && { content_type: f.content_type ?? "insight" }),
    dashboard: f.dashboard ?? null,
    insight: f.insight ?? null,
    ...(current && { dashboard_export_insights: f.dashboard_export_insights ?? [] }),
    target_type: f.target_type ?? null,
    target_value: f.target_value ?? null,
    frequency: f.frequency ?? null,
    interval,
    byweekday,
    bysetpos,
    count: f.count ?? null,
    start_date: micros(f.start_date),
    until_date: micros(f.until_date),
    created_at: isoFromMicros(s.createdAtMicros),
    created_by: userBasic(ctx.store, s.createdBy),
    deleted: s.deleted,
    ...(current && { enabled: f.enabled ?? true }),
    title: f.title ?? null,
    summary: summary(f.frequency, interval, byweekday, bysetpos),
    next_delivery_date: micros(f.next_delivery_date),
    ...(current && { integration_id: f.integration_id ?? null }),
  };
}

/** `Subscription.set_next_delivery_date`: the first occurrence more than 15 minutes from now, in microseconds. */
function nextDelivery(f: JsonObject): number | null {
  const ms = (v: Json | undefined) => (typeof v === "number" ? Math.floor(v / 1000) : null);
  const next = nextOccurrence(
    {
      frequency: String(f.frequency),
      interval: typeof f.interval === "number" ? f.interval : 1,
      count: typeof f.count === "number" ? f.count : null,
      start: ms(f.start_date) ?? 0,
      until: ms(f.until_date),
      byweekday: Array.isArray(f.byweekday) ? (f.byweekday as string[]) : null,
      bysetpos: typeof f.bysetpos === "number" ? f.bysetpos : null,
    },
    Date.now() + 15 * 60_000,
  );
  return next === null ? null : next * 1000;
}

/** SubscriptionSerializer.validate, as each version has it; `existing` on an update. */
function validate(ctx: ApiContext, team: StoredProject, attrs: JsonObject, existing: StoredObject | null, body: unknown): void {
  const belongs = (kind: "dashboards" | "insights", pk: Json | undefined) =>
    pk === null || pk === undefined || ctx.store.object(kind, Number(pk))?.teamId === team.id;
  const current = ctx.services.version === "current";
  if (!current && existing === null && typeof body === "object" && body !== null && Object.keys(body).length === 0)
    throw validationError("Either dashboard or insight is required for an export.");
  if (!belongs("dashboards", attrs.dashboard)) throw validationError("This dashboard does not belong to your team.", "dashboard");
  if (!belongs("insights", attrs.insight)) throw validationError("This insight does not belong to your team.", "insight");
  if (!current) return;
  const was = existing?.fields ?? {};
  if (existing && attrs.content_type !== undefined && attrs.content_type !== was.content_type)
    throw validationError("content_type cannot be changed after the subscription is created.", "content_type");
  const hasInsight = Boolean(attrs.insight ?? was.insight);
  const hasDashboard = Boolean(attrs.dashboard ?? was.dashboard);
  const contentType = attrs.content_type ?? was.content_type ?? (hasDashboard ? "dashboard" : "insight");
  if (!existing && attrs.content_type === undefined) attrs.content_type = contentType;
  if (contentType === "insight") {
    if (!hasInsight) throw validationError("Insight is required for insight subscriptions.", "insight");
    if (attrs.dashboard) throw validationError("Insight subscriptions cannot also set dashboard or prompt.", "insight");
  } else if (contentType === "dashboard") {
    if (!hasDashboard) throw validationError("Dashboard is required for dashboard subscriptions.", "dashboard");
    if (attrs.insight) throw validationError("Dashboard subscriptions cannot also set insight or prompt.");
  } else throw validationError("AI subscriptions are only available in PostHog Cloud.");
  if (hasDashboard) {
    const chosen = attrs.dashboard_export_insights;
    if ((!existing && !(Array.isArray(chosen) && chosen.length > 0)) || (existing && Array.isArray(chosen) && chosen.length === 0))
      throw validationError("Select at least one insight for this subscription.", "dashboard_export_insights");
    if (Array.isArray(chosen)) {
      if (new Set(chosen).size > 6) throw validationError("Cannot select more than 6 insights.", "dashboard_export_insights");
      if (!chosen.every((pk) => ctx.store.object("insights", Number(pk))?.teamId === team.id))
        throw validationError("Some insights do not belong to your team.", "dashboard_export_insights");
    }
  } else if (Array.isArray(attrs.dashboard_export_insights) && attrs.dashboard_export_insights.length > 0)
    throw validationError("Cannot set insights selection without a dashboard.", "dashboard_export_insights");
  const schedule = { ...was, ...attrs };
  const rrule = ["frequency", "interval", "count", "start_date", "until_date", "byweekday", "bysetpos"];
  if ((!existing || (was.enabled !== false && rrule.some((f) => f in attrs))) && nextDelivery(schedule) === null)
    throw validationError(
      `Subscription schedule has reached its end date. Extend until_date or remove count${existing ? "" : "."}`,
      existing ? null : "start_date",
    );
  const targetType = attrs.target_type ?? was.target_type;
  const integrationId = "integration_id" in attrs ? attrs.integration_id : (was.integration_id ?? null);
  if (targetType === "slack") {
    if (!integrationId) throw validationError("A Slack integration is required for Slack subscriptions.", "integration_id");
    // The local server has no integrations.
    throw validationError("This integration does not exist or does not belong to your team.", "integration_id");
  }
  const targetValue = attrs.target_value ?? was.target_value;
  if (targetType === "webhook" && typeof targetValue === "string" && !allowedUrl(targetValue))
    throw validationError("Invalid webhook URL: Disallowed target IP", "target_value");
}

/** posthog/security/url_validation.py `is_url_allowed`, as far as a URL shows it: http(s), no loopback or private host. */
function allowedUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return !/^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|::1$|fc|fd|fe80)/.test(host);
}

function guarded(ctx: ApiContext, team: StoredProject): void {
  if (ctx.store.lacks(team.organizationId, "subscriptions")) throw paymentRequired();
}

function list(ctx: ApiContext, team: StoredProject) {
  guarded(ctx, team);
  const q = (name: string) => ctx.req.param(name);
  let rows = ctx.store.objects(KIND).filter((s) => s.teamId === team.id);
  const deleted = q("deleted");
  if (deleted === undefined) rows = rows.filter((s) => !s.deleted);
  else rows = rows.filter((s) => s.deleted === ["true", "1", "yes", "y", "on"].includes(deleted.toLowerCase()));
  const insight = q("insight");
  if (insight !== undefined) rows = rows.filter((s) => String(s.fields.insight) === insight);
  const dashboard = q("dashboard");
  if (dashboard !== undefined) rows = rows.filter((s) => String(s.fields.dashboard) === dashboard);
  rows.sort((a, b) => a.id - b.id);
  const current = ctx.services.version === "current";
  return pageAnswer(ctx, rows, (s) => serialize(ctx, s, current));
}

function create(ctx: ApiContext, team: StoredProject) {
  guarded(ctx, team);
  const current = ctx.services.version === "current";
  const body = ctx.req.body();
  const attrs = validateBody(body, fields(current), ctx, REQUIRED, false);
  validate(ctx, team, attrs, null, body);
  const { deleted, invite_message: _, ...stored } = attrs;
  const s = ctx.store.addObject(KIND, team.id, ctx.user.id, { interval: 1, ...stored });
  s.fields.next_delivery_date = nextDelivery(s.fields);
  s.deleted = deleted === true;
  ctx.store.changed();
  return json(201, serialize(ctx, s, current));
}

function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  guarded(ctx, team);
  const s = ctx.store.object(KIND, id);
  if (!s || s.teamId !== team.id) throw notFound();
  return s;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const s = find(ctx, team, id);
  const current = ctx.services.version === "current";
  const body = ctx.req.body();
  const attrs = validateBody(body, fields(current), ctx, partial ? [] : REQUIRED, partial);
  validate(ctx, team, attrs, s, body);
  const { deleted, invite_message: _, ...stored } = attrs;
  Object.assign(s.fields, stored);
  s.fields.next_delivery_date = nextDelivery(s.fields);
  if (typeof deleted === "boolean") s.deleted = deleted;
  return updatedAnswer(ctx, s, () => serialize(ctx, s, current));
}

export function subscriptionRoutes() {
  return nestedViewSetRoutes({
    path: "subscriptions",
    scopeObject: "subscription",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serialize(ctx, find(ctx, team, id), ctx.services.version === "current")),
    update,
  });
}
