/**
 * The Dashboard lifecycle: the kit's field-table lifecycle with its create, and its text tiles written as PostHog
 * takes them: the `tiles` of a PATCH, each naming the live tile it changes or deletes. Nothing about a dashboard is
 * unique, so a create whose answer was lost is never resent blindly.
 */
import { dashboards, PostHogError, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import { type TextTile, textTilesOf, textTileWrites } from "./fields";
import type { ProviderConfig } from "../../kit/config";
import { dashboardDeclaration } from "./kind";
import { type DashboardRecord, type DashboardWithTiles, dashboardState, withTextTiles } from "./state";

export class DashboardProvider extends FieldTableLifecycle<DashboardWithTiles> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(dashboardDeclaration, dashboardState, connection);
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
