/**
 * The role membership's field table: `user_uuid`, the one writable field of RoleMembershipSerializer
 * (ee/api/rbac/role.py, both PostHog 2025-08-04 and today's): a UUIDField, required, of an active member of the role's
 * organization. A membership is never updated (RoleMembershipViewSet has no update): another user replaces it.
 */
import { z } from "zod";
import type { Equality, FieldDef, ApiTypes } from "../../kit/field-table";

const USER_UUID = "must be a user's UUID (`getCurrentUser().uuid`, or an organization member's `user.uuid`)";

/** DRF's UUIDField reads any case; PostHog answers lower case. */
const sameUuid: Equality = (declared, live) => typeof declared === "string" && typeof live === "string" && declared.toLowerCase() === live;

export const roleMembershipFields = {
  user_uuid: {
    // DRF's UUIDField takes any 32 hex digits (PostHog's UUIDT are no RFC 4122 version): no stricter than that.
    input: z
      .string({ error: USER_UUID })
      .regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i, { error: USER_UUID }),
    equal: sameUuid,
    doc: "The user put in the role (their UUID): an active member of the role's organization. Changing it replaces the membership.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const roleMembershipApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
