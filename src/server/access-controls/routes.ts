/**
 * Access control entries (AccessControlViewSetMixin and AccessControlSerializer, ee/api/rbac/access_control.py; model
 * ee/models/rbac/access_control.py; levels posthog/rbac/user_access_control.py), as each PostHog version answers:
 *
 * - `GET|PUT /api/projects/:id/access_controls/`: the project's own entries (resource "project", `resource_id` the
 *   project's id); `…/global_access_controls/`: the entries of a kind project-wide (`resource_id` null, the resource
 *   named in the body); `/api/projects/:project_id/<feature_flags|dashboards|insights>/:id/access_controls/`: one
 *   object's. Reading takes `access_control:read`, writing `access_control:write` (`dangerously_get_required_scopes`).
 * - A PUT is an upsert keyed on (team, resource, resource_id, organization_member, role); `access_level: null`
 *   deletes (204, also when there was nothing); the answer is the entry, without an id, `created_by` null (the
 *   upsert sets none: measured on 2025-08-04).
 * - Refusals, in DRF's order: `access_level` required; a level not among the resource's (`validate_access_level`,
 *   which reads the body's `resource`: a kind-wide PUT with a level and no resource is a KeyError, 500); a resource
 *   not in `API_SCOPE_OBJECTS`; a member or role that is no UUID or no row (`Invalid pk "…" - object does not
 *   exist.`); both a member and a role; then who may: the object's creator, an explicit project admin or an
 *   organization admin (`check_can_modify_access_levels_for_object`).
 * - Today's PostHog also bounds levels (an action's lowest is viewer, the activity log's highest viewer), refuses a
 *   `resource_id` other than the URL's object, answers `minimum_access_level`/`maximum_access_level`, and words a
 *   malformed member id its own way.
 *
 * The local server stores the entries and answers them; it does not restrict other requests by them (PostHog does
 * only for organizations whose plan has the access control feature).
 */
