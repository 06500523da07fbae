/**
 * Control surface of the local server: plain JSON under `/_control/`, for tests and demos. It is not part of
 * PostHog's API; requests to it are not logged, faulted or throttled. This module checks every control request and
 * holds the route table: the routes of each area are in organizations.ts, pipeline.ts and projects.ts (info and
 * reset are here), what they share is in route.ts, and client.ts is their typed client, `controlClient`.
 *
 * Access (../pipeline/guard.ts): every request must carry `Authorization: Bearer <controlToken>`, else 401. The
 * token is the `controlToken` of the JSON line `pulumi-posthog-server` prints at start, of what `startServer()`
 * returns and of ServerInfo; `controlClient(url, controlToken)` sends it. The server makes a random `ctl_…` token at
 * start unless `startServer({controlToken})` gives one; with a state file (`--state FILE`) the token is kept there,
 * like the default API key, so a restart keeps it (the file is written owner-only). Against requests from web
 * pages: an `Origin` header that is not a loopback origin gets 403; a body (or a POST/PUT/PATCH content type) that
 * is not application/json gets 415, since a page can send only form and text bodies cross-site without a CORS
 * preflight, which this server never approves. Like every request, control requests must name a loopback Host (or
 * the bound host, or one of `allowedHosts`): others get 400 "Bad Request (400)".
 *
 *   GET    /_control/info                         → ServerInfo {url, organizationId, apiKey, controlToken}
 *   POST   /_control/organizations                 CreateOrganizationRequest {name?, projectLimit?: number|null}
 *                                                  → 201 CreateOrganizationResponse {id, name}
 *   GET    /_control/organizations/:id             → OrganizationView
 *   PATCH  /_control/organizations/:id             PatchOrganizationRequest {name?, projectLimit?, ignoredSettings?: string[],
 *                                                    newerFields?: string[] (stored and echoed, as a newer PostHog's fields),
 *                                                    propertyDefinitions?: "legacy"|"gone", propertyValuesShape?: "results"|"list",
 *                                                    lackedFeatures?: PlanFeature[] (the plan features the plan lacks: "data_pipelines", "ingestion_taxonomy", "tagging")}
 *                                                  → OrganizationView
 *   POST   /_control/keys                          CreateKeyRequest {organizationId?, scopes?, scopedOrganizations?, scopedTeams?,
 *                                                    level?: "owner"|"admin"|"member"|"none", userEmail?, label?}
 *                                                  → 201 CreateKeyResponse {key, id, userId}
 *                                                  (a new user, or the user with that email; made a member of the organization
 *                                                  — default: the default one — at that level (default "owner"); "none" = not a member)
 *   POST   /_control/invites/:id/accept        → {userUuid}: the invitee accepts (joins at the invite's level; a user is made
 *                                                  for the email when none exists); every invite of that email is deleted
 *   POST   /_control/invites/:id/age           {days} → {}: the invite as made `days` ago (more than 3: expired)
 *   POST   /_control/faults                        FaultSpec {method?, path? (RE2 pattern, searched in the decoded path;
 *                                                    no backreferences or lookaround; ≤ 1000 characters), count? (1), status?, body?,
 *                                                    retryAfter?, delayMs?, drop?, afterCommit?, midway?}  → 201 {id}
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
 *   POST   /_control/projects/:id/definitions     SeedDefinitionsRequest {events?: [{name, properties?: {name: propertyType|null}}],
 *                                                    properties?: [{name, type?, groupTypeIndex?, propertyType?}]}
 *                                                  → 201 SeedDefinitionsResponse {events: [{id, name}], properties: [{id, name, type}]}:
 *                                                  event and property definitions as ingestion makes them (kept when they exist)
 *   PUT    /_control/projects/:id/demo-data        DemoDataRequest {generating} → {is_generating_demo_data}
 *   POST   /_control/projects/:id/dashboards       CreateDashboardRequest {name?} → 201 {id, name}
 *   POST   /_control/projects/:id/scheduled-changes/run → RunScheduledChangesResponse {ran: number[]}: PostHog's task run now
 *                                                  for the project: each due schedule not yet run applied to its flag
 *                                                  (scheduled-changes/routes.ts `runDueChanges`)
 *   POST   /_control/reset                         → ServerInfo; clears projects, groups, activity, faults, request log and
 *                                                  throttle history, keeps the default organization (options reset), key
 *                                                  and control token
 *
 * Errors, all {"error": "..."}: 401 without the token, 403 for a foreign Origin, 415 for a body that is not JSON,
 * 400 for a bad body (a refused fault path names `path` and why), 404 for an unknown route or object, 405.
 */
import { bearerMatches, isLoopbackOrigin } from "../pipeline/guard";
import { json, type ApiResponse, type ServerRequest } from "../pipeline/http";
import { Router } from "../pipeline/router";
import { organizationControlRoutes } from "./organizations";
import { pipelineControlRoutes } from "./pipeline";
import { projectControlRoutes } from "./projects";
import { ControlRequestError, type ControlDeps, type ControlRoute } from "./route";

export type { FaultSpec } from "../pipeline/faults";
export type { LoggedRequest } from "../pipeline/request-log";
export type { ThrottleSettings } from "../pipeline/throttle";

const ROUTES: ControlRoute[] = [
  { pattern: "/_control/info", methods: { GET: (_r, _p, d) => json(200, d.info()) } },
  ...organizationControlRoutes,
  ...pipelineControlRoutes,
  ...projectControlRoutes,
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
    return json(403, {
      error: `cross-origin control request refused (Origin: ${origin}): the control surface answers programs on this machine, not web pages`,
    });
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
    return json(415, {
      error: `control request bodies must be Content-Type: application/json, not ${contentType === undefined ? "none" : JSON.stringify(contentType)}`,
    });
  }
  return null;
}

export function handleControl(req: ServerRequest, deps: ControlDeps): ApiResponse {
  const refused = guard(req, deps);
  if (refused) return refused;
  const match = router.match(req.path);
  try {
    if (!match) throw new ControlRequestError(404, `no control route ${req.path}`);
    const handler = match.route.methods[req.method];
    if (!handler) throw new ControlRequestError(405, `method ${req.method} not allowed on ${match.route.pattern}`);
    return handler(req, match.params, deps);
  } catch (e) {
    if (e instanceof ControlRequestError) return json(e.status, { error: e.message });
    throw e;
  }
}
