/**
 * The role's field table: `name`, the one writable field of RoleSerializer (ee/api/rbac/role.py in both PostHog
 * 2025-08-04 and today's; `feature_flags_access_level` of 2025-08-04 is deprecated, "do not use", ee/models/rbac/role.py).
 * `Role.name` is a CharField(max_length=200): DRF trims it, refuses it blank and refuses NUL characters.
 */
import { z } from "zod";
import type { Equality, FieldDef, ApiTypes } from "../../kit/field-table";

const SERIALIZER = "RoleSerializer, ee/api/rbac/role.py";

/** DRF's CharField trims what it stores: a declared name with spaces around it is the name PostHog answers. */
const sameName: Equality = (declared, live) => typeof declared === "string" && declared.trim() === live;

/** How PostHog compares role names for uniqueness: `name__iexact` (RoleSerializer.validate_name). */
export const roleNameKey = (name: string) => name.trim().toLowerCase();

export const roleFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .refine((name) => name.trim() !== "", { error: `may not be blank (${SERIALIZER})` })
      .refine((name) => name.trim().length <= 200, { error: `must be at most 200 characters (Role.name, ee/models/rbac/role.py)` })
      .refine((name) => !name.includes("\u0000"), { error: "may not hold NUL characters (Django's ProhibitNullCharactersValidator)" }),
    equal: sameName,
    doc: "The role's name, unique in the organization whatever its case (PostHog refuses a second one); at most 200 characters.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const roleApiTypes: ApiTypes = { missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture" };
