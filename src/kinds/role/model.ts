/**
 * Between Pulumi's view of a role and PostHog's: the kit's field-table model over the role's table
 * (src/kinds/role/fields.ts), in an organization. PostHog requires the name.
 */
import { fieldModel, type InOrganization } from "../../kit/field-model";
import type { Role } from "./record";
import { roleFields } from "./fields";

export type RoleRecord = InOrganization<Role>;

export const roleModel = fieldModel<Role, RoleRecord>({
  className: "Role",
  noun: "role",
  summary: "A role of an organization: a named group of members that access controls grant to.",
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
});
