/**
 * `posthog.Action`: named events a project counts, matched by steps. The class declares inputs and outputs and hands
 * them to the engine; the lifecycle runs in `pulumi-posthog/provider` (ActionProvider), loaded by name inside
 * Pulumi's provider host. Like ./project, this module loads nothing else of the package: its types are written out.
 */
import * as pulumi from "@pulumi/pulumi";
import { ACTION_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;
type Matching = "contains" | "regex" | "exact";

/** One step of an action (PostHog's ActionStepJSONSerializer): an event matches when every given field does. */
export interface ActionStep {
  event?: string | null;
  url?: string | null;
  url_matching?: Matching | null;
  selector?: string | null;
  tag_name?: string | null;
  text?: string | null;
  text_matching?: Matching | null;
  href?: string | null;
  href_matching?: Matching | null;
  properties?: Array<Record<string, unknown>> | null;
}

/** An action's inputs (products/actions/backend/api/action.py), camelCase. */
export interface ActionArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the action. */
  projectId?: In<number>;
  /** Take over this existing action (its numeric id) on create instead of creating one (GET, then a PATCH of what differs). */
  adoptId?: In<number>;
  /** Unique among the project's live actions; at most 400 characters. */
  name: In<string>;
  description?: In<string>;
  /** Any step matching counts the event. */
  steps?: In<In<ActionStep>[]>;
  /** Trimmed and lower-cased by PostHog. */
  tags?: In<In<string>[]>;
}

/** Properties for looking up an existing action with `Action.get`. */
export interface ActionState {
  /** The project, when the id is only the action's number; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const ACTION_PROVIDER = serializedProvider("actionProvider");

export interface Action {
  /** Numeric id of the action in PostHog. */
  readonly actionId: pulumi.Output<number>;
  readonly projectId: pulumi.Output<number>;
  readonly name: pulumi.Output<string>;
  /** The live values of the declared fields (present when declared). */
  readonly description?: pulumi.Output<string>;
  readonly steps?: pulumi.Output<ActionStep[]>;
  readonly tags?: pulumi.Output<string[]>;
}

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
      outputNames: ["actionId", "projectId", "name"],
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
