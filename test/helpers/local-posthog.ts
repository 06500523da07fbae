/**
 * A local PostHog server on 127.0.0.1 for one test file, and its control surface over HTTP: the same way the demo
 * and the end-to-end tests (other processes) drive it.
 */
import { startServer } from "../../src/server";

export interface FaultSpec {
  method?: string;
  path?: string;
  count?: number;
  status?: number;
  body?: unknown;
  retryAfter?: number;
  delayMs?: number;
  drop?: boolean;
  afterCommit?: boolean;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string> | string;
  status: number;
  bodyKeys?: string[];
}

export interface LocalPostHog {
  url: string;
  organizationId: string;
  apiKey: string;
  close(): Promise<void>;
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  fault(spec: FaultSpec): Promise<void>;
  requests(filter?: { method?: string; path?: RegExp }): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  key(options: { scopes?: string[]; scopedOrganizations?: string[]; scopedTeams?: number[]; level?: string; organizationId?: string }): Promise<string>;
  capture(token: string, events: unknown[]): Promise<void>;
}

export async function startLocalPostHog(): Promise<LocalPostHog> {
  const server = await startServer({ port: 0 });
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/_control/${path.replace(/^\//, "")}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control ${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    url: server.url,
    organizationId: server.organizationId,
    apiKey: server.apiKey,
    close: () => server.close(),
    control,
    fault: async (spec) => void (await control("POST", "faults", spec)),
    requests: async (filter = {}) =>
      (await control<LoggedRequest[]>("GET", "requests")).filter(
        (r) => (!filter.method || r.method === filter.method) && (!filter.path || filter.path.test(r.path)),
      ),
    clearRequests: async () => void (await control("DELETE", "requests")),
    key: async (options) => (await control<{ key: string }>("POST", "keys", { organizationId: server.organizationId, ...options })).key,
    capture: async (token, events) => {
      const response = await fetch(`${server.url}/batch/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: token, batch: events }),
      });
      if (!response.ok) throw new Error(`capture answered ${response.status}: ${await response.text()}`);
    },
  };
}

/** `$groupidentify` events, the way posthog-js and the server SDKs create groups. */
export function groupIdentify(groupType: string, groupKey: string, properties: Record<string, unknown>, timestamp?: string) {
  return {
    event: "$groupidentify",
    distinct_id: `${groupType}_${groupKey}`,
    properties: { $group_type: groupType, $group_key: groupKey, $group_set: properties },
    ...(timestamp ? { timestamp } : {}),
  };
}
