/**
 * The seams scenario (docs/seams.md): one program holding every object PostHog writes into when another is made,
 * changed or deleted, in two versions (the config `v2` switches to the declared changes), and what a test reads of
 * PostHog afterwards. The end-to-end tier runs it against the local server, the acceptance tier against a real
 * PostHog: the same program, the same reads.
 */
import type { PostHogEndpoint } from "./pulumi-cli";

/** The program's lines (`index.ts`): the keys and names are suffixed with `tag`, so that runs never meet. */
export function seamsProgram(tag: string): string[] {
  return [
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as posthog from "pulumi-posthog";`,
    `const v2 = new pulumi.Config().getBoolean("v2") ?? false;`,
    `const variant = (key: string, split_percent: number) => ({ key, split_percent });`,
    ``,
    `// An experiment creates its flag with its variants; a draft's new variants are written to it; launching turns it on.`,
    `const metric = new posthog.ExperimentSavedMetric("metric", {`,
    `  name: v2 ? "Seam conversion ${tag} (renamed)" : "Seam conversion ${tag}",`,
    `  query: { kind: "ExperimentMetric", metric_type: "funnel", series: [{ kind: "EventsNode", event: "checkout started" }] },`,
    `});`,
    `const holdout = v2 ? undefined : new posthog.ExperimentHoldout("holdout", { name: "Seam holdout ${tag}", filters: [{ properties: [], rollout_percentage: 10 }] });`,
    `const experiment = new posthog.Experiment("experiment", {`,
    `  name: "Seam checkout ${tag}",`,
    `  featureFlagKey: "seam-checkout-${tag}",`,
    `  parameters: { feature_flag_variants: v2 ? [variant("control", 34), variant("test", 33), variant("test-2", 33)] : [variant("control", 50), variant("test", 50)] },`,
    `  holdoutId: holdout?.holdoutId,`,
    `  savedMetricIds: [{ id: metric.savedMetricId, metadata: { type: "primary" } }],`,
    `  launched: v2,`,
    `});`,
    ``,
    `// An experiment on a flag of the program, behind a holdout it keeps once launched: PostHog writes the holdout into the`,
    `// flag when the holdout's groups change, and its DELETE saves the flag as it read it (which the flag's delete outlasts).`,
    `// The holdout's change saves the flag from a read of its own too: the flag's filters stay as they are beside it.`,
    `const runFlag = new posthog.FeatureFlag("run-flag", {`,
    `  key: "seam-run-${tag}",`,
    `  active: v2,`,
    `  filters: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants: [{ key: "control", rollout_percentage: 50 }, { key: "test", rollout_percentage: 50 }] } },`,
    `});`,
    `const kept = new posthog.ExperimentHoldout("kept", { name: "Seam kept holdout ${tag}", filters: [{ properties: [], rollout_percentage: v2 ? 10 : 5 }] });`,
    `const run = new posthog.Experiment("run", {`,
    `  name: "Seam run ${tag}",`,
    `  featureFlagKey: runFlag.key,`,
    `  parameters: { feature_flag_variants: [variant("control", 50), variant("test", 50)] },`,
    `  holdoutId: kept.holdoutId,`,
    `  launched: v2,`,
    `});`,
    ``,
    `// An early access feature writes its enrolment into its flag; the flag's declared change keeps it.`,
    `const release = new posthog.FeatureFlag("release", { key: "seam-release-${tag}", active: true, filters: { groups: [{ properties: [], rollout_percentage: v2 ? 50 : 100 }] } });`,
    `const feature = new posthog.EarlyAccessFeature("feature", { name: "Seam feature ${tag}", stage: "beta", featureFlagId: release.flagId });`,
    ``,
    `// A survey's targeting filters become its targeting flag; every survey also gets an internal targeting flag; both`,
    `// are on while the survey runs.`,
    `const linked = new posthog.FeatureFlag("linked", { key: "seam-linked-${tag}", active: true, filters: { groups: [{ properties: [], rollout_percentage: 100 }] } });`,
    `const emails = (domain: string) => ({ groups: [{ properties: [{ key: "email", type: "person", operator: "icontains", value: domain }], rollout_percentage: 100 }] });`,
    `const survey = new posthog.Survey("survey", {`,
    `  name: "Seam survey ${tag}",`,
    `  type: "popover",`,
    `  questions: [{ type: "open", question: "What brought you here?" }],`,
    `  linkedFlagId: linked.flagId,`,
    `  targetingFlagFilters: emails(v2 ? "@example.org" : "@example.com"),`,
    `  startDate: v2 ? "2025-01-01T00:00:00Z" : undefined,`,
    `});`,
    ``,
    `// An insight's dashboards are tiles of those dashboards.`,
    `const dashboard = new posthog.Dashboard("dashboard", { name: "Seam dashboard ${tag}" });`,
    `const other = new posthog.Dashboard("other", { name: "Seam other dashboard ${tag}" });`,
    `const insight = new posthog.Insight("insight", {`,
    `  name: "Seam views ${tag}",`,
    `  query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } },`,
    `  dashboards: v2 ? [other.dashboardId] : [dashboard.dashboardId, other.dashboardId],`,
    `});`,
    ``,
    `// A cohort used by an active flag or by another cohort cannot be deleted (today's PostHog).`,
    `const base = new posthog.Cohort("base", { name: "Seam base ${tag}", filters: { properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "plan", operator: "exact", value: ["pro"] }] }] } } });`,
    `const nested = new posthog.Cohort("nested", { name: "Seam nested ${tag}", filters: { properties: { type: "OR", values: [{ type: "AND", values: [{ type: "cohort", key: "id", value: base.cohortId }] }] } } });`,
    `const cohortFlag = new posthog.FeatureFlag("cohort-flag", { key: "seam-cohort-${tag}", active: true, filters: { groups: [{ properties: [{ type: "cohort", key: "id", value: nested.cohortId }], rollout_percentage: 100 }] } });`,
    ``,
    `// A role's memberships and access controls go with it.`,
    `const role = new posthog.Role("role", { name: "Seam role ${tag}" });`,
    `const membership = new posthog.RoleMembership("membership", { roleId: role.roleId, userUuid: posthog.getCurrentUserOutput({}).uuid });`,
    `new posthog.AccessControl("access", { resource: "dashboard", resourceId: dashboard.dashboardId.apply(String), accessLevel: "editor", roleId: role.roleId });`,
    ``,
    `export const ids = {`,
    `  metric: metric.savedMetricId, holdout: holdout?.holdoutId ?? null, experiment: experiment.experimentId, experimentFlag: experiment.featureFlagId,`,
    `  linked: linked.flagId, survey: survey.surveyId, dashboard: dashboard.dashboardId, other: other.dashboardId, insight: insight.insightId,`,
    `  base: base.cohortId, nested: nested.cohortId, cohortFlag: cohortFlag.flagId, role: role.roleId, membership: membership.roleMembershipId,`,
    `  runFlag: runFlag.flagId, kept: kept.holdoutId, run: run.experimentId, release: release.flagId, feature: feature.earlyAccessFeatureId,`,
    `};`,
  ];
}

