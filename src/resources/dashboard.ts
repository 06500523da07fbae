/**
 * `posthog.Dashboard`: a dashboard of a project, with its text tiles; insights are placed on it by their own
 * `dashboards`. The class declares inputs and outputs and hands them to the engine; the lifecycle runs in
 * `pulumi-posthog/provider` (DashboardProvider), loaded by name inside Pulumi's provider host. Like ./project, this
 * module loads nothing else of the package: its types are generated from the field table into ./dashboard-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { DASHBOARD_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type DashboardArgs, type DashboardOutputProperties, type DashboardState, outputNames } from "./dashboard-types";

export type { DashboardArgs, DashboardState, DashboardOutputProperties, DashboardTextTile } from "./dashboard-types";

export const DASHBOARD_PROVIDER = serializedProvider("dashboardProvider");

export interface Dashboard extends DashboardOutputProperties {}

/**
 * A PostHog dashboard. Insights go on it through their `dashboards`:
 *
 * ```ts
 * const board = new posthog.Dashboard("web", { projectId: web.projectId, name: "Web traffic" });
 * new posthog.Insight("views", { projectId: web.projectId, name: "Page views", dashboards: [board.dashboardId], query });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Dashboard extends pulumi.CustomResource {
  /** Reads an existing dashboard into the program without managing it. `id` is `<projectId>/<id>`, or its number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: DashboardState, opts?: pulumi.CustomResourceOptions): Dashboard {
    return new Dashboard(name, { projectId: state?.projectId } as DashboardArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Dashboard {
    return (
      obj instanceof Dashboard ||
      (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === DASHBOARD_TYPE)
    );
  }

  constructor(name: string, args: DashboardArgs = {}, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Dashboard",
      type: DASHBOARD_TYPE,
      provider: DASHBOARD_PROVIDER,
      outputNames,
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(DASHBOARD_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
