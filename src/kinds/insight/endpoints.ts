/** The insight endpoints (posthog/api/insight.py, InsightViewSet), one function each. Results are not fetched here. */
import { type Insight, insightSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type InsightBody = objects.ObjectBody;

export interface InsightFilters {
  short_id?: string;
  saved?: "true" | "false";
  favorited?: "true" | "false";
  /** Case-insensitive substring of the name. */
  search?: string;
}

const insights = objects.endpoints<typeof insightSchema, number, InsightFilters>({
  path: "insights",
  noun: "insight",
  schema: insightSchema,
});

export const listInsightsPage = insights.listPage;

/** Every insight of the project that is not deleted, page by page. */
export const listInsights = insights.listAll;

/** The live insight with this short id, or null. */
export async function findInsightByShortId(http: Transport, projectId: number, shortId: string): Promise<Insight | null> {
  const found = await listInsights(http, projectId, { short_id: shortId });
  return found.find((i) => i.short_id === shortId) ?? null;
}

export const getInsight = insights.get;

/**
 * `query` is checked by PostHog against its query schema (400 parse_error). Never resent once it may have reached
 * PostHog: a resend would make a second insight.
 */
export const createInsight = insights.create;

/** `dashboards` is the whole list: dashboards left out lose the insight's tile. */
export const updateInsight = insights.update;

/** Soft delete (DELETE is 405): its tiles go with it. */
export const deleteInsight = insights.softDelete;

/** Every page of the unfiltered list. */
export const insightPages = insights.pages;
