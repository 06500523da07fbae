/**
 * Control surface of the local server: plain JSON under `/_control/`, for tests and demos. It is not part of
 * PostHog's API; requests to it are not logged, faulted or throttled.
 *
 * Access (pipeline/guard.ts): every request must carry `Authorization: Bearer <controlToken>`, else 401. The token is the
 * `controlToken` of the JSON line `pulumi-posthog-server` prints at start, of what `startServer()` returns and of
 * ServerInfo; `controlClient(url, controlToken)` sends it. The server makes a random `ctl_…` token at start unless
 * `startServer({controlToken})` gives one; with a state file (`--state FILE`) the token is kept there, like the
 * default API key, so a restart keeps it (the file is written owner-only). Against requests from web pages: an
 * `Origin` header that is not a loopback origin gets 403; a body (or a POST/PUT/PATCH content type) that is not
 * application/json gets 415, since a page can send only form and text bodies cross-site without a CORS preflight,
 * which this server never approves. Like every request, control requests must name a loopback Host (or the bound
 * host, or one of `allowedHosts`): others get 400 "Bad Request (400)".
 *
 *   GET    /_control/info                         → ServerInfo {url, organizationId, apiKey, controlToken}
 *   POST   /_control/organizations                 CreateOrganizationRequest {name?, projectLimit?: number|null}
 *                                                  → 201 CreateOrganizationResponse {id, name}
 *   GET    /_control/organizations/:id             → OrganizationView
 *   PATCH  /_control/organizations/:id             PatchOrganizationRequest {name?, projectLimit?, ignoredSettings?: string[],
 *                                                    propertyDefinitions?: "legacy"|"gone", propertyValuesShape?: "results"|"list"}
 *                                                  → OrganizationView
 *   POST   /_control/keys                          CreateKeyRequest {organizationId?, scopes?, scopedOrganizations?, scopedTeams?,
 *                                                    level?: "owner"|"admin"|"member"|"none", userEmail?, label?}
 *                                                  → 201 CreateKeyResponse {key, id, userId}
 *                                                  (a new user, or the user with that email; made a member of the organization
 *                                                  — default: the default one — at that level (default "owner"); "none" = not a member)
 *   POST   /_control/faults                        FaultSpec {method?, path? (RE2 pattern, searched in the decoded path;
 *                                                    no backreferences or lookaround; ≤ 1000 characters), count? (1), status?, body?,
 *                                                    retryAfter?, delayMs?, drop?, afterCommit?}  → 201 {id}
 *   GET    /_control/faults                        → the pending faults
 *   DELETE /_control/faults                        → 204, clears every fault
 *   PUT    /_control/throttle                      ThrottleSettings {enabled, perMinute?, perHour?, windowMs?, perWindow?}
 *                                                  → the settings in force (history is cleared)
 *   GET    /_control/requests                      → LoggedRequest[] {method, path, query, status, at, bodyKeys?, fault?, error?}
 *   DELETE /_control/requests                      → 204, clears the log
 *   PATCH  /_control/projects/:id                  {...fields} applied without validation, as someone in the PostHog UI would
 *                                                  (activity entry by the "System" user) → the full project record
 *   DELETE /_control/projects/:id                  → 204, the project is gone at once (out of band), pending deletion or not
 *   POST   /_control/purge                         → PurgeResponse {purged: number[]}: the projects pending deletion (a DELETE
 *                                                  marks them `is_pending_deletion`; they are purged deletionPurgeMs later,
 *                                                  like PostHog's background deletion) are removed now
 *   PUT    /_control/projects/:id/demo-data        DemoDataRequest {generating} → {is_generating_demo_data}
 *   POST   /_control/projects/:id/dashboards       CreateDashboardRequest {name?} → 201 {id, name}
 *   POST   /_control/reset                         → ServerInfo; clears projects, groups, activity, faults, request log and
 *                                                  throttle history, keeps the default organization (options reset), key
 *                                                  and control token
 *
 * Errors, all {"error": "..."}: 401 without the token, 403 for a foreign Origin, 415 for a body that is not JSON,
 * 400 for a bad body (a refused fault path names `path` and why), 404 for an unknown route or object, 405.
 */
