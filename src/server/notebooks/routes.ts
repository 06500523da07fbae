/**
 * Notebooks, `/api/projects/:project_id/notebooks/` (NotebookViewSet and NotebookSerializer, posthog/api/notebook.py
 * in PostHog 2025-08-04, products/notebooks/backend/api/notebook.py today; model posthog/models/notebook/notebook.py).
 * The same in both versions:
 *
 * - Keyed by `short_id` (the viewset's `lookup_field`); `id` is a UUID.
 * - The list answers NotebookMinimalSerializer (no `content`, `text_content`, `version`), the last changed first, and
 *   takes `user` (created by the key's user), `created_by` (a user's UUID), `short_id` and `search` (PostHog's
 *   full-text search of the title and the text; here every word, case-insensitive, in one of them).
 * - An update that carries truthy `content` must carry the stored `version` (409 "Someone else edited the Notebook"),
 *   which then counts up; any other field, `version` too, is stored as sent. A non-empty update moves
 *   `last_modified_at`.
 * - Deleted by `PATCH {"deleted": true}` (ForbidDestroyModel: DELETE is 405); a deleted notebook answers 404 to
 *   everything but an update, which can restore it.
 */
import { conflict, notFound } from "../drf/errors";
import { booleanField, charField, integerField, jsonField } from "../drf/fields";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import { generateShortId, uuidt } from "../state/tokens";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "notebooks";

/** The writable fields in Meta.fields order (`_create_in_folder` is the interface's file system, not stored here). */
export const FIELDS: SerializerFields<ApiContext> = [
  ["title", charField({ maxLength: 256, nullable: true, allowBlank: true })],
  ["content", jsonField(true)],
  ["text_content", charField({ nullable: true, allowBlank: true })],
  // Notebook.version, an IntegerField: Django's 32-bit bounds.
  ["version", integerField({ nullable: false, min: -2147483648, max: 2147483647 })],
  ["deleted", booleanField(false)],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
];

function minimal(ctx: ApiContext, n: StoredObject): JsonObject {
  const f = n.fields;
  return {
    id: String(f.uuid),
    short_id: f.short_id ?? "",
    title: f.title ?? null,
    deleted: n.deleted,
    created_at: isoFromMicros(n.createdAtMicros),
    created_by: userBasic(ctx.store, n.createdBy),
    last_modified_at: isoFromMicros(lastModified(n)),
    last_modified_by: typeof f.last_modified_by === "number" ? userBasic(ctx.store, f.last_modified_by) : null,
    user_access_level: "manager",
  };
}

function serialize(ctx: ApiContext, n: StoredObject): JsonObject {
  const f = n.fields;
  return { ...minimal(ctx, n), content: f.content ?? null, text_content: f.text_content ?? null, version: f.version ?? 0 };
}

const lastModified = (n: StoredObject) => (typeof n.fields.last_modified_at === "number" ? n.fields.last_modified_at : n.createdAtMicros);

/** Python's truth of a JSON value (`if validated_data.get("content")`). */
function truthy(value: Json | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value) || typeof value === "string") return value.length > 0;
  if (isJsonObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** `_filter_list_request` and the filterset's `short_id`. */
function list(ctx: ApiContext, team: StoredProject) {
  let rows = ctx.store.objects(KIND).filter((n) => n.teamId === team.id && !n.deleted);
  const q = (name: string) => ctx.req.param(name);
  if (q("user") !== undefined) rows = rows.filter((n) => n.createdBy === ctx.user.id);
  const createdBy = q("created_by");
  if (createdBy !== undefined) rows = rows.filter((n) => ctx.store.user(n.createdBy)?.uuid === createdBy);
  const shortId = q("short_id");
  if (shortId !== undefined) rows = rows.filter((n) => n.fields.short_id === shortId);
  const search = q("search");
  if (search !== undefined) {
    const words = search.split(/\s+/).filter((w) => w.length > 0);
    rows = rows.filter((n) => words.every((w) => icontains(n.fields.title, w) || icontains(n.fields.text_content, w)));
  }
  rows.sort((a, b) => lastModified(b) - lastModified(a) || b.id - a.id);
  return pageAnswer(ctx, rows, (n) => minimal(ctx, n));
}

function create(ctx: ApiContext, team: StoredProject) {
  const { deleted, _create_in_folder: _, ...attrs } = validateBody(ctx.req.body(), FIELDS, ctx, [], false);
  const n = ctx.store.addObject(KIND, team.id, ctx.user.id, {
    version: 0,
    ...attrs,
    uuid: uuidt(),
    short_id: generateShortId(),
    last_modified_at: nowMicros(),
    last_modified_by: ctx.user.id,
  });
  n.deleted = deleted === true;
  ctx.store.changed();
  return json(201, serialize(ctx, n));
}

/** Retrieve never sees deleted notebooks; an update does, to restore them (`safely_get_queryset`). */
function find(ctx: ApiContext, team: StoredProject, id: number, includeDeleted: boolean): StoredObject {
  const n = ctx.store.object(KIND, id);
  if (!n || n.teamId !== team.id || (n.deleted && !includeDeleted)) throw notFound();
  return n;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const n = find(ctx, team, id, true);
  const { deleted, _create_in_folder: _, ...attrs } = validateBody(ctx.req.body(), FIELDS, ctx, [], partial);
  if (Object.keys(attrs).length > 0 || deleted !== undefined) {
    n.fields.last_modified_at = nowMicros();
    n.fields.last_modified_by = ctx.user.id;
  }
  if (truthy(attrs.content)) {
    const stored = typeof n.fields.version === "number" ? n.fields.version : 0;
    if (attrs.version !== stored) throw conflict("Someone else edited the Notebook");
    attrs.version = stored + 1;
  }
  Object.assign(n.fields, attrs);
  if (typeof deleted === "boolean") n.deleted = deleted;
  return updatedAnswer(ctx, n, () => serialize(ctx, n));
}

export function notebookRoutes() {
  return nestedViewSetRoutes({
    path: "notebooks",
    scopeObject: "notebook",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serialize(ctx, find(ctx, team, id, false))),
    update,
    lookup: (ctx, team, key) => ctx.store.objects(KIND).find((n) => n.teamId === team.id && n.fields.short_id === key)?.id ?? null,
  });
}
