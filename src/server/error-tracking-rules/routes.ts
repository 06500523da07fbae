/**
 * Error tracking assignment, grouping and suppression rules, `/api/environments/:project_id/error_tracking/
 * {assignment,grouping,suppression}_rules/` only (posthog/api/__init__.py registers them on `environments_router`),
 * scope `error_tracking`: today's viewsets (products/error_tracking/backend/api/{assignment,grouping,suppression}_rules.py)
 * and PostHog 2025-08-04's (posthog/api/error_tracking.py), models …/models/error_tracking/error_tracking.py. Today's
 * PostHog also has severity and bypass rules (products/error_tracking/backend/presentation/views/{severity,bypass}_rules.py),
 * which PostHog 2025-08-04 has not: in that mode their routes do not exist, and PostHog's router answers 404.
 *
 * - Keyed by UUID; listed by `order_key` (then, here, creation), limit/offset 100 to a page, except today's grouping
 *   and severity rules, answered whole (`{"results": [...]}`, `pagination_class = None`). DELETE is for good (204).
 * - A severity rule has a `severity` (low, medium, high or critical; ERROR_TRACKING_ISSUE_SEVERITIES) and its create
 *   takes an `order_key`; a project holds at most 100 (MAX_SEVERITY_RULES_PER_TEAM, …/logic/rules.py). A bypass
 *   rule's filters must hold a property filter ("A bypass rule must have at least one filter.").
 * - `filters` is a property group (`PropertyGroupFilterValue`); an assignee `{"type": "user" | "role", "id"}` is
 *   stored as the user's or the role's id and answered so (`get_assignee`). A create sets `order_key` 0 (today's
 *   assignment rule create takes one); `reorder` (`PATCH …/reorder/`) has no scopes: every personal API key is refused.
 * - Updates are the viewsets' own: 204 (PostHog writes `{"ok": true}` into it), changing only what is sent and truthy
 *   in 2025-08-04 (`if filters:`, `if assignee:`, a grouping rule's `if description:`); today's validate a request
 *   serializer first and take `filters` and `assignee` (assignment), `filters` (grouping), `filters` and
 *   `sampling_rate` (suppression).
 * - 2025-08-04 validates nothing but presence ("Filters are required", "Assignee is required": `{"error": …}`): a
 *   malformed group, an assignee without `type`, or one naming no user or role is a 500 (pydantic's error, a
 *   KeyError, the foreign key). Its suppression rules store any truthy filters; its grouping rules store a description
 *   they never answer. Today's request serializers answer DRF's 400s.
 *
 * Not imitated: the HogQL bytecode compiled from the filters (`generate_byte_code`), which refuses some property
 * filters a group may hold; `disabled_data`, which only PostHog's ingestion pipeline sets (always null here).
 */
import { randomUUID } from "node:crypto";
import { notFound, serverError, validationError } from "../drf/errors";
import { pyInt } from "../drf/py";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import type { PostHogVersion } from "../pipeline/version";
import { json, noContent } from "../pipeline/http";
import { pageAnswer } from "../pipeline/list-update";
import { detailIdBy, inProjectRoute, projectOf, uuidLookup } from "../pipeline/nested-viewset";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import type { ObjectKind, StoredObject, StoredProject } from "../state/types";

type Rule = "assignment" | "grouping" | "suppression" | "severity" | "bypass";

const KINDS: Record<Rule, ObjectKind> = {
  assignment: "errorTrackingAssignmentRules",
  grouping: "errorTrackingGroupingRules",
  suppression: "errorTrackingSuppressionRules",
  severity: "errorTrackingSeverityRules",
  bypass: "errorTrackingBypassRules",
};

/** ERROR_TRACKING_ISSUE_SEVERITIES (products/error_tracking/backend/facade/contracts.py). */
const SEVERITIES = ["low", "medium", "high", "critical"];
/** MAX_SEVERITY_RULES_PER_TEAM (products/error_tracking/backend/logic/rules.py). */
const MAX_SEVERITY_RULES = 100;

const isOld = (ctx: ApiContext) => ctx.services.version === "2025-08-04";

/** Python's truthiness of a JSON value (`if filters:`). */
const truthy = (value: Json | undefined) =>
  !(
    value === undefined ||
    value === null ||
    value === false ||
    value === 0 ||
    value === "" ||
    (Array.isArray(value) && value.length === 0) ||
    (isJsonObject(value) && Object.keys(value).length === 0)
  );

/** `PropertyGroupFilterValue(**filters)`: a group `{type: AND | OR, values: [...]}`, each value a filter or a group. */
function isPropertyGroup(value: Json | undefined): boolean {
  if (!isJsonObject(value) || (value.type !== "AND" && value.type !== "OR") || !Array.isArray(value.values)) return false;
  return value.values.every((item) => isJsonObject(item) && (!("values" in item) || isPropertyGroup(item)));
}

