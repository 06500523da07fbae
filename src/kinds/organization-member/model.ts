/**
 * Between Pulumi's view of an organization member and PostHog's: the kit's field-table model over the member's table
 * (src/kinds/organization-member/fields.ts), with `removeOnDelete`, the provider's own input saying what deleting the
 * resource does. The rules that need PostHog's answers (the key's own user, the last owner) are the lifecycle's.
 */
import { fieldModel, type InOrganization } from "../../kit/field-model";
import { organizationMemberFields } from "./fields";
import type { OrganizationMember } from "./record";

export type MemberRecord = InOrganization<OrganizationMember>;

export const REMOVE_ON_DELETE = "removeOnDelete";

export const organizationMemberModel = fieldModel<OrganizationMember, MemberRecord>({
  className: "OrganizationMember",
  noun: "organization member",
  summary:
    "The level of someone who already belongs to an organization (people join through invites). Deleting the resource stops managing the member; they are removed from the organization only with `removeOnDelete: true`. Never changes the level of the key's own user, nor leaves the organization without an owner.",
  fields: organizationMemberFields,
  exampleInput: "userUuid",
  required: {
    userUuid: "it names the member (getOrganizationMember finds it by email)",
    level: "it is what the resource manages",
  },
  providerInputs: {
    [REMOVE_ON_DELETE]: {
      doc: "Whether deleting the resource removes the person from the organization (PostHog's DELETE of the member). Without it, deleting the resource only stops managing the member's level. Never allowed for the key's own user, nor for an owner (PostHog lets no owner leave: `User.leave`, posthog/models/user.py).",
    },
  },
  moreFailures: (inputs, known) => {
    const adopt = inputs["adoptId"];
    if (typeof adopt === "string" && typeof known["user_uuid"] === "string" && adopt.toLowerCase() !== known["user_uuid"].toLowerCase())
      return [
        { property: "adoptId", reason: "adoptId must be the member's userUuid when given: a member is always taken over, never created" },
      ];
    // User.leave (posthog/models/user.py) refuses every owner: "Cannot leave the organization as its owner!".
    if (inputs[REMOVE_ON_DELETE] === true && known["level"] === "owner")
      return [
        {
          property: REMOVE_ON_DELETE,
          reason:
            'removeOnDelete cannot remove an owner: PostHog lets no owner leave an organization (User.leave, posthog/models/user.py: 400 "Cannot leave the organization as its owner!"). Lower the level first, or drop removeOnDelete.',
        },
      ];
    return [];
  },
  fixedOutputs: (record) => ({
    level: record.level,
    email: record.email,
    membershipId: record.membership_id,
  }),
  outputTypes: {
    level: { type: "OrganizationMemberLevel", doc: "The member's level, as PostHog holds it." },
    email: { type: "string", doc: "The member's email." },
    membershipId: { type: "string", doc: "The membership's own UUID (what an AccessControl's organizationMemberId names)." },
  },
  types: {
    OrganizationMemberLevel: {
      type: '"member" | "admin" | "owner"',
      doc: "An organization member's level: PostHog's 1 (member), 8 (admin) and 15 (owner).",
    },
  },
});
