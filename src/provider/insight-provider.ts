/**
 * The Insight lifecycle: the kit's field-table lifecycle with its create (a saved insight). Nothing about an insight is unique, so a
 * create whose answer was lost is never resent blindly: the error says how to find and adopt the twin.
 */
import { insights, PostHogError, type Transport } from "../client";
import { FieldTableLifecycle } from "../kit/field-lifecycle";
import type { Json } from "../kit/lifecycle";
import type { Insight } from "../schema/insight";
import type { ProviderConfig } from "./config";
import { insightDeclaration } from "./insight-declaration";
import { type InsightRecord, insightState } from "./insight-state";

export class InsightProvider extends FieldTableLifecycle<Insight> {
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
}
