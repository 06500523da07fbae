/**
 * Session recording playlists as PostHog answers them (SessionRecordingPlaylistSerializer,
 * posthog/session_recordings/session_recording_playlist_api.py). Loose. PostHog keys them by `short_id` in its paths
 * (the viewset's `lookup_field`): the record's `id` is that short id, PostHog's own number kept as `numeric_id`.
 */
import { z } from "zod";

export const PLAYLIST_TYPES = ["filters", "collection"] as const;

export const sessionRecordingPlaylistSchema = z
  .looseObject({
    id: z.number().int(),
    short_id: z.string(),
    name: z.string().nullable(),
    derived_name: z.string().nullish(),
    description: z.string(),
    pinned: z.boolean(),
    deleted: z.boolean(),
    filters: z.unknown(),
    /** Null for playlists older than the type (posthog/migrations/0799_migrate_playlist_types_take_2.py gave most one). */
    type: z.string().nullable(),
    created_at: z.string().nullish(),
    created_by: z.unknown().optional(),
    last_modified_at: z.string().nullish(),
  })
  .transform(({ id, ...rest }) => ({ ...rest, id: rest.short_id, numeric_id: id }));
export type SessionRecordingPlaylist = z.output<typeof sessionRecordingPlaylistSchema>;
