/**
 * Annotation, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/annotations/`),
 * soft-deleted as PostHog deletes annotations (`PATCH {"deleted": true}`: AnnotationsViewSet is a ForbidDestroyModel,
 * products/annotations/backend/api/annotation.py), identified as `<projectId>/<id>`. Its field table is
 * src/schema/annotation-fields.ts.
 */
import { annotations } from "../client";
import type { ResourceDeclaration } from "../kit/declaration";
import { PROJECT_SCOPED_ID_FORMS, projectScopedApi, tableInputs, tableOutputs } from "../kit/field-state";
import { ANNOTATION_TOKEN, ANNOTATION_TYPE } from "../kit/tokens";
import { annotationFields } from "../schema/annotation-fields";
import { AnnotationProvider } from "./annotation-provider";
import type { AnnotationRecord } from "./annotation-state";

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
};
