/** The insight endpoints (posthog/api/insight.py, InsightViewSet), one function each. Results are not fetched here. */
import { type Insight, insightSchema } from "../schema/insight";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type InsightBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof insightSchema> = { path: "insights", noun: "insight", schema: insightSchema };

export interface InsightFilters {
  short_id?: string;
  saved?: "true" | "false";
  favorited?: "true" | "false";
  /** Case-insensitive substring of the name. */
  search?: string;
}

export function listInsightsPage(http: Transport, projectId: number, page: InsightFilters & { limit?: number; offset?: number } = {}) {
  return objects.listPage(http, kind, projectId, { ...page });
}

/** Every insight of the project that is not deleted, page by page. */
export function listInsights(http: Transport, projectId: number, filters: InsightFilters = {}, pageSize?: number): Promise<Insight[]> {
  return objects.listAll(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

/** The live insight with this short id, or null. */
export async function findInsightByShortId(http: Transport, projectId: number, shortId: string): Promise<Insight | null> {
  const found = await listInsights(http, projectId, { short_id: shortId });
  return found.find((i) => i.short_id === shortId) ?? null;
}

export function getInsight(http: Transport, projectId: number, id: number): Promise<Insight> {
  return objects.get(http, kind, projectId, id);
}

/**
 * `query` is checked by PostHog against its query schema (400 parse_error). Never resent once it may have reached
 * PostHog: a resend would make a second insight.
 */
export function createInsight(http: Transport, projectId: number, body: InsightBody): Promise<Insight> {
  return objects.create(http, kind, projectId, body);
}

/** `dashboards` is the whole list: dashboards left out lose the insight's tile. */
export function updateInsight(http: Transport, projectId: number, id: number, body: InsightBody): Promise<Insight> {
  return objects.update(http, kind, projectId, id, body);
}

/** Soft delete (DELETE is 405): its tiles go with it. */
export function deleteInsight(http: Transport, projectId: number, id: number): Promise<Insight> {
  return objects.softDelete(http, kind, projectId, id);
}
