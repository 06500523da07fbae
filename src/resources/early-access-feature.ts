/**
 * `posthog.EarlyAccessFeature`: a feature users can opt into before it is released, through its feature flag. Generated
 * by `npm run docs` from EarlyAccessFeature's field table and state (src/generate/types.ts): do not edit;
 * test/generate/types.test.ts checks that this file is what they generate.
 *
 * The class declares inputs and outputs and hands them to the engine (./declared); the lifecycle runs in
 * `pulumi-posthog/provider` (EarlyAccessFeatureProvider), loaded by name inside Pulumi's provider host. This module
 * loads nothing else of the package: its types are plain, in ./early-access-feature-types.
 */
import * as pulumi from "@pulumi/pulumi";
import { beginRegistration, isDeclaredInstance, serializedProvider } from "./declared";
import {
  type EarlyAccessFeatureArgs,
  type EarlyAccessFeatureOutputProperties,
  type EarlyAccessFeatureState,
  outputNames,
} from "./early-access-feature-types";

export type {
  EarlyAccessFeatureArgs,
  EarlyAccessFeatureState,
  EarlyAccessFeatureOutputProperties,
  EarlyAccessStage,
} from "./early-access-feature-types";

/** Its dynamic resource's type, as Pulumi's state names it. */
const TYPE = "pulumi-nodejs:dynamic/posthog:EarlyAccessFeature";

const facts = {
  className: "EarlyAccessFeature",
  type: TYPE,
  provider: serializedProvider("earlyAccessFeatureProvider"),
  outputNames,
  secretOutputNames: [],
};

export interface EarlyAccessFeature extends EarlyAccessFeatureOutputProperties {}

/**
 * A feature users can opt into before it is released, through its feature flag.
 *
 * ```ts
 * new posthog.EarlyAccessFeature("checkout-beta", {
 *   projectId: web.projectId,
 *   name: "New checkout",
 *   description: "The one-page checkout, before everyone gets it.",
 *   stage: "beta",
 *   documentationUrl: "https://example.com/docs/checkout",
 *   featureFlagId: checkout.flagId,
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class EarlyAccessFeature extends pulumi.CustomResource {
  /** Reads an existing early access feature into the program without managing it. `id` is `<projectId>/<uuid>`, or its UUID with `state.projectId`. */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: EarlyAccessFeatureState,
    opts?: pulumi.CustomResourceOptions,
  ): EarlyAccessFeature {
    return new EarlyAccessFeature(name, { projectId: state?.projectId } as EarlyAccessFeatureArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is EarlyAccessFeature {
    return isDeclaredInstance(obj, EarlyAccessFeature, TYPE);
  }

  /** Declares an early access feature: `args` are its inputs, camelCase (PostHog's field names), and where it is. */
  constructor(name: string, args: EarlyAccessFeatureArgs, opts: pulumi.CustomResourceOptions = {}) {
    const registration = beginRegistration(facts, name, { ...args }, opts);
    // `super` here, in the class a program names, not in a shared base class: Pulumi records the frame that called
    // this constructor as the resource's source position.
    try {
      super(TYPE, name, registration.props, registration.options);
    } finally {
      registration.end();
    }
  }
}
