/**
 * SessionRecordingPlaylist, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/session_recording_playlists/`), keyed by its short id as PostHog routes it (the
 * viewset's `lookup_field`), soft-deleted as PostHog deletes playlists (`PATCH {"deleted": true}`, with a saved
 * filter's filters: SessionRecordingPlaylistViewSet is a ForbidDestroyModel,
 * posthog/session_recordings/session_recording_playlist_api.py), identified as `<projectId>/<shortId>`. The same in
 * PostHog 2025-08-04 and today.
 */
import { sessionRecordingPlaylistExample } from "./example";
import type { Transport } from "../../client";
import * as playlists from "./endpoints";
import type { Kind } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { sessionRecordingPlaylistFields } from "./fields";
import { type SessionRecordingPlaylistRecord, sessionRecordingPlaylistModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { SessionRecordingPlaylist } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";
import { isUnknown } from "../../kit/unknown";

export const sessionRecordingPlaylistKind: Kind<"project", SessionRecordingPlaylistRecord> = {
  ...kindNames("SessionRecordingPlaylist"),
  example: sessionRecordingPlaylistExample,
  noun: "session recording playlist",
  scope: "project",
  identity: { output: "shortId", key: "short_id" },
  deletion: "soft-delete",
  importInputs: ["projectId", "name", "type"],
  api: projectScopedApi<SessionRecordingPlaylist, string>({
    get: playlists.getSessionRecordingPlaylist,
    update: async (http, projectId, id, body) =>
      playlists.updateSessionRecordingPlaylist(http, projectId, id, await playlists.withLiveFilters(http, projectId, id, body)),
    remove: playlists.deleteSessionRecordingPlaylist,
  }),
  // The viewset lists with SessionRecordingPlaylistSerializer, as it retrieves (posthog/session_recordings/
  // session_recording_playlist_api.py, both versions).
  listReads: listedPages(playlists.sessionRecordingPlaylistPages),
  schema: () => ({
    description:
      "A PostHog session recording playlist: a saved filter of recordings or a collection of them. Declared fields are managed; deleted as PostHog deletes playlists (marked deleted); one deleted by hand is created again; a new type replaces it.",
    inputs: tableInputs(sessionRecordingPlaylistFields, "session recording playlist", { key: "short_id" }),
    outputs: tableOutputs(
      sessionRecordingPlaylistFields,
      "session recording playlist",
      {
        shortId: {
          type: "string",
          description: "The playlist's short id, as in its URL (`/replay/playlists/<shortId>`): PostHog's key for it.",
        },
        playlistId: { type: "integer", description: "PostHog's numeric id of the playlist." },
      },
      { key: "short_id" },
    ),
    required: ["shortId", "playlistId", "projectId", "type"],
  }),
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
  model: sessionRecordingPlaylistModel,
  lifecycle: () => new SessionRecordingPlaylistLifecycle(),
  // The list has every field (SessionRecordingPlaylistSerializer): the lookups' list, no GET each.
  importer: projectScopedImport(sessionRecordingPlaylistFields, {
    // The SessionRecordingPlaylist model's defaults (posthog/session_recordings/models/session_recording_playlist.py).
    defaults: { description: "", pinned: false, filters: {} },
    skip: (playlist) =>
      playlist.type === null ? "it has no type (older than PostHog's playlist types): give it one in PostHog to import it" : undefined,
    label: (playlist) => playlist.name ?? playlist.derived_name ?? `playlist ${playlist.short_id}`,
  }),
};

/**
 * The SessionRecordingPlaylist lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly
 * (nothing about a playlist is unique: after an unclear answer, the playlist is looked for by its name and taken only
 * when this create can be shown to have made it), and `type` replacing the playlist (PostHog never changes it).
 */
export class SessionRecordingPlaylistLifecycle extends FieldTableLifecycle<SessionRecordingPlaylist> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(sessionRecordingPlaylistKind, sessionRecordingPlaylistModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<SessionRecordingPlaylistRecord> {
    const name = body["name"] ?? null;
    const http = this.http();
    const playlist = await this.createOnce(projectId, body, () => playlists.createSessionRecordingPlaylist(http, projectId, body), {
      find: async () =>
        (await playlists.listSessionRecordingPlaylists(http, projectId, typeof name === "string" ? { search: name } : {})).filter(
          (p) => p.name === name,
        ),
      described: `named ${JSON.stringify(name)}`,
    });
    return { ...playlist, project_id: projectId };
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const type = news["type"];
    const changed = type !== undefined && olds["type"] !== undefined && olds["type"] !== null && (isUnknown(type) || type !== olds["type"]);
    return [...super.replaces(olds, news), ...(changed ? ["type"] : [])];
  }
}
