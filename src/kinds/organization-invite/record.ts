/**
 * An organization invite as PostHog answers it (OrganizationInviteSerializer, posthog/api/organization_invite.py;
 * model posthog/models/organization_invite.py): `level` 1/8/15, `is_expired` after 3 days. Loose.
 */
import { z } from "zod";
import { levelName } from "../organization-member/record";

export const inviteAnswerSchema = z.looseObject({
  id: z.string(),
  target_email: z.string(),
  first_name: z.string().nullish(),
  emailing_attempt_made: z.boolean().nullish(),
  /** Named as a program names it ("member", "admin", "owner"). */
  level: z.number().int().transform(levelName),
  is_expired: z.boolean(),
  created_by: z.looseObject({ uuid: z.string().optional(), email: z.string().optional() }).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  message: z.string().nullish(),
  private_project_access: z.array(z.looseObject({ id: z.number(), level: z.union([z.string(), z.number()]) })).nullish(),
});
/** An invite as the kind reads it: its level named as a program names it. */
export type OrganizationInvite = z.output<typeof inviteAnswerSchema>;
