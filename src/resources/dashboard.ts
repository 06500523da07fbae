/**
 * `posthog.Dashboard`: a dashboard of a project, with its text tiles; insights are placed on it by their own
 * `dashboards`. The class declares inputs and outputs and hands them to the engine; the lifecycle runs in
 * `pulumi-posthog/provider` (DashboardProvider), loaded by name inside Pulumi's provider host. Like ./project, this
 * module loads nothing else of the package: its types are written out.
 */
import * as pulumi from "@pulumi/pulumi";
import { DASHBOARD_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

/** A text tile (markdown card) of a dashboard. */
export interface DashboardTextTile {
  body: string;
  /** Positions per breakpoint: `{ sm: { x, y, w, h } }`. */
  layouts?: Record<string, unknown>;
  color?: string | null;
}

/** A dashboard's inputs (DashboardSerializer, products/dashboards/backend/api/dashboard.py), camelCase. */
export interface DashboardArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the dashboard. */
  projectId?: In<number>;
  /** At most 400 characters. */
  name?: In<string>;
  description?: In<string>;
  pinned?: In<boolean>;
  /** Trimmed and lower-cased by PostHog. */
  tags?: In<In<string>[]>;
  /** 21: everyone in the project can edit; 37: only collaborators. */
  restrictionLevel?: In<21 | 37>;
  /** Markdown cards, in this order. */
  textTiles?: In<In<DashboardTextTile>[]>;
}

/** Properties for looking up an existing dashboard with `Dashboard.get`. */
export interface DashboardState {
  /** The project, when the id is only the dashboard's number; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const DASHBOARD_PROVIDER = serializedProvider("dashboardProvider");

export interface Dashboard {
  /** Numeric id of the dashboard in PostHog: an Insight's `dashboards` takes it. */
  readonly dashboardId: pulumi.Output<number>;
  readonly projectId: pulumi.Output<number>;
  readonly name: pulumi.Output<string | null>;
  /** The live values of the declared fields (present when declared). */
  readonly description?: pulumi.Output<string>;
  readonly pinned?: pulumi.Output<boolean>;
  readonly tags?: pulumi.Output<string[]>;
  readonly restrictionLevel?: pulumi.Output<number>;
  readonly textTiles?: pulumi.Output<DashboardTextTile[]>;
}

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
      outputNames: ["dashboardId", "projectId", "name"],
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
