/**
 * The organization member's field table: the member's user (PostHog's route key, `user__uuid`; never written) and
 * `level`, the one writable field of OrganizationMemberSerializer (posthog/api/organization_member.py), named as
 * PostHog's interface names `OrganizationMembership.Level` (posthog/models/organization.py: 1, 8, 15).
 */
import { z } from "zod";
import type { FieldDef, ApiTypes } from "../../kit/field-table";
import { LEVEL_NAMES } from "./record";

export const organizationMemberFields = {
  user_uuid: {
    // PostHog's UUIDs are UUIDTs (posthog/models/utils.py), not RFC 4122 ones: any 8-4-4-4-12 hex.
    input: z.string({ error: "must be a user's UUID" }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: "must be a user's UUID (getOrganizationMember finds it by email)",
    }),
    doc: "The member, by their user's UUID (`getOrganizationMember({ email })` finds it). They must already belong to the organization: people join through invites (OrganizationInvite). Changing it manages another member.",
  },
  level: {
    type: "OrganizationMemberLevel",
    input: z.enum(LEVEL_NAMES, {
      error: `must be "member", "admin" or "owner" (OrganizationMembership.Level, posthog/models/organization.py)`,
    }),
    doc: '"member", "admin" or "owner" (PostHog\'s levels 1, 8 and 15). A change is made in place; PostHog allows only an admin or owner to change others, never their own level, and only an owner to make an owner.',
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const organizationMemberApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
