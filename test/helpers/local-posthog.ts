/**
 * A local PostHog server on 127.0.0.1 for one test file, driven through its control surface over HTTP: the same
 * typed client the demo and the end-to-end tests (other processes) use.
 */
import { controlClient, groupIdentifyEvent, startServer, type ControlClient, type StartServerOptions } from "../../src/server";
import type { FaultSpec, LoggedRequest } from "../../src/server/control";

export interface LocalPostHog {
  url: string;
  organizationId: string;
  apiKey: string;
  /** For /_control/ requests made by hand (`control` sends it already). */
  controlToken: string;
  control: ControlClient;
  close(): Promise<void>;
  /** Adds a fault; its id is the `fault` of the requests it answers. */
  fault(spec: FaultSpec): Promise<string>;
  /** The /api/ requests received, optionally only those of one method or matching a path. */
  requests(filter?: { method?: string; path?: RegExp }): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** A personal API key with these scopes, for a new member of the default organization. */
  key(options: { scopes?: string[]; scopedOrganizations?: string[]; scopedTeams?: number[] }): Promise<string>;
  capture(token: string, events: Array<Record<string, unknown>>): Promise<void>;
}

export async function startLocalPostHog(
  options: Pick<StartServerOptions, "deletionPurgeMs" | "postHogVersion"> = {},
): Promise<LocalPostHog> {
  const server = await startServer({ port: 0, ...options });
  const control = controlClient(server.url, server.controlToken);
  return {
    url: server.url,
    organizationId: server.organizationId,
    apiKey: server.apiKey,
    controlToken: server.controlToken,
    control,
    close: () => server.close(),
    fault: async (spec) => (await control.addFault(spec)).id,
    requests: async (filter = {}) =>
      (await control.requests()).filter(
        (r) => (!filter.method || r.method === filter.method) && (!filter.path || filter.path.test(r.path)),
      ),
    clearRequests: () => control.clearRequests(),
    key: async (options) => (await control.createKey({ organizationId: server.organizationId, ...options })).key,
    capture: async (token, events) => void (await control.capture(token, events)),
  };
}

export { groupIdentifyEvent as groupIdentify };
