/**
 * `posthog.Cohort`: persons a project groups by filters (dynamic) or as a fixed list (static), used by insights and by
 * feature flags' release conditions. The class declares inputs and outputs and hands them to the engine; the
 * lifecycle runs in `pulumi-posthog/provider` (CohortProvider), loaded by name inside Pulumi's provider host. Like
 * ./project, this module loads nothing else of the package: its types are written out.
 */
import * as pulumi from "@pulumi/pulumi";
import { COHORT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

/** One filter of a cohort (PostHog's `person`, `cohort`, `behavioral` or `person_metadata` filter), snake_case as PostHog's. */
export interface CohortPropertyFilter {
  type: "person" | "cohort" | "behavioral" | "person_metadata";
  /** A person property's name; `"id"` for a cohort filter; an event name or action id for a behavioral one. */
  key: In<string | number>;
  /** The compared value; another cohort's id for a cohort filter; the behaviour (`"performed_event"`, …) for a behavioral one. */
  value?: In<unknown>;
  /** `exact`, `is_not`, `icontains`, `regex`, `is_set`, `gt`, … (person filters). */
  operator?: In<string>;
  negation?: In<boolean>;
  [field: string]: unknown;
}

/** Groups of filters, AND or OR, nested at will. */
export interface CohortFilterGroup {
  type: "AND" | "OR";
  values: In<In<CohortFilterGroup | CohortPropertyFilter>[]>;
}

/** A dynamic cohort's definition: `{properties: group}`. */
export interface CohortFilters {
  properties: In<CohortFilterGroup>;
}

/** A cohort's inputs (posthog/api/cohort.py), camelCase. */
export interface CohortArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the cohort. */
  projectId?: In<number>;
  /** At most 400 characters; not unique in PostHog. */
  name: In<string>;
  description?: In<string>;
  /** Who belongs to a dynamic cohort. Not with `isStatic: true`. */
  filters?: In<CohortFilters>;
  /** A fixed list of persons, filled in PostHog (CSV, person ids); without filters. Changing it replaces the cohort. */
  isStatic?: In<boolean>;
}

/** Properties for looking up an existing cohort with `Cohort.get`. */
export interface CohortState {
  /** The project, when the id is only the cohort's number; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const COHORT_PROVIDER = serializedProvider("cohortProvider");

export interface Cohort {
  /** Numeric id of the cohort in PostHog: what a flag's `{key: "id", type: "cohort", value}` condition names. */
  readonly cohortId: pulumi.Output<number>;
  readonly projectId: pulumi.Output<number>;
  readonly name: pulumi.Output<string>;
  readonly isStatic: pulumi.Output<boolean>;
  /** The live values of the declared fields (present when declared). */
  readonly description?: pulumi.Output<string>;
  readonly filters?: pulumi.Output<CohortFilters>;
}

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
      outputNames: ["cohortId", "projectId", "name", "isStatic"],
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
