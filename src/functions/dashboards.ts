/** Dashboard, insight and alert lookups, for those a program reads (its own or others'): the whole record, camelCased. */
import type { Kind } from "../kit/kind";
import { typedLookups } from "./lazy";
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

/** An alert as PostHog returns it, top-level fields camelCased, `id` as `alertId`; `insight` and `subscribedUsers` as ids. */
export interface AlertResult {
  alertId: string;
  projectId: number;
  name: string;
  insight: number;
  subscribedUsers: number[];
  threshold: Record<string, unknown> | null;
  condition: Record<string, unknown> | null;
  calculationInterval: string;
  enabled: boolean;
  state: string;
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

export type GetAlertArgs = InProject & { alertId: string };
export type ListAlertsArgs = InProject & {
  /** Only the alerts on this insight. */
  insight?: number;
};

const alertLookups = typedLookups<GetAlertArgs, ListAlertsArgs, AlertResult>(
  async () => (await import("../kinds/alert/kind")).alertKind as Kind<"project">,
);
const dashboardLookups = typedLookups<GetDashboardArgs, ListDashboardsArgs, DashboardResult>(
  async () => (await import("../kinds/dashboard/kind")).dashboardKind as Kind<"project">,
);
const insightLookups = typedLookups<GetInsightArgs, ListInsightsArgs, InsightResult>(
  async () => (await import("../kinds/insight/kind")).insightKind as Kind<"project">,
);

/** One live dashboard by `dashboardId`, with its tiles. */
export const getDashboard = dashboardLookups.get;
/** Every dashboard of the project that is not deleted (without tiles). */
export const listDashboards = dashboardLookups.list;
/** One live insight, by `insightId` or by `shortId`. */
export const getInsight = insightLookups.get;
/** Every insight of the project that is not deleted, filtered as asked. */
export const listInsights = insightLookups.list;
/** One alert by its UUID. */
export const getAlert = alertLookups.get;
/** Every alert of the project, or of one insight. */
export const listAlerts = alertLookups.list;
export const getAlertOutput = alertLookups.getOutput;
export const listAlertsOutput = alertLookups.listOutput;
export const getDashboardOutput = dashboardLookups.getOutput;
export const listDashboardsOutput = dashboardLookups.listOutput;
export const getInsightOutput = insightLookups.getOutput;
export const listInsightsOutput = insightLookups.listOutput;
