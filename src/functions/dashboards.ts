/** Dashboard and insight lookups, for those a program reads (its own or others'): the whole record, camelCased. */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceDeclaration } from "../kit/declaration";
import { dashboardDeclaration } from "../provider/dashboard-declaration";
import { insightDeclaration } from "../provider/insight-declaration";
import { outputForm } from "./context";
import { objectLookups } from "./objects";
import type { LookupOverrides } from "./overrides";

/** A dashboard as PostHog returns it, top-level fields camelCased, `id` as `dashboardId` (`tiles` by getDashboard only). */
export interface DashboardResult {
  dashboardId: number;
  projectId: number;
  name: string | null;
  description: string;
  pinned: boolean;
  tags: string[];
  restrictionLevel: number;
  [field: string]: unknown;
}

/** An insight as PostHog returns it, top-level fields camelCased (`query` as PostHog's), `id` as `insightId`. */
export interface InsightResult {
  insightId: number;
  projectId: number;
  shortId: string;
  name: string | null;
  description: string | null;
  query: Record<string, unknown> | null;
  dashboards: number[];
  tags: string[];
  favorited: boolean;
  [field: string]: unknown;
}

/** The project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID. */
type InProject = LookupOverrides & { projectId?: number };
export type GetDashboardArgs = InProject & { dashboardId: number };
export type ListDashboardsArgs = InProject & {
  /** Case-insensitive part of the name. */
  search?: string;
  pinned?: boolean;
};
export type GetInsightArgs = InProject & ({ insightId: number; shortId?: never } | { shortId: string; insightId?: never });
export type ListInsightsArgs = InProject & {
  /** Part of the name, description or tags, as PostHog's search. */
  search?: string;
  favorited?: boolean;
  /** Only the insights on this dashboard. */
  dashboardId?: number;
};

const dashboardLookups = objectLookups(dashboardDeclaration as ResourceDeclaration<"project">);
const insightLookups = objectLookups(insightDeclaration as ResourceDeclaration<"project">);

/** One live dashboard by `dashboardId`, with its tiles. */
export function getDashboard(args: GetDashboardArgs, _opts?: pulumi.InvokeOptions): Promise<DashboardResult> {
  return dashboardLookups.get(args) as Promise<DashboardResult>;
}

/** Every dashboard of the project that is not deleted (without tiles). */
export function listDashboards(args: ListDashboardsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<DashboardResult[]> {
  return dashboardLookups.list(args) as Promise<DashboardResult[]>;
}

/** One live insight, by `insightId` or by `shortId`. */
export function getInsight(args: GetInsightArgs, _opts?: pulumi.InvokeOptions): Promise<InsightResult> {
  return insightLookups.get(args) as Promise<InsightResult>;
}

/** Every insight of the project that is not deleted, filtered as asked. */
export function listInsights(args: ListInsightsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<InsightResult[]> {
  return insightLookups.list(args) as Promise<InsightResult[]>;
}

export const getDashboardOutput = outputForm(getDashboard);
export const listDashboardsOutput = outputForm(listDashboards);
export const getInsightOutput = outputForm(getInsight);
export const listInsightsOutput = outputForm(listInsights);
