/**
 * Which PostHog the server plays. "current" is today's PostHog (PostHog Cloud, as its source reads); "2025-08-04" is
 * the self-hosted PostHog of that date (upstream commit 29dbf9d), measured against its own backend: where the two
 * differ, the route modules ask `ctx.services.version` (projects/versions.ts holds that version's project rules).
 */
export const POSTHOG_VERSIONS = ["current", "2025-08-04"] as const;
export type PostHogVersion = (typeof POSTHOG_VERSIONS)[number];

export function isPostHogVersion(value: string): value is PostHogVersion {
  return (POSTHOG_VERSIONS as readonly string[]).includes(value);
}
