/**
 * Provider configuration, the names PostHog's Terraform provider users already know: stack config `posthog:host`,
 * `posthog:apiKey` (set with --secret), `posthog:organizationId`, then the environment variables POSTHOG_HOST,
 * POSTHOG_API_KEY, POSTHOG_ORGANIZATION_ID. Explicit configuration beats the environment.
 *
 * It is read at run time inside whichever process does the work (the dynamic-provider host, or the program for
 * lookups), never captured into the serialized provider, so no credential reaches the Pulumi state.
 */
import { DEFAULT_HOST, Transport, type ClientOptions } from "../client";

export interface ProviderConfig {
  readonly host: string;
  readonly apiKey: string | undefined;
  readonly organizationId: string | undefined;
}

const settings = {
  host: { config: "posthog:host", env: "POSTHOG_HOST" },
  apiKey: { config: "posthog:apiKey", env: "POSTHOG_API_KEY" },
  organizationId: { config: "posthog:organizationId", env: "POSTHOG_ORGANIZATION_ID" },
} as const;

export type ConfigLookup = (fullKey: string) => string | undefined;

export function resolveConfig(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const read = (name: keyof typeof settings) => nonEmpty(lookup(settings[name].config)) ?? nonEmpty(env[settings[name].env]);
  return { host: read("host") ?? DEFAULT_HOST, apiKey: read("apiKey"), organizationId: read("organizationId") };
}

/** A transport for this configuration, or an error that says which setting to provide. */
export function connect(config: ProviderConfig, overrides: Partial<ClientOptions> = {}): Transport {
  if (!config.apiKey) {
    throw new Error(
      "No PostHog personal API key is configured. Run `pulumi config set --secret posthog:apiKey phx_…` " +
        "or set the POSTHOG_API_KEY environment variable. Create one in PostHog under Settings → Personal API keys.",
    );
  }
  return new Transport({ host: config.host, apiKey: config.apiKey, ...overrides });
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

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}
