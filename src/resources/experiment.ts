/**
 * `posthog.Experiment`: an A/B test on a feature flag. The class declares inputs and outputs and hands them to the
 * engine; the lifecycle runs in `pulumi-posthog/provider` (ExperimentProvider), loaded by name inside Pulumi's provider
 * host. Like ./project, this module loads nothing else of the package: its types are generated from the field table
 * into ./experiment-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { EXPERIMENT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type ExperimentArgs, type ExperimentOutputProperties, type ExperimentState, outputNames } from "./experiment-types";

export type {
  ExperimentArgs,
  ExperimentState,
  ExperimentOutputProperties,
  ExperimentVariant,
  ExperimentParameters,
} from "./experiment-types";

export const EXPERIMENT_PROVIDER = serializedProvider("experimentProvider");

export interface Experiment extends ExperimentOutputProperties {}

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
      outputNames,
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
