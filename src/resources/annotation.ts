/**
 * `posthog.Annotation`: a dated note on a project's charts. The class declares inputs and outputs and hands them to
 * the engine; the lifecycle runs in `pulumi-posthog/provider` (AnnotationProvider), loaded by name inside Pulumi's
 * provider host. Like ./project, this module loads nothing else of the package: its types are written out plainly.
 */
import * as pulumi from "@pulumi/pulumi";
import { ANNOTATION_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

/** Where an annotation shows: one insight ("dashboard_item"), a dashboard, the project, or every project of the organization. */
export type AnnotationScope = "dashboard_item" | "dashboard" | "project" | "organization";

/** An annotation's inputs: PostHog's writable fields, camelCase (products/annotations/backend/api/annotation.py). */
export interface AnnotationArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the annotation. */
  projectId?: In<number>;
  /** Take over this existing annotation (its numeric id) on create instead of creating one (GET, then a PATCH of what differs). */
  adoptId?: In<number>;
  /** The text shown on charts (at most 8192 characters; 400 in PostHog 2025-08-04). */
  content?: In<string | null>;
  /** When it happened, ISO 8601 (`"2025-01-02T03:04:05Z"`; without an offset, UTC). */
  dateMarker?: In<string | null>;
  /** PostHog's default is "dashboard_item" (one insight). */
  scope?: In<AnnotationScope>;
  /** The insight of a "dashboard_item" annotation. */
  dashboardItem?: In<number | null>;
  /** The dashboard of a "dashboard" annotation. */
  dashboardId?: In<number | null>;
  creationType?: In<"USR" | "GIT">;
  /** Today's PostHog only. */
  emoji?: In<string | null>;
  /** Today's PostHog only. */
  hiddenInUserInterface?: In<boolean | null>;
}

/** Properties for looking up an existing annotation with `Annotation.get`. */
export interface AnnotationState {
  /** The project, when the id is only the annotation's number; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const ANNOTATION_PROVIDER = serializedProvider("annotationProvider");

export interface Annotation {
  /** Numeric id of the annotation in PostHog. */
  readonly annotationId: pulumi.Output<number>;
  readonly projectId: pulumi.Output<number>;
  readonly content: pulumi.Output<string | null>;
  /** As PostHog answers it (`2025-01-02T03:04:05Z`). */
  readonly dateMarker: pulumi.Output<string | null>;
  readonly scope: pulumi.Output<AnnotationScope>;
  /** The live values of the other declared fields (present when declared). */
  readonly dashboardItem?: pulumi.Output<number | null>;
  readonly dashboardId?: pulumi.Output<number | null>;
  readonly creationType?: pulumi.Output<string>;
  readonly emoji?: pulumi.Output<string | null>;
  readonly hiddenInUserInterface?: pulumi.Output<boolean | null>;
}

/**
 * A PostHog annotation.
 *
 * ```ts
 * new posthog.Annotation("launch", {
 *   projectId: web.projectId,
 *   content: "Checkout v2 released",
 *   dateMarker: "2025-01-02T09:00:00Z",
 *   scope: "project",
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Annotation extends pulumi.CustomResource {
  /** Reads an existing annotation into the program without managing it. `id` is `<projectId>/<id>`, or its number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AnnotationState, opts?: pulumi.CustomResourceOptions): Annotation {
    return new Annotation(name, { projectId: state?.projectId } as AnnotationArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Annotation {
    return (
      obj instanceof Annotation ||
      (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === ANNOTATION_TYPE)
    );
  }

  constructor(name: string, args: AnnotationArgs = {}, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Annotation",
      type: ANNOTATION_TYPE,
      provider: ANNOTATION_PROVIDER,
      outputNames: ["annotationId", "projectId", "content", "dateMarker", "scope"],
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(ANNOTATION_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
