/**
 * `posthog.Alert`: an alert on an insight of a project. The class declares inputs and outputs and hands them to the
 * engine; the lifecycle runs in `pulumi-posthog/provider` (AlertProvider), loaded by name inside Pulumi's provider
 * host. Like ./project, this module loads nothing else of the package: its types are written out.
 */
import * as pulumi from "@pulumi/pulumi";
import { ALERT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

/** When an alert fires (InsightThreshold of PostHog's schema): at least one bound. */
export interface AlertThreshold {
  name?: string;
  configuration: { type: "absolute" | "percentage"; bounds: { lower?: number | null; upper?: number | null } };
}

/** An alert's inputs (AlertSerializer, products/alerts/backend/api/alert.py), camelCase. */
export interface AlertArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the alert. */
  projectId?: In<number>;
  /** The insight watched (an Insight's insightId). */
  insight: In<number>;
  name?: In<string>;
  /** Ids of the users notified (`getCurrentUser` gives yours); may be empty. */
  subscribedUsers: In<In<number>[]>;
  threshold: In<AlertThreshold>;
  condition?: In<{ type: "absolute_value" | "relative_increase" | "relative_decrease" }>;
  calculationInterval?: In<"hourly" | "daily" | "weekly" | "monthly" | "every_15_minutes" | "real_time">;
  enabled?: In<boolean>;
  skipWeekend?: In<boolean>;
}

/** Properties for looking up an existing alert with `Alert.get`. */
export interface AlertState {
  /** The project, when the id is only the alert's UUID; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const ALERT_PROVIDER = serializedProvider("alertProvider");

export interface Alert {
  /** The alert's UUID in PostHog. */
  readonly alertId: pulumi.Output<string>;
  readonly projectId: pulumi.Output<number>;
  readonly insight: pulumi.Output<number>;
  readonly subscribedUsers: pulumi.Output<number[]>;
  readonly threshold: pulumi.Output<AlertThreshold | null>;
  /** PostHog's last evaluation: "Not firing", "Firing", "Errored" or "Snoozed". */
  readonly state: pulumi.Output<string>;
  /** The live values of the declared fields (present when declared). */
  readonly name?: pulumi.Output<string>;
  readonly condition?: pulumi.Output<{ type: string }>;
  readonly calculationInterval?: pulumi.Output<string>;
  readonly enabled?: pulumi.Output<boolean>;
  readonly skipWeekend?: pulumi.Output<boolean>;
}

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
      outputNames: ["alertId", "projectId", "insight", "subscribedUsers", "threshold", "state"],
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
