/**
 * `posthog.Action`: named events a project counts, matched by steps. The class declares inputs and outputs and hands
 * them to the engine; the lifecycle runs in `pulumi-posthog/provider` (ActionProvider), loaded by name inside
 * Pulumi's provider host. Like ./project, this module loads nothing else of the package: its types are generated from
 * the field table into ./action-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { ACTION_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type ActionArgs, type ActionOutputProperties, type ActionState, outputNames } from "./action-types";

export type { ActionArgs, ActionState, ActionOutputProperties, ActionStep } from "./action-types";

export const ACTION_PROVIDER = serializedProvider("actionProvider");

export interface Action extends ActionOutputProperties {}

/**
 * A PostHog action.
 *
 * ```ts
 * new posthog.Action("signup", {
 *   projectId: web.projectId,
 *   name: "Signed up",
 *   steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }],
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Action extends pulumi.CustomResource {
  /** Reads an existing action into the program without managing it. `id` is `<projectId>/<id>`, or its number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ActionState, opts?: pulumi.CustomResourceOptions): Action {
    return new Action(name, { projectId: state?.projectId } as ActionArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Action {
    return (
      obj instanceof Action || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === ACTION_TYPE)
    );
  }

  constructor(name: string, args: ActionArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Action",
      type: ACTION_TYPE,
      provider: ACTION_PROVIDER,
      outputNames,
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(ACTION_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
