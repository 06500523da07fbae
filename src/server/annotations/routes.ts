/**
 * Annotations, `/api/projects/:project_id/annotations/` (AnnotationsViewSet and AnnotationSerializer of today's
 * PostHog, products/annotations/backend/api/annotation.py, formerly posthog/api/annotation.py; model
 * products/annotations/backend/models/annotation.py; tests in products/annotations/backend/api/test/):
 *
 * - `scope`: dashboard_item (insight; the default), dashboard, project, organization, tag; "recording" is refused
 *   ("Recording scope is deprecated", no attr). A `tag` annotation needs tags, and only it may have them.
 *   Organization-scoped annotations of the project's organization are listed in every project of it.
 * - `content` up to 8192 characters (400 in PostHog 2025-08-04, which has no `emoji`, `hidden_in_user_interface`,
 *   `tags` or `tag` scope either).
 * - Deleted annotations are hidden from everything but PATCH (which can restore them): GET answers 404.
 * - DELETE is 405. The list is LimitOffsetPagination with a default limit of 1000, `date_marker` DESC, and takes
 *   `search` (content), `scope`, `date_from`, `date_to`, `hidden_in_user_interface`.
 */
import { notFound, serverError, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  type FieldRule,
  fail,
  integerField,
  listField,
  nullableDateTimeField,
  parseChar,
} from "../drf/fields";
import { pyStr, pyTruthy } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, tagify, userBasic, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros, parseTimestampMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

export const ANNOTATION_SCOPES = ["dashboard_item", "dashboard", "project", "organization", "tag", "recording"];
export const ANNOTATIONS_DEFAULT_LIMIT = 1000;

/** `dashboard_id = IntegerField(required=False, allow_null=True)`; its project is checked in `validate`. */
const dashboardIdRule = integerField({ nullable: true });

/** `tags = ListField(child=CharField(max_length=255), max_length=100)`. */
const tagsRule: FieldRule<ApiContext> = {
  nullable: false,
  parse: (v, ctx) => {
    const items = listField<ApiContext>({
      nullable: false,
      item: (x, path) => parseChar(x, { maxLength: 255, allowBlank: false }, path),
    }).parse(v, ctx);
    if (Array.isArray(items) && items.length > 100) fail("max_length", "Ensure this field has no more than 100 elements.");
    return items;
  },
};

/** The writable fields in AnnotationSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<ApiContext> = [
  ["content", charField({ maxLength: 8192, nullable: true, allowBlank: true })],
  ["date_marker", nullableDateTimeField],
  ["creation_type", choiceField(false, (s) => (s === "USR" || s === "GIT" ? s : undefined))],
  // TeamScopedPrimaryKeyRelatedField(Insight): the local server has no insights.
  ["dashboard_item", { nullable: true, parse: (v) => fail("does_not_exist", `Invalid pk "${pyStr(v)}" - object does not exist.`) }],
  ["dashboard_id", dashboardIdRule],
  ["deleted", booleanField(false)],
  ["scope", choiceField(false, (s) => (ANNOTATION_SCOPES.includes(s) ? s : undefined))],
  // validate_emoji: blank is stored as null.
  ["emoji", { nullable: true, parse: (v) => parseChar(v, { maxLength: 16, allowBlank: true }) || null }],
  ["hidden_in_user_interface", booleanField(true)],
  ["tags", tagsRule],
];

/**
 * PostHog 2025-08-04's AnnotationSerializer (posthog/api/annotation.py there): `content` to 400 characters, no
 * `emoji`, `hidden_in_user_interface` or `tags` (dropped unread), no `tag` scope, and `dashboard_id` read only (its
 * create takes `request.data["dashboard_id"]` as it is). Its Meta.fields order otherwise.
 */
const FIELDS_20250804: SerializerFields<ApiContext> = FIELDS.filter(
  ([name]) => !["emoji", "hidden_in_user_interface", "tags", "dashboard_id"].includes(name),
).map(([name, rule]) => {
  if (name === "content") return [name, charField({ maxLength: 400, nullable: true, allowBlank: true })];
  if (name === "scope") return [name, choiceField(false, (s) => (s !== "tag" && ANNOTATION_SCOPES.includes(s) ? s : undefined))];
  return [name, rule];
});

const older = (ctx: ApiContext) => ctx.services.version === "2025-08-04";

function organizationOf(ctx: ApiContext, a: StoredObject): string | null {
  return ctx.store.project(a.teamId)?.organizationId ?? null;
}

export function serializeAnnotation(ctx: ApiContext, a: StoredObject): JsonObject {
  const record = fullAnnotation(ctx, a);
  if (older(ctx)) {
    delete record.emoji;
    delete record.hidden_in_user_interface;
    delete record.tags;
  }
  return record;
}

function fullAnnotation(ctx: ApiContext, a: StoredObject): JsonObject {
  const f = a.fields;
  const dashboardId = typeof f.dashboard_id === "number" ? f.dashboard_id : null;
  return {
    id: a.id,
    content: f.content ?? null,
    date_marker: typeof f.date_marker === "number" ? isoFromMicros(f.date_marker) : null,
    creation_type: f.creation_type ?? "USR",
    dashboard_item: null,
    dashboard_id: dashboardId,
    dashboard_name: dashboardId === null ? null : (ctx.store.object("dashboards", dashboardId)?.fields.name ?? null),
    insight_short_id: null,
    insight_name: null,
    insight_derived_name: null,
    created_by: userBasic(ctx.store, a.createdBy),
    created_at: isoFromMicros(a.createdAtMicros),
    updated_at: isoFromMicros(a.updatedAtMicros),
    deleted: a.deleted,
    scope: f.scope ?? "dashboard_item",
    emoji: f.emoji ?? null,
    hidden_in_user_interface: f.hidden_in_user_interface ?? null,
    tags: [...(Array.isArray(f.tags) ? f.tags : [])],
  };
}

