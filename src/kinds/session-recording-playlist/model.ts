/**
 * Between Pulumi's view of a session recording playlist and PostHog's: the kit's field-table model over its table
 * (src/kinds/session-recording-playlist/fields.ts), with PostHog's rules beyond each field's, from
 * SessionRecordingPlaylistSerializer.create (posthog/session_recordings/session_recording_playlist_api.py): a type is
 * required, a saved filter needs filters and a collection takes none. Every PATCH carries the live filters (a collection's
 * are empty): PostHog refuses an update of a saved filter without them (SessionRecordingPlaylistSerializer.update).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import { isPlainObject } from "../../kit/json";
import { sessionRecordingPlaylistFields } from "./fields";
import type { SessionRecordingPlaylist } from "./record";

export type SessionRecordingPlaylistRecord = InProject<SessionRecordingPlaylist>;

const SOURCE = "SessionRecordingPlaylistSerializer.create, posthog/session_recordings/session_recording_playlist_api.py";

export const sessionRecordingPlaylistModel = fieldModel<SessionRecordingPlaylist>({
  className: "SessionRecordingPlaylist",
  noun: "session recording playlist",
  summary: "A saved filter of session recordings, or a collection of them, in a project's replay playlists.",
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
});
