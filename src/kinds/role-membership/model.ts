/**
 * Between Pulumi's view of a role membership and PostHog's: the kit's field-table model over its table
 * (src/kinds/role-membership/fields.ts), nested in a role of an organization. PostHog requires the user.
 */
import { fieldModel, type InOrganization } from "../../kit/field-model";
import type { RoleMembership } from "./record";
import { roleMembershipFields } from "./fields";

export type RoleMembershipRecord = InOrganization<RoleMembership> & { role_id: string };

export const ROLE_PARENT = { input: "roleId", noun: "role", key: "uuid" } as const;

export const roleMembershipModel = fieldModel<RoleMembership, RoleMembershipRecord>({
  className: "RoleMembership",
  noun: "role membership",
  summary: "A user in a role of an organization.",
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
});
