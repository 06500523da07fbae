/**
 * `posthog.Experiment`: an A/B test on a feature flag. The class declares inputs and outputs and hands them to the
 * engine; the lifecycle runs in `pulumi-posthog/provider` (ExperimentProvider), loaded by name inside Pulumi's
 * provider host. Like ./project, this module loads nothing else of the package: its types are written out.
 */
import * as pulumi from "@pulumi/pulumi";
import { EXPERIMENT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

/** One variant: its key (one is `control`) and its share of the experiment's users. */
export interface ExperimentVariant {
  key: string;
  name?: string;
  /** Percent of the experiment's users (the variants sum to 100); `rollout_percentage` in older PostHog. */
  split_percent?: number;
  rollout_percentage?: number;
}

/** An experiment's parameters (PostHog's ExperimentParameters). */
export interface ExperimentParameters {
  feature_flag_variants?: ExperimentVariant[];
  /** Percent of users in the experiment at all (default 100). */
  rollout_percentage?: number;
  minimum_detectable_effect?: number;
  [key: string]: unknown;
}

/** An experiment's inputs (products/experiments/backend/presentation/serializers.py), camelCase. */
export interface ExperimentArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the experiment. */
  projectId?: In<number>;
  /** Take over this existing experiment (its numeric id) on create instead of creating one (GET, then a PATCH of what differs). */
  adoptId?: In<number>;
  name: In<string>;
  description?: In<string>;
  /** PostHog creates this flag, or runs on your live flag with this key (at least two variants, `control` first). Changing it replaces the experiment. */
  featureFlagKey: In<string>;
  parameters?: In<ExperimentParameters | null>;
  /** `ExperimentMetric` queries; at most 10. */
  metrics?: In<Record<string, unknown>[] | null>;
  metricsSecondary?: In<Record<string, unknown>[] | null>;
  archived?: In<boolean>;
  /** `true` launches it (its start date is now, its flag turned on). */
  launched?: In<boolean>;
  /** `true` stops it (its end date is now). Needs `launched: true`. */
  stopped?: In<boolean>;
}

/** Properties for looking up an existing experiment with `Experiment.get`. */
export interface ExperimentState {
  /** The project, when the id is only the experiment's number; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const EXPERIMENT_PROVIDER = serializedProvider("experimentProvider");

export interface Experiment {
  /** Numeric id of the experiment in PostHog. */
  readonly experimentId: pulumi.Output<number>;
  readonly projectId: pulumi.Output<number>;
  readonly name: pulumi.Output<string>;
  readonly featureFlagKey: pulumi.Output<string>;
  /** Numeric id of its feature flag. */
  readonly featureFlagId: pulumi.Output<number>;
  /** When it was launched (ISO 8601), or null. */
  readonly startDate: pulumi.Output<string | null>;
  /** When it was stopped (ISO 8601), or null. */
  readonly endDate: pulumi.Output<string | null>;
  /** The live values of the declared fields (present when declared). */
  readonly description?: pulumi.Output<string>;
  readonly parameters?: pulumi.Output<ExperimentParameters | null>;
  readonly metrics?: pulumi.Output<Record<string, unknown>[] | null>;
  readonly metricsSecondary?: pulumi.Output<Record<string, unknown>[] | null>;
  readonly archived?: pulumi.Output<boolean>;
  readonly launched?: pulumi.Output<boolean>;
  readonly stopped?: pulumi.Output<boolean>;
}

/**
 * A PostHog experiment.
 *
 * ```ts
 * new posthog.Experiment("checkout", {
 *   projectId: web.projectId,
 *   name: "New checkout",
 *   featureFlagKey: "new-checkout",
 *   parameters: { feature_flag_variants: [{ key: "control", split_percent: 50 }, { key: "test", split_percent: 50 }] },
 *   launched: true,
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Experiment extends pulumi.CustomResource {
  /** Reads an existing experiment into the program without managing it. `id` is `<projectId>/<id>`, or its number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ExperimentState, opts?: pulumi.CustomResourceOptions): Experiment {
    return new Experiment(name, { projectId: state?.projectId } as ExperimentArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Experiment {
    return (
      obj instanceof Experiment ||
      (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === EXPERIMENT_TYPE)
    );
  }

  constructor(name: string, args: ExperimentArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Experiment",
      type: EXPERIMENT_TYPE,
      provider: EXPERIMENT_PROVIDER,
      outputNames: ["experimentId", "projectId", "name", "featureFlagKey", "featureFlagId", "startDate", "endDate"],
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(EXPERIMENT_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
