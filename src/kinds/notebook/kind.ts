/**
 * Notebook, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/notebooks/`), keyed by its
 * short id as PostHog routes it (the viewset's `lookup_field`), soft-deleted as PostHog deletes notebooks (`PATCH
 * {"deleted": true}`: NotebookViewSet is a ForbidDestroyModel, posthog/api/notebook.py in PostHog 2025-08-04,
 * products/notebooks/backend/api/notebook.py today), identified as `<projectId>/<shortId>`. The same in both versions.
 * Its field table is ./fields.ts. A PATCH that changes the content carries the `version` this stack read last (an
 * output of its own): PostHog refuses it with 409 when someone saved the notebook since (NotebookSerializer.update,
 * posthog/api/notebook.py), so an edit made in PostHog is never overwritten unseen, and the refusal is said as what it
 * means. No other PATCH carries it: PostHog stores a `version` sent without content as it is, which would set its
 * counter back. Its create is never sent twice blindly: nothing about a notebook is unique, so after an unclear answer
 * the notebooks this key's user made with its title are read whole, and one taken only when this create can be shown
 * to have made it (recent, holding what was sent).
 */
import { notebookExample } from "./example";
import { PostHogError } from "../../client";
import * as notebooks from "./endpoints";
import { defineKind } from "../../kit/define-kind";
import { isPlainObject } from "../../kit/json";
import { notebookFields } from "./fields";

/** Python's truth of a JSON value: empty strings, lists and objects, zero, false and null are false. */
function pyTruthy(value: unknown): boolean {
  if (Array.isArray(value) || typeof value === "string") return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

export const {
  kind: notebookKind,
  model: notebookModel,
  Lifecycle: NotebookLifecycle,
} = defineKind({
  name: "Notebook",
  noun: "notebook",
  summary: "A notebook of a project: a document of text, insights, queries and recordings, as PostHog's notebooks editor saves it.",
  description:
    "A PostHog notebook: its title and its document (PostHog's editor's ProseMirror JSON). Declared fields are managed; an edit made in PostHog shows as drift by the paths it changed, and is never overwritten unseen (PostHog's version check); deleted as PostHog deletes notebooks (marked deleted); one deleted by hand is created again.",
  example: notebookExample,
  scope: "project",
  identity: {
    output: "shortId",
    key: "short_id",
    doc: "The notebook's short id, as in its URL (`/notebooks/<shortId>`): PostHog's key for it.",
  },
  deletion: "soft-delete",
  importInputs: ["projectId", "title"],
  endpoints: {
    get: notebooks.getNotebook,
    update: notebooks.updateNotebook,
    remove: notebooks.deleteNotebook,
    create: notebooks.createNotebook,
  },
  // No listReads: the list answers NotebookMinimalSerializer, without the content (posthog/api/notebook.py, both
  // versions), so a read is a GET each.
  outputs: {
    version: {
      type: "integer",
      description: "PostHog's count of the notebook's saved edits, as last read: a change of the content is sent with it.",
    },
  },
  fields: notebookFields,
  exampleInput: "title",
  // The outputs every notebook has besides its kind's (its short id, its project): its title and its edit count.
  fixedOutputs: (record) => ({ title: record.title, version: record.version ?? null }),
  outputTypes: {
    title: { type: "string | null", doc: "The notebook's title." },
    version: {
      type: "number | null",
      doc: "PostHog's count of the notebook's saved edits, as last read: a change of the content is sent with it, and PostHog refuses it if someone saved the notebook since.",
    },
  },
  types: {
    NotebookContent: {
      type: "Record<string, unknown>",
      doc: 'A ProseMirror document as PostHog\'s notebook editor saves it: `{type: "doc", content: [ …nodes ]}`.',
    },
  },
  modelHooks: (kit) => ({
    withLiveKeys(body, live) {
      const sent = kit.withLiveKeys(body, live);
      // PostHog checks the version only when the content is truthy in Python (`if validated_data.get("content")`).
      const version = live("version");
      if (pyTruthy(sent["content"]) && typeof version === "number") sent["version"] = version;
      return sent;
    },
  }),
  lookups: {
    list: (http, projectId, query) => notebooks.listNotebooks(http, projectId, query),
    // `_filter_list_request` (posthog/api/notebook.py).
    filters: {
      search: {
        spec: { type: "string", description: "Words of the title or the text, as PostHog's full-text search finds them." },
        query: (v) => ["search", String(v)],
      },
    },
    outputs: { title: { type: "string", nullable: true } },
  },
  importer: {
    // The list's NotebookMinimalSerializer has no content: one GET each.
    list: async (http, projectId) =>
      Promise.all((await notebooks.listNotebooks(http, projectId)).map((listed) => notebooks.getNotebook(http, projectId, listed.id))),
    // The Notebook model's defaults (posthog/models/notebook/notebook.py).
    defaults: { title: null, content: null, text_content: null },
    label: (notebook) => notebook.title ?? `notebook ${notebook.short_id}`,
  },
  findBy: {
    field: "title",
    // `user`: the notebooks this key's user created, whatever its value (`_filter_list_request`); PostHog's `search`
    // is a full-text search, which a title need not match. Each read whole: the list has no content to compare.
    find: async (http, projectId, title) =>
      Promise.all(
        (await notebooks.listNotebooks(http, projectId, { user: "true" }))
          .filter((n) => n.title === (title ?? null))
          .map((n) => notebooks.getNotebook(http, projectId, n.id)),
      ),
    described: (title) => `titled ${JSON.stringify(title ?? null)}`,
  },
  hooks: {
    async write(projectId, id, body, declared) {
      try {
        return await this.kit.write(projectId, id, body, declared);
      } catch (error) {
        if (error instanceof PostHogError && error.status === 409)
          throw new Error(
            `${error.message} Someone saved notebook ${id} in PostHog since this stack last read it (version ${JSON.stringify(body["version"] ?? null)}), so its content was not overwritten (PostHog's version check, NotebookSerializer.update). Run \`pulumi refresh\` to see their change, then \`pulumi up\` to put the program's content back, or take their change into the program.`,
          );
        throw error;
      }
    },
  },
});
