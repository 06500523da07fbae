/**
 * Personal API key authentication (posthog/auth.py `PersonalAPIKeyAuthentication`) and the API scope check
 * (posthog/permissions.py `APIScopePermission`, with its `check_team_and_org_permissions` for scoped keys).
 */
import { authenticationFailed, notAuthenticated, permissionDenied } from "../drf/errors";
import type { Store } from "../state/store";
import type { PersonalApiKeyRecord, UserRecord } from "../state/types";
import type { ApiContext, ApiRoute } from "./api";
import type { ServerRequest } from "./http";

type Source = "Authorization header" | "body" | "query string";

interface Credential {
  token: string;
  source: Source | "oauth";
}

/** Only the first candidate is tried: Bearer header, then body `personal_api_key`, then the query string. */
function findCredential(req: ServerRequest): Credential | null {
  const authorization = req.header("authorization");
  if (authorization !== undefined) {
    const m = /^Bearer\s+(\S.+)$/.exec(authorization);
    if (m) {
      const token = m[1].trim();
      return { token, source: token.startsWith("pha_") ? "oauth" : "Authorization header" };
    }
  }
  const body = req.body();
  if (typeof body === "object" && body !== null && !Array.isArray(body) && "personal_api_key" in body) {
    const value = (body as Record<string, unknown>).personal_api_key;
    return { token: typeof value === "string" ? value : JSON.stringify(value), source: "body" };
  }
  const fromQuery = req.param("personal_api_key");
  if (fromQuery !== undefined) return { token: fromQuery, source: "query string" };
  return null;
}

export interface Authenticated {
  user: UserRecord;
  key: PersonalApiKeyRecord;
}

/** Throws 401 (or 403 when `authErrorsAre403`) with PostHog's exact bodies. */
export function authenticate(req: ServerRequest, store: Store, authErrorsAre403: boolean): Authenticated {
  const status = authErrorsAre403 ? 403 : 401;
  const credential = findCredential(req);
  if (!credential) throw notAuthenticated(status);
  if (credential.source === "oauth") throw authenticationFailed("Invalid access token.", status);
  const key = store.keyByValue(credential.token);
  const user = key ? store.user(key.userId) : undefined;
  if (!key || !user) throw authenticationFailed(`Personal API key found in request ${credential.source} is invalid.`, status);
  return { user, key };
}

const WRITE_ACTIONS = ["create", "update", "partial_update", "patch", "destroy"];
const READ_ACTIONS = ["list", "retrieve"];

/** `_get_required_scopes`: null means the action has no scope mapping. */
export function requiredScopes(route: ApiRoute, actionName: string | null, method: string): string[] | null {
  if (route.requiredScopes) return route.requiredScopes;
  if (actionName !== null && WRITE_ACTIONS.includes(actionName)) return [`${route.scopeObject}:write`];
  if ((actionName !== null && READ_ACTIONS.includes(actionName)) || method === "OPTIONS") return [`${route.scopeObject}:read`];
  return null;
}

/** APIScopePermission.has_permission for a personal API key. */
export function checkScopes(ctx: ApiContext, method: string): void {
  const { key, route } = ctx;
  if (key.scopes.length === 0) return; // legacy keys without scopes can do anything
  const fromRoute = route.scopesFor?.(ctx);
  const required = fromRoute === undefined ? requiredScopes(route, ctx.actionName, method) : fromRoute;
  // Spelled "Personal API Key" by the 2025-08-04 PostHog (posthog/permissions.py of that version).
  if (!required) {
    const name = ctx.services.version === "2025-08-04" ? "Personal API Key" : "personal API key";
    throw permissionDenied(`This action does not support ${name} access`);
  }
  if (key.scopedTeams.length > 0) {
    const team = route.scopeTeam(ctx);
    if (team === null) throw permissionDenied("API keys with scoped projects are only supported on project-based endpoints.");
    if (!key.scopedTeams.includes(team.id)) throw permissionDenied(`API key does not have access to the requested project: ID ${team.id}.`);
  }
  if (key.scopedOrganizations.length > 0) {
    const organization = route.scopeOrganization(ctx);
    if (!key.scopedOrganizations.includes(organization.id)) {
      throw permissionDenied(`API key does not have access to the requested organization: ID ${organization.id}.`);
    }
  }
  if (key.scopes.includes("*")) return;
  for (const scope of required) {
    const valid = scope.endsWith(":read") ? [scope, scope.replace(/:read$/, ":write")] : [scope];
    if (!valid.some((s) => key.scopes.includes(s))) throw permissionDenied(`API key missing required scope '${scope}'`);
  }
}