import { z } from "zod";
import type { Services } from "../pipeline/api";
import type { FaultSpec, Faults } from "../pipeline/faults";
import { bearerMatches, isLoopbackOrigin } from "../pipeline/guard";
import { json, noContent, type ApiResponse, type ServerRequest } from "../pipeline/http";
import type { RequestLog } from "../pipeline/request-log";
import { Router } from "../pipeline/router";
import type { Throttle, ThrottleSettings } from "../pipeline/throttle";
import { ActivityLog } from "../projects/activity";
import { serializeProject } from "../projects/model";
import { WRITABLE_FIELDS } from "../projects/validation";
import { cloneJson, jsonEqual, type Json } from "../state/json";
import { nowMicros } from "../state/time";
import { MEMBERSHIP_LEVELS, type MembershipLevel, type OrganizationRecord } from "../state/types";

export type { FaultSpec } from "../pipeline/faults";
export type { LoggedRequest } from "../pipeline/request-log";
export type { ThrottleSettings } from "../pipeline/throttle";

export interface ServerInfo {
  url: string;
  organizationId: string;
  apiKey: string;
  /** What /_control/ requests send as `Authorization: Bearer …`. */
  controlToken: string;
}

const createOrganizationSchema = z.strictObject({
  name: z.string().min(1).optional(),
  projectLimit: z.number().int().min(0).nullable().optional(),
});
export type CreateOrganizationRequest = z.infer<typeof createOrganizationSchema>;
export interface CreateOrganizationResponse {
  id: string;
  name: string;
}

const patchOrganizationSchema = z.strictObject({
  name: z.string().min(1).optional(),
  projectLimit: z.number().int().min(0).nullable().optional(),
  ignoredSettings: z.array(z.string()).optional(),
  propertyDefinitions: z.enum(["legacy", "gone"]).optional(),
  propertyValuesShape: z.enum(["results", "list"]).optional(),
});
export type PatchOrganizationRequest = z.infer<typeof patchOrganizationSchema>;
export interface OrganizationView {
  id: string;
  name: string;
  projectLimit: number | null;
  ignoredSettings: string[];
  propertyDefinitions: "legacy" | "gone";
  propertyValuesShape: "results" | "list";
}

const createKeySchema = z.strictObject({
  organizationId: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  scopedOrganizations: z.array(z.string()).optional(),
  scopedTeams: z.array(z.number().int()).optional(),
  level: z.enum(["owner", "admin", "member", "none"]).optional(),
  userEmail: z.string().min(1).optional(),
  label: z.string().optional(),
});
export type CreateKeyRequest = z.infer<typeof createKeySchema>;
export interface CreateKeyResponse {
  key: string;
  id: string;
  userId: number;
}

const faultSchema = z.strictObject({
  method: z.string().optional(),
  path: z.string().optional(),
  count: z.number().int().min(1).optional(),
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  retryAfter: z.number().min(0).optional(),
  delayMs: z.number().min(0).optional(),
  drop: z.boolean().optional(),
  afterCommit: z.boolean().optional(),
});
export type FaultRequest = FaultSpec;
export interface FaultResponse {
  id: string;
}

const throttleSchema = z.strictObject({
  enabled: z.boolean(),
  perMinute: z.number().int().min(1).optional(),
  perHour: z.number().int().min(1).optional(),
  windowMs: z.number().int().min(1).optional(),
  perWindow: z.number().int().min(1).optional(),
});
export type ThrottleRequest = ThrottleSettings;

const demoDataSchema = z.strictObject({ generating: z.boolean() });
export type DemoDataRequest = z.infer<typeof demoDataSchema>;

const dashboardSchema = z.strictObject({ name: z.string().optional() });
export type CreateDashboardRequest = z.infer<typeof dashboardSchema>;
export interface CreateDashboardResponse {
  id: number;
  name: string;
}

export interface PurgeResponse {
  /** Ids of the projects removed. */
  purged: number[];
}

export interface ControlDeps {
  services: Services;
  faults: Faults;
  throttle: Throttle;
  log: RequestLog;
  info: () => ServerInfo;
  /** What every control request must send as `Authorization: Bearer …`. */
  controlToken: string;
  /** Called after reset to restore the initial throttle settings. */
  resetThrottle: () => void;
}

