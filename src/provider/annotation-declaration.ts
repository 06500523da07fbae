/**
 * Annotation, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/annotations/`),
 * soft-deleted as PostHog deletes annotations (`PATCH {"deleted": true}`: AnnotationsViewSet is a ForbidDestroyModel,
 * products/annotations/backend/api/annotation.py), identified as `<projectId>/<id>`. Its field table is
 * src/schema/annotation-fields.ts.
 */
import { annotations, type Transport } from "../client";
import type { ResourceDeclaration } from "../kit/declaration";
import { inProject, tableInputs, tableOutputs } from "../kit/field-state";
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
  identity: { output: "annotationId", forms: ["<projectId>/<id>", "the numeric id (in the configured project)"] },
  deletion: "soft-delete",
  importInputs: ["projectId", "content", "dateMarker", "scope"],
  api: {
    get: (http: Transport, projectId: number, id: number) => inProject(projectId, annotations.getAnnotation(http, projectId, id)),
    update: (http: Transport, projectId: number, id: number, body: Record<string, unknown>) =>
      inProject(projectId, annotations.updateAnnotation(http, projectId, id, body)),
    remove: (http: Transport, projectId: number, id: number) => annotations.deleteAnnotation(http, projectId, id),
  },
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
  lookups: [],
  lifecycle: () => new AnnotationProvider(),
};
