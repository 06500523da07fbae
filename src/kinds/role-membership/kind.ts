/**
 * RoleMembership, declared once for the kit (src/kit): nested in a role of an organization
 * (`/api/organizations/<organizationId>/roles/<roleId>/role_memberships/`, RoleMembershipViewSet, ee/api/rbac/role.py),
 * keyed by UUID, identified as `<organizationId>/<roleId>/<uuid>`. PostHog updates no membership: another user is
 * another membership (a replacement). Deleting it removes the user from the role only: the user stays a member of the
 * organization, the role stays. Its field table is src/kinds/role-membership/fields.ts.
 *
 * No lockout check is needed: PostHog lets only organization admins and owners add or remove memberships (RolePermissions
 * in 2025-08-04, OrganizationAdminWritePermissions today, ee/api/rbac/role.py), and they keep the highest access level
 * whatever roles say (`access_level_for_object`, posthog/rbac/user_access_control.py): taking the key's own user out of
 * a role takes nothing the run needs.
 */
import { roleMembershipExample } from "./example";
import type { Transport } from "../../client";
import * as memberships from "./endpoints";
import { listRoles } from "../role/endpoints";
import type { Kind } from "../../kit/kind";
import { listedPages } from "../../kit/list-reads";
import { scopedApi, scopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { roleMembershipFields } from "./fields";
import { ROLE_PARENT, type RoleMembershipRecord, roleMembershipModel } from "./model";
import { FieldTableLifecycle, unservedWithoutEnterprise } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import { type RoleMembership, withUserUuid } from "./record";
import type { ProviderConfig } from "../../kit/config";

type InRole = memberships.InRole;
const PLACEMENT = { scope: "organization", parent: ROLE_PARENT, key: "uuid" } as const;

/** The schema's inputs: the user's change replaces the membership (PostHog updates none). */
function inputs() {
  const specs = tableInputs(roleMembershipFields, "role membership", PLACEMENT);
  return { ...specs, userUuid: { ...specs["userUuid"]!, willReplaceOnChanges: true } };
}

export const roleMembershipKind: Kind<"organization", RoleMembershipRecord, InRole> = {
  ...kindNames("RoleMembership"),
  example: roleMembershipExample,
  noun: "role membership",
  scope: "organization",
  parent: ROLE_PARENT,
  identity: { output: "roleMembershipId", key: "uuid" },
  deletion: "delete",
  importInputs: ["roleId", "userUuid"],
  api: scopedApi<"organization", RoleMembership, string, InRole>(PLACEMENT, {
    get: memberships.getRoleMembership,
    // RoleMembershipViewSet has no update: the lifecycle replaces a membership whose user changes, and sends nothing else.
    update: () => Promise.reject(new Error("PostHog updates no role membership: a change of user replaces it.")),
    remove: memberships.deleteRoleMembership,
  }),
  // One membership is read from its role's list already (RoleMembershipViewSet retrieves none in 2025-08-04): reads of
  // one role's memberships that arrive together share one pass over it.
  listReads: listedPages(memberships.roleMembershipPages, withUserUuid),
  schema: () => ({
    description:
      "A user in a PostHog role. Deleting it takes the user out of the role only: they stay in the organization. One deleted by hand (or with its role) is created again.",
    inputs: inputs(),
    outputs: tableOutputs(
      roleMembershipFields,
      "role membership",
      {
        roleMembershipId: { type: "string", description: "The membership's UUID in PostHog." },
        userEmail: { type: "string", description: "The user's email address." },
        organizationMemberId: {
          type: "string",
          description: "The user's organization membership (its UUID), as access controls name members.",
        },
      },
      PLACEMENT,
    ),
    required: ["roleMembershipId", "organizationId", "roleId", "userUuid"],
  }),
  // No lookups: a program names a user by their UUID (getCurrentUser, an organization member's) and a role by its own.
  model: roleMembershipModel,
  lifecycle: () => new RoleMembershipLifecycle(),
  // Role by role: PostHog lists memberships under their role only.
  importer: scopedImport(PLACEMENT, roleMembershipFields, {
    list: async (http, organizationId, read) => {
      const roles = await read(listRoles);
      return (
        await Promise.all(roles.map((role) => memberships.listRoleMemberships(http, { scope: organizationId, parent: role.id })))
      ).flat();
    },
    defaults: {},
    label: (membership) => `${membership.user.email ?? membership.user_uuid} in role ${membership.role_id}`,
  }),
};

/**
 * The RoleMembership lifecycle: the kit's field-table lifecycle with its create, never resent blindly. A user is in a
 * role once (`unique_user_and_role`, ee/models/rbac/role.py): a create whose answer was lost takes the user's
 * membership of the role made since it was sent, and one refused because the user is in the role already ("User is
 * already part of the role.") names it, to adopt.
 */
export class RoleMembershipLifecycle extends FieldTableLifecycle<RoleMembership, "organization", InRole> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(roleMembershipKind, roleMembershipModel, connection);
  }

  protected override async obtain(where: InRole, body: Json): Promise<RoleMembershipRecord> {
    const user = String(body["user_uuid"] ?? "").toLowerCase();
    const made = await this.createOnce(where, body, () => memberships.createRoleMembership(this.http(), where, body), {
      find: async () => (await memberships.listRoleMemberships(this.http(), where)).filter((m) => m.user_uuid === user),
      described: `of user ${user}`,
      // The user's one membership of the role, made since the create was sent, is this create's: PostHog records no maker.
      maker: async (_candidate, self) => self(),
      taken: (error) => error.status === 400 && error.detail === "User is already part of the role.",
      otherwise: "remove the second declaration of this user in this role",
    }).catch(unservedWithoutEnterprise("role memberships"));
    return { ...made, organization_id: String(where.scope), role_id: String(where.parent) };
  }

  /** Another user is another membership: PostHog updates none (RoleMembershipViewSet). */
  protected override replaces(olds: Json, news: Json): string[] {
    const user = news["userUuid"];
    const changed = typeof user === "string" && typeof olds["userUuid"] === "string" && user.toLowerCase() !== olds["userUuid"];
    return [...super.replaces(olds, news), ...(changed ? ["userUuid"] : [])];
  }
}
