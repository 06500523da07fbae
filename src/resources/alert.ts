/**
 * `posthog.Alert`: an alert on an insight of a project. The class declares inputs and outputs and hands them to the
 * engine; the lifecycle runs in `pulumi-posthog/provider` (AlertProvider), loaded by name inside Pulumi's provider
 * host. Like ./project, this module loads nothing else of the package: its types are generated from the field table
 * into ./alert-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { ALERT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type AlertArgs, type AlertOutputProperties, type AlertState, outputNames } from "./alert-types";

export type { AlertArgs, AlertState, AlertOutputProperties, AlertThreshold } from "./alert-types";

export const ALERT_PROVIDER = serializedProvider("alertProvider");

export interface Alert extends AlertOutputProperties {}

/**
 * A PostHog alert on an insight.
 *
 * ```ts
 * new posthog.Alert("spike", {
 *   projectId: web.projectId,
 *   insight: views.insightId,
 *   subscribedUsers: [me.id],
 *   threshold: { configuration: { type: "absolute", bounds: { upper: 1000 } } },
 *   calculationInterval: "hourly",
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Alert extends pulumi.CustomResource {
  /** Reads an existing alert into the program without managing it. `id` is `<projectId>/<uuid>`, or its UUID with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AlertState, opts?: pulumi.CustomResourceOptions): Alert {
    return new Alert(name, { projectId: state?.projectId } as AlertArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Alert {
    return (
      obj instanceof Alert || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === ALERT_TYPE)
    );
  }

  constructor(name: string, args: AlertArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Alert",
      type: ALERT_TYPE,
      provider: ALERT_PROVIDER,
      outputNames,
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(ALERT_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
