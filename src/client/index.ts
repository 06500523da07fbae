/** The PostHog HTTP client: no Pulumi here, usable from any Node program. */
export { PostHogError, redact, type PostHogErrorBody, type PostHogErrorKind } from "./errors";
export { isOrganizationId, ORGANIZATION_ID_RULE } from "./paths";
export { RateLimiter, POSTHOG_RATE_LIMITS, type RateWindow } from "./limiter";
export { collect, followPages, type Page } from "./pagination";
export { Transport, DEFAULT_HOST, DEFAULT_RETRY, normaliseHost, type ClientOptions, type RetryPolicy } from "./transport";
export * as projects from "./projects";
export * as groups from "./groups";
export * as featureFlags from "./feature-flags";
export * as cohorts from "./cohorts";
export * as actions from "./actions";
export * as annotations from "./annotations";
export type { ProjectRecord, ProjectListItem } from "../schema/project";
export type { Group, GroupType, PropertyCount, PropertyDefinitions } from "../schema/group";
export type { ActivityEntry } from "../schema/activity";
export type { FeatureFlag } from "../schema/feature-flag";
export type { Cohort } from "../schema/cohort";
export type { Action } from "../schema/action";
export type { Annotation } from "../schema/annotation";
