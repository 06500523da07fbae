/**
 * Dashboard, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/dashboards/`),
 * soft-deleted (`PATCH {"deleted": true}`: DashboardsViewSet is a ForbidDestroyModel, products/dashboards/backend/api/
 * dashboard.py), identified as `<projectId>/<id>`. Never with `delete_insights`: PostHog would then delete the
 * insights that are on no other dashboard, which their own resources manage (`_delete_related_tiles`). Its field table
 * is ./fields.ts; its record carries its text tiles as `text_tiles`, written through PostHog's `tiles` after the
 * create (PostHog's create ignores them).
 */
import { defineKind } from "../../kit/define-kind";
import { ANY } from "../../kit/property";
import * as dashboards from "./endpoints";
import { dashboardExample } from "./example";
import { type DashboardWithTiles, dashboardFields, type TextTile, textTilesOf, textTileWrites, withTextTiles } from "./fields";

/**
 * A flag's usage dashboard: PostHog's own, made with the flag and again by it ("Generated Dashboard: <key> Usage" in
 * the "template" creation mode, `_create_usage_dashboard` in posthog/api/feature_flag.py), with its insights. The
 * organization importer declares neither.
 */
export function isUsageDashboard(dashboard: { name: string | null; creation_mode?: string | null }): boolean {
  return dashboard.creation_mode === "template" && /^Generated Dashboard: .* Usage$/.test(dashboard.name ?? "");
}

export const {
  kind: dashboardKind,
  model: dashboardModel,
  Lifecycle: DashboardLifecycle,
} = defineKind({
  name: "Dashboard",
  noun: "dashboard",
  summary: "A dashboard of a project, with its text tiles; insights are placed on it by their own `dashboards`.",
  description:
    "A PostHog dashboard: its name, description, pin, tags, who may edit it and its text tiles; insights are placed on it by their own `dashboards`. Declared fields are managed; deleted as PostHog deletes dashboards (marked deleted, its tiles with it, never the insights on it); one deleted by hand is created again.",
  example: dashboardExample,
  scope: "project",
  identity: { output: "dashboardId", doc: "Numeric id of the dashboard in PostHog: an Insight's `dashboards` takes it." },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: async (http, projectId, id: number) => withTextTiles(await dashboards.getDashboard(http, projectId, id)),
    update: async (http, projectId, id: number, body) => withTextTiles(await dashboards.updateDashboard(http, projectId, id, body)),
    remove: (http, projectId, id: number) => dashboards.deleteDashboard(http, projectId, id),
    create: async (http, projectId, body) => withTextTiles(await dashboards.createDashboard(http, projectId, body)),
  },
  fields: dashboardFields,
  exampleInput: "restrictionLevel",
  // The outputs every Dashboard has besides its kind's (its id, its project): its name (a declared setting adds its
  // live value).
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: {
    name: { type: "string | null", doc: "The dashboard's name." },
  },
  types: {
    DashboardTextTile: {
      type: "{\n  body: string;\n  /** Positions per breakpoint: `{ sm: { x, y, w, h } }`. */\n  layouts?: Record<string, unknown>;\n  color?: string | null;\n}",
      doc: "A text tile (markdown card) of a dashboard.",
    },
  },
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature.
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
  importer: {
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
  },
  // Nothing about a dashboard is unique, so a create whose answer was lost cannot be found again with certainty.
  lostCreate: (sent) => `among the project's dashboards (name ${JSON.stringify(sent["name"] ?? null)})`,
  hooks: {
    /** `text_tiles` becomes the `tiles` PostHog applies, against the live tiles read just before. */
    async write(projectId, id, body, declared) {
      const { text_tiles: tiles, ...rest } = body;
      if (!Array.isArray(tiles)) return this.kit.write(projectId, id, body, declared);
      const live = textTilesOf(await dashboards.getDashboard(this.http(), projectId, id as number));
      return this.kit.write(projectId, id, { ...rest, tiles: textTileWrites(tiles as TextTile[], live) }, declared);
    },
  },
});
