/**
 * `posthog.Insight`: a saved query of a project, on the dashboards it names. The class declares inputs and outputs
 * and hands them to the engine; the lifecycle runs in `pulumi-posthog/provider` (InsightProvider), loaded by name
 * inside Pulumi's provider host. Like ./project, this module loads nothing else of the package: its types are
 * generated from the field table into ./insight-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { INSIGHT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type InsightArgs, type InsightOutputProperties, type InsightState, outputNames } from "./insight-types";

export type { InsightArgs, InsightState, InsightOutputProperties, InsightQuery } from "./insight-types";

export const INSIGHT_PROVIDER = serializedProvider("insightProvider");

export interface Insight extends InsightOutputProperties {}

/**
 * A PostHog insight.
 *
 * ```ts
 * new posthog.Insight("views", {
 *   projectId: web.projectId,
 *   name: "Page views",
 *   dashboards: [board.dashboardId],
 *   query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } },
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Insight extends pulumi.CustomResource {
  /** Reads an existing insight into the program without managing it. `id` is `<projectId>/<id>`, or its number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: InsightState, opts?: pulumi.CustomResourceOptions): Insight {
    return new Insight(name, { projectId: state?.projectId } as InsightArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Insight {
    return (
      obj instanceof Insight || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === INSIGHT_TYPE)
    );
  }

  constructor(name: string, args: InsightArgs = {}, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Insight",
      type: INSIGHT_TYPE,
      provider: INSIGHT_PROVIDER,
      outputNames,
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(INSIGHT_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
