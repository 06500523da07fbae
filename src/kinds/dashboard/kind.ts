/**
 * Dashboard, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/dashboards/`),
 * soft-deleted (`PATCH {"deleted": true}`: DashboardsViewSet is a ForbidDestroyModel, products/dashboards/backend/api/
 * dashboard.py), identified as `<projectId>/<id>`. Never with `delete_insights`: PostHog would then delete the
 * insights that are on no other dashboard, which their own resources manage (`_delete_related_tiles`).
 */
import { dashboardExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as dashboards from "./endpoints";
import type { Kind } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { dashboardFields, type TextTile, textTilesOf, textTileWrites } from "./fields";
import { type DashboardRecord, type DashboardWithTiles, withTextTiles, dashboardModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";

/**
 * A flag's usage dashboard: PostHog's own, made with the flag and again by it ("Generated Dashboard: <key> Usage" in
 * the "template" creation mode, `_create_usage_dashboard` in posthog/api/feature_flag.py), with its insights. The
 * organization importer declares neither.
 */
export function isUsageDashboard(dashboard: { name: string | null; creation_mode?: string | null }): boolean {
  return dashboard.creation_mode === "template" && /^Generated Dashboard: .* Usage$/.test(dashboard.name ?? "");
}

export const dashboardKind: Kind<"project", DashboardRecord> = {
  ...kindNames("Dashboard"),
  example: dashboardExample,
  noun: "dashboard",
  scope: "project",
  identity: { output: "dashboardId" },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi<DashboardWithTiles>({
    get: async (http, projectId, id) => withTextTiles(await dashboards.getDashboard(http, projectId, id)),
    update: async (http, projectId, id, body) => withTextTiles(await dashboards.updateDashboard(http, projectId, id, body)),
    remove: (http, projectId, id) => dashboards.deleteDashboard(http, projectId, id),
  }),
  schema: () => ({
    description:
      "A PostHog dashboard: its name, description, pin, tags, who may edit it and its text tiles; insights are placed on it by their own `dashboards`. Declared fields are managed; deleted as PostHog deletes dashboards (marked deleted, its tiles with it, never the insights on it); one deleted by hand is created again.",
    inputs: tableInputs(dashboardFields, "dashboard"),
    outputs: tableOutputs(dashboardFields, "dashboard", {
      dashboardId: { type: "integer", description: "Numeric id of the dashboard in PostHog: an Insight's `dashboards` takes it." },
    }),
    required: ["dashboardId", "projectId"],
  }),
  lookups: {
    list: (http, projectId) => dashboards.listDashboards(http, projectId),
    // DashboardsViewSet's list takes no search (names are not unique either): matched here.
    filters: {
      search: {
        spec: { type: "string", description: "Part of the name (case-insensitive)." },
        match: (dashboard, v) =>
          String(dashboard["name"] ?? "")
            .toLowerCase()
            .includes(String(v).toLowerCase()),
      },
      pinned: {
        spec: { type: "boolean", description: "Only pinned (true) or unpinned (false) dashboards." },
        match: (d, v) => d["pinned"] === v,
      },
    },
    outputs: {
      name: { type: "string", nullable: true },
      description: { type: "string" },
      pinned: { type: "boolean" },
      tags: { type: "array", items: { type: "string" } },
      restrictionLevel: { type: "integer" },
      tiles: {
        type: "array",
        optional: true,
        items: { type: "object", additionalProperties: ANY },
        description: "getDashboard only: its tiles, insights and texts.",
      },
    },
  },
  model: dashboardModel,
  lifecycle: () => new DashboardLifecycle(),
  importer: projectScopedImport(dashboardFields, {
    // The list's DashboardBasicSerializer has no tiles: one GET each, for the text tiles; flags' usage dashboards left
    // out. The list is read once in a project: the insights' list asks for it too.
    list: async (http, projectId, read) => {
      const found: DashboardWithTiles[] = [];
      for (const dashboard of await read(dashboards.listDashboards))
        if (!isUsageDashboard(dashboard)) found.push(withTextTiles(await dashboards.getDashboard(http, projectId, dashboard.id)));
      return found;
    },
    // The Dashboard model's defaults (products/dashboards/backend/models/dashboard.py): 21 is "everyone in the project can edit".
    defaults: { description: "", pinned: false, tags: [], restriction_level: 21, text_tiles: [] },
    label: (dashboard) => dashboard.name ?? `dashboard ${dashboard.id}`,
  }),
};

/**
 * The Dashboard lifecycle: the kit's field-table lifecycle with its create, and its text tiles written as PostHog
 * takes them: the `tiles` of a PATCH, each naming the live tile it changes or deletes. Nothing about a dashboard is
 * unique, so a create whose answer was lost is never resent blindly.
 */
export class DashboardLifecycle extends FieldTableLifecycle<DashboardWithTiles> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(dashboardKind, dashboardModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<DashboardRecord> {
    try {
      return { ...withTextTiles(await dashboards.createDashboard(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The dashboard may have been created: look for it among the project's dashboards (name ${JSON.stringify(body["name"] ?? null)}) and adopt it with \`pulumi import posthog:index:Dashboard <name> ${projectId}/<id>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }

  /** `text_tiles` becomes the `tiles` PostHog applies, against the live tiles read just before. */
  protected override async write(projectId: number, id: number, body: Json, declared: readonly string[]): Promise<Placed<DashboardRecord>> {
    const { text_tiles: tiles, ...rest } = body;
    if (!Array.isArray(tiles)) return super.write(projectId, id, body, declared);
    const live = textTilesOf(await dashboards.getDashboard(this.http(), projectId, id));
    return super.write(projectId, id, { ...rest, tiles: textTileWrites(tiles as TextTile[], live) }, declared);
  }
}
