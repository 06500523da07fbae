/**
 * Annotation, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/annotations/`),
 * soft-deleted as PostHog deletes annotations (`PATCH {"deleted": true}`: AnnotationsViewSet is a ForbidDestroyModel,
 * products/annotations/backend/api/annotation.py), identified as `<projectId>/<id>`. Its field table is
 * src/kinds/annotation/fields.ts. Nothing about an annotation is required or unique; PostHog's one rule beyond each
 * field's (the dashboard must be the project's) needs the project's data and is left to PostHog.
 */
import { annotationExample } from "./example";
import * as annotations from "./endpoints";
import { idField } from "../../kit/kind";
import { defineKind } from "../../kit/define-kind";
import { annotationFields } from "./fields";
import { listedPages } from "../../kit/list-reads";

export const {
  kind: annotationKind,
  model: annotationModel,
  Lifecycle: AnnotationLifecycle,
} = defineKind({
  name: "Annotation",
  noun: "annotation",
  summary: "A dated note on a project's charts.",
  description:
    "A PostHog annotation: a dated note on charts. Declared fields are managed; deleted as PostHog deletes annotations (marked deleted); one deleted by hand is created again.",
  example: annotationExample,
  scope: "project",
  identity: { output: "annotationId", doc: "Numeric id of the annotation in PostHog." },
  deletion: "soft-delete",
  importInputs: ["projectId", "content", "dateMarker", "scope"],
  endpoints: {
    get: annotations.getAnnotation,
    update: annotations.updateAnnotation,
    remove: annotations.deleteAnnotation,
    create: annotations.createAnnotation,
  },
  // AnnotationsViewSet lists with AnnotationSerializer, as it retrieves, 1,000 to a page
  // (products/annotations/backend/api/annotation.py; the 2025-08-04 backend's list and GET compared equal).
  listReads: listedPages(annotations.annotationPages),
  fields: annotationFields,
  exampleInput: "dateMarker",
  // The outputs every Annotation has besides its kind's (its id, its project): content, date and scope (a declared
  // setting adds its live value).
  fixedOutputs: (record) => ({
    content: record.content,
    dateMarker: record.date_marker,
    scope: record.scope,
  }),
  outputTypes: {
    content: { type: "string | null", doc: "The text shown on charts." },
    dateMarker: { type: "string | null", doc: "When it happened, as PostHog answers it (`2025-01-02T03:04:05Z`)." },
    scope: { type: "AnnotationScope", doc: "Where it shows." },
  },
  types: {
    AnnotationScope: {
      type: '"dashboard_item" | "dashboard" | "project" | "organization"',
      doc: 'Where an annotation shows: one insight ("dashboard_item"), a dashboard, the project, or every project of the organization.',
    },
  },
  // No lookups: no PostHog object names an annotation, so a program has no use for one's id.
  // AnnotationsViewSet lists with AnnotationSerializer: no GET each. The list of every project holds the
  // organization-wide annotations too: the importer declares each object once.
  importer: {
    list: (http, projectId) => annotations.listAnnotations(http, projectId),
    // The Annotation model's defaults (products/annotations/backend/models/annotation.py).
    defaults: { creation_type: "USR", hidden_in_user_interface: false },
    references: [idField("dashboard_item", "Insight"), idField("dashboard_id", "Dashboard")],
    label: (annotation) => annotation.content ?? `annotation ${annotation.id}`,
  },
  // Nothing about an annotation is unique, so a create whose answer was lost cannot be found again with certainty.
  lostCreate: (sent) => `in the project's annotations (content ${JSON.stringify(sent["content"] ?? null)})`,
});
