/**
 * The organization invite's field table: the writable fields of OrganizationInviteSerializer
 * (posthog/api/organization_invite.py; model posthog/models/organization_invite.py) a program declares. PostHog has
 * no update of an invite: a change of any of them sends a new invite (replace).
 */
import { z } from "zod";
import { type Equality, type FieldDef, type LeftOut, sameJson, sameTrimmed, type ApiTypes } from "../../kit/field-table";
import { LEVEL_NAMES } from "../organization-member/record";

const SERIALIZER = "OrganizationInviteSerializer, posthog/api/organization_invite.py";

/** EmailNormalizer.normalize (posthog/helpers/email_utils.py) lower-cases the email. */
const sameEmail: Equality = (a, b) => typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
/** `validate_private_project_access` stores an empty list as null. */
const sameAccess: Equality = (a, b) =>
  sameJson(Array.isArray(a) && a.length === 0 ? null : a, Array.isArray(b) && b.length === 0 ? null : b);

export const organizationInviteFields = {
  target_email: {
    // Django's EmailValidator decides; this is only its outline (one @, a dotted domain, no spaces).
    input: z
      .string({ error: "must be an email address" })
      .max(254, { error: `must be at most 254 characters (OrganizationInvite.target_email, an EmailField)` })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: `must be an email address (${SERIALIZER})` }),
    equal: sameEmail,
    doc: "Whom to invite. PostHog lower-cases it, and refuses an email that already belongs to a member. A new invite to the same email replaces PostHog's earlier ones.",
  },
  first_name: {
    input: z.string({ error: "must be a string" }).max(30, { error: "must be at most 30 characters (OrganizationInvite.first_name)" }),
    equal: sameTrimmed,
    doc: "The invitee's first name, shown in the invite (at most 30 characters).",
  },
  level: {
    apiTypesDiffer:
      "the program names the level (member, admin, owner); it is sent as PostHog's 1, 8 and 15 (OrganizationMembership.Level)",
    type: '"member" | "admin" | "owner"',
    input: z.enum(LEVEL_NAMES, { error: `must be "member", "admin" or "owner" (OrganizationMembership.Level)` }),
    doc: 'The level the invitee joins at: "member" (PostHog\'s default), "admin" or "owner"; PostHog refuses one above the inviter\'s own (403).',
  },
  message: {
    input: z.string({ error: "must be a string or null" }).nullable(),
    equal: sameTrimmed,
    doc: "A message sent with the invite. It is stored in PostHog and mailed in clear: never put a secret in it.",
  },
  private_project_access: {
    type: 'Array<{ id: number; level: "member" | "admin" }>',
    input: z
      .array(
        z.object({
          id: z.number({ error: "must be a project's numeric id" }).int({ error: "must be a project's numeric id" }),
          level: z.enum(["member", "admin"], { error: 'must be "member" or "admin"' }),
        }),
        { error: "must be a list of { id, level }" },
      )
      .nullable(),
    equal: sameAccess,
    doc: 'Access to private projects the invitee gets on joining: each a project of the organization and "member" or "admin".',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const organizationInviteLeftOut: LeftOut = {
  send_email: "a switch of one request (email the invite or not), not a setting",
  combine_pending_invites: "a switch of one request (merge with the address's pending invites), not a setting",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const organizationInviteApiTypes: ApiTypes = {
  file: "frontend/src/generated/core/api.schemas.ts",
  schemas: ["OrganizationInviteApi"],
};
