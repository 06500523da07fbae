/** What every lookup accepts besides its own arguments. Plain types only: a program's type check reads nothing else. */

/** Optional on every lookup: where to look instead of the configured host and organization. */
export interface LookupOverrides {
  /** PostHog host; defaults to `posthog:host`, then POSTHOG_HOST, then https://us.posthog.com. */
  host?: string;
}

export interface OrganizationOverride extends LookupOverrides {
  /** Organization UUID; defaults to `posthog:organizationId`, then POSTHOG_ORGANIZATION_ID. */
  organizationId?: string;
}
