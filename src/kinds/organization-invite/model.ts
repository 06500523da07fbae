/**
 * Between Pulumi's view of an organization invite and PostHog's: the kit's field-table model over its table
 * (src/kinds/organization-invite/fields.ts), with its `status`: "pending", "expired" (PostHog's `is_expired`, 3
 * days after it was sent: INVITE_DAYS_VALIDITY, posthog/constants.py) or "accepted" (the lifecycle's: gone from
 * PostHog, its email now a member's).
 */
import { fieldModel, type InOrganization } from "../../kit/field-model";
import { organizationInviteFields } from "./fields";
import type { OrganizationInvite } from "./record";

export type InviteRecord = InOrganization<OrganizationInvite>;

export const organizationInviteModel = fieldModel<OrganizationInvite, InviteRecord>({
  className: "OrganizationInvite",
  noun: "organization invite",
  summary:
    "An invite to join an organization. Invites expire and are accepted outside the program: neither is drift, and neither is ever sent again by `pulumi up` on its own.",
  fields: organizationInviteFields,
  exampleInput: "targetEmail",
  required: { targetEmail: "PostHog requires it (OrganizationInviteSerializer)" },
  // Two invites of one email would replace each other on every `pulumi up --refresh`, each sending an email.
  uniqueInProgram: {
    input: "targetEmail",
    scope: "organizationId",
    rule:
      "PostHog keeps one invite per email in an organization, whatever its case: it lower-cases the email and a new invite deletes the earlier ones " +
      "(OrganizationInviteSerializer.validate_target_email, OrganizationInviteManager.delete_existing_invites matching target_email__iexact, posthog/api/organization_invite.py)",
  },
  fixedOutputs: (record) => ({
    targetEmail: record.target_email,
    level: record.level,
    status: record.is_expired ? "expired" : "pending",
  }),
  outputTypes: {
    targetEmail: { type: "string", doc: "Whom it invites, as PostHog holds it (lower case)." },
    level: { type: '"member" | "admin" | "owner"', doc: "The level the invitee joins at." },
    status: {
      type: '"pending" | "expired" | "accepted"',
      doc: '"pending"; "expired" 3 days after it was sent; "accepted" once the invitee joined. `pulumi up` sends none of them again on its own: change an input, or `pulumi up --replace` it, to send a new one.',
    },
  },
});
