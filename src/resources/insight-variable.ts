/**
 * `posthog.InsightVariable`: a variable of a project's SQL insights: `{variables.<codeName>}` in their HogQL. Generated
 * by `npm run docs` from InsightVariable's field table and state (src/generate/types.ts): do not edit;
 * test/generate/types.test.ts checks that this file is what they generate.
 *
 * The class declares inputs and outputs and hands them to the engine (./declared); the lifecycle runs in
 * `pulumi-posthog/provider` (InsightVariableProvider), loaded by name inside Pulumi's provider host. This module loads
 * nothing else of the package: its types are plain, in ./insight-variable-types.
 */
import * as pulumi from "@pulumi/pulumi";
import { beginRegistration, isDeclaredInstance, serializedProvider } from "./declared";
import {
  type InsightVariableArgs,
  type InsightVariableOutputProperties,
  type InsightVariableState,
  outputNames,
} from "./insight-variable-types";

export type { InsightVariableArgs, InsightVariableState, InsightVariableOutputProperties } from "./insight-variable-types";

/** Its dynamic resource's type, as Pulumi's state names it. */
const TYPE = "pulumi-nodejs:dynamic/posthog:InsightVariable";

const facts = {
  className: "InsightVariable",
  type: TYPE,
  provider: serializedProvider("insightVariableProvider"),
  outputNames,
  secretOutputNames: [],
};

export interface InsightVariable extends InsightVariableOutputProperties {}

/**
 * A variable of a project's SQL insights: `{variables.<codeName>}` in their HogQL.
 *
 * ```ts
 * new posthog.InsightVariable("plan-variable", {
 *   projectId: web.projectId,
 *   name: "Plan",
 *   type: "List",
 *   values: ["free", "startup", "enterprise"],
 *   defaultValue: "free",
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class InsightVariable extends pulumi.CustomResource {
  /** Reads an existing insight variable into the program without managing it. `id` is `<projectId>/<uuid>`, or its UUID with `state.projectId`. */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: InsightVariableState,
    opts?: pulumi.CustomResourceOptions,
  ): InsightVariable {
    return new InsightVariable(name, { projectId: state?.projectId } as InsightVariableArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is InsightVariable {
    return isDeclaredInstance(obj, InsightVariable, TYPE);
  }

  /** Declares an insight variable: `args` are its inputs, camelCase (PostHog's field names), and where it is. */
  constructor(name: string, args: InsightVariableArgs, opts: pulumi.CustomResourceOptions = {}) {
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
