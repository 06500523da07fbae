/**
 * RoleMembership, declared once for the kit (src/kit): nested in a role of an organization
 * (`/api/organizations/<organizationId>/roles/<roleId>/role_memberships/`, RoleMembershipViewSet, ee/api/rbac/role.py),
 * keyed by UUID, identified as `<organizationId>/<roleId>/<uuid>`. PostHog updates no membership: another user is
 * another membership (a replacement). Deleting it removes the user from the role only: the user stays a member of the
 * organization, the role stays. Its field table is src/kinds/role-membership/fields.ts; PostHog requires the user.
 *
 * No lockout check is needed: PostHog lets only organization admins and owners add or remove memberships (RolePermissions
 * in 2025-08-04, OrganizationAdminWritePermissions today, ee/api/rbac/role.py), and they keep the highest access level
 * whatever roles say (`access_level_for_object`, posthog/rbac/user_access_control.py): taking the key's own user out of
 * a role takes nothing the run needs.

 *
 * Its create is never resent blindly. A user is in a role once (`unique_user_and_role`, ee/models/rbac/role.py): a
 * create whose answer was lost takes the user's membership of the role made since it was sent, and one refused because
 * the user is in the role already ("User is already part of the role.") names it, to adopt.
 */
import { roleMembershipExample } from "./example";
import * as memberships from "./endpoints";
import { listRoles } from "../role/endpoints";
import { listedPages } from "../../kit/list-reads";
import { defineKind } from "../../kit/define-kind";
import { roleMembershipFields } from "./fields";
import { unservedWithoutEnterprise } from "../../kit/field-lifecycle";
import { withUserUuid } from "./record";

export const {
  kind: roleMembershipKind,
  model: roleMembershipModel,
  Lifecycle: RoleMembershipLifecycle,
} = defineKind({
  name: "RoleMembership",
  noun: "role membership",
  summary: "A user in a role of an organization.",
  description:
    "A user in a PostHog role. Deleting it takes the user out of the role only: they stay in the organization. One deleted by hand (or with its role) is created again.",
  example: roleMembershipExample,
  scope: "organization",
  parent: { input: "roleId", noun: "role", key: "uuid" },
  identity: { output: "roleMembershipId", key: "uuid", doc: "The membership's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["roleId", "userUuid"],
  endpoints: {
    get: memberships.getRoleMembership,
    // RoleMembershipViewSet has no update: the lifecycle replaces a membership whose user changes, and sends nothing else.
    update: () => Promise.reject(new Error("PostHog updates no role membership: a change of user replaces it.")),
    remove: memberships.deleteRoleMembership,
    create: memberships.createRoleMembership,
  },
  // One membership is read from its role's list already (RoleMembershipViewSet retrieves none in 2025-08-04): reads of
  // one role's memberships that arrive together share one pass over it.
  listReads: listedPages(memberships.roleMembershipPages, withUserUuid),
  // The user's change replaces the membership (PostHog updates none).
  inputs: (table) => ({ ...table, userUuid: { ...table["userUuid"]!, willReplaceOnChanges: true } }),
  outputs: {
    userEmail: { type: "string", description: "The user's email address." },
    organizationMemberId: {
      type: "string",
      description: "The user's organization membership (its UUID), as access controls name members.",
    },
  },
  fields: roleMembershipFields,
  exampleInput: "userUuid",
  required: { userUuid: "PostHog needs the user to put in the role (their UUID)" },
  fixedOutputs: (record) => ({
    userUuid: record.user_uuid,
    userEmail: record.user?.email ?? null,
    organizationMemberId: record.organization_member?.id ?? null,
  }),
  outputTypes: {
    userUuid: { type: "string", doc: "The user's UUID." },
    userEmail: { type: "string | null", doc: "The user's email address." },
    organizationMemberId: { type: "string | null", doc: "The user's organization membership (its UUID), as access controls name members." },
  },
  // No lookups: a program names a user by their UUID (getCurrentUser, an organization member's) and a role by its own.
  // Role by role: PostHog lists memberships under their role only.
  importer: {
    list: async (http, organizationId, read) => {
      const roles = await read(listRoles);
      return (
        await Promise.all(roles.map((role) => memberships.listRoleMemberships(http, { scope: organizationId, parent: role.id })))
      ).flat();
    },
    defaults: {},
    label: (membership) => `${membership.user.email ?? membership.user_uuid} in role ${membership.role_id}`,
  },
  createRefusal: unservedWithoutEnterprise("role memberships"),
  findBy: {
    field: "user_uuid",
    find: async (http, where, user) =>
      (await memberships.listRoleMemberships(http, where)).filter((m) => m.user_uuid === String(user ?? "").toLowerCase()),
    described: (user) => `of user ${String(user ?? "").toLowerCase()}`,
    // The user's one membership of the role, made since the create was sent, is this create's: PostHog records no maker.
    maker: async (_candidate, self) => self(),
    taken: (error) => error.status === 400 && error.detail === "User is already part of the role.",
    otherwise: "remove the second declaration of this user in this role",
  },
  hooks: {
    /** Another user is another membership: PostHog updates none (RoleMembershipViewSet). */
    replaces(olds, news) {
      const user = news["userUuid"];
      const changed = typeof user === "string" && typeof olds["userUuid"] === "string" && user.toLowerCase() !== olds["userUuid"];
      return [...this.kit.replaces(olds, news), ...(changed ? ["userUuid"] : [])];
    },
  },
});