/** `_filter_queryset_by_parents_lookups`: the project's own, and organization-wide ones of its organization. */
function visible(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store
    .objects("annotations")
    .filter((a) => a.teamId === team.id || (a.fields.scope === "organization" && organizationOf(ctx, a) === team.organizationId));
}

function dateParam(ctx: ApiContext, name: string): number | null {
  const raw = ctx.req.param(name);
  if (!raw) return null;
  const micros = parseTimestampMicros(raw);
  if (micros === null) throw validationError(`Invalid date range: ${name} must be a valid ISO 8601 date`);
  return micros;
}

function list(ctx: ApiContext, team: StoredProject) {
  let rows = visible(ctx, team).filter((a) => !a.deleted);
  let scope = ctx.req.param("scope");
  if (scope) {
    if (scope === "insight") scope = "dashboard_item";
    if (!ANNOTATION_SCOPES.includes(scope)) throw validationError(`Invalid scope: ${scope}`);
    rows = rows.filter((a) => (a.fields.scope ?? "dashboard_item") === scope);
  }
  const from = dateParam(ctx, "date_from");
  const to = dateParam(ctx, "date_to");
  if (from !== null) rows = rows.filter((a) => typeof a.fields.date_marker === "number" && a.fields.date_marker >= from);
  if (to !== null) rows = rows.filter((a) => typeof a.fields.date_marker === "number" && a.fields.date_marker <= to);
  if (from !== null && to !== null && from > to) throw validationError("Invalid date range: date_from must be before date_to");
  // is_emoji (deprecated) is not modelled; hidden_in_user_interface: true/1/yes, anything else means not hidden.
  const hidden = ctx.req.param("hidden_in_user_interface");
  if (hidden !== undefined) {
    const wanted = ["true", "1", "yes"].includes(hidden.toLowerCase());
    rows = rows.filter((a) => (a.fields.hidden_in_user_interface === true) === wanted);
  }
  const search = ctx.req.param("search");
  if (search) rows = rows.filter((a) => icontains(a.fields.content, search));
  // ORDER BY date_marker DESC: PostgreSQL puts NULLs first when descending.
  const marker = (a: StoredObject) => (typeof a.fields.date_marker === "number" ? a.fields.date_marker : Number.POSITIVE_INFINITY);
  rows.sort((a, b) => marker(b) - marker(a) || b.id - a.id);
  return pageAnswer(ctx, rows, (a) => serializeAnnotation(ctx, a), ANNOTATIONS_DEFAULT_LIMIT);
}

/** AnnotationSerializer.validate: the dashboard's project, the deprecated scope, the tag scope's tags. */
function validated(ctx: ApiContext, team: StoredProject, instance: StoredObject | null, partial: boolean): JsonObject {
  const attrs = validateBody(ctx.req.body(), older(ctx) ? FIELDS_20250804 : FIELDS, ctx, [], partial);
  if (older(ctx)) {
    if (attrs.scope === "recording") throw validationError("Recording scope is deprecated");
    return attrs;
  }
  const dashboardId = attrs.dashboard_id ?? null;
  if (dashboardId !== null && !ctx.store.objects("dashboards").some((d) => d.id === dashboardId && d.teamId === team.id && !d.deleted)) {
    throw validationError("Dashboard not found.", "dashboard_id");
  }
  if (attrs.scope === "recording") throw validationError("Recording scope is deprecated");
  const scope = "scope" in attrs ? attrs.scope : instance ? (instance.fields.scope ?? "dashboard_item") : null;
  if (scope === "tag") {
    const tags = "tags" in attrs ? attrs.tags : instance ? (instance.fields.tags ?? []) : null;
    if (!pyTruthy(tags ?? null)) throw validationError("At least one tag is required when scope is 'tag'.", "tags");
  } else if (pyTruthy(attrs.tags ?? null)) {
    throw validationError("Tags can only be set when scope is 'tag'.", "tags");
  }
  if (Array.isArray(attrs.tags)) attrs.tags = tagify(attrs.tags.map(pyStr));
  return attrs;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validated(ctx, team, null, false);
  const { deleted, ...fields } = attrs;
  const body = ctx.req.body();
  if (older(ctx) && isJsonObject(body) && typeof body.dashboard_id === "number") {
    // Unchecked there: a dashboard that does not exist fails the foreign key at commit (IntegrityError, 500; measured).
    if (!ctx.store.object("dashboards", body.dashboard_id)) throw serverError();
    fields.dashboard_id = body.dashboard_id;
  }
  const a = ctx.store.addObject("annotations", team.id, ctx.user.id, fields);
  a.deleted = deleted === true;
  return json(201, serializeAnnotation(ctx, a));
}

/** Retrieve (and PUT) never see deleted annotations; PATCH does, to restore them. */
function find(ctx: ApiContext, team: StoredProject, id: number, includeDeleted: boolean): StoredObject {
  const a = visible(ctx, team).find((x) => x.id === id && (includeDeleted || !x.deleted));
  if (!a) throw notFound();
  return a;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const a = find(ctx, team, id, partial);
  const { deleted, ...fields } = validated(ctx, team, a, partial);
  Object.assign(a.fields, fields);
  if (typeof deleted === "boolean") a.deleted = deleted;
  return updatedAnswer(ctx, a, () => serializeAnnotation(ctx, a));
}

export function annotationRoutes() {
  return nestedViewSetRoutes({
    path: "annotations",
    scopeObject: "annotation",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeAnnotation(ctx, find(ctx, team, id, false))),
    update,
  });
}