/** The program's `ids` output. */
export interface SeamIds {
  metric: number;
  holdout: number | null;
  experiment: number;
  experimentFlag: number;
  linked: number;
  survey: string;
  dashboard: number;
  other: number;
  insight: number;
  base: number;
  nested: number;
  cohortFlag: number;
  role: string;
  membership: string;
  runFlag: number;
  kept: number;
  run: number;
  release: number;
  feature: string;
}

export type Live = Record<string, unknown> & { status: number };

/** A GET of PostHog's API as PostHog answers it: the status and, on 200, the record (every field, hidden or not). */
export function reader(endpoint: PostHogEndpoint, projectId: number) {
  const get = async (path: string): Promise<Live> => {
    const url = path.startsWith("/api/organizations/") ? path : `/api/projects/${projectId}/${path}`;
    const response = await fetch(`${endpoint.url}${url}`, { headers: { Authorization: `Bearer ${endpoint.apiKey}` } });
    const body = response.status === 200 ? ((await response.json()) as Record<string, unknown>) : {};
    return { ...body, status: response.status };
  };
  const org = `/api/organizations/${endpoint.organizationId}`;
  return {
    get,
    flag: (id: number) => get(`feature_flags/${id}/`),
    experiment: (id: number) => get(`experiments/${id}/`),
    survey: (id: string) => get(`surveys/${id}/`),
    insight: (id: number) => get(`insights/${id}/`),
    dashboard: (id: number) => get(`dashboards/${id}/`),
    cohort: (id: number) => get(`cohorts/${id}/`),
    holdout: (id: number) => get(`experiment_holdouts/${id}/`),
    feature: (id: string) => get(`early_access_feature/${id}/`),
    metric: (id: number) => get(`experiment_saved_metrics/${id}/`),
    role: (id: string) => get(`${org}/roles/${id}/`),
    memberships: async (role: string) => ((await get(`${org}/roles/${role}/role_memberships/`)).results ?? []) as Array<{ id: string }>,
    /** The access controls of one dashboard (its `access_controls`). */
    dashboardAccess: async (id: number) =>
      ((await get(`dashboards/${id}/access_controls/`)).access_controls ?? []) as Array<{ role: string | null; access_level: string }>,
  };
}

/** The variant keys of a flag's record. */
export function variantKeys(flag: Live): string[] {
  const filters = flag.filters as { multivariate?: { variants?: Array<{ key: string }> } } | undefined;
  return (filters?.multivariate?.variants ?? []).map((v) => v.key);
}

/**
 * What other objects wrote into a flag's filters, as its version writes them: the holdout (today's `holdout`, 2025-08-04's
 * `holdout_groups`) and the early access enrolment (today's `feature_enrollment`, 2025-08-04's `super_groups`).
 */
export function othersKeys(flag: Live): { holdout: boolean; enrolment: boolean } {
  const filters = (flag.filters ?? {}) as Record<string, unknown>;
  const set = (key: string) =>
    filters[key] !== undefined && filters[key] !== null && !(Array.isArray(filters[key]) && filters[key].length === 0);
  return { holdout: set("holdout") || set("holdout_groups"), enrolment: set("feature_enrollment") || set("super_groups") };
}

/** The rollout of a flag's first condition set. */
export const rolloutOf = (flag: Live): unknown =>
  ((flag.filters as { groups?: Array<{ rollout_percentage?: unknown }> } | undefined)?.groups ?? [])[0]?.rollout_percentage;

/** The dashboards an insight's record places it on. */
export const dashboardsOf = (insight: Live): number[] => [...((insight.dashboards as number[] | undefined) ?? [])].sort((a, b) => a - b);

/** The ids of the insights on a dashboard's record (its live insight tiles). */
export function insightTiles(dashboard: Live): number[] {
  const tiles = (dashboard.tiles as Array<{ insight?: { id: number } | null; deleted?: boolean | null }> | undefined) ?? [];
  return tiles.filter((t) => t.insight && t.deleted !== true).map((t) => t.insight!.id);
}
