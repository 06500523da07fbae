/**
 * A faithful in-memory local PostHog server, standing on its own: the endpoints of every kind the package manages (one
 * folder per PostHog area, below), and groups and capture. It shares no code with the client or the provider, so that
 * their validation and PostHog's rules are tested against each other.
 * This module starts it (`startServer`) and is the package's `pulumi-posthog/server`; cli.ts is the command. Its parts:
 *
 *   pipeline/   every request's way: Host check, faults, routing, authentication, scopes, permissions, throttle
 *   drf/        Django REST framework and Python as PostHog runs them: error bodies, fields, pagination, repr
 *   state/      the stored records and their JSON state file, tokens, microsecond times
 *   projects/   projects and environments: the record, its validation, activity, deferred deletion, demo data
 *   groups/     groups and group types: the capture endpoint that makes them, the endpoints that read them
 *   <area>/     one folder per PostHog area, as PostHog's source has them (feature-flags/, dashboards/, surveys/, …):
 *               its routes, serializer and rules; its area.ts exports its `area` (routes and stored collections),
 *               which areas.ts, generated from the folders by `npm run docs`, lists
 *   control/    `/_control/`, for tests and demos: faults, throttle, request log, changes "by hand"; and its client
 */
import * as http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { areas } from "./areas";
import type { Services } from "./pipeline/api";
import { App } from "./pipeline/app";
import { Faults } from "./pipeline/faults";
import { assertUsableControlToken, generateControlToken, HostPolicy } from "./pipeline/guard";
import { RequestLog } from "./pipeline/request-log";
import { Throttle, type ThrottleSettings } from "./pipeline/throttle";
import { isPostHogVersion, type PostHogVersion } from "./pipeline/version";
import { ActivityLog } from "./projects/activity";
import { DeletionQueue } from "./projects/deletion";
import { DemoData } from "./projects/demo-data";
import { Store } from "./state/store";

export { controlClient, ControlError, groupIdentifyEvent, type ControlClient } from "./control/client";
export type {
  CreateKeyRequest,
  CreateKeyResponse,
  CreateOrganizationRequest,
  CreateOrganizationResponse,
  OrganizationView,
  PatchOrganizationRequest,
} from "./control/organizations";
export type { FaultRequest, FaultResponse, ThrottleRequest } from "./control/pipeline";
export type {
  CreateDashboardRequest,
  CreateDashboardResponse,
  DemoDataRequest,
  PurgeResponse,
  SeedDefinitionsRequest,
  SeedDefinitionsResponse,
} from "./control/projects";
export type { ServerInfo } from "./control/route";
export type { FaultSpec, Fault } from "./pipeline/faults";
export type { LoggedRequest } from "./pipeline/request-log";
export type { ThrottleSettings } from "./pipeline/throttle";
export { POSTHOG_VERSIONS, type PostHogVersion } from "./pipeline/version";

export interface StartServerOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** JSON state file: loaded if it exists, written on every change (atomically) and on close. */
  statePath?: string;
  /** Throttling (off by default): `{enabled: true}` gives PostHog's 480/minute and 4800/hour per key. */
  rateLimit?: Partial<ThrottleSettings>;
  /** Bodies larger than this get 413 (default 1 MiB). */
  maxBodyBytes?: number;
  /** How long a new demo project reports `is_generating_demo_data: true` (default 500 ms; 0 = never). */
  demoDataMs?: number;
  /**
   * How long a deleted project stays `is_pending_deletion: true` (still read and listed) before it is purged, like
   * PostHog's background deletion (default 2000 ms; 0 = purged within the DELETE). `POST /_control/purge` purges now.
   */
  deletionPurgeMs?: number;
  /**
   * The token every /_control/ request must send as `Authorization: Bearer …`. Default: the one kept in the state
   * file (statePath), else a new random `ctl_…`. A given token is kept in the state file too.
   */
  controlToken?: string;
  /**
   * Host header values accepted besides loopback (localhost, 127.0.0.0/8, [::1]) and the bound host, any port:
   * names or addresses, `.example.com` for a domain and its subdomains, `*` for any (no DNS-rebinding protection).
   * Other Host values get 400 "Bad Request (400)".
   */
  allowedHosts?: string[];
  /**
   * Which PostHog to play: "current" (default), today's PostHog as its source reads, or "2025-08-04", the self-hosted
   * PostHog of that date where it differs (projects/versions.ts): its project record without the 34 newer fields
   * (written, they are ignored; 14 of them are on /api/environments/<id>/), duplicate names accepted, DELETE
   * removing at once, default test account filters on create, `modifiers` replaced on update, `null` list entries
   * stored, no `modifiers`/filter validation (a bad `personsOnEventsMode` then makes every read of the project 500).
   */
  postHogVersion?: PostHogVersion;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:54321`, no trailing slash. */
  url: string;
  port: number;
  organizationId: string;
  /** An unscoped legacy personal API key (`phx_…`, scopes []) of the organization's owner. */
  apiKey: string;
  /** What /_control/ requests send as `Authorization: Bearer …` (`controlClient(url, controlToken)` does). */
  controlToken: string;
  close(): Promise<void>;
}

export const DEFAULT_DELETION_PURGE_MS = 2000;

function urlFor(host: string, port: number): string {
  const h = host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const hosts = new HostPolicy(host, options.allowedHosts);
  if (options.controlToken !== undefined) assertUsableControlToken(options.controlToken);
  const version = options.postHogVersion ?? "current";
  if (!isPostHogVersion(version)) throw new Error(`postHogVersion must be "current" or "2025-08-04", not ${JSON.stringify(version)}`);
  const store = Store.open(
    options.statePath,
    areas.flatMap((area) => area.collections ?? []),
  );
  // Kept in the state file, like the default key, so that whoever holds it keeps access across restarts.
  const controlToken = options.controlToken ?? store.state.controlToken ?? generateControlToken();
  if (store.state.controlToken !== controlToken) {
    store.state.controlToken = controlToken;
    store.changed();
  }
  const initialThrottle: ThrottleSettings = { enabled: false, ...options.rateLimit };
  const throttle = new Throttle(initialThrottle);
  const demo = new DemoData(store, options.demoDataMs ?? 500);
  const deletion = new DeletionQueue(store, demo, options.deletionPurgeMs ?? DEFAULT_DELETION_PURGE_MS);
  deletion.resume();
  const services: Services = { store, activity: new ActivityLog(store), demo, deletion, version };
  let url = "";
  const info = () => ({ url, organizationId: store.state.defaultOrganizationId, apiKey: store.state.defaultApiKey, controlToken });
  const app = new App({
    services,
    routes: areas.flatMap((area) => area.routes(version)),
    faults: new Faults(),
    throttle,
    log: new RequestLog(),
    info,
    controlToken,
    hosts,
    resetThrottle: () => throttle.configure(initialThrottle),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
  });

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => app.handle(req, res));
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  url = urlFor(host, port);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    organizationId: store.state.defaultOrganizationId,
    apiKey: store.state.defaultApiKey,
    controlToken,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        app.shutdown();
        demo.stopAll();
        deletion.stopAll();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        store.flush();
      });
      return closing;
    },
  };
}
