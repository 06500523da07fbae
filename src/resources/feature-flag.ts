/**
 * `posthog.FeatureFlag`: a PostHog feature flag, project-scoped. The class declares inputs and outputs and hands them
 * to the engine; the lifecycle runs in `pulumi-posthog/provider` (FeatureFlagProvider), loaded by name inside Pulumi's
 * provider host. Like ./project, this module loads nothing else of the package: its types are generated from the field
 * table into ./feature-flag-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { FEATURE_FLAG_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type FeatureFlagArgs, type FeatureFlagOutputProperties, type FeatureFlagState, outputNames } from "./feature-flag-types";

export type {
  FeatureFlagArgs,
  FeatureFlagState,
  FeatureFlagOutputProperties,
  FlagConditionSet,
  FlagFilters,
  FlagPropertyFilter,
} from "./feature-flag-types";

export const FEATURE_FLAG_PROVIDER = serializedProvider("featureFlagProvider");

export interface FeatureFlag extends FeatureFlagOutputProperties {}

/**
 * A PostHog feature flag.
 *
 * ```ts
 * new posthog.FeatureFlag("checkout", {
 *   projectId: web.projectId,
 *   key: "new-checkout",
 *   filters: { groups: [{ properties: [], rollout_percentage: 20 }] },
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class FeatureFlag extends pulumi.CustomResource {
  /** Reads an existing flag into the program without managing it. `id` is `<projectId>/<id>`, or the flag's number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: FeatureFlagState, opts?: pulumi.CustomResourceOptions): FeatureFlag {
    return new FeatureFlag(name, { projectId: state?.projectId } as FeatureFlagArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is FeatureFlag {
    return (
      obj instanceof FeatureFlag ||
      (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === FEATURE_FLAG_TYPE)
    );
  }

  constructor(name: string, args: FeatureFlagArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "FeatureFlag",
      type: FEATURE_FLAG_TYPE,
      provider: FEATURE_FLAG_PROVIDER,
      outputNames,
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(FEATURE_FLAG_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
