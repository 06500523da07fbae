/**
 * Notebook, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/notebooks/`), keyed by its
 * short id as PostHog routes it (the viewset's `lookup_field`), soft-deleted as PostHog deletes notebooks (`PATCH
 * {"deleted": true}`: NotebookViewSet is a ForbidDestroyModel, posthog/api/notebook.py in PostHog 2025-08-04,
 * products/notebooks/backend/api/notebook.py today), identified as `<projectId>/<shortId>`. The same in both versions.
 */
import { notebookExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as notebooks from "./endpoints";
import type { Kind, ObjectId } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { notebookFields } from "./fields";
import { type NotebookRecord, notebookModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { Notebook } from "./record";
import type { ProviderConfig } from "../../kit/config";

export const notebookKind: Kind<"project", NotebookRecord> = {
  ...kindNames("Notebook"),
  example: notebookExample,
  noun: "notebook",
  scope: "project",
  identity: { output: "shortId", key: "short_id" },
  deletion: "soft-delete",
  importInputs: ["projectId", "title"],
  api: projectScopedApi<Notebook, string>({
    get: notebooks.getNotebook,
    update: notebooks.updateNotebook,
    remove: notebooks.deleteNotebook,
  }),
  // No listReads: the list answers NotebookMinimalSerializer, without the content (posthog/api/notebook.py, both
  // versions), so a read is a GET each.
  schema: () => ({
    description:
      "A PostHog notebook: its title and its document (PostHog's editor's ProseMirror JSON). Declared fields are managed; an edit made in PostHog shows as drift by the paths it changed, and is never overwritten unseen (PostHog's version check); deleted as PostHog deletes notebooks (marked deleted); one deleted by hand is created again.",
    inputs: tableInputs(notebookFields, "notebook", { key: "short_id" }),
    outputs: tableOutputs(
      notebookFields,
      "notebook",
      {
        shortId: {
          type: "string",
          description: "The notebook's short id, as in its URL (`/notebooks/<shortId>`): PostHog's key for it.",
        },
        version: {
          type: "integer",
          description: "PostHog's count of the notebook's saved edits, as last read: a change of the content is sent with it.",
        },
      },
      { key: "short_id" },
    ),
    required: ["shortId", "projectId"],
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
  model: notebookModel,
  lifecycle: () => new NotebookLifecycle(),
  importer: projectScopedImport(notebookFields, {
    // The list's NotebookMinimalSerializer has no content: one GET each.
    list: async (http, projectId) =>
      Promise.all((await notebooks.listNotebooks(http, projectId)).map((listed) => notebooks.getNotebook(http, projectId, listed.id))),
    // The Notebook model's defaults (posthog/models/notebook/notebook.py).
    defaults: { title: null, content: null, text_content: null },
    label: (notebook) => notebook.title ?? `notebook ${notebook.short_id}`,
  }),
};

/**
 * The Notebook lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly (nothing about a
 * notebook is unique: after an unclear answer, the notebooks this key's user made with its title are read whole, and
 * one taken only when this create can be shown to have made it: recent, holding what was sent), and PostHog's refusal of a stale version said
 * as what it means.
 */
export class NotebookLifecycle extends FieldTableLifecycle<Notebook> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(notebookKind, notebookModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<NotebookRecord> {
    const title = body["title"] ?? null;
    const http = this.http();
    const notebook = await this.createOnce(projectId, body, () => notebooks.createNotebook(http, projectId, body), {
      // `user`: the notebooks this key's user created, whatever its value (`_filter_list_request`); PostHog's `search`
      // is a full-text search, which a title need not match. Each read whole: the list has no content to compare.
      find: async () =>
        Promise.all(
          (await notebooks.listNotebooks(http, projectId, { user: "true" }))
            .filter((n) => n.title === title)
            .map((n) => notebooks.getNotebook(http, projectId, n.id)),
        ),
      described: `titled ${JSON.stringify(title)}`,
    });
    return { ...notebook, project_id: projectId };
  }

  protected override async write(scope: number, id: ObjectId, body: Json, declared: readonly string[]): Promise<Placed<NotebookRecord>> {
    try {
      return await super.write(scope, id, body, declared);
    } catch (error) {
      if (error instanceof PostHogError && error.status === 409)
        throw new Error(
          `${error.message} Someone saved notebook ${id} in PostHog since this stack last read it (version ${JSON.stringify(body["version"] ?? null)}), so its content was not overwritten (PostHog's version check, NotebookSerializer.update). Run \`pulumi refresh\` to see their change, then \`pulumi up\` to put the program's content back, or take their change into the program.`,
        );
      throw error;
    }
  }
}
