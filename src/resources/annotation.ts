/**
 * `posthog.Annotation`: a dated note on a project's charts. The class declares inputs and outputs and hands them to
 * the engine; the lifecycle runs in `pulumi-posthog/provider` (AnnotationProvider), loaded by name inside Pulumi's
 * provider host. Like ./project, this module loads nothing else of the package: its types are generated from the
 * field table into ./annotation-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { ANNOTATION_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type AnnotationArgs, type AnnotationOutputProperties, type AnnotationState, outputNames } from "./annotation-types";

export type { AnnotationArgs, AnnotationState, AnnotationOutputProperties, AnnotationScope } from "./annotation-types";

export const ANNOTATION_PROVIDER = serializedProvider("annotationProvider");

export interface Annotation extends AnnotationOutputProperties {}

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
      outputNames,
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
