/**
 * The member endpoints (OrganizationMemberViewSet, posthog/api/organization_member.py): a list (filtered by exact
 * `email`), a PATCH and a DELETE of one member by its user's UUID. There is no GET of one member (no retrieve: PostHog
 * refuses it to personal API keys), so one is found in the list.
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { LEVELS, type LevelName, memberAnswerSchema, memberOf, type OrganizationMember } from "./record";

const members = objects.endpoints<typeof memberAnswerSchema, string, { email?: string }, string>({
  path: "members",
  noun: "organization member",
  schema: memberAnswerSchema,
  scope: "organization",
});

/** Every member (PostHog's bots left out, as its list does), or the one with exactly this email (case-sensitive). */
export async function listMembers(
  http: Transport,
  organizationId: string,
  filters: { email?: string } = {},
): Promise<OrganizationMember[]> {
  return (await members.listAll(http, organizationId, filters)).map(memberOf);
}

/** Every page of the organization's members, as PostHog answers them. */
export const memberPages = members.pages;

export function getMember(http: Transport, organizationId: string, userUuid: string): Promise<OrganizationMember> {
  const uuid = userUuid.toLowerCase();
  return objects.findListed(
    listMembers(http, organizationId),
    (m) => m.id.toLowerCase() === uuid,
    members.collection,
    organizationId,
    userUuid,
  );
}

/** The member with exactly this email, or null. */
export async function findMemberByEmail(http: Transport, organizationId: string, email: string): Promise<OrganizationMember | null> {
  return (await listMembers(http, organizationId, { email }))[0] ?? null;
}

/** A PATCH of `level`, named as a program names it and sent as PostHog's number. */
export async function updateMember(
  http: Transport,
  organizationId: string,
  userUuid: string,
  body: Record<string, unknown>,
): Promise<OrganizationMember> {
  const level = body["level"];
  const sent = typeof level === "string" && Object.hasOwn(LEVELS, level) ? { ...body, level: LEVELS[level as LevelName] } : body;
  return memberOf(await members.update(http, organizationId, userUuid, sent));
}

/** The member leaves the organization (`User.leave`, posthog/models/user.py). */
export const removeMember = members.destroy;
