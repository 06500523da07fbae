/**
 * Provider configuration, the names PostHog's Terraform provider users already know: stack config `posthog:host`,
 * `posthog:apiKey` (set with --secret), `posthog:organizationId`, then the environment variables POSTHOG_HOST,
 * POSTHOG_API_KEY, POSTHOG_ORGANIZATION_ID; and `posthog:rateLimited` / POSTHOG_RATE_LIMITED, whether to keep under
 * PostHog's per-key limits. Explicit configuration beats the environment.
 *
 * It is read at run time inside whichever process does the work (the dynamic-provider host, or the program for
 * lookups), never captured into the serialized provider, so no credential reaches the Pulumi state.
 */
import { DEFAULT_HOST, Transport, type ClientOptions } from "../client";

export interface ProviderConfig {
  readonly host: string;
  readonly apiKey: string | undefined;
  readonly organizationId: string | undefined;
  /** The project a project-scoped resource works in when it names none (`posthog:projectId`, POSTHOG_PROJECT_ID). */
  readonly projectId?: string | undefined;
  /** Whether to keep under PostHog's per-key limits (`posthog:rateLimited`); unset: when the host is PostHog Cloud. */
  readonly rateLimited?: boolean | undefined;
}

const settings = {
  host: { config: "posthog:host", env: "POSTHOG_HOST" },
  apiKey: { config: "posthog:apiKey", env: "POSTHOG_API_KEY" },
  organizationId: { config: "posthog:organizationId", env: "POSTHOG_ORGANIZATION_ID" },
  projectId: { config: "posthog:projectId", env: "POSTHOG_PROJECT_ID" },
  rateLimited: { config: "posthog:rateLimited", env: "POSTHOG_RATE_LIMITED" },
} as const;

export type ConfigLookup = (fullKey: string) => string | undefined;

export function resolveConfig(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const read = (name: keyof typeof settings) => nonEmpty(lookup(settings[name].config)) ?? nonEmpty(env[settings[name].env]);
  const projectId = read("projectId");
  const rateLimited = read("rateLimited");
  if (rateLimited !== undefined && rateLimited !== "true" && rateLimited !== "false") {
    throw new Error(
      `posthog:rateLimited (or POSTHOG_RATE_LIMITED) is ${JSON.stringify(rateLimited)}: it must be true (keep under PostHog's ` +
        "limits of 480 requests a minute and 4800 an hour per key) or false (send as fast as Pulumi asks).",
    );
  }
  return {
    host: read("host") ?? DEFAULT_HOST,
    apiKey: read("apiKey"),
    organizationId: read("organizationId"),
    ...(projectId === undefined ? {} : { projectId }),
    ...(rateLimited === undefined ? {} : { rateLimited: rateLimited === "true" }),
  };
}

/**
 * Whether requests keep under PostHog's per-key limits (480 a minute, 4800 an hour): as configured, else when the
 * host is PostHog Cloud (`*.posthog.com`). PostHog throttles personal API keys only where `RATE_LIMIT_ENABLED` is set
 * (`PersonalApiKeyRateThrottle.allow_request`, posthog/rate_limit.py; off by default, posthog/settings/
 * dynamic_settings.py), which PostHog Cloud does and a self-hosted PostHog does not unless told to. A 429 is retried
 * after its Retry-After either way.
 */
export function keepsRateLimits(config: ProviderConfig): boolean {
  if (config.rateLimited !== undefined) return config.rateLimited;
  try {
    const hostname = new URL(config.host).hostname;
    return hostname === "posthog.com" || hostname.endsWith(".posthog.com");
  } catch {
    return true;
  }
}

/** A transport for this configuration, or an error that says which setting to provide. */
export function connect(config: ProviderConfig, overrides: Partial<ClientOptions> = {}): Transport {
  if (!config.apiKey) {
    throw new Error(
      "No PostHog personal API key is configured. Run `pulumi config set --secret posthog:apiKey phx_…` " +
        "or set the POSTHOG_API_KEY environment variable. Create one in PostHog under Settings → Personal API keys.",
    );
  }
  return new Transport({
    host: config.host,
    apiKey: config.apiKey,
    ...(keepsRateLimits(config) ? {} : { rateLimits: false }),
    ...overrides,
  });
}

/** The organization to work in: the resource's or call's own, else the configured one. */
export function requireOrganization(config: ProviderConfig, explicit?: string | null): string {
  const organizationId = nonEmpty(explicit ?? undefined) ?? config.organizationId;
  if (!organizationId) {
    throw new Error(
      "No PostHog organization is configured. Run `pulumi config set posthog:organizationId <organization UUID>`, " +
        "set POSTHOG_ORGANIZATION_ID, or pass organizationId. `@current` means the API key owner's current organization.",
    );
  }
  return organizationId;
}

/**
 * The project a project-scoped resource works in: its own `projectId` (a number, or a Project's output), else the
 * configured one, as PostHog's Terraform provider takes `project_id` from its provider block or POSTHOG_PROJECT_ID.
 */
export function requireProject(config: ProviderConfig, explicit?: number | string | null): number {
  const given = typeof explicit === "number" ? String(explicit) : nonEmpty(explicit ?? undefined);
  const projectId = given ?? config.projectId;
  if (projectId === undefined) {
    throw new Error(
      "No PostHog project is configured. Pass projectId (a number, or a Project's projectId output), run " +
        "`pulumi config set posthog:projectId <project id>`, or set POSTHOG_PROJECT_ID.",
    );
  }
  if (!/^\d+$/.test(projectId) || !Number.isSafeInteger(Number(projectId))) {
    throw new Error(`The PostHog project id ${JSON.stringify(projectId)} must be the project's numeric id.`);
  }
  return Number(projectId);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}
