/**
 * The session recording playlist endpoints (SessionRecordingPlaylistViewSet,
 * posthog/session_recordings/session_recording_playlist_api.py), keyed by short id, one function each.
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { type SessionRecordingPlaylist, sessionRecordingPlaylistSchema } from "./record";

export type SessionRecordingPlaylistBody = objects.ObjectBody;

export interface SessionRecordingPlaylistFilters {
  /** Case-insensitive substring of the name or derived name. */
  search?: string;
  type?: "filters" | "collection";
  /** Any value keeps the pinned ones only (`_filter_request`). */
  pinned?: string;
  short_id?: string;
}

const playlists = objects.endpoints<typeof sessionRecordingPlaylistSchema, string, SessionRecordingPlaylistFilters>({
  path: "session_recording_playlists",
  noun: "session recording playlist",
  schema: sessionRecordingPlaylistSchema,
  byShortId: true,
});

/** Every live playlist of the project, the last changed first. */
export const listSessionRecordingPlaylists = playlists.listAll;

/** A deleted playlist answers 404 (PostHog hides deleted playlists from everything but an update). */
export const getSessionRecordingPlaylist = playlists.get;

/** Never resent once it may have reached PostHog: nothing about a playlist is unique, a resend makes a twin. */
export const createSessionRecordingPlaylist = playlists.create;

export const updateSessionRecordingPlaylist = playlists.update;

/**
 * The body with a saved filter's live filters when it carries none: PostHog refuses an update of a saved filter
 * without them ("You cannot remove all filters when updating a saved filter", SessionRecordingPlaylistSerializer.update),
 * a delete's `{"deleted": true}` too (the lifecycle's updates carry them already: the model's `alwaysSent`).
 */
export async function withLiveFilters(
  http: Transport,
  projectId: number,
  shortId: string,
  body: SessionRecordingPlaylistBody,
): Promise<SessionRecordingPlaylistBody> {
  if (body["filters"] !== undefined) return body;
  const live = await getSessionRecordingPlaylist(http, projectId, shortId);
  return live.type === "filters" ? { ...body, filters: live.filters } : body;
}

/** `PATCH {"deleted": true}` with a saved filter's filters (ForbidDestroyModel answers DELETE with 405). */
export async function deleteSessionRecordingPlaylist(
  http: Transport,
  projectId: number,
  shortId: string,
): Promise<SessionRecordingPlaylist> {
  return playlists.softDelete(http, projectId, shortId, await withLiveFilters(http, projectId, shortId, {}));
}

/** Every page of the unfiltered list. */
export const sessionRecordingPlaylistPages = playlists.pages;
