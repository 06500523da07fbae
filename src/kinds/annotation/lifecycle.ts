/**
 * The Annotation lifecycle: the kit's field-table lifecycle with its create. Nothing about an annotation is unique,
 * so a create whose answer was lost cannot be found again with certainty: it is never resent blindly, and the error
 * says how to check for a twin.
 */
import { annotations, PostHogError, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { Annotation } from "./record";
import { annotationDeclaration } from "./kind";
import { type AnnotationRecord, annotationState } from "./state";
import type { ProviderConfig } from "../../kit/config";

export class AnnotationProvider extends FieldTableLifecycle<Annotation> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(annotationDeclaration, annotationState, connection);
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
