// Manage PostHog projects as code: every project setting, drift detection, secret API tokens, and lookups of groups and projects.
package posthog
