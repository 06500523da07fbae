/**
 * An organization's member as PostHog lists it (OrganizationMemberSerializer, posthog/api/organization_member.py):
 * the membership's own `id` (a UUID), its `user` (UserBasicSerializer, posthog/api/shared.py), `level` 1/8/15. Loose.
 */
import { z } from "zod";

export const memberAnswerSchema = z.looseObject({
  id: z.string(),
  user: z.looseObject({
    id: z.number().int().optional(),
    uuid: z.string(),
    email: z.string(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
  }),
  level: z.number().int(),
  joined_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type MemberAnswer = z.infer<typeof memberAnswerSchema>;

/** `OrganizationMembership.Level` (posthog/models/organization.py): what a program names each. */
export const LEVELS = { member: 1, admin: 8, owner: 15 } as const;
export type LevelName = keyof typeof LEVELS;
export const LEVEL_NAMES = Object.keys(LEVELS) as LevelName[];

/** A level as a program names it ("member", "admin", "owner"); a number PostHog might add, as it is. */
export const levelName = (level: number): LevelName | number => LEVEL_NAMES.find((name) => LEVELS[name] === level) ?? level;

/**
 * A member as the kind reads it: keyed by its user's UUID (PostHog routes members by `user__uuid`), its level named,
 * its user's email and names alongside.
 */
export type OrganizationMember = {
  id: string;
  membership_id: string;
  user_uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  level: LevelName | number;
  joined_at: string | null;
};

export function memberOf(answer: MemberAnswer): OrganizationMember {
  return {
    id: answer.user.uuid,
    membership_id: answer.id,
    user_uuid: answer.user.uuid,
    email: answer.user.email,
    first_name: answer.user.first_name ?? "",
    last_name: answer.user.last_name ?? "",
    level: levelName(answer.level),
    joined_at: answer.joined_at ?? null,
  };
}
