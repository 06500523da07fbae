/**
 * The invite endpoints (OrganizationInviteViewSet, posthog/api/organization_invite.py): list, create and DELETE. No
 * retrieve and no update: one invite is found in the list, and nothing of an invite changes in place.
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { LEVELS, type LevelName } from "../organization-member/record";
import { inviteAnswerSchema, type OrganizationInvite } from "./record";

const invites = objects.endpoints<typeof inviteAnswerSchema, string, Record<never, never>, string>({
  path: "invites",
  noun: "organization invite",
  schema: inviteAnswerSchema,
  scope: "organization",
});

/** A body's level named as a program names it, sent as PostHog's number. */
const withLevel = (body: Record<string, unknown>) => {
  const level = body["level"];
  return typeof level === "string" && Object.hasOwn(LEVELS, level) ? { ...body, level: LEVELS[level as LevelName] } : body;
};

/** Every invite of the organization, expired ones included, newest first. */
export async function listInvites(http: Transport, organizationId: string): Promise<OrganizationInvite[]> {
  return invites.listAll(http, organizationId);
}

/** Every page of the organization's invites, as PostHog answers them. */
export const invitePages = invites.pages;

export function getInvite(http: Transport, organizationId: string, id: string): Promise<OrganizationInvite> {
  const key = id.toLowerCase();
  return objects.findListed(listInvites(http, organizationId), (i) => i.id.toLowerCase() === key, invites.collection, organizationId, id);
}

/**
 * 201 with the invite; PostHog deletes every earlier invite of the email first, and sends the email where it can.
 * Never resent once it may have reached PostHog.
 */
export async function createInvite(http: Transport, organizationId: string, body: Record<string, unknown>): Promise<OrganizationInvite> {
  return invites.create(http, organizationId, withLevel(body));
}

/** PostHog has no update of an invite (405): the kind replaces instead. */
export async function updateInvite(http: Transport, organizationId: string, id: string, body: Record<string, unknown>) {
  return invites.update(http, organizationId, id, withLevel(body));
}

export const deleteInvite = invites.destroy;
