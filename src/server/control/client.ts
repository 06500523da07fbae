/**
 * A typed client for the control surface (index.ts), over Node 20's global fetch. It needs the server's control
 * token: `controlToken` of the start line, of `startServer()`'s result or of ServerInfo.
 */
import type { Fault } from "../pipeline/faults";
import type { LoggedRequest } from "../pipeline/request-log";
import type { ThrottleSettings } from "../pipeline/throttle";
import type {
  CreateKeyRequest,
  CreateKeyResponse,
  CreateOrganizationRequest,
  CreateOrganizationResponse,
  OrganizationView,
  PatchOrganizationRequest,
} from "./organizations";
import type { FaultRequest, FaultResponse } from "./pipeline";
import type {
  CreateDashboardResponse,
  PurgeResponse,
  RunScheduledChangesResponse,
  SeedDefinitionsRequest,
  SeedDefinitionsResponse,
} from "./projects";
import type { ServerInfo } from "./route";

export interface ControlClient {
  info(): Promise<ServerInfo>;
  createOrganization(body?: CreateOrganizationRequest): Promise<CreateOrganizationResponse>;
  getOrganization(id: string): Promise<OrganizationView>;
  patchOrganization(id: string, body: PatchOrganizationRequest): Promise<OrganizationView>;
  createKey(body?: CreateKeyRequest): Promise<CreateKeyResponse>;
  addFault(fault: FaultRequest): Promise<FaultResponse>;
  faults(): Promise<Fault[]>;
  clearFaults(): Promise<void>;
  setThrottle(settings: ThrottleSettings): Promise<ThrottleSettings>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  patchProject(id: number, fields: Record<string, unknown>): Promise<Record<string, unknown>>;
  deleteProject(id: number): Promise<void>;
  /** Purge now the projects pending deletion. */
  purge(): Promise<PurgeResponse>;
  setDemoData(id: number, generating: boolean): Promise<{ is_generating_demo_data: boolean }>;
  createDashboard(projectId: number, name?: string): Promise<CreateDashboardResponse>;
  /** Event and property definitions as ingestion makes them (kept when they exist). */
  seedDefinitions(projectId: number, body: SeedDefinitionsRequest): Promise<SeedDefinitionsResponse>;
  /** PostHog's scheduled-change task run now for a project: its due schedules applied to their flags. */
  runScheduledChanges(projectId: number): Promise<RunScheduledChangesResponse>;
  reset(): Promise<ServerInfo>;
  /** The invitee accepts an invite (outside any program): the member's user UUID. */
  acceptInvite(id: string): Promise<{ userUuid: string }>;
  /** An invite made `days` days ago (more than 3: expired). */
  ageInvite(id: string, days: number): Promise<void>;
  /** Send events to the capture endpoint (`/batch/`) with a project's api_token. */
  capture(projectApiToken: string, events: Array<Record<string, unknown>>): Promise<{ status: number }>;
}

export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`control request failed with ${status}: ${JSON.stringify(body)}`);
  }
}

export function controlClient(url: string, controlToken: string): ControlClient {
  if (typeof controlToken !== "string" || controlToken === "") {
    throw new Error(
      "controlClient(url, controlToken): the control token is the controlToken of the server's start line (or of startServer()'s result)",
    );
  }
  const base = url.replace(/\/+$/, "");
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    // Only the control surface gets the token; capture (/batch/) is PostHog's own endpoint.
    if (path.startsWith("/_control/")) headers.Authorization = `Bearer ${controlToken}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw new ControlError(res.status, parsed);
    return parsed as T;
  }
  return {
    info: () => call("GET", "/_control/info"),
    createOrganization: (body = {}) => call("POST", "/_control/organizations", body),
    getOrganization: (id) => call("GET", `/_control/organizations/${id}`),
    patchOrganization: (id, body) => call("PATCH", `/_control/organizations/${id}`, body),
    createKey: (body = {}) => call("POST", "/_control/keys", body),
    addFault: (fault) => call("POST", "/_control/faults", fault),
    faults: () => call("GET", "/_control/faults"),
    clearFaults: () => call("DELETE", "/_control/faults"),
    setThrottle: (settings) => call("PUT", "/_control/throttle", settings),
    requests: () => call("GET", "/_control/requests"),
    clearRequests: () => call("DELETE", "/_control/requests"),
    patchProject: (id, fields) => call("PATCH", `/_control/projects/${id}`, fields),
    deleteProject: (id) => call("DELETE", `/_control/projects/${id}`),
    purge: () => call("POST", "/_control/purge"),
    setDemoData: (id, generating) => call("PUT", `/_control/projects/${id}/demo-data`, { generating }),
    runScheduledChanges: (projectId) => call("POST", `/_control/projects/${projectId}/scheduled-changes/run`),
    createDashboard: (projectId, name) => call("POST", `/_control/projects/${projectId}/dashboards`, name === undefined ? {} : { name }),
    seedDefinitions: (projectId, body) => call("POST", `/_control/projects/${projectId}/definitions`, body),
    reset: () => call("POST", "/_control/reset"),
    acceptInvite: (id) => call("POST", `/_control/invites/${id}/accept`),
    ageInvite: async (id, days) => {
      await call("POST", `/_control/invites/${id}/age`, { days });
    },
    capture: (token, events) => call("POST", "/batch/", { api_key: token, batch: events }),
  };
}

/**
 * A `$groupidentify` event, the way posthog-js and the server SDKs create or update a group: send it to the capture
 * endpoint (`capture` above) with the project's api_token.
 */
export function groupIdentifyEvent(groupType: string, groupKey: string, properties: Record<string, unknown>, timestamp?: string) {
  return {
    event: "$groupidentify",
    distinct_id: `${groupType}_${groupKey}`,
    properties: { $group_type: groupType, $group_key: groupKey, $group_set: properties },
    ...(timestamp ? { timestamp } : {}),
  };
}
