/**
 * `posthog.Insight`: a saved query of a project, on the dashboards it names. The class declares inputs and outputs
 * and hands them to the engine; the lifecycle runs in `pulumi-posthog/provider` (InsightProvider), loaded by name
 * inside Pulumi's provider host. Like ./project, this module loads nothing else of the package: its types are
 * written out.
 */
import * as pulumi from "@pulumi/pulumi";
import { INSIGHT_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

/** A node of PostHog's query schema (posthog/schema.py): its `kind` and the node's own fields. */
export interface InsightQuery {
  kind: string;
  [field: string]: unknown;
}

/** An insight's inputs (InsightSerializer, posthog/api/insight.py), camelCase. */
export interface InsightArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the insight. */
  projectId?: In<number>;
  /** At most 400 characters. */
  name?: In<string>;
  description?: In<string>;
  /** `{kind: "InsightVizNode", source: {kind: "TrendsQuery", series: [...]}}`, `{kind: "DataVisualizationNode", source: {kind: "HogQLQuery", query}}`, … */
  query?: In<InsightQuery>;
  /** Dashboard ids (a Dashboard's dashboardId): the whole list. */
  dashboards?: In<In<number>[]>;
  /** Trimmed and lower-cased by PostHog. */
  tags?: In<In<string>[]>;
  favorited?: In<boolean>;
  /** Its tile's position on each dashboard it names: `{ sm: { x, y, w, h } }`; needs `dashboards`. */
  layouts?: In<Record<string, In<Record<string, unknown>>>>;
}

/** Properties for looking up an existing insight with `Insight.get`. */
export interface InsightState {
  /** The project, when the id is only the insight's number; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const INSIGHT_PROVIDER = serializedProvider("insightProvider");

export interface Insight {
  /** Numeric id of the insight in PostHog: an Alert's `insight` takes it. */
  readonly insightId: pulumi.Output<number>;
  readonly projectId: pulumi.Output<number>;
  /** As in the insight's URL, `/insights/<shortId>`. */
  readonly shortId: pulumi.Output<string>;
  readonly name: pulumi.Output<string | null>;
  /** The live values of the declared fields (present when declared). */
  readonly description?: pulumi.Output<string>;
  readonly query?: pulumi.Output<InsightQuery>;
  readonly dashboards?: pulumi.Output<number[]>;
  readonly tags?: pulumi.Output<string[]>;
  readonly favorited?: pulumi.Output<boolean>;
  readonly layouts?: pulumi.Output<Record<string, Record<string, unknown>>>;
}

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
      outputNames: ["insightId", "projectId", "shortId", "name"],
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