/** `has_filter_values` (products/error_tracking/backend/logic.py): a property filter (`key`) here or in a nested group. */
function hasFilterValues(value: JsonObject): boolean {
  const values = value.values;
  if (!Array.isArray(values) || values.length === 0) return false;
  return values.some((item) => !isJsonObject(item) || "key" in item || hasFilterValues(item));
}

/** Today's `…FiltersField.to_internal_value`, per rule. */
function currentFilters(rule: Rule, value: Json | undefined): JsonObject {
  if (!isJsonObject(value))
    throw validationError(rule === "suppression" || rule === "bypass" ? "Expected an object." : "Expected a JSON object.", "filters");
  if (rule === "bypass" && !hasFilterValues(value)) throw validationError("A bypass rule must have at least one filter.", "filters");
  if (rule === "suppression") {
    if (hasFilterValues(value) ? !isPropertyGroup(value) : !("values" in value)) {
      throw validationError(hasFilterValues(value) ? "Invalid filters payload." : "Invalid filters", "filters");
    }
    return value;
  }
  if (!isPropertyGroup(value)) throw validationError("Invalid filters payload.", "filters");
  if (rule === "grouping" && !hasFilterValues(value)) throw validationError("Filters must contain at least one filter value.", "filters");
  return value;
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Where an assignee is stored: the user's id or the role's UUID, checked as PostHog's foreign keys are. */
interface Assignee {
  user_id: number | null;
  role_id: string | null;
}

function storedAssignee(ctx: ApiContext, type: string, id: number | string): Assignee {
  if (type === "user") {
    const userId = typeof id === "number" ? id : pyInt(id);
    // The foreign key to a user that does not exist: IntegrityError, 500 (today's too: the facade saves it).
    if (userId === null || !ctx.store.user(userId)) throw serverError();
    return { user_id: userId, role_id: null };
  }
  if (type === "role") {
    const roleId = String(id).toLowerCase();
    if (!ctx.store.roles().some((role) => role.id === roleId)) throw serverError();
    return { user_id: null, role_id: roleId };
  }
  // 2025-08-04 stores an assignee of another type as none.
  return { user_id: null, role_id: null };
}

/** 2025-08-04's `assignee["type"]`, `assignee["id"]`: anything else is a KeyError (500). */
function oldAssignee(ctx: ApiContext, value: Json | undefined): Assignee {
  if (!isJsonObject(value) || typeof value.type !== "string" || !("id" in value)) throw serverError();
  const id = value.id;
  return storedAssignee(ctx, value.type, typeof id === "number" || typeof id === "string" ? id : "");
}

/** Today's assignee request serializer: a type of "user" (an integer id) or "role" (a UUID). */
function currentAssignee(ctx: ApiContext, value: Json | undefined): Assignee {
  if (!isJsonObject(value)) throw validationError("Invalid data. Expected a dictionary, but got str.", "assignee", "invalid");
  const { type, id } = value;
  if (type !== "user" && type !== "role")
    throw validationError(`"${String(type)}" is not a valid choice.`, "assignee__type", "invalid_choice");
  const asInt = typeof id === "number" && Number.isInteger(id) ? id : typeof id === "string" && /^[0-9]+$/.test(id) ? Number(id) : null;
  const asUuid = typeof id === "string" && UUID.test(id) ? id : null;
  if (asInt === null && asUuid === null) throw validationError("Expected an integer user ID or UUID role ID.", "assignee__id");
  if (type === "user" && asInt === null) throw validationError("User assignee IDs must be integers.", "assignee__id");
  if (type === "role" && asUuid === null) throw validationError("Role assignee IDs must be UUIDs.", "assignee__id");
  return storedAssignee(ctx, type, type === "user" ? (asInt as number) : (asUuid as string));
}

function serialize(ctx: ApiContext, rule: Rule, o: StoredObject): JsonObject {
  const f = o.fields;
  const assignee = f.user_id ? { type: "user", id: f.user_id } : f.role_id ? { type: "role", id: f.role_id } : null;
  const current = !isOld(ctx);
  const times: JsonObject = current ? { created_at: isoFromMicros(o.createdAtMicros), updated_at: isoFromMicros(o.updatedAtMicros) } : {};
  if (rule === "severity" || rule === "bypass") {
    const severity: JsonObject = rule === "severity" ? { severity: f.severity ?? null } : {};
    return { id: f.uuid ?? null, filters: f.filters ?? null, ...severity, order_key: f.order_key ?? 0, disabled_data: null, ...times };
  }
  if (rule === "suppression") {
    return current
      ? {
          id: f.uuid ?? null,
          filters: f.filters ?? null,
          order_key: f.order_key ?? 0,
          disabled_data: null,
          sampling_rate: f.sampling_rate ?? 1,
          ...times,
        }
      : { id: f.uuid ?? null, filters: f.filters ?? null, order_key: f.order_key ?? 0 };
  }
  const base = { id: f.uuid ?? null, filters: f.filters ?? null, assignee };
  if (rule === "grouping" && current)
    return { ...base, description: f.description ?? null, issue: null, order_key: f.order_key ?? 0, disabled_data: null, ...times };
  return { ...base, order_key: f.order_key ?? 0, disabled_data: null, ...times };
}

const rulesOf = (ctx: ApiContext, rule: Rule, team: StoredProject) =>
  ctx.store
    .objects(KINDS[rule])
    .filter((o) => o.teamId === team.id)
    .sort((a, b) => Number(a.fields.order_key ?? 0) - Number(b.fields.order_key ?? 0) || a.id - b.id);

function list(ctx: ApiContext, rule: Rule, team: StoredProject) {
  const rows = rulesOf(ctx, rule, team);
  if ((rule === "grouping" || rule === "severity") && !isOld(ctx)) return json(200, { results: rows.map((o) => serialize(ctx, rule, o)) });
  return pageAnswer(ctx, rows, (o) => serialize(ctx, rule, o));
}

function bodyOf(ctx: ApiContext): JsonObject {
  const body = ctx.req.body();
  // `request.data.get` of a list or a scalar: an AttributeError in 2025-08-04; DRF's 400 today.
  if (!isJsonObject(body)) {
    if (isOld(ctx)) throw serverError();
    throw validationError("Invalid data. Expected a dictionary, but got list.", "non_field_errors", "invalid");
  }
  return body;
}

const required = (field: string) => validationError("This field is required.", field, "required");

function create(ctx: ApiContext, rule: Rule, team: StoredProject) {
  const body = bodyOf(ctx);
  const fields: JsonObject = { uuid: randomUUID(), order_key: 0, user_id: null, role_id: null };
  if (isOld(ctx)) {
    if (!truthy(body.filters)) return json(400, { error: "Filters are required" });
    if (rule === "assignment" && !truthy(body.assignee)) return json(400, { error: "Assignee is required" });
    // PropertyGroupFilterValue(**filters) raises: a 500 (the suppression rule's filters are not parsed).
    if (rule !== "suppression" && !isPropertyGroup(body.filters)) throw serverError();
    fields.filters = body.filters ?? null;
    if (rule !== "suppression" && truthy(body.assignee)) Object.assign(fields, oldAssignee(ctx, body.assignee));
    if (rule === "grouping") fields.description = body.description ?? null;
  } else {
    if (rule === "suppression") {
      fields.filters = body.filters === undefined ? { type: "AND", values: [] } : currentFilters(rule, body.filters);
      const rate = body.sampling_rate ?? 1;
      if (typeof rate !== "number") throw validationError("A valid number is required.", "sampling_rate", "invalid");
      if (rate < 0) throw validationError("Ensure this value is greater than or equal to 0.0.", "sampling_rate", "min_value");
      if (rate > 1) throw validationError("Ensure this value is less than or equal to 1.0.", "sampling_rate", "max_value");
      fields.sampling_rate = rate;
    } else {
      if (body.filters === undefined) throw required("filters");
      fields.filters = currentFilters(rule, body.filters);
      if (rule === "severity") {
        fields.severity = severity(body.severity);
        fields.order_key = orderKey(body.order_key ?? 0);
        if (rulesOf(ctx, rule, team).length >= MAX_SEVERITY_RULES)
          throw validationError(`A project can have at most ${MAX_SEVERITY_RULES} severity rules.`, "non_field_errors");
      }
      if (rule === "assignment" && (body.assignee === undefined || body.assignee === null)) throw required("assignee");
      if (body.assignee !== undefined && body.assignee !== null) Object.assign(fields, currentAssignee(ctx, body.assignee));
      if (rule === "grouping") fields.description = typeof body.description === "string" ? body.description : null;
      if (rule === "assignment" && body.order_key !== undefined) fields.order_key = orderKey(body.order_key);
    }
  }
  const o = ctx.store.addObject(KINDS[rule], team.id, ctx.user.id, fields);
  return json(201, serialize(ctx, rule, o));
}

/** An `order_key` as DRF's IntegerField takes it: an integer, or its text. */
function orderKey(value: Json): number {
  const key = typeof value === "number" && Number.isInteger(value) ? value : pyInt(String(value));
  if (key === null) throw validationError("A valid integer is required.", "order_key", "invalid");
  return key;
}

/** A severity rule's `severity`: a ChoiceField of ERROR_TRACKING_ISSUE_SEVERITIES. */
function severity(value: Json | undefined): string {
  if (value === undefined) throw required("severity");
  if (typeof value !== "string" || !SEVERITIES.includes(value))
    throw validationError(`"${String(value)}" is not a valid choice.`, "severity", "invalid_choice");
  return value;
}

function find(ctx: ApiContext, rule: Rule, team: StoredProject, id: number): StoredObject {
  const o = ctx.store.object(KINDS[rule], id);
  if (!o || o.teamId !== team.id) throw notFound();
  return o;
}

function update(ctx: ApiContext, rule: Rule, team: StoredProject, id: number) {
  const o = find(ctx, rule, team, id);
  const body = bodyOf(ctx);
  const changes: JsonObject = {};
  if (isOld(ctx)) {
    if (truthy(body.filters)) {
      if (rule !== "suppression" && !isPropertyGroup(body.filters)) throw serverError();
      changes.filters = body.filters ?? null;
    }
    if (rule !== "suppression" && truthy(body.assignee)) Object.assign(changes, oldAssignee(ctx, body.assignee));
    if (rule === "grouping" && truthy(body.description)) changes.description = body.description ?? null;
  } else {
    if (body.filters !== undefined && body.filters !== null) changes.filters = currentFilters(rule, body.filters);
    if (rule === "severity" && body.severity !== undefined) changes.severity = severity(body.severity);
    if (rule === "assignment" && body.assignee !== undefined && body.assignee !== null)
      Object.assign(changes, currentAssignee(ctx, body.assignee));
    if (rule === "suppression" && body.sampling_rate !== undefined) {
      const rate = body.sampling_rate;
      if (typeof rate !== "number" || rate < 0 || rate > 1)
        throw validationError("Ensure this value is between 0.0 and 1.0.", "sampling_rate", "invalid");
      changes.sampling_rate = rate;
    }
  }
  Object.assign(o.fields, changes);
  o.updatedAtMicros = nowMicros();
  ctx.store.changed();
  return noContent();
}

/** `reorder`: `{"orders": {"<rule id>": <order key>}}`, the project's rules named there take their keys. */
function reorder(ctx: ApiContext, rule: Rule, team: StoredProject) {
  const orders = bodyOf(ctx).orders;
  if (isJsonObject(orders)) {
    for (const o of rulesOf(ctx, rule, team)) {
      const key = orders[String(o.fields.uuid)];
      if (typeof key === "number") o.fields.order_key = key;
    }
    ctx.store.changed();
  }
  return noContent();
}

function routesOf(rule: Rule): ApiRoute[] {
  const id = detailIdBy(uuidLookup(KINDS[rule], "uuid"));
  const common = inProjectRoute("error_tracking");
  const base = `/api/environments/:project_id/error_tracking/${rule}_rules`;
  return [
    {
      ...common,
      pattern: base,
      detail: false,
      methods: {
        GET: { name: "list", handler: (ctx) => list(ctx, rule, projectOf(ctx)) },
        POST: { name: "create", handler: (ctx) => create(ctx, rule, projectOf(ctx)) },
      },
    },
    // RuleReorderingMixin.reorder: an `@action` without `required_scopes`, so no personal API key may call it.
    {
      ...common,
      pattern: `${base}/reorder`,
      detail: false,
      methods: { PATCH: { name: "reorder", handler: (ctx) => reorder(ctx, rule, projectOf(ctx)) } },
    },
    {
      ...common,
      pattern: `${base}/:id`,
      detail: true,
      methods: {
        GET: { name: "retrieve", handler: (ctx) => json(200, serialize(ctx, rule, find(ctx, rule, projectOf(ctx), id(ctx)))) },
        PUT: { name: "update", handler: (ctx) => update(ctx, rule, projectOf(ctx), id(ctx)) },
        PATCH: { name: "partial_update", handler: (ctx) => update(ctx, rule, projectOf(ctx), id(ctx)) },
        DELETE: {
          name: "destroy",
          handler: (ctx) => {
            ctx.store.removeObject(KINDS[rule], find(ctx, rule, projectOf(ctx), id(ctx)).id);
            return noContent();
          },
        },
      },
    },
  ];
}

export function errorTrackingRuleRoutes(version: PostHogVersion): ApiRoute[] {
  const since = version === "2025-08-04" ? [] : [...routesOf("severity"), ...routesOf("bypass")];
  return [...routesOf("assignment"), ...routesOf("grouping"), ...routesOf("suppression"), ...since];
}