class ControlError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function parse<T>(schema: z.ZodType<T>, req: ServerRequest): T {
  let body: unknown = {};
  if (req.rawBody.length > 0) {
    try {
      body = JSON.parse(req.rawBody.toString("utf8")) as unknown;
    } catch (e) {
      throw new ControlError(400, `invalid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ControlError(400, `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return result.data;
}

function orgView(o: OrganizationRecord): OrganizationView {
  return {
    id: o.id,
    name: o.name,
    projectLimit: o.projectLimit,
    ignoredSettings: [...o.ignoredSettings],
    propertyDefinitions: o.propertyDefinitions,
    propertyValuesShape: o.propertyValuesShape,
  };
}

type ControlHandler = (req: ServerRequest, params: Record<string, string>, deps: ControlDeps) => ApiResponse;

interface ControlRoute {
  pattern: string;
  methods: Partial<Record<string, ControlHandler>>;
}

function organizationOr404(deps: ControlDeps, id: string): OrganizationRecord {
  const org = deps.services.store.organization(id);
  if (!org) throw new ControlError(404, `organization ${id} not found`);
  return org;
}

function projectOr404(deps: ControlDeps, id: string) {
  const p = deps.services.store.project(Number(id));
  if (!p) throw new ControlError(404, `project ${id} not found`);
  return p;
}

const READ_ONLY_TARGETS: Record<string, (p: ReturnType<typeof projectOr404>, v: Json) => void> = {
  ingested_event: (p, v) => {
    p.ingestedEvent = v === true;
  },
  api_token: (p, v) => {
    if (typeof v === "string") p.apiToken = v;
  },
};

const ROUTES: ControlRoute[] = [
  { pattern: "/_control/info", methods: { GET: (_r, _p, d) => json(200, d.info()) } },
  {
    pattern: "/_control/organizations",
    methods: {
      POST: (req, _p, d) => {
        const body = parse(createOrganizationSchema, req);
        const org = d.services.store.createOrganization({ name: body.name ?? "Local Organization", projectLimit: body.projectLimit ?? null });
        const response: CreateOrganizationResponse = { id: org.id, name: org.name };
        return json(201, response);
      },
    },
  },
  {
    pattern: "/_control/organizations/:id",
    methods: {
      GET: (_req, params, d) => json(200, orgView(organizationOr404(d, params.id))),
      PATCH: (req, params, d) => {
        const org = organizationOr404(d, params.id);
        const body = parse(patchOrganizationSchema, req);
        if (body.name !== undefined) org.name = body.name;
        if (body.projectLimit !== undefined) org.projectLimit = body.projectLimit;
        if (body.ignoredSettings !== undefined) org.ignoredSettings = [...body.ignoredSettings];
        if (body.propertyDefinitions !== undefined) org.propertyDefinitions = body.propertyDefinitions;
        if (body.propertyValuesShape !== undefined) org.propertyValuesShape = body.propertyValuesShape;
        d.services.store.changed();
        return json(200, orgView(org));
      },
    },
  },
  {
    pattern: "/_control/keys",
    methods: {
      POST: (req, _p, d) => {
        const body = parse(createKeySchema, req);
        const store = d.services.store;
        const org = organizationOr404(d, body.organizationId ?? store.state.defaultOrganizationId);
        let user = body.userEmail ? store.userByEmail(body.userEmail) : undefined;
        if (!user) {
          const email = body.userEmail ?? `user${store.state.nextUserId}@posthog.localhost`;
          user = store.createUser(email, email.split("@")[0]);
        }
        const levelName = body.level ?? "owner";
        const level: MembershipLevel | null = levelName === "none" ? null : MEMBERSHIP_LEVELS[levelName];
        if (level !== null || store.membershipLevel(org.id, user.id) !== null) store.setMembership(org.id, user.id, level);
        const { key, record } = store.createKey({
          userId: user.id,
          scopes: body.scopes,
          scopedOrganizations: body.scopedOrganizations,
          scopedTeams: body.scopedTeams,
          label: body.label,
        });
        const response: CreateKeyResponse = { key, id: record.id, userId: user.id };
        return json(201, response);
      },
    },
  },
  {
    pattern: "/_control/faults",
    methods: {
      GET: (_r, _p, d) => json(200, d.faults.list()),
      POST: (req, _p, d) => {
        const spec = parse(faultSchema, req);
        try {
          const response: FaultResponse = { id: d.faults.add(spec).id };
          return json(201, response);
        } catch (e) {
          throw new ControlError(400, `path: ${e instanceof Error ? e.message : String(e)}`);
        }
      },
      DELETE: (_r, _p, d) => {
        d.faults.clear();
        return noContent();
      },
    },
  },
  {
    pattern: "/_control/throttle",
    methods: {
      GET: (_r, _p, d) => json(200, d.throttle.describe()),
      PUT: (req, _p, d) => json(200, d.throttle.configure(parse(throttleSchema, req))),
    },
  },
  {
    pattern: "/_control/requests",
    methods: {
      GET: (_r, _p, d) => json(200, d.log.list()),
      DELETE: (_r, _p, d) => {
        d.log.clear();
        return noContent();
      },
    },
  },
  {
    pattern: "/_control/projects/:id",
    methods: {
      PATCH: (req, params, d) => {
        const p = projectOr404(d, params.id);
        const body = parse(z.record(z.string(), z.unknown()), req);
        const changes: Array<{ field: string; before: Json; after: Json }> = [];
        for (const [field, raw] of Object.entries(body)) {
          const value = cloneJson(raw as Json);
          if (WRITABLE_FIELDS.includes(field)) {
            const before = p.settings[field] ?? null;
            if (!jsonEqual(before, value)) changes.push({ field, before, after: value });
            p.settings[field] = value;
          } else if (READ_ONLY_TARGETS[field]) {
            READ_ONLY_TARGETS[field](p, value);
          } else if (!["id", "organization", "project_id", "uuid"].includes(field)) {
            p.overrides[field] = value;
          }
        }
        p.updatedAtMicros = nowMicros();
        if (changes.length > 0) d.services.activity.record(p.id, null, "updated", ActivityLog.changes(changes), String(p.settings.name));
        d.services.store.changed();
        return json(200, serializeProject(d.services.store, p, null));
      },
      DELETE: (_req, params, d) => {
        d.services.deletion.purge(projectOr404(d, params.id).id);
        return noContent();
      },
    },
  },
  {
    pattern: "/_control/projects/:id/demo-data",
    methods: {
      PUT: (req, params, d) => {
        const p = projectOr404(d, params.id);
        const body = parse(demoDataSchema, req);
        d.services.demo.set(p.id, body.generating);
        return json(200, { is_generating_demo_data: body.generating });
      },
    },
  },
  {
    pattern: "/_control/projects/:id/dashboards",
    methods: {
      POST: (req, params, d) => {
        const p = projectOr404(d, params.id);
        const name = parse(dashboardSchema, req).name ?? "New Dashboard";
        const response: CreateDashboardResponse = { id: d.services.store.createDashboard(p.id, name), name };
        return json(201, response);
      },
    },
  },
  {
    pattern: "/_control/purge",
    methods: {
      POST: (_r, _p, d) => {
        const response: PurgeResponse = { purged: d.services.deletion.purgeAll() };
        return json(200, response);
      },
    },
  },
  {
    pattern: "/_control/reset",
    methods: {
      POST: (_r, _p, d) => {
        d.services.demo.stopAll();
        d.services.deletion.stopAll();
        d.services.store.reset();
        d.faults.clear();
        d.log.clear();
        d.resetThrottle();
        return json(200, d.info());
      },
    },
  },
];

const router = new Router(ROUTES);

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** The checks before any route: a foreign Origin (403), the token (401), a body that is not JSON (415). */
function guard(req: ServerRequest, deps: ControlDeps): ApiResponse | null {
  const origin = req.header("origin");
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return json(403, { error: `cross-origin control request refused (Origin: ${origin}): the control surface answers programs on this machine, not web pages` });
  }
  const authorization = req.header("authorization");
  if (!bearerMatches(authorization, deps.controlToken)) {
    const what = authorization === undefined ? "no control token" : "wrong control token";
    return json(
      401,
      {
        error:
          `${what}: send "Authorization: Bearer <controlToken>" with the controlToken of the JSON line pulumi-posthog-server ` +
          "prints at start (startServer() returns it too; controlClient(url, controlToken) sends it)",
      },
      { "WWW-Authenticate": 'Bearer realm="pulumi-posthog local server control"' },
    );
  }
  const contentType = req.header("content-type");
  const mediaType = contentType?.split(";")[0].trim().toLowerCase();
  const carriesBody = req.rawBody.length > 0 || (BODY_METHODS.has(req.method) && contentType !== undefined);
  if (carriesBody && mediaType !== "application/json") {
    return json(415, { error: `control request bodies must be Content-Type: application/json, not ${contentType === undefined ? "none" : JSON.stringify(contentType)}` });
  }
  return null;
}

export function handleControl(req: ServerRequest, deps: ControlDeps): ApiResponse {
  const refused = guard(req, deps);
  if (refused) return refused;
  const match = router.match(req.path);
  try {
    if (!match) throw new ControlError(404, `no control route ${req.path}`);
    const handler = match.route.methods[req.method];
    if (!handler) throw new ControlError(405, `method ${req.method} not allowed on ${match.route.pattern}`);
    return handler(req, match.params, deps);
  } catch (e) {
    if (e instanceof ControlError) return json(e.status, { error: e.message });
    throw e;
  }
}

