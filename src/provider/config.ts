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
  /** The project a project-scoped resource works in when it names none (`posthog:projectId`, POSTHOG_PROJECT_ID). */
  readonly projectId?: string | undefined;
}

const settings = {
  host: { config: "posthog:host", env: "POSTHOG_HOST" },
  apiKey: { config: "posthog:apiKey", env: "POSTHOG_API_KEY" },
  organizationId: { config: "posthog:organizationId", env: "POSTHOG_ORGANIZATION_ID" },
  projectId: { config: "posthog:projectId", env: "POSTHOG_PROJECT_ID" },
} as const;

export type ConfigLookup = (fullKey: string) => string | undefined;

export function resolveConfig(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const read = (name: keyof typeof settings) => nonEmpty(lookup(settings[name].config)) ?? nonEmpty(env[settings[name].env]);
  const projectId = read("projectId");
  return {
    host: read("host") ?? DEFAULT_HOST,
    apiKey: read("apiKey"),
    organizationId: read("organizationId"),
    ...(projectId === undefined ? {} : { projectId }),
  };
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