import { notFound, permissionDenied, serverError, validationError } from "../drf/errors";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent, type ApiResponse } from "../pipeline/http";
import { findInProject, projectOf } from "../pipeline/nested-viewset";
import { levelIn, requireProjectAccess, teamParam } from "../pipeline/permissions";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import { uuidt } from "../state/tokens";
import type { AccessControlRecord, ObjectKind, StoredObject, StoredProject } from "../state/types";
import { defaultLevel, highestLevel, minimumLevel, orderedLevels, pythonTuple, RESOURCE_LEVELS, resourcesOf } from "./resources";

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const uuidOf = (text: string) => {
  const hex = text.replace(/-/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Where a request's entries are: the project's own, a kind's project-wide, or one object's. */
interface Place {
  team: StoredProject;
  /** The viewset's `scope_object`: "project", or the object's kind. */
  resource: string;
  /** The object the URL names (the project itself for the project's routes). */
  object: { id: string; createdBy: number | null };
  global: boolean;
}

function serialized(entry: AccessControlRecord): JsonObject {
  return {
    access_level: entry.accessLevel,
    resource: entry.resource,
    resource_id: entry.resourceId,
    organization_member: entry.organizationMemberId,
    role: entry.roleId,
    created_by: null,
    created_at: isoFromMicros(entry.createdAtMicros),
    updated_at: isoFromMicros(entry.updatedAtMicros),
  };
}

/** The entries that apply to the requesting user (`_filter_options`): everyone's, their membership's, their roles'. */
function applying(ctx: ApiContext, team: StoredProject, entries: AccessControlRecord[]): AccessControlRecord[] {
  const membership = ctx.store.membershipId(team.organizationId, ctx.user.id);
  const roles = new Set(
    ctx.store
      .roleMemberships()
      .filter((m) => m.userId === ctx.user.id)
      .map((m) => m.roleId),
  );
  return entries.filter((e) =>
    e.organizationMemberId === null && e.roleId === null
      ? true
      : e.roleId === null
        ? e.organizationMemberId === membership
        : e.organizationMemberId === null && roles.has(e.roleId),
  );
}

/** `access_level_for_object`: creators and organization admins have the highest; else the highest entry, or the default. */
function userLevel(ctx: ApiContext, place: Place, explicit: boolean): string | null {
  const { version } = ctx.services;
  const resource = place.global ? "project" : place.resource;
  if (!place.global && place.object.createdBy === ctx.user.id) return highestLevel(resource, version);
  if ((levelIn(ctx, place.team.organizationId) ?? 0) >= 8) return highestLevel(resource, version);
  const resourceId = place.global ? String(place.team.id) : place.object.id;
  const entries = applying(
    ctx,
    place.team,
    ctx.store.accessControls().filter((e) => e.teamId === place.team.id && e.resource === resource && e.resourceId === resourceId),
  );
  if (entries.length === 0) return explicit ? null : defaultLevel(resource, version);
  const levels = orderedLevels(resource);
  return entries.map((e) => e.accessLevel).reduce((a, b) => (levels.indexOf(b) > levels.indexOf(a) ? b : a));
}

/** `check_can_modify_access_levels_for_object`: the creator, an explicit project admin, or (an object's) explicit manager. */
function canModify(ctx: ApiContext, place: Place): boolean {
  if (!place.global && place.object.createdBy === ctx.user.id) return true;
  const projectPlace: Place = { ...place, resource: "project", object: { id: String(place.team.id), createdBy: null } };
  if (userLevel(ctx, projectPlace, true) === "admin") return true;
  return !place.global && place.resource !== "project" && userLevel(ctx, place, true) === "manager";
}

function list(ctx: ApiContext, place: Place): ApiResponse {
  const { version } = ctx.services;
  const resource = place.global ? "project" : place.resource;
  const entries = ctx.store
    .accessControls()
    .filter(
      (e) =>
        e.teamId === place.team.id && (place.global ? e.resourceId === null : e.resource === resource && e.resourceId === place.object.id),
    );
  return json(200, {
    access_controls: entries.map(serialized),
    available_access_levels: place.global ? [...RESOURCE_LEVELS] : [...orderedLevels(resource)],
    default_access_level: place.global ? "editor" : defaultLevel(resource, version),
    ...(version === "current" && {
      minimum_access_level: place.global ? "none" : minimumLevel(resource, version),
      maximum_access_level: place.global ? "manager" : highestLevel(resource, version),
    }),
    user_access_level: userLevel(ctx, { ...place, resource }, false),
    user_can_edit_access_levels: canModify(ctx, place),
  });
}

/** A PrimaryKeyRelatedField's value: null, or the UUID of a row `exists` finds. */
function related(ctx: ApiContext, field: string, value: Json | undefined, exists: (uuid: string) => boolean): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
  if (!UUID.test(text)) {
    if (field === "organization_member" && ctx.services.version === "current")
      throw validationError(
        "Invalid organization member id. Use the 'id' field from the /api/organizations/<organization_id>/members/ endpoint.",
        field,
      );
    throw validationError(`“${text}” is not a valid UUID.`, field);
  }
  const uuid = uuidOf(text);
  if (!exists(uuid)) throw validationError(`Invalid pk "${text}" - object does not exist.`, field, "does_not_exist");
  return uuid;
}

/** AccessControlSerializer's validation of a body, in its fields' order, then `validate`. */
type Params = Omit<AccessControlRecord, "id" | "teamId" | "accessLevel" | "createdAtMicros" | "updatedAtMicros"> & {
  accessLevel: string | null;
};

function validated(ctx: ApiContext, data: JsonObject): Params {
  const { version } = ctx.services;
  if (!("access_level" in data)) throw validationError("This field is required.", "access_level", "required");
  const raw = data.access_level;
  const level = raw === null ? null : typeof raw === "string" || typeof raw === "number" ? String(raw) : JSON.stringify(raw);
  if (level) {
    // `self.initial_data["resource"]`: a body without it is a KeyError.
    if (!("resource" in data)) throw serverError();
    const resource = String(data.resource);
    const levels = orderedLevels(resource);
    if (!levels.includes(level)) throw validationError(`Invalid access level. Must be one of: ${levels.join(", ")}`, "access_level");
    if (version === "current") {
      const min = minimumLevel(resource, version);
      const max = highestLevel(resource, version);
      if (levels.indexOf(level) < levels.indexOf(min))
        throw validationError(`Access level cannot be set below the minimum '${min}' for ${resource}.`, "access_level");
      if (levels.indexOf(level) > levels.indexOf(max))
        throw validationError(`Access level cannot be set above the maximum '${max}' for ${resource}.`, "access_level");
    }
  }
  if (data.resource === undefined) throw validationError("This field is required.", "resource", "required");
  const resource = typeof data.resource === "string" ? data.resource : JSON.stringify(data.resource);
  if (!resourcesOf(version).includes(resource))
    throw validationError(`Invalid resource. Must be one of: ${pythonTuple(resourcesOf(version))}`, "resource");
  const rid = data.resource_id;
  const resourceId =
    rid === undefined || rid === null ? null : typeof rid === "string" || typeof rid === "number" ? String(rid) : JSON.stringify(rid);
  if (resourceId !== null && resourceId.length > 36)
    throw validationError("Ensure this field has no more than 36 characters.", "resource_id", "max_length");
  const memberships = ctx.store.state.memberships.map((m) => ctx.store.identified(m).id);
  const organizationMemberId = related(ctx, "organization_member", data.organization_member, (id) => memberships.includes(id));
  const roleId = related(ctx, "role", data.role, (id) => ctx.store.roles().some((r) => r.id === id));
  if (organizationMemberId && roleId) throw validationError("You can not scope an access control to both a member and a role.");
  return { accessLevel: level === "" ? null : level, resource, resourceId, organizationMemberId, roleId };
}

function update(ctx: ApiContext, place: Place): ApiResponse {
  const { version } = ctx.services;
  const body = ctx.req.body();
  if (!isJsonObject(body)) throw validationError("Invalid data. Expected a dictionary, but got list.", "non_field_errors", "invalid");
  const data: JsonObject = place.global ? { ...body } : { ...body, resource: place.resource, resource_id: place.object.id };
  const params = validated(ctx, data);
  if (params.resourceId) {
    if (version === "current" && params.resourceId !== place.object.id)
      throw permissionDenied("Cannot modify access controls for a resource different from the URL target.");
    if (!canModify(ctx, place))
      throw permissionDenied(`Must be ${highestLevel(params.resource, version)} to modify ${params.resource} permissions.`);
  } else if (!canModify(ctx, { ...place, global: true })) {
    throw permissionDenied("Must be an Organization admin to modify project-wide permissions.");
  }
  const entries = ctx.store.accessControls();
  const existing = entries.find(
    (e) =>
      e.teamId === place.team.id &&
      e.resource === params.resource &&
      e.resourceId === params.resourceId &&
      e.organizationMemberId === params.organizationMemberId &&
      e.roleId === params.roleId,
  );
  if (params.accessLevel === null) {
    if (existing) {
      ctx.store.state.accessControls = entries.filter((e) => e !== existing);
      ctx.store.changed();
    }
    return noContent();
  }
  const now = nowMicros();
  const level = params.accessLevel;
  const entry = existing ?? {
    id: uuidt(),
    teamId: place.team.id,
    ...params,
    accessLevel: level,
    createdAtMicros: now,
    updatedAtMicros: now,
  };
  entry.accessLevel = level;
  entry.updatedAtMicros = now;
  if (!existing) entries.push(entry);
  ctx.store.changed();
  return json(200, serialized(entry));
}

/** The project's routes (`ProjectViewSet`, a detail action): its own entries and its kinds'. */
function projectPlace(global: boolean) {
  return (ctx: ApiContext): Place => {
    const team = teamParam(ctx, ctx.params.id ?? "");
    return { team, resource: "project", object: { id: String(team.id), createdBy: null }, global };
  };
}

/** The objects whose viewsets serve their own entries, in both versions (AccessControlViewSetMixin). */
const OBJECT_ROUTES: ReadonlyArray<{ path: string; resource: string; kind: ObjectKind }> = [
  { path: "feature_flags", resource: "feature_flag", kind: "featureFlags" },
  { path: "dashboards", resource: "dashboard", kind: "dashboards" },
  { path: "insights", resource: "insight", kind: "insights" },
];

function objectPlace(resource: string, kind: ObjectKind) {
  return (ctx: ApiContext): Place => {
    const team = projectOf(ctx);
    const id = Number(ctx.params.id);
    if (!Number.isSafeInteger(id)) throw notFound();
    const object: StoredObject = findInProject(ctx.store, kind, team, id);
    if (object.deleted) throw notFound();
    return { team, resource, object: { id: String(object.id), createdBy: object.createdBy }, global: false };
  };
}

export function accessControlRoutes(): ApiRoute[] {
  const scopes = (ctx: ApiContext) => [ctx.req.method === "GET" ? "access_control:read" : "access_control:write"];
  const route = (
    pattern: string,
    scopeObject: string,
    placeOf: (ctx: ApiContext) => Place,
    teamOf: (ctx: ApiContext) => StoredProject,
  ): ApiRoute => ({
    pattern,
    detail: true,
    scopeObject,
    scopesFor: scopes,
    scopeTeam: teamOf,
    scopeOrganization: (ctx) => {
      const org = ctx.store.organization(teamOf(ctx).organizationId);
      if (!org) throw notFound("Organization not found.");
      return org;
    },
    permission: (ctx) => requireProjectAccess(ctx, teamOf(ctx)),
    methods: {
      GET: { name: "access_controls", handler: (ctx) => list(ctx, placeOf(ctx)) },
      PUT: { name: "access_controls", handler: (ctx) => update(ctx, placeOf(ctx)) },
    },
  });
  const teamOfProject = (ctx: ApiContext) => teamParam(ctx, ctx.params.id ?? "");
  return [
    route("/api/projects/:id/access_controls", "project", projectPlace(false), teamOfProject),
    route("/api/projects/:id/global_access_controls", "project", projectPlace(true), teamOfProject),
    ...OBJECT_ROUTES.map(({ path, resource, kind }) =>
      route(`/api/projects/:project_id/${path}/:id/access_controls`, resource, objectPlace(resource, kind), projectOf),
    ),
  ];
}
