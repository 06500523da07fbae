/**
 * The notebook endpoints (NotebookViewSet, posthog/api/notebook.py in PostHog 2025-08-04,
 * products/notebooks/backend/api/notebook.py today), keyed by short id, one function each.
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { notebookSchema } from "./record";

export interface NotebookFilters {
  /** PostHog's full-text search of the title and the text content (`_filter_list_request`). */
  search?: string;
  short_id?: string;
  /** Created by the key's user, whatever the value. */
  user?: string;
}

const notebooks = objects.endpoints<typeof notebookSchema, string, NotebookFilters>({
  path: "notebooks",
  noun: "notebook",
  schema: notebookSchema,
  byShortId: true,
});

/** Every live notebook of the project, the last changed first, each without its content (NotebookMinimalSerializer). */
export const listNotebooks = notebooks.listAll;

/** A deleted notebook answers 404 (PostHog hides deleted notebooks from everything but an update). */
export const getNotebook = notebooks.get;

/** Never resent once it may have reached PostHog: nothing about a notebook is unique, a resend makes a twin. */
export const createNotebook = notebooks.create;

/**
 * A PATCH. One that carries `content` must carry the `version` PostHog answered last: another answers 409 "Someone
 * else edited the Notebook" (NotebookSerializer.update), and PostHog counts the version up.
 */
export const updateNotebook = notebooks.update;

/** `PATCH {"deleted": true}` (ForbidDestroyModel answers DELETE with 405); a PATCH of `deleted: false` restores it. */
export const deleteNotebook = (http: Transport, projectId: number, shortId: string) => notebooks.softDelete(http, projectId, shortId);
