/**
 * Annotation, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/annotations/`),
 * soft-deleted as PostHog deletes annotations (`PATCH {"deleted": true}`: AnnotationsViewSet is a ForbidDestroyModel,
 * products/annotations/backend/api/annotation.py), identified as `<projectId>/<id>`. Its field table is
 * src/kinds/annotation/fields.ts.
 */
import { annotationExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as annotations from "./endpoints";
import { idField, type Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { annotationFields } from "./fields";
import { type AnnotationRecord, annotationModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { Annotation } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

export const annotationKind: Kind<"project", AnnotationRecord> = {
  ...kindNames("Annotation"),
  example: annotationExample,
  noun: "annotation",
  scope: "project",
  identity: { output: "annotationId" },
  deletion: "soft-delete",
  importInputs: ["projectId", "content", "dateMarker", "scope"],
  api: projectScopedApi({
    get: annotations.getAnnotation,
    update: annotations.updateAnnotation,
    remove: annotations.deleteAnnotation,
  }),
  // AnnotationsViewSet lists with AnnotationSerializer, as it retrieves, 1,000 to a page
  // (products/annotations/backend/api/annotation.py; the 2025-08-04 backend's list and GET compared equal).
  listReads: listedPages(annotations.annotationPages),
  schema: () => ({
    description:
      "A PostHog annotation: a dated note on charts. Declared fields are managed; deleted as PostHog deletes annotations (marked deleted); one deleted by hand is created again.",
    inputs: tableInputs(annotationFields, "annotation"),
    outputs: tableOutputs(annotationFields, "annotation", {
      annotationId: { type: "integer", description: "Numeric id of the annotation in PostHog." },
    }),
    required: ["annotationId", "projectId", "scope"],
  }),
  // No lookups: no PostHog object names an annotation, so a program has no use for one's id.
  model: annotationModel,
  lifecycle: () => new AnnotationLifecycle(),
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

/**
 * The Annotation lifecycle: the kit's field-table lifecycle with its create. Nothing about an annotation is unique,
 * so a create whose answer was lost cannot be found again with certainty: it is never resent blindly, and the error
 * says how to check for a twin.
 */
export class AnnotationLifecycle extends FieldTableLifecycle<Annotation> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(annotationKind, annotationModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<AnnotationRecord> {
    try {
      return { ...(await annotations.createAnnotation(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The annotation may have been created: look for it in the project's annotations (content ${JSON.stringify(body["content"] ?? null)}) and adopt it with \`pulumi import posthog:index:Annotation <name> ${projectId}/<id>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }
}
