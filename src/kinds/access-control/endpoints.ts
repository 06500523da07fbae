/**
 * The access control endpoints (AccessControlViewSetMixin, ee/api/rbac/access_control.py: `access_controls` and
 * `global_access_controls` actions of the viewsets that mix it in), one function each. An entry lives under one of
 * three routes, by what it is of:
 *
 * - the project itself: `/api/projects/<id>/access_controls/` (ProjectViewSet; PostHog fills in `resource` and
 *   `resource_id` from the URL);
 * - a kind project-wide: `/api/projects/<id>/global_access_controls/`, the body naming `resource` (without one a PUT
 *   with a level is a 500 in PostHog 2025-08-04: `validate_access_level` reads `initial_data["resource"]`);
 * - one object: `/api/projects/<id>/<feature_flags|dashboards|insights>/<id>/access_controls/` (the viewsets of
 *   posthog/api/feature_flag.py, dashboards/dashboard.py and insight.py in both versions).
 *
 * A GET answers the route's entries (`{"access_controls": [...], ...}`; the global route answers every kind's), a PUT
 * upserts on the target and `access_level: null` deletes (204). GET takes `access_control:read`, PUT
 * `access_control:write`. A PUT is idempotent: sent twice, it leaves one entry at the level sent.
 */
import { z } from "zod";
import { PostHogError, type Transport } from "../../client";
import { numberSegment } from "../../client/paths";
import { type AccessControl, entryAnswerSchema, entryKey, entryOf, PROJECT, parseEntryKey, type Target } from "./record";

/** The object routes an entry of one object is served under, by resource: integer-keyed in both versions. */
export const OBJECT_ROUTES: Readonly<Record<string, string>> = {
  feature_flag: "feature_flags",
  dashboard: "dashboards",
  insight: "insights",
};

const listSchema = z.looseObject({ access_controls: z.array(entryAnswerSchema) });

/** The route of a target's entries. */
function routeOf(projectId: number, target: Pick<Target, "resource" | "resource_id">): string {
  const project = `/api/projects/${numberSegment("project id", projectId)}/`;
  if (target.resource === PROJECT) return `${project}access_controls/`;
  if (target.resource_id === null) return `${project}global_access_controls/`;
  const path = Object.hasOwn(OBJECT_ROUTES, target.resource) ? OBJECT_ROUTES[target.resource] : undefined;
  if (path === undefined)
    throw new Error(`PostHog serves no access controls of one ${target.resource} (only of one ${Object.keys(OBJECT_ROUTES).join(", ")}).`);
  return `${project}${path}/${numberSegment(`${target.resource} id`, Number(target.resource_id))}/access_controls/`;
}

async function entriesAt(http: Transport, projectId: number, path: string): Promise<AccessControl[]> {
  const answer = await http.request({ method: "GET", path, schema: listSchema, subject: `the access controls of project ${projectId}` });
  return answer.access_controls.map(entryOf);
}

/**
 * The project's own entries and its kinds' project-wide ones (the entries of single objects are listed object by
 * object: `listObjectAccessControls`). The global route answers every entry without an object, a project-wide
 * "project" one too, which no route but it reads or writes: it is left out.
 */
export async function listAccessControls(http: Transport, projectId: number): Promise<AccessControl[]> {
  const [own, kinds] = await Promise.all([
    entriesAt(http, projectId, routeOf(projectId, { resource: PROJECT, resource_id: null })),
    entriesAt(http, projectId, routeOf(projectId, { resource: "", resource_id: null })),
  ]);
  return [...own, ...kinds.filter((entry) => entry.resource !== PROJECT)];
}

/** The entries of one object (a feature flag, a dashboard, an insight). */
export function listObjectAccessControls(
  http: Transport,
  projectId: number,
  resource: string,
  resourceId: number,
): Promise<AccessControl[]> {
  return entriesAt(http, projectId, routeOf(projectId, { resource, resource_id: String(resourceId) }));
}

/** The entries of a target's route (the target's own among them, if it has one). */
export function entriesOfRoute(http: Transport, projectId: number, target: Target): Promise<AccessControl[]> {
  return entriesAt(http, projectId, routeOf(projectId, target));
}

function targetOf(key: string): Target {
  const target = parseEntryKey(key);
  if (!target) throw new Error(`"${key}" is not an access control key (<resource>[.<resourceId>]:default|role:<uuid>|member:<uuid>).`);
  return target;
}

/** One entry, found in its route's list: 404 when the list lacks it (removed, or its role or member deleted). */
export async function getAccessControl(http: Transport, projectId: number, key: string): Promise<AccessControl> {
  const target = targetOf(key);
  const found = (await entriesOfRoute(http, projectId, target)).find((entry) => entry.id === entryKey(target));
  if (found) return found;
  throw new PostHogError({
    kind: "http",
    status: 404,
    method: "GET",
    path: routeOf(projectId, target),
    detail: `Access control ${key} is not in its route's list.`,
  });
}

/** The upsert: the target's entry at `level` (its answer), or none (`null`: deleted, 204). */
export async function putAccessControl(
  http: Transport,
  projectId: number,
  target: Target,
  level: string | null,
): Promise<AccessControl | null> {
  const body = {
    access_level: level,
    ...(target.resource !== PROJECT && target.resource_id === null && { resource: target.resource }),
    ...(target.role_id !== null && { role: target.role_id }),
    ...(target.organization_member_id !== null && { organization_member: target.organization_member_id }),
  };
  const path = routeOf(projectId, target);
  const subject = `access control ${entryKey(target)} of project ${projectId}`;
  if (level === null) {
    await http.request({ method: "PUT", path, body, subject });
    return null;
  }
  return entryOf(await http.request({ method: "PUT", path, body, schema: entryAnswerSchema, subject }));
}

/** A change of level: the upsert of the key's target. */
export async function updateAccessControl(
  http: Transport,
  projectId: number,
  key: string,
  body: Record<string, unknown>,
): Promise<AccessControl> {
  const level = body["access_level"];
  if (typeof level !== "string") throw new Error(`An access control's level is a string; ${JSON.stringify(level)} was to be sent.`);
  return (await putAccessControl(http, projectId, targetOf(key), level))!;
}

/** The entry removed (`access_level: null`); PostHog answers 204 whether or not it was there. */
export function deleteAccessControl(http: Transport, projectId: number, key: string): Promise<null> {
  return putAccessControl(http, projectId, targetOf(key), null) as Promise<null>;
}

/** The organization a project belongs to (`GET /api/projects/<id>/`, ProjectBackwardCompatSerializer's `organization`). */
export async function projectOrganization(http: Transport, projectId: number): Promise<string> {
  const path = `/api/projects/${numberSegment("project id", projectId)}/`;
  return (await http.request({ method: "GET", path, schema: z.looseObject({ organization: z.string() }), subject: `project ${projectId}` }))
    .organization;
}

/** Who made one object an entry is of (its `created_by`, null when PostHog names no one): creators keep the highest level. */
export async function objectCreator(http: Transport, projectId: number, resource: string, resourceId: string): Promise<string | null> {
  const path = `${routeOf(projectId, { resource, resource_id: resourceId }).replace(/access_controls\/$/, "")}`;
  const schema = z.looseObject({ created_by: z.looseObject({ uuid: z.string() }).nullish() });
  return (
    (await http.request({ method: "GET", path, schema, subject: `${resource} ${resourceId} of project ${projectId}` })).created_by?.uuid ??
    null
  );
}
