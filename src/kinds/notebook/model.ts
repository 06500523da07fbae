/**
 * Between Pulumi's view of a notebook and PostHog's: the kit's field-table model over its table
 * (src/kinds/notebook/fields.ts). A PATCH that changes the content carries the `version` this stack read last (an
 * output of its own): PostHog refuses it with 409 when someone saved the notebook since (NotebookSerializer.update,
 * posthog/api/notebook.py), so an edit made in PostHog is never overwritten unseen. No other PATCH carries it: PostHog
 * stores a `version` sent without content as it is, which would set its counter back.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import { isPlainObject } from "../../kit/json";
import { notebookFields } from "./fields";
import type { Notebook } from "./record";

export type NotebookRecord = InProject<Notebook>;

const base = fieldModel<Notebook>({
  className: "Notebook",
  noun: "notebook",
  summary: "A notebook of a project: a document of text, insights, queries and recordings, as PostHog's notebooks editor saves it.",
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
});

/** Python's truth of a JSON value: empty strings, lists and objects, zero, false and null are false. */
function pyTruthy(value: unknown): boolean {
  if (Array.isArray(value) || typeof value === "string") return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

export const notebookModel: typeof base = {
  ...base,
  withLiveKeys(body, live) {
    const sent = base.withLiveKeys(body, live);
    // PostHog checks the version only when the content is truthy in Python (`if validated_data.get("content")`).
    const version = live("version");
    if (pyTruthy(sent["content"]) && typeof version === "number") sent["version"] = version;
    return sent;
  },
};
