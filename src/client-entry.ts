/**
 * `pulumi-posthog/client`: the PostHog HTTP client (./client) with every kind's endpoints and the records they answer.
 * No Pulumi here, usable from any Node program.
 */
export * from "./client";
export * as projects from "./kinds/project/endpoints";
export * as featureFlags from "./kinds/feature-flag/endpoints";
export * as cohorts from "./kinds/cohort/endpoints";
export * as actions from "./kinds/action/endpoints";
export * as annotations from "./kinds/annotation/endpoints";
export * as surveys from "./kinds/survey/endpoints";
export * as experiments from "./kinds/experiment/endpoints";
export * as hogFunctions from "./kinds/hog-function/endpoints";
export * as dashboards from "./kinds/dashboard/endpoints";
export * as insights from "./kinds/insight/endpoints";
export * as alerts from "./kinds/alert/endpoints";
export type { ProjectRecord, ProjectListItem } from "./kinds/project/fields";
export type { FeatureFlag } from "./kinds/feature-flag/record";
export type { Cohort } from "./kinds/cohort/record";
export type { Action } from "./kinds/action/record";
export type { Annotation } from "./kinds/annotation/record";
export type { Survey } from "./kinds/survey/record";
export type { Experiment } from "./kinds/experiment/record";
export type { HogFunction } from "./kinds/hog-function/record";
export type { Dashboard, DashboardTile } from "./kinds/dashboard/record";
export type { Insight } from "./kinds/insight/record";
export type { Alert } from "./kinds/alert/record";
