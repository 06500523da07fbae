/**
 * What every lookup needs: the stack's `posthog:*` configuration (or the environment), with per-call overrides.
 * From a Node.js program the lookups run in the program's own process (dynamic providers have no invoke) and read
 * the stack configuration there; the provider plugin serves them as invokes with the provider's configuration.
 */
// The one module of Pulumi's SDK this needs, not its index: the provider plugin loads this file, and the whole SDK
// would slow its start (src/plugin/serve.ts).
import { getConfig } from "@pulumi/pulumi/runtime/config";
import type { Transport } from "../client";
import { connect, requireOrganization, resolveConfig, type ConfigLookup, type ProviderConfig } from "../kit/config";
import type { LookupOverrides, OrganizationOverride } from "./overrides";
import { camelCase } from "../kit/names";

export type { LookupOverrides, OrganizationOverride } from "./overrides";

const transports = new Map<string, Transport>();

// runtime.getConfig reads secrets without Config.get's "use getSecret" warning: the key never leaves this process.
let configSource: ConfigLookup = (key) => getConfig(key);

/** Where lookups read `posthog:*` settings: the program's stack configuration unless a provider plugin says otherwise. */
export function useLookupConfig(source: ConfigLookup): void {
  configSource = source;
}

export function lookupConfig(overrides: LookupOverrides = {}): ProviderConfig {
  const config = resolveConfig(configSource);
  return overrides.host ? { ...config, host: overrides.host } : config;
}

/** One transport per host and key, so that lookups share connections as well as the rate limiter. */
export function lookupTransport(overrides: LookupOverrides = {}): Transport {
  const config = lookupConfig(overrides);
  const id = `${config.host}|${config.apiKey ?? ""}`;
  let transport = transports.get(id);
  if (!transport) {
    transport = connect(config);
    transports.set(id, transport);
  }
  return transport;
}

export function lookupOrganization(overrides: OrganizationOverride): string {
  return requireOrganization(lookupConfig(overrides), overrides.organizationId);
}

/**
 * An object as a lookup returns it: PostHog's top-level fields camelCased (nested JSON keeps PostHog's names, as the
 * resources' inputs do), the `id` under the resource's id output (`flagId`, `actionId`), where it is (`projectId`;
 * `organizationId`, and a nested kind's parent).
 */
export function recordResult(record: Record<string, unknown>, idOutput: string, where: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { [idOutput]: record["id"], ...where };
  for (const [field, value] of Object.entries(record)) if (field !== "id" && value !== undefined) result[camelCase(field)] = value;
  return result;
}
