/**
 * Roles and their memberships, `/api/organizations/:organization_id/roles/…` (RoleViewSet, RoleMembershipViewSet and
 * their serializers, ee/api/rbac/role.py; models ee/models/rbac/role.py), as each PostHog version answers:
 *
 * - A role: UUID key, `name` (CharField, max 200, trimmed, not blank) unique in the organization case-insensitively
 *   (400 "There is already a role with this name.", code unique). Reading is open to members; writing takes an
 *   organization admin. DELETE deletes its memberships, the access controls naming it and the error tracking
 *   assignment rules assigning to it with it.
 * - A membership: `user_uuid` (write-only UUID) of an active member of the organization ("User does not exist."),
 *   once per role ("User is already part of the role."); listed, created and deleted; today's PostHog also
 *   retrieves one.
 * - PostHog 2025-08-04 (measured at its backend): roles answer the deprecated `feature_flags_access_level` (37);
 *   `validate_name` does not leave the role itself out, so a PATCH of its own name is refused as taken; a role is
 *   created in, and writes are allowed by the admin level in, the user's current organization (RolePermissions and
 *   RoleSerializer.create read `request.user.organization`); the list filters by every query parameter
 *   (`queryset.filter(**request.GET.dict())`): one that is not a role field, `limit` included, is a 500. Today's
 *   (OrganizationAdminWritePermissions) answers `is_default` and checks the URL's organization.
 */
