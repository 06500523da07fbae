/**
 * Role membership records as PostHog returns them (RoleMembershipSerializer, ee/api/rbac/role.py): the role's UUID,
 * the organization membership and the user, both expanded. `user_uuid` is write-only there; the record carries the
 * user's UUID under that name, as a program writes it. Loose.
 */
import { z } from "zod";

export const roleMembershipSchema = z.looseObject({
  id: z.string(),
  role_id: z.string(),
  user: z.looseObject({ uuid: z.string(), email: z.string().nullish() }),
  organization_member: z.looseObject({ id: z.string() }).nullish(),
  joined_at: z.string().nullish(),
});
export type RoleMembershipAnswer = z.infer<typeof roleMembershipSchema>;

/** A membership as the kit reads it: the user's UUID as `user_uuid`, its joining time as `created_at`. */
export type RoleMembership = RoleMembershipAnswer & { user_uuid: string; created_at: string | null };

export function withUserUuid(answer: RoleMembershipAnswer): RoleMembership {
  return { ...answer, user_uuid: answer.user.uuid, created_at: answer.joined_at ?? null };
}
