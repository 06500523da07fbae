/**
 * The session recording playlist's field table: the writable fields of SessionRecordingPlaylistSerializer
 * (posthog/session_recordings/session_recording_playlist_api.py in PostHog/posthog, `Meta.fields` less
 * `read_only_fields`; model posthog/session_recordings/models/session_recording_playlist.py), the same in PostHog
 * 2025-08-04 and today, each with PostHog's rule. `type` is read-only in the serializer but taken from the create's
 * body (`create`: `self.initial_data.get("type")`), and never changes after: a new one replaces the playlist.
 */
import { z } from "zod";
import { CREATE_IN_FOLDER, type FieldDef, type LeftOut, type ApiTypes } from "../../kit/field-table";
import { PLAYLIST_TYPES } from "./record";

const SERIALIZER = "SessionRecordingPlaylistSerializer, posthog/session_recordings/session_recording_playlist_api.py";

export const sessionRecordingPlaylistFields = {
  name: {
    input: z
      .string({ error: "must be a string or null" })
      .max(400, { error: `must be at most 400 characters (SessionRecordingPlaylist.name, ${SERIALIZER})` })
      .nullable(),
    doc: "The playlist's name, as the replay list shows it (at most 400 characters).",
  },
  description: {
    input: z.string({ error: `must be a string (SessionRecordingPlaylist.description is not nullable, ${SERIALIZER})` }),
    doc: 'What the playlist is for (PostHog\'s default is "").',
  },
  pinned: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Pinned to the top of the replay playlists (PostHog's default is false).",
  },
  filters: {
    type: "Record<string, unknown>",
    // A JSONField: PostHog counts its keys (`len(filters)`); its interface and its playlist counter read it as a
    // recordings query's filters (posthog/session_recordings/session_recording_playlist_api.py, ee/session_recordings/
    // playlist_counters/), so an object.
    input: z.record(z.string(), z.unknown(), {
      error: "must be an object: the recordings query's filters (as PostHog's replay filters save them)",
    }),
    doc: 'The recordings a saved filter (`type: "filters"`) shows: the replay filters as PostHog saves them (`date_from`, `filter_test_accounts`, `filter_group`, …). A collection has none.',
  },
  type: {
    beyondApiTypes:
      "read-only in the serializer but taken from the create's body (SessionRecordingPlaylistSerializer.create, `initial_data`): fixed at create",
    type: "SessionRecordingPlaylistType",
    input: z.enum(PLAYLIST_TYPES, {
      error: `must be "filters" (a saved filter) or "collection" (recordings added one by one) (SessionRecordingPlaylist.PlaylistType, ${SERIALIZER})`,
    }),
    doc: 'A saved filter ("filters": the recordings its filters match) or a collection ("collection": recordings added one by one). Set on create only: changing it replaces the playlist.',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const sessionRecordingPlaylistLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  derived_name: "written by PostHog's interface from the filters: not a program's",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const sessionRecordingPlaylistApiTypes: ApiTypes = {
  file: "products/replay/frontend/generated/api.schemas.ts",
  schemas: ["SessionRecordingPlaylistApi"],
};