import { notFound, permissionDenied, serverError, validationError } from "../drf/errors";
import { charField, FieldFailure, runRule } from "../drf/fields";
import { limitOffsetPage } from "../drf/pagination";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent, type ApiResponse } from "../pipeline/http";
import { userBasic } from "../pipeline/nested-viewset";
import { levelIn, organizationParam } from "../pipeline/permissions";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import { uuidt } from "../state/tokens";
import type { OrganizationRecord, RoleMembershipRecord, RoleRecord } from "../state/types";

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const uuidOf = (text: string) => {
  const hex = text.replace(/-/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const old = (ctx: ApiContext) => ctx.services.version === "2025-08-04";

/** The URL's organization, to a member of it (OrganizationMemberPermissions: a generic 403 otherwise). */
function organizationOf(ctx: ApiContext): OrganizationRecord {
  const org = organizationParam(ctx, ctx.params.organization_id ?? "");
  if (levelIn(ctx, org.id) === null) throw permissionDenied();
  return org;
}

/**
 * Where a write lands and who may make it: today's, the URL's organization and its admins; 2025-08-04's, the user's
 * current organization and its admins ("You need to have admin level or higher.").
 */
function writeOrganization(ctx: ApiContext): OrganizationRecord {
  const org = organizationOf(ctx);
  if (old(ctx)) {
    const current = ctx.user.currentOrganizationId === null ? undefined : ctx.store.organization(ctx.user.currentOrganizationId);
    if (!current || (levelIn(ctx, current.id) ?? 0) < 8) throw permissionDenied("You need to have admin level or higher.");
    return current;
  }
  if ((levelIn(ctx, org.id) ?? 0) < 8) throw permissionDenied("Your organization access level is insufficient.");
  return org;
}

function memberSerialized(ctx: ApiContext, organizationId: string, userId: number): JsonObject {
  const org = ctx.store.organization(organizationId);
  const joined = isoFromMicros(org?.createdAtMicros ?? nowMicros());
  return {
    id: ctx.store.membershipId(organizationId, userId),
    user: userBasic(ctx.store, userId),
    level: ctx.store.membershipLevel(organizationId, userId),
    joined_at: joined,
    updated_at: joined,
    is_2fa_enabled: false,
    has_social_auth: false,
  };
}

function membershipSerialized(ctx: ApiContext, role: RoleRecord, m: RoleMembershipRecord): JsonObject {
  return {
    id: m.id,
    role_id: role.id,
    organization_member: memberSerialized(ctx, role.organizationId, m.userId),
    user: userBasic(ctx.store, m.userId),
    joined_at: isoFromMicros(m.joinedAtMicros),
    updated_at: isoFromMicros(m.updatedAtMicros),
  };
}

function roleSerialized(ctx: ApiContext, role: RoleRecord): JsonObject {
  const members = ctx.store
    .roleMemberships()
    .filter((m) => m.roleId === role.id)
    .map((m) => membershipSerialized(ctx, role, m));
  return {
    id: role.id,
    name: role.name,
    ...(old(ctx) ? { feature_flags_access_level: 37 } : {}),
    created_at: isoFromMicros(role.createdAtMicros),
    created_by: null,
    members,
    ...(old(ctx) ? {} : { is_default: false }),
  };
}

function roleOf(ctx: ApiContext, org: OrganizationRecord, key: string | undefined): RoleRecord {
  const id = key !== undefined && UUID.test(key) ? uuidOf(key) : undefined;
  const role = ctx.store.roles().find((r) => r.id === id && r.organizationId === org.id);
  if (!role) throw notFound();
  return role;
}

/** `name`: a CharField(max_length=200), unique case-insensitively in the organization (RoleSerializer.validate_name). */
function validName(ctx: ApiContext, organizationId: string, value: Json | undefined, self: RoleRecord | undefined): string {
  if (value === undefined) throw validationError("This field is required.", "name", "required");
  let name: string;
  try {
    name = runRule(charField({ maxLength: 200, nullable: false, allowBlank: false }), value, undefined) as string;
  } catch (e) {
    if (e instanceof FieldFailure) throw validationError(e.detail, "name", e.code);
    throw e;
  }
  if (name.includes("\u0000")) throw validationError("Null characters are not allowed.", "name", "null_characters_not_allowed");
  const taken = ctx.store
    .roles()
    .some((r) => r.organizationId === organizationId && r.name.toLowerCase() === name.toLowerCase() && (old(ctx) || r !== self));
  if (taken) throw validationError("There is already a role with this name.", "name", "unique");
  return name;
}

function body(ctx: ApiContext): JsonObject {
  const b = ctx.req.body();
  if (!isJsonObject(b)) throw validationError("Invalid data. Expected a dictionary, but got list.", "non_field_errors", "invalid");
  return b;
}

function listRoles(ctx: ApiContext): ApiResponse {
  const org = organizationOf(ctx);
  let roles = ctx.store.roles().filter((r) => r.organizationId === org.id);
  if (old(ctx)) {
    // `queryset.filter(**request.GET.dict())`: a role field filters (exact, or `__iexact`); anything else is a FieldError.
    for (const [param, values] of ctx.req.query) {
      const value = values.at(-1) ?? "";
      if (param === "name") roles = roles.filter((r) => r.name === value);
      else if (param === "name__iexact") roles = roles.filter((r) => r.name.toLowerCase() === value.toLowerCase());
      else if (param === "id") roles = roles.filter((r) => UUID.test(value) && r.id === uuidOf(value));
      else throw serverError();
    }
  }
  const page = limitOffsetPage(ctx.req, roles);
  return json(200, { ...page, results: page.results.map((r) => roleSerialized(ctx, r)) });
}

function createRole(ctx: ApiContext): ApiResponse {
  const org = writeOrganization(ctx);
  const name = validName(ctx, org.id, body(ctx).name, undefined);
  const role: RoleRecord = { id: uuidt(), organizationId: org.id, name, createdAtMicros: nowMicros() };
  ctx.store.roles().push(role);
  ctx.store.changed();
  return json(201, roleSerialized(ctx, role));
}

function updateRole(ctx: ApiContext, partial: boolean): ApiResponse {
  const org = organizationOf(ctx);
  const role = roleOf(ctx, org, ctx.params.id);
  writeOrganization(ctx);
  const b = body(ctx);
  if (b.name !== undefined || !partial) role.name = validName(ctx, org.id, b.name, role);
  ctx.store.changed();
  return json(200, roleSerialized(ctx, role));
}

function deleteRole(ctx: ApiContext): ApiResponse {
  const org = organizationOf(ctx);
  const role = roleOf(ctx, org, ctx.params.id);
  writeOrganization(ctx);
  ctx.store.state.roles = ctx.store.roles().filter((r) => r !== role);
  ctx.store.state.roleMemberships = ctx.store.roleMemberships().filter((m) => m.roleId !== role.id);
  // AccessControl.role: `on_delete=models.CASCADE` (ee/models/rbac/access_control.py).
  ctx.store.state.accessControls = ctx.store.accessControls().filter((e) => e.roleId !== role.id);
  // ErrorTrackingAssignmentRule.role: `on_delete=models.CASCADE` too (posthog/models/error_tracking/error_tracking.py
  // in both versions): the rules that assign issues to the role go with it.
  for (const rule of ctx.store.objects("errorTrackingAssignmentRules").filter((r) => r.fields.role_id === role.id))
    ctx.store.removeObject("errorTrackingAssignmentRules", rule.id);
  ctx.store.changed();
  return noContent();
}

/** The memberships' role: filtered by the URL's organization and role (`filter_rewrite_rules`); none is an empty list. */
function parentRole(ctx: ApiContext, org: OrganizationRecord): RoleRecord | undefined {
  const key = ctx.params.role_id ?? "";
  const id = UUID.test(key) ? uuidOf(key) : undefined;
  if (id === undefined) throw validationError(`“${key}” is not a valid UUID.`);
  return ctx.store.roles().find((r) => r.id === id && r.organizationId === org.id);
}

function listMemberships(ctx: ApiContext): ApiResponse {
  const org = organizationOf(ctx);
  const role = parentRole(ctx, org);
  const rows = role ? ctx.store.roleMemberships().filter((m) => m.roleId === role.id) : [];
  const page = limitOffsetPage(ctx.req, rows);
  return json(200, { ...page, results: page.results.map((m) => membershipSerialized(ctx, role!, m)) });
}

function createMembership(ctx: ApiContext): ApiResponse {
  const org = organizationOf(ctx);
  writeOrganization(ctx);
  const value = body(ctx).user_uuid;
  if (value === undefined) throw validationError("This field is required.", "user_uuid", "required");
  if (typeof value !== "string" || !UUID.test(value)) throw validationError("Must be a valid UUID.", "user_uuid", "invalid");
  const user = ctx.store.state.users.find((u) => u.uuid === uuidOf(value));
  if (!user || ctx.store.membershipLevel(org.id, user.id) === null) throw validationError("User does not exist.");
  const role = parentRole(ctx, org);
  // 2025-08-04 saves the membership with the URL's role id unchecked: an unknown role is an IntegrityError, which it
  // reports as the user already in the role; today's checks the role first ("Role does not exist.").
  if (!role) throw validationError(old(ctx) ? "User is already part of the role." : "Role does not exist.");
  if (ctx.store.roleMemberships().some((m) => m.roleId === role.id && m.userId === user.id))
    throw validationError("User is already part of the role.");
  const now = nowMicros();
  const membership: RoleMembershipRecord = { id: uuidt(), roleId: role.id, userId: user.id, joinedAtMicros: now, updatedAtMicros: now };
  ctx.store.roleMemberships().push(membership);
  ctx.store.changed();
  return json(201, membershipSerialized(ctx, role, membership));
}

function membershipOf(ctx: ApiContext): { role: RoleRecord; membership: RoleMembershipRecord } {
  const org = organizationOf(ctx);
  const role = parentRole(ctx, org);
  const key = ctx.params.id ?? "";
  const id = UUID.test(key) ? uuidOf(key) : undefined;
  const membership = ctx.store.roleMemberships().find((m) => m.id === id && m.roleId === role?.id);
  if (!role || !membership) throw notFound();
  return { role, membership };
}

function deleteMembership(ctx: ApiContext): ApiResponse {
  const { membership } = membershipOf(ctx);
  writeOrganization(ctx);
  ctx.store.state.roleMemberships = ctx.store.roleMemberships().filter((m) => m !== membership);
  ctx.store.changed();
  return noContent();
}

export function roleRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  const common = {
    scopeObject: "organization",
    scopeTeam: () => null,
    scopeOrganization: (ctx: ApiContext) => organizationParam(ctx, ctx.params.organization_id ?? ""),
  };
  return [
    {
      ...common,
      pattern: "/api/organizations/:organization_id/roles",
      detail: false,
      methods: { GET: { name: "list", handler: listRoles }, POST: { name: "create", handler: createRole } },
    },
    {
      ...common,
      pattern: "/api/organizations/:organization_id/roles/:id",
      detail: true,
      methods: {
        GET: { name: "retrieve", handler: (ctx) => json(200, roleSerialized(ctx, roleOf(ctx, organizationOf(ctx), ctx.params.id))) },
        PUT: { name: "update", handler: (ctx) => updateRole(ctx, false) },
        PATCH: { name: "partial_update", handler: (ctx) => updateRole(ctx, true) },
        DELETE: { name: "destroy", handler: deleteRole },
      },
    },
    {
      ...common,
      pattern: "/api/organizations/:organization_id/roles/:role_id/role_memberships",
      detail: false,
      methods: { GET: { name: "list", handler: listMemberships }, POST: { name: "create", handler: createMembership } },
    },
    {
      ...common,
      pattern: "/api/organizations/:organization_id/roles/:role_id/role_memberships/:id",
      detail: true,
      methods: {
        // RetrieveModelMixin is today's only: 2025-08-04 has no retrieve (a key with scopes is refused, measured).
        ...(version === "current"
          ? {
              GET: {
                name: "retrieve",
                handler: (ctx: ApiContext) => {
                  const { role, membership } = membershipOf(ctx);
                  return json(200, membershipSerialized(ctx, role, membership));
                },
              },
            }
          : {}),
        DELETE: { name: "destroy", handler: deleteMembership },
      },
    },
  ];
}
