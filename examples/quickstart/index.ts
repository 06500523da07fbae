/**
 * Quick start: one project, the settings most teams change first, and its API key as a secret output.
 *
 *   pulumi config set posthog:organizationId <organization UUID>
 *   pulumi config set --secret posthog:apiKey phx_…        # a personal API key with project:write
 *   pulumi up
 *   pulumi stack output apiToken --show-secrets
 */
import * as posthog from "pulumi-posthog";

const web = new posthog.Project("web", {
  name: "Web app",
  timezone: "Europe/Amsterdam",
  weekStartDay: 1,
  anonymizeIps: true,
  appUrls: ["https://app.example.com"],
  sessionRecordingOptIn: true,
  sessionRecordingSampleRate: 0.5,
  sessionRecordingMinimumDurationMilliseconds: 2000,
  heatmapsOptIn: true,
  testAccountFilters: [{ key: "$host", operator: "not_regex", value: "^(localhost|127\\.0\\.0\\.1)($|:)", type: "event" }],
});

export const projectId = web.projectId;
/** The `phc_…` key for posthog-js and the server SDKs (secret). */
export const apiToken = web.apiToken;
