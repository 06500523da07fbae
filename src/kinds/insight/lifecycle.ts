/**
 * The Insight lifecycle: the kit's field-table lifecycle with its create (a saved insight), and its tiles' layouts,
 * which live on the dashboards: read from each dashboard it is on, written through each dashboard's `tiles`
 * (DashboardSerializer._update_tiles, products/dashboards/backend/api/dashboard.py). Nothing about an insight is
 * unique, so a create whose answer was lost is never resent blindly: the error says how to find and adopt the twin.
 */
import { dashboards, insights, PostHogError, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { insightDeclaration } from "./kind";
import { type InsightRecord, type InsightWithLayouts, insightState } from "./state";

export class InsightProvider extends FieldTableLifecycle<InsightWithLayouts> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(insightDeclaration, insightState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<InsightRecord> {
    try {
      // Saved, as PostHog's interface saves the insights it keeps: its "saved insights" list (`?saved=true`,
      // InsightViewSet._filter_request, posthog/api/insight.py) leaves out unsaved insights on no dashboard.
      return { ...(await insights.createInsight(this.http(), projectId, { saved: true, ...body })), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The insight may have been created: look for it among the project's insights (name ${JSON.stringify(body["name"] ?? null)}) and adopt it with \`pulumi import posthog:index:Insight <name> ${projectId}/<id>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }

  /**
   * The record with its tiles' layouts, when declared: those of the first tile whose layouts differ from the others'
   * (so that one moved by hand shows as drift), else the shared ones; null on no dashboard.
   */
  protected override async complete(record: InsightRecord, declared: readonly string[]): Promise<Placed<InsightRecord>> {
    if (!declared.includes("layouts")) return super.complete(record, declared);
    const all = await this.tileLayouts(record);
    const first = all[0]?.layouts ?? null;
    const odd = all.find((tile) => JSON.stringify(tile.layouts) !== JSON.stringify(first));
    return super.complete({ ...record, layouts: odd ? odd.layouts : first }, declared);
  }

  /** `layouts` goes to the insight's tiles, through each dashboard, after the insight's own PATCH (which may move it). */
  protected override async write(projectId: number, id: number, body: Json, declared: readonly string[]): Promise<Placed<InsightRecord>> {
    const { layouts, ...rest } = body;
    if (layouts === undefined) return super.write(projectId, id, body, declared);
    const record: InsightRecord =
      Object.keys(rest).length > 0
        ? { ...(await insights.updateInsight(this.http(), projectId, id, rest)), project_id: projectId }
        : { ...(await insights.getInsight(this.http(), projectId, id)), project_id: projectId };
    for (const tile of record.dashboard_tiles ?? []) {
      await dashboards.updateDashboard(this.http(), projectId, tile.dashboard_id, { tiles: [{ id: tile.id, layouts }] });
    }
    return this.complete(record, declared);
  }

  private async tileLayouts(record: InsightRecord): Promise<Array<{ layouts: Record<string, unknown> }>> {
    const found: Array<{ layouts: Record<string, unknown> }> = [];
    for (const tile of record.dashboard_tiles ?? []) {
      const board = await dashboards.getDashboard(this.http(), record.project_id, tile.dashboard_id);
      const live = (board.tiles ?? []).find((t) => t.id === tile.id);
      if (live) found.push({ layouts: live.layouts ?? {} });
    }
    return found;
  }
}
