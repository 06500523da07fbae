/**
 * SessionRecordingPlaylist, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/session_recording_playlists/`), keyed by its short id as PostHog routes it (the
 * viewset's `lookup_field`), soft-deleted as PostHog deletes playlists (`PATCH {"deleted": true}`, with a saved
 * filter's filters: SessionRecordingPlaylistViewSet is a ForbidDestroyModel,
 * posthog/session_recordings/session_recording_playlist_api.py), identified as `<projectId>/<shortId>`. The same in
 * PostHog 2025-08-04 and today.
 *
 * Its field table is ./fields.ts, with PostHog's rules beyond each field's, from SessionRecordingPlaylistSerializer.create
 * (posthog/session_recordings/session_recording_playlist_api.py): a type is required, a saved filter needs filters and
 * a collection takes none. Every PATCH carries the live filters (a collection's are empty): PostHog refuses an update
 * of a saved filter without them (SessionRecordingPlaylistSerializer.update). Its create is never sent twice blindly
 * (nothing about a playlist is unique: after an unclear answer, the playlist is looked for by its name and taken only
 * when this create can be shown to have made it); `type` replaces the playlist (PostHog never changes it).
 */
import { sessionRecordingPlaylistExample } from "./example";
import * as playlists from "./endpoints";
import { ANY } from "../../kit/property";
import { defineKind } from "../../kit/define-kind";
import type { Failure } from "../../kit/lifecycle";
import { isPlainObject } from "../../kit/json";
import { sessionRecordingPlaylistFields } from "./fields";
import { listedPages } from "../../kit/list-reads";
import { isUnknown } from "../../kit/unknown";

const SOURCE = "SessionRecordingPlaylistSerializer.create, posthog/session_recordings/session_recording_playlist_api.py";

export const {
  kind: sessionRecordingPlaylistKind,
  model: sessionRecordingPlaylistModel,
  Lifecycle: SessionRecordingPlaylistLifecycle,
} = defineKind({
  name: "SessionRecordingPlaylist",
  noun: "session recording playlist",
  summary: "A saved filter of session recordings, or a collection of them, in a project's replay playlists.",
  description:
    "A PostHog session recording playlist: a saved filter of recordings or a collection of them. Declared fields are managed; deleted as PostHog deletes playlists (marked deleted); one deleted by hand is created again; a new type replaces it.",
  example: sessionRecordingPlaylistExample,
  scope: "project",
  identity: {
    output: "shortId",
    key: "short_id",
    doc: "The playlist's short id, as in its URL (`/replay/playlists/<shortId>`): PostHog's key for it.",
  },
  deletion: "soft-delete",
  importInputs: ["projectId", "name", "type"],
  endpoints: {
    get: playlists.getSessionRecordingPlaylist,
    update: async (http, projectId, id: string, body) =>
      playlists.updateSessionRecordingPlaylist(http, projectId, id, await playlists.withLiveFilters(http, projectId, id, body)),
    remove: playlists.deleteSessionRecordingPlaylist,
    create: playlists.createSessionRecordingPlaylist,
  },
  // The viewset lists with SessionRecordingPlaylistSerializer, as it retrieves (posthog/session_recordings/
  // session_recording_playlist_api.py, both versions).
  listReads: listedPages(playlists.sessionRecordingPlaylistPages),
  outputs: { playlistId: { type: "integer", description: "PostHog's numeric id of the playlist." } },
  alwaysPresent: ["shortId", "playlistId", "projectId", "type"],
  fields: sessionRecordingPlaylistFields,
  exampleInput: "filters",
  required: { type: 'PostHog makes every playlist a saved filter ("filters") or a collection ("collection")' },
  // The outputs every playlist has besides its kind's (its short id, its project): its number, name and type.
  fixedOutputs: (record) => ({ playlistId: record.numeric_id, name: record.name, type: record.type }),
  outputTypes: {
    playlistId: { type: "number", doc: "PostHog's numeric id of the playlist (its paths use the short id)." },
    name: { type: "string | null", doc: "The playlist's name." },
    type: { type: '"filters" | "collection" | null', doc: "A saved filter or a collection (null for a playlist older than types)." },
  },
  types: {
    SessionRecordingPlaylistType: {
      type: '"filters" | "collection"',
      doc: 'A playlist\'s kind: a saved filter ("filters") or a collection of recordings ("collection").',
    },
  },
  alwaysSent: ["filters"],
  moreFailures(inputs, known, failed) {
    if (failed("type") || failed("filters") || !("type" in known)) return [];
    const filters = known["filters"];
    const count = isPlainObject(filters) ? Object.keys(filters).length : 0;
    if (known["type"] === "collection" && count > 0)
      return [
        {
          property: "filters",
          reason: `filters must be left out of a collection: "You cannot create a collection with filters" (${SOURCE})`,
        },
      ];
    if (known["type"] === "filters" && count === 0 && (filters !== undefined || inputs["filters"] === undefined))
      return [
        {
          property: "filters",
          reason: `filters is required for a saved filter (type "filters"), with at least one filter: "You must provide a valid filters when creating a saved filter" (${SOURCE})`,
        } satisfies Failure,
      ];
    return [];
  },
  lookups: {
    list: (http, projectId, query) => playlists.listSessionRecordingPlaylists(http, projectId, query),
    // `_filter_request` (posthog/session_recordings/session_recording_playlist_api.py).
    filters: {
      search: {
        spec: { type: "string", description: "Part of the name (case-insensitive), as PostHog's search." },
        query: (v) => ["search", String(v)],
      },
      type: {
        spec: { type: "string", description: 'Only saved filters ("filters") or collections ("collection").' },
        values: ["filters", "collection"],
        query: (v) => ["type", String(v)],
      },
      pinned: {
        // PostHog's `pinned` parameter keeps the pinned ones whatever its value: matched here.
        spec: { type: "boolean", description: "Only pinned (true) or other (false) playlists." },
        match: (playlist, v) => playlist["pinned"] === v,
      },
    },
    outputs: {
      numericId: { type: "integer" },
      name: { type: "string", nullable: true },
      description: { type: "string" },
      pinned: { type: "boolean" },
      type: { type: "string", nullable: true },
      filters: { type: "object", additionalProperties: ANY },
    },
  },
  importer: {
    // The SessionRecordingPlaylist model's defaults (posthog/session_recordings/models/session_recording_playlist.py).
    defaults: { description: "", pinned: false, filters: {} },
    skip: (playlist) =>
      playlist.type === null ? "it has no type (older than PostHog's playlist types): give it one in PostHog to import it" : undefined,
    label: (playlist) => playlist.name ?? playlist.derived_name ?? `playlist ${playlist.short_id}`,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) =>
      (await playlists.listSessionRecordingPlaylists(http, projectId, typeof name === "string" ? { search: name } : {})).filter(
        (p) => p.name === (name ?? null),
      ),
    described: (name) => `named ${JSON.stringify(name ?? null)}`,
  },
  hooks: {
    replaces(olds, news) {
      const type = news["type"];
      const changed =
        type !== undefined && olds["type"] !== undefined && olds["type"] !== null && (isUnknown(type) || type !== olds["type"]);
      return [...this.kit.replaces(olds, news), ...(changed ? ["type"] : [])];
    },
  },
});
