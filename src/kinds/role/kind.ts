/**
 * Role, declared once for the kit (src/kit): organization-scoped (`/api/organizations/<organizationId>/roles/`), keyed
 * by UUID, deleted by DELETE (RoleViewSet is a ModelViewSet, ee/api/rbac/role.py), identified as
 * `<organizationId>/<uuid>`. Deleting a role deletes its memberships and the access controls that name it
 * (`on_delete=models.CASCADE`, ee/models/rbac/role.py and ee/models/rbac/access_control.py). Its field table is
 * src/kinds/role/fields.ts. Deleting a role locks no one out of the run: only organization admins and owners may
 * (see src/kinds/role-membership/kind.ts), and roles grant them nothing they lack.
 */
import { roleExample } from "./example";
import type { Transport } from "../../client";
import * as roles from "./endpoints";
import type { Kind } from "../../kit/kind";
import { listedPages } from "../../kit/list-reads";
import { scopedApi, scopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { roleFields, roleNameKey } from "./fields";
import { type RoleRecord, roleModel } from "./model";
import { FieldTableLifecycle, unservedWithoutEnterprise } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { Role } from "./record";
import type { ProviderConfig } from "../../kit/config";

const PLACEMENT = { scope: "organization", key: "uuid" } as const;

/** The live roles named `name` as PostHog compares role names (`name__iexact`, RoleSerializer.validate_name). */
async function rolesNamed(http: Transport, organizationId: string, name: string): Promise<Role[]> {
  return (await roles.listRoles(http, organizationId)).filter((role) => roleNameKey(role.name) === roleNameKey(name));
}

export const roleKind: Kind<"organization", RoleRecord> = {
  ...kindNames("Role"),
  example: roleExample,
  noun: "role",
  scope: "organization",
  identity: { output: "roleId", key: "uuid" },
  deletion: "delete",
  importInputs: ["name"],
  api: scopedApi<"organization", Role, string>(PLACEMENT, { get: roles.getRole, update: roles.updateRole, remove: roles.deleteRole }),
  // RoleViewSet lists with RoleSerializer, as it retrieves (ee/api/rbac/role.py, in both versions).
  listReads: listedPages(roles.rolePages),
  schema: () => ({
    description:
      "A PostHog role: a named group of an organization's members, which access controls grant access to. Its name is unique in the organization, whatever its case. Deleting it deletes its memberships and the access controls that name it. Roles and access control are paid features on PostHog Cloud (a self-hosted PostHog needs its licence): PostHog stores roles and their memberships on any plan and refuses none, but without role-based access a role's entries apply to none of its members (`rbac_supported` in posthog/rbac/user_access_control.py).",
    inputs: tableInputs(roleFields, "role", PLACEMENT),
    outputs: tableOutputs(roleFields, "role", { roleId: { type: "string", description: "The role's UUID in PostHog." } }, PLACEMENT),
    required: ["roleId", "organizationId", "name"],
  }),
  lookups: {
    list: (http, organizationId) => roles.listRoles(http, organizationId),
    uniqueBy: {
      input: "name",
      spec: { type: "string", description: "The role's name (exact)." },
      find: async (http, organizationId, name) => (await roles.listRoles(http, organizationId)).find((role) => role.name === name) ?? null,
    },
    outputs: {
      name: { type: "string" },
      createdAt: { type: "string", nullable: true },
    },
  },
  model: roleModel,
  lifecycle: () => new RoleLifecycle(),
  importer: scopedImport(PLACEMENT, roleFields, { defaults: {}, label: (role) => role.name }),
};

/**
 * The Role lifecycle: the kit's field-table lifecycle with its create, never resent blindly. A create whose answer was
 * lost finds its role by name: PostHog keeps role names unique in the organization (case-insensitively), so a role of
 * that name created since the create was sent is its own although PostHog records no creator for roles
 * (RoleSerializer.create sets none; 2025-08-04 answers `created_by: null`, measured). A name already taken is refused
 * by PostHog (400 "There is already a role with this name."): the error names the role holding it.
 */
export class RoleLifecycle extends FieldTableLifecycle<Role, "organization"> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(roleKind, roleModel, connection);
  }

  protected override async obtain(organizationId: string, body: Json): Promise<RoleRecord> {
    const name = String(body["name"] ?? "");
    const role = await this.createOnce(organizationId, body, () => roles.createRole(this.http(), organizationId, body), {
      find: () => rolesNamed(this.http(), organizationId, name),
      described: `named ${JSON.stringify(name.trim())}`,
      maker: async (candidate, self) => candidate.created_by ?? (await self()),
      // RoleSerializer.validate_name: "There is already a role with this name.", code unique.
      taken: (error) => error.status === 400 && error.attr === "name" && error.code === "unique",
      otherwise: "choose another name (PostHog keeps role names unique in an organization, whatever their case)",
    }).catch(unservedWithoutEnterprise("roles"));
    return { ...role, organization_id: organizationId };
  }
}
