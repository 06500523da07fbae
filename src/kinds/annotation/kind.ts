/**
 * Annotation, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/annotations/`),
 * soft-deleted as PostHog deletes annotations (`PATCH {"deleted": true}`: AnnotationsViewSet is a ForbidDestroyModel,
 * products/annotations/backend/api/annotation.py), identified as `<projectId>/<id>`. Its field table is
 * src/kinds/annotation/fields.ts.
 */
import { annotations } from "../../client";
import { idField, type ResourceDeclaration } from "../../kit/declaration";
import { PROJECT_SCOPED_ID_FORMS, projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-state";
import { ANNOTATION_TOKEN, ANNOTATION_TYPE } from "../../kit/tokens";
import { annotationFields } from "./fields";
import { AnnotationProvider } from "./lifecycle";
import type { AnnotationRecord } from "./state";

export const annotationDeclaration: ResourceDeclaration<"project", AnnotationRecord> = {
  name: "Annotation",
  token: ANNOTATION_TOKEN,
  dynamicType: ANNOTATION_TYPE,
  noun: "annotation",
  scope: "project",
  identity: { output: "annotationId", forms: PROJECT_SCOPED_ID_FORMS },
  deletion: "soft-delete",
  importInputs: ["projectId", "content", "dateMarker", "scope"],
  api: projectScopedApi({
    get: annotations.getAnnotation,
    update: annotations.updateAnnotation,
    remove: annotations.deleteAnnotation,
  }),
  schema: () => ({
    description:
      "A PostHog annotation: a dated note on charts. Declared fields are managed; deleted as PostHog deletes annotations (marked deleted); one deleted by hand is created again.",
    inputs: tableInputs(annotationFields, "annotation"),
    outputs: tableOutputs(annotationFields, "annotation", {
      annotationId: { type: "integer", description: "Numeric id of the annotation in PostHog." },
    }),
    required: ["annotationId", "projectId", "scope"],
  }),
  // Issue 18 asks no annotation lookup.
  lifecycle: () => new AnnotationProvider(),
  // AnnotationsViewSet lists with AnnotationSerializer: no GET each. The list of every project holds the
  // organization-wide annotations too: the importer declares each object once.
  importer: projectScopedImport(annotationFields, {
    list: (http, projectId) => annotations.listAnnotations(http, projectId),
    // The Annotation model's defaults (products/annotations/backend/models/annotation.py).
    defaults: { creation_type: "USR", hidden_in_user_interface: false },
    references: [idField("dashboard_item", "Insight"), idField("dashboard_id", "Dashboard")],
    label: (annotation) => annotation.content ?? `annotation ${annotation.id}`,
  }),
};
