/**
 * The role membership endpoints (RoleMembershipViewSet, ee/api/rbac/role.py: list, create and destroy under
 * `/api/organizations/<id>/roles/<role_id>/role_memberships/`; today's PostHog retrieves one too, 2025-08-04 does not),
 * one function each. One membership is read from its role's list, which both versions serve.
 */
import { PostHogError, type Transport } from "../../client";
import { type RoleMembership, roleMembershipSchema, withUserUuid } from "./record";
import * as objects from "../../client/project-objects";
import type { Nested } from "../../kit/kind";

export type InRole = Nested<"organization">;

const memberships = objects.endpoints<typeof roleMembershipSchema, string, Record<never, never>, InRole>({
  path: "role_memberships",
  noun: "role membership",
  schema: roleMembershipSchema,
  scope: "organization",
  parent: { path: "roles", noun: "role" },
});

/** Every page of one role's memberships, as PostHog answers them. */
export const roleMembershipPages = memberships.pages;

export async function listRoleMemberships(http: Transport, where: InRole): Promise<RoleMembership[]> {
  return (await memberships.listAll(http, where)).map(withUserUuid);
}

/** One membership, found in its role's list: 404 when the list lacks it (deleted, or its role deleted). */
export async function getRoleMembership(http: Transport, where: InRole, id: string): Promise<RoleMembership> {
  const found = (await listRoleMemberships(http, where)).find((membership) => membership.id === id.toLowerCase());
  if (found) return found;
  const path = `${objects.collectionPath(memberships.collection, where)}${id}/`;
  throw new PostHogError({ kind: "http", status: 404, method: "GET", path, detail: `Role membership ${id} is not in its role's list.` });
}

/** Never resent once it may have reached PostHog: a resend is refused ("User is already part of the role."). */
export async function createRoleMembership(http: Transport, where: InRole, body: objects.ObjectBody): Promise<RoleMembership> {
  return withUserUuid(await memberships.create(http, where, body));
}

/** DELETE (204): the membership only; the user stays in the organization and the role stays. */
export const deleteRoleMembership = memberships.destroy;
