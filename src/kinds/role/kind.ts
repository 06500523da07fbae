/**
 * Role, declared once for the kit (src/kit): organization-scoped (`/api/organizations/<organizationId>/roles/`), keyed
 * by UUID, deleted by DELETE (RoleViewSet is a ModelViewSet, ee/api/rbac/role.py), identified as
 * `<organizationId>/<uuid>`. Deleting a role deletes its memberships and the access controls that name it
 * (`on_delete=models.CASCADE`, ee/models/rbac/role.py and ee/models/rbac/access_control.py). Its field table is
 * src/kinds/role/fields.ts; PostHog requires the name. Deleting a role locks no one out of the run: only organization
 * admins and owners may (see src/kinds/role-membership/kind.ts), and roles grant them nothing they lack.
 *
 * Its create is never resent blindly. A create whose answer was lost finds its role by name: PostHog keeps role names
 * unique in the organization (case-insensitively), so a role of that name created since the create was sent is its
 * own although PostHog records no creator for roles (RoleSerializer.create sets none; 2025-08-04 answers
 * `created_by: null`, measured). A name already taken is refused by PostHog (400 "There is already a role with this
 * name."): the error names the role holding it.
 */
import { roleExample } from "./example";
import * as roles from "./endpoints";
import { listedPages } from "../../kit/list-reads";
import { defineKind } from "../../kit/define-kind";
import { roleFields, roleNameKey } from "./fields";
import { unservedWithoutEnterprise } from "../../kit/field-lifecycle";

export const {
  kind: roleKind,
  model: roleModel,
  Lifecycle: RoleLifecycle,
} = defineKind({
  name: "Role",
  noun: "role",
  summary: "A role of an organization: a named group of members that access controls grant to.",
  description:
    "A PostHog role: a named group of an organization's members, which access controls grant access to. Its name is unique in the organization, whatever its case. Deleting it deletes its memberships and the access controls that name it. Roles and access control are paid features on PostHog Cloud (a self-hosted PostHog needs its licence): PostHog stores roles and their memberships on any plan and refuses none, but without role-based access a role's entries apply to none of its members (`rbac_supported` in posthog/rbac/user_access_control.py).",
  example: roleExample,
  scope: "organization",
  identity: { output: "roleId", key: "uuid", doc: "The role's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["name"],
  endpoints: { get: roles.getRole, update: roles.updateRole, remove: roles.deleteRole, create: roles.createRole },
  // RoleViewSet lists with RoleSerializer, as it retrieves (ee/api/rbac/role.py, in both versions).
  listReads: listedPages(roles.rolePages),
  fields: roleFields,
  exampleInput: "name",
  required: { name: "PostHog names every role" },
  uniqueInProgram: {
    input: "name",
    scope: "organizationId",
    rule: "PostHog keeps role names unique in an organization, whatever their case (RoleSerializer.validate_name, ee/api/rbac/role.py)",
  },
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: {
    name: { type: "string", doc: "The role's name, as PostHog stores it." },
  },
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
  importer: { defaults: {}, label: (role) => role.name },
  createRefusal: unservedWithoutEnterprise("roles"),
  findBy: {
    field: "name",
    // The live roles of the name as PostHog compares role names (`name__iexact`, RoleSerializer.validate_name).
    find: async (http, organizationId, name) =>
      (await roles.listRoles(http, organizationId)).filter((role) => roleNameKey(role.name) === roleNameKey(String(name))),
    described: (name) => `named ${JSON.stringify(String(name).trim())}`,
    maker: async (candidate, self) => candidate.created_by ?? (await self()),
    // RoleSerializer.validate_name: "There is already a role with this name.", code unique.
    taken: (error) => error.status === 400 && error.attr === "name" && error.code === "unique",
    otherwise: "choose another name (PostHog keeps role names unique in an organization, whatever their case)",
  },
});
