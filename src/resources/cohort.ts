/**
 * `posthog.Cohort`: persons a project groups by filters (dynamic) or as a fixed list (static), used by insights and by
 * feature flags' release conditions. The class declares inputs and outputs and hands them to the engine; the lifecycle
 * runs in `pulumi-posthog/provider` (CohortProvider), loaded by name inside Pulumi's provider host. Like ./project,
 * this module loads nothing else of the package: its types are generated from the field table into ./cohort-types
 * (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { COHORT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type CohortArgs, type CohortOutputProperties, type CohortState, outputNames } from "./cohort-types";

export type {
  CohortArgs,
  CohortState,
  CohortOutputProperties,
  CohortPropertyFilter,
  CohortFilterGroup,
  CohortFilters,
} from "./cohort-types";

export const COHORT_PROVIDER = serializedProvider("cohortProvider");

export interface Cohort extends CohortOutputProperties {}

/**
 * A PostHog cohort.
 *
 * ```ts
 * const customers = new posthog.Cohort("acme-users", {
 *   projectId: web.projectId,
 *   name: "Acme users",
 *   filters: { properties: { type: "OR", values: [{ type: "AND", values: [
 *     { type: "person", key: "company", operator: "exact", value: ["Acme"] },
 *   ] }] } },
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Cohort extends pulumi.CustomResource {
  /** Reads an existing cohort into the program without managing it. `id` is `<projectId>/<id>`, or its number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CohortState, opts?: pulumi.CustomResourceOptions): Cohort {
    return new Cohort(name, { projectId: state?.projectId } as CohortArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Cohort {
    return (
      obj instanceof Cohort || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === COHORT_TYPE)
    );
  }

  constructor(name: string, args: CohortArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Cohort",
      type: COHORT_TYPE,
      provider: COHORT_PROVIDER,
      outputNames,
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(COHORT_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
