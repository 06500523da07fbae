/** The PostHog HTTP client: no Pulumi here, usable from any Node program. */
export { PostHogError, redact, type PostHogErrorBody, type PostHogErrorKind } from "./errors";
export { isOrganizationId, ORGANIZATION_ID_RULE } from "./paths";
export { RateLimiter, POSTHOG_RATE_LIMITS, type RateWindow } from "./limiter";
export { collect, followPages, type Page } from "./pagination";
export { Transport, DEFAULT_HOST, DEFAULT_RETRY, normaliseHost, type ClientOptions, type RetryPolicy } from "./transport";
export * as groups from "./groups";
export * as organizations from "./organizations";
export * as users from "./users";
export type { Group, GroupType, PropertyCount, PropertyDefinitions } from "./group-record";
export { CLOCK_SKEW_MS, type ActivityEntry } from "./activity";
