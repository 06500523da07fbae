/**
 * Notebooks as PostHog answers them: NotebookSerializer for one (retrieve, create, update), NotebookMinimalSerializer
 * for the list, without `content`, `text_content` and `version` (posthog/api/notebook.py in PostHog 2025-08-04,
 * products/notebooks/backend/api/notebook.py today; model posthog/models/notebook/notebook.py). Loose. PostHog keys
 * them by `short_id` in its paths (the viewset's `lookup_field`): the record's `id` is that short id, PostHog's own
 * UUID kept as `uuid`.
 */
import { z } from "zod";

export const notebookSchema = z
  .looseObject({
    id: z.string(),
    short_id: z.string(),
    title: z.string().nullable(),
    /** Absent from the list's minimal serializer. */
    content: z.unknown().optional(),
    text_content: z.string().nullish(),
    version: z.number().int().optional(),
    deleted: z.boolean(),
    created_at: z.string().nullish(),
    created_by: z.unknown().optional(),
    last_modified_at: z.string().nullish(),
  })
  .transform(({ id, ...rest }) => ({ ...rest, id: rest.short_id, uuid: id }));
export type Notebook = z.output<typeof notebookSchema>;
