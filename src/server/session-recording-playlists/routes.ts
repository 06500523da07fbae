/**
 * Session recording playlists, `/api/projects/:project_id/session_recording_playlists/` (SessionRecordingPlaylistViewSet
 * and SessionRecordingPlaylistSerializer, posthog/session_recordings/session_recording_playlist_api.py; model
 * posthog/session_recordings/models/session_recording_playlist.py). The same in PostHog 2025-08-04 and today:
 *
 * - Keyed by `short_id` (the viewset's `lookup_field`), 8 random letters and digits; `id` is answered too.
 * - `type` is read-only in the serializer but taken from the create's body: "filters" (a saved filter, which needs
 *   filters) or "collection" (recordings added one by one, no filters); it never changes after.
 * - An update of a saved filter must carry non-empty `filters` (even to soft-delete it: measured on 2025-08-04); one of
 *   a collection may not add any.
 * - Deleted by `PATCH {"deleted": true}` (ForbidDestroyModel: DELETE is 405); a deleted playlist answers 404 to
 *   everything but an update, which can restore it. The list leaves deleted ones out, newest `last_modified_at`
 *   first, and takes `type`, `pinned`, `search` (name or derived name), `short_id`, `created_by` and `user`.
 * - `recordings_counts` are Redis's and ClickHouse's: answered empty here, as a PostHog with no recordings does.
 */
import { notFound, serverError, validationError } from "../drf/errors";
import { booleanField, charField, jsonField } from "../drf/fields";
import { pyInt } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import { generateShortId } from "../state/tokens";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "sessionRecordingPlaylists";

/** The writable fields in Meta.fields order (`_create_in_folder` is the interface's file system, not stored here). */
export const FIELDS: SerializerFields<ApiContext> = [
  ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["derived_name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["pinned", booleanField(false)],
  ["deleted", booleanField(false)],
  ["filters", jsonField(false)],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
];

/** `SessionRecordingPlaylist.MATERIAL_PLAYLIST_FIELDS`: a change of these moves `last_modified_at`. */
const MATERIAL = ["name", "description", "filters"];

/** Python's `len(filters)`: keys of a dict, items of a list, characters of a string; a number has none (TypeError, 500). */
function pyLen(value: Json | undefined): number {
  if (value === undefined) return 0;
  if (isJsonObject(value)) return Object.keys(value).length;
  if (Array.isArray(value) || typeof value === "string") return value.length;
  throw serverError();
}

function serialize(ctx: ApiContext, p: StoredObject): JsonObject {
  const f = p.fields;
  return {
    id: p.id,
    short_id: f.short_id ?? "",
    name: f.name ?? null,
    derived_name: f.derived_name ?? null,
    description: f.description ?? "",
    pinned: f.pinned ?? false,
    created_at: isoFromMicros(p.createdAtMicros),
    created_by: userBasic(ctx.store, p.createdBy),
    deleted: p.deleted,
    filters: f.filters ?? {},
    last_modified_at: isoFromMicros(typeof f.last_modified_at === "number" ? f.last_modified_at : p.createdAtMicros),
    last_modified_by: typeof f.last_modified_by === "number" ? userBasic(ctx.store, f.last_modified_by) : null,
    recordings_counts: {
      saved_filters: { count: null, has_more: null, watched_count: null, increased: null, last_refreshed_at: null },
      collection: { count: null, watched_count: null },
    },
    type: f.type ?? null,
  };
}

const lastModified = (p: StoredObject) => (typeof p.fields.last_modified_at === "number" ? p.fields.last_modified_at : p.createdAtMicros);

/** `_filter_request` and the filterset's `short_id` and `created_by`. */
function list(ctx: ApiContext, team: StoredProject) {
  let rows = ctx.store.objects(KIND).filter((p) => p.teamId === team.id && !p.deleted);
  const q = (name: string) => ctx.req.param(name);
  const type = q("type");
  if (type === "collection" || type === "filters") rows = rows.filter((p) => p.fields.type === type);
  if (q("pinned") !== undefined) rows = rows.filter((p) => p.fields.pinned === true);
  if (q("user") !== undefined) rows = rows.filter((p) => p.createdBy === ctx.user.id);
  const search = q("search");
  if (search !== undefined) rows = rows.filter((p) => icontains(p.fields.name, search) || icontains(p.fields.derived_name, search));
  const shortId = q("short_id");
  if (shortId !== undefined) rows = rows.filter((p) => p.fields.short_id === shortId);
  const createdBy = q("created_by");
  if (createdBy !== undefined) {
    const userId = pyInt(createdBy);
    if (userId === null)
      throw validationError("Select a valid choice. That choice is not one of the available choices.", "created_by", "invalid_choice");
    rows = rows.filter((p) => p.createdBy === userId);
  }
  rows.sort((a, b) => lastModified(b) - lastModified(a) || b.id - a.id);
  return pageAnswer(ctx, rows, (p) => serialize(ctx, p));
}

function create(ctx: ApiContext, team: StoredProject) {
  const { deleted, _create_in_folder: _, ...attrs } = validateBody(ctx.req.body(), FIELDS, ctx, [], false);
  const body = ctx.req.body();
  const type = isJsonObject(body) ? body.type : undefined;
  if (type !== "collection" && type !== "filters")
    throw validationError("Must provide a valid playlist type: either filters or collection");
  const count = pyLen(attrs.filters);
  if (type === "collection" && count > 0) throw validationError("You cannot create a collection with filters");
  if (type === "filters" && count === 0) throw validationError("You must provide a valid filters when creating a saved filter");
  const p = ctx.store.addObject(KIND, team.id, ctx.user.id, {
    ...attrs,
    short_id: generateShortId(),
    type,
    last_modified_at: nowMicros(),
    last_modified_by: ctx.user.id,
  });
  p.deleted = deleted === true;
  ctx.store.changed();
  return json(201, serialize(ctx, p));
}

/** Retrieve never sees deleted playlists; an update does, to restore them (`safely_get_queryset`). */
function find(ctx: ApiContext, team: StoredProject, id: number, includeDeleted: boolean): StoredObject {
  const p = ctx.store.object(KIND, id);
  if (!p || p.teamId !== team.id || (p.deleted && !includeDeleted)) throw notFound();
  return p;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const p = find(ctx, team, id, true);
  const { deleted, _create_in_folder: _, ...attrs } = validateBody(ctx.req.body(), FIELDS, ctx, [], partial);
  const count = pyLen(attrs.filters);
  if (p.fields.type === "collection" && count > 0) throw validationError("You cannot update a collection to add filters");
  if (p.fields.type === "filters" && count === 0) throw validationError("You cannot remove all filters when updating a saved filter");
  if (MATERIAL.some((field) => field in attrs)) {
    p.fields.last_modified_at = nowMicros();
    p.fields.last_modified_by = ctx.user.id;
  }
  Object.assign(p.fields, attrs);
  if (typeof deleted === "boolean") p.deleted = deleted;
  return updatedAnswer(ctx, p, () => serialize(ctx, p));
}

export function sessionRecordingPlaylistRoutes() {
  return nestedViewSetRoutes({
    path: "session_recording_playlists",
    scopeObject: "session_recording_playlist",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serialize(ctx, find(ctx, team, id, false))),
    update,
    lookup: (ctx, team, key) => ctx.store.objects(KIND).find((p) => p.teamId === team.id && p.fields.short_id === key)?.id ?? null,
  });
}
