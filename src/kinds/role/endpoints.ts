/**
 * The role endpoints (ee/api/rbac/role.py, RoleViewSet: a ModelViewSet under `/api/organizations/<id>/roles/`), one
 * function each. Roles are keyed by UUID and deleted by DELETE (which also deletes their memberships and access
 * controls: `on_delete=models.CASCADE`, ee/models/rbac/role.py, ee/models/rbac/access_control.py). Reading takes
 * `organization:read`, writing `organization:write` and an organization admin (RolePermissions in 2025-08-04,
 * OrganizationAdminWritePermissions today).
 */
import { type Role, roleSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client";
import { pagesOf } from "../../client/pagination";

const roles = objects.endpoints<typeof roleSchema, string, Record<never, never>, string>({
  path: "roles",
  noun: "role",
  schema: roleSchema,
  scope: "organization",
});

/**
 * Every page of the organization's roles, PostHog's own page size: PostHog 2025-08-04 filters roles by every query
 * parameter (`queryset.filter(**request.GET.dict())`, RoleViewSet), so a `limit` is a 500 there (measured).
 */
export function rolePages(http: Transport, organizationId: string) {
  return pagesOf((query) => objects.listPage(http, roles.collection, organizationId, query), {});
}

export async function listRoles(http: Transport, organizationId: string): Promise<Role[]> {
  const all: Role[] = [];
  for await (const page of rolePages(http, organizationId)) all.push(...page.results);
  return all;
}
export const getRole = roles.get;
/** Never resent once it may have reached PostHog: a resend is refused (the name is taken) or makes nothing new. */
export const createRole = roles.create;
export const updateRole = roles.update;
export const deleteRole = roles.destroy;
