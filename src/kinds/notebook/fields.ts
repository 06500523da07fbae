/**
 * The notebook's field table: the writable fields of NotebookSerializer (posthog/api/notebook.py in PostHog
 * 2025-08-04, products/notebooks/backend/api/notebook.py today: `Meta.fields` less `read_only_fields`; model
 * posthog/models/notebook/notebook.py), the same in both, each with PostHog's rule. What it leaves out, and why:
 * `notebookLeftOut` below.
 */
import { z } from "zod";
import { CREATE_IN_FOLDER, type FieldDef, type LeftOut, sameWithin, type ApiTypes } from "../../kit/field-table";

const SERIALIZER = "NotebookSerializer, posthog/api/notebook.py";

export const notebookFields = {
  title: {
    input: z
      .string({ error: "must be a string or null" })
      .max(256, { error: `must be at most 256 characters (Notebook.title, ${SERIALIZER})` })
      .nullable(),
    doc: "The notebook's title, as the notebooks list shows it (at most 256 characters; PostHog shows none as Untitled).",
  },
  content: {
    type: "NotebookContent",
    // A JSONField with null allowed (Notebook.content): PostHog stores any JSON; its editor reads a ProseMirror
    // document. Compared within what the program declares: the editor adds attributes of its own (node ids) to every
    // node it saves, which are not drift, and a drifted document is shown by the paths that differ.
    input: z.unknown(),
    equal: sameWithin,
    doc: 'The notebook\'s document as PostHog\'s editor saves it, a ProseMirror document: `{type: "doc", content: [{type: "heading", attrs: {level: 1}, content: [{type: "text", text: "…"}]}, {type: "paragraph", content: […]}, {type: "ph-query", attrs: {query: {kind: "InsightVizNode", …}}}]}`. Attributes the editor adds to nodes (`nodeId`, …) are not drift; an edit in PostHog shows as the paths that changed.',
  },
  text_content: {
    input: z.string({ error: `must be a string or null (Notebook.text_content, ${SERIALIZER})` }).nullable(),
    doc: "The document's plain text, which PostHog's notebook search reads (its editor writes it on every save): PostHog does not derive it from `content`.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const notebookLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  version:
    "PostHog's edit counter: the lifecycle sends the version it read last with every change of the content, as PostHog requires (NotebookSerializer.update)",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const notebookApiTypes: ApiTypes = { file: "products/notebooks/frontend/generated/api.schemas.ts", schemas: ["NotebookApi"] };
