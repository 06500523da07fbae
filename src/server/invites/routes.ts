/**
 * An organization's invites, `/api/organizations/:organization_id/invites/` (OrganizationInviteViewSet and
 * OrganizationInviteSerializer, posthog/api/organization_invite.py; model posthog/models/organization_invite.py; the
 * same in PostHog 2025-08-04 and today): listed (limit/offset, newest first), created (201) and DELETEd (204). There
 * is no retrieve and no update: an invite is never changed, only sent again (a create deletes every invite of the
 * same email first, `delete_existing_invites`). An invite expires after `INVITE_DAYS_VALIDITY` (3) days
 * (posthog/constants.py): `is_expired`, still listed. Accepting one (`OrganizationInvite.use`) makes a member and
 * deletes every invite of that email; `/_control/invites/:id/accept` plays it. No email is sent here
 * (`emailing_attempt_made` false, as on a PostHog without email settings).
 */
import { methodNotAllowed, notFound, permissionDenied, serverError, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, fail, jsonField } from "../drf/fields";
import { limitOffsetPage } from "../drf/pagination";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { type SerializerFields, userBasic, validateBody } from "../pipeline/nested-viewset";
import type { Json, JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import { uuidt } from "../state/tokens";
import type { MembershipLevel, StoredInvite } from "../state/types";
import { LEVELS, membershipsOf } from "../organization-members/routes";
import { organizationOf, organizationRoutes, UUID_KEY } from "../organization-members/scope";

/** INVITE_DAYS_VALIDITY (posthog/constants.py). */
export const INVITE_DAYS_VALIDITY = 3;
const DAY_MICROS = 86_400_000_000;

/** Django's EmailValidator, as near as a pattern gets: a local part, `@`, a dotted domain. */
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** ExplicitTeamMembership.Level values and ACCESS_CONTROL_LEVELS_MEMBER, `validate_private_project_access`. */
const PROJECT_LEVELS: readonly Json[] = [1, 8, "none", "member", "admin"];

export function invitesOf(ctx: ApiContext): StoredInvite[] {
  ctx.store.state.invites ??= [];
  return ctx.store.state.invites;
}

const isExpired = (invite: StoredInvite) => invite.createdAtMicros < nowMicros() - INVITE_DAYS_VALIDITY * DAY_MICROS;

function serializeInvite(ctx: ApiContext, invite: StoredInvite): JsonObject {
  return {
    id: invite.id,
    target_email: invite.targetEmail,
    first_name: invite.firstName,
    emailing_attempt_made: false,
    level: invite.level,
    is_expired: isExpired(invite),
    created_by: userBasic(ctx.store, invite.createdBy),
    created_at: isoFromMicros(invite.createdAtMicros),
    updated_at: isoFromMicros(invite.updatedAtMicros),
    message: invite.message,
    private_project_access: invite.privateProjectAccess,
  };
}

/** The model's `validate_private_project_access`, then the serializer's: an empty list is stored as null. */
function privateProjectAccess(value: Json, ctx: ApiContext): Json {
  if (!Array.isArray(value)) return fail("invalid", "The field must be a list of dictionaries.");
  for (const item of value) {
    if (item === null || typeof item !== "object" || Array.isArray(item)) fail("invalid", "Each item in the list must be a dictionary.");
    const entry = item as JsonObject;
    if (!Object.hasOwn(entry, "id") || !Object.hasOwn(entry, "level"))
      fail("invalid", 'Each dictionary must contain "id" and "level" keys.');
    if (typeof entry.id !== "number" || !Number.isInteger(entry.id)) fail("invalid", 'The "id" field must be an integer.');
    if (!PROJECT_LEVELS.includes(entry.level ?? null)) fail("invalid", 'The "level" field must be a valid access level.');
  }
  if (value.length === 0) return null;
  const org = organizationOf(ctx);
  for (const item of value as JsonObject[]) {
    const team = ctx.store.project(item.id as number);
    if (!team || team.organizationId !== org.id)
      fail("invalid", "Project does not exist on this organization, or it is private and you do not have access to it.");
  }
  return value;
}

export const FIELDS: SerializerFields<ApiContext> = [
  [
    "target_email",
    {
      nullable: false,
      parse: (v) => {
        const text = charField({ maxLength: 254, nullable: false, allowBlank: false }).parse(v, undefined) as string;
        if (!EMAIL.test(text)) fail("invalid", "Enter a valid email address.");
        // EmailNormalizer.normalize (posthog/helpers/email_utils.py): lower case.
        return text.toLowerCase();
      },
    },
  ],
  ["first_name", charField({ maxLength: 30, nullable: false, allowBlank: true })],
  ["level", choiceField(false, (s) => LEVELS.find((l) => String(l) === s))],
  ["message", charField({ nullable: true, allowBlank: true })],
  ["private_project_access", jsonField<ApiContext>(true, privateProjectAccess)],
  ["send_email", booleanField(false)],
  ["combine_pending_invites", booleanField(false)],
];

function create(ctx: ApiContext) {
  const org = organizationOf(ctx);
  const attrs = validateBody(ctx.req.body(), FIELDS, ctx, ["target_email"], false);
  const requester = membershipsOf(ctx, org.id).find((m) => m.userId === ctx.user.id);
  const level = (attrs.level ?? 1) as MembershipLevel;
  // validate_level: never above the inviter's own level.
  if (attrs.level !== undefined && level > (requester?.level ?? 0))
    throw permissionDenied("You cannot invite a user with a higher permission level than your own.");
  const email = attrs.target_email as string;
  if (membershipsOf(ctx, org.id).some((m) => ctx.store.user(m.userId)?.email.toLowerCase() === email))
    throw validationError("A user with this email address already belongs to the organization.");
  const invites = invitesOf(ctx);
  const now = nowMicros();
  const combined = attrs.combine_pending_invites === true;
  const pending = invites.filter((i) => i.organizationId === org.id && i.targetEmail === email && !isExpired(i));
  const invite: StoredInvite = {
    id: uuidt(),
    organizationId: org.id,
    targetEmail: email,
    firstName: (attrs.first_name as string | undefined) ?? "",
    // combine_invites: the highest level of the pending invites and this one.
    level: combined ? (Math.max(level, ...pending.map((i) => i.level)) as MembershipLevel) : level,
    message: (attrs.message as string | null | undefined) ?? null,
    privateProjectAccess: (attrs.private_project_access as Json | undefined) ?? null,
    createdBy: ctx.user.id,
    createdAtMicros: now,
    updatedAtMicros: now,
  };
  // delete_existing_invites: every invite of this email, expired ones included.
  ctx.store.state.invites = invites.filter((i) => !(i.organizationId === org.id && i.targetEmail === email));
  ctx.store.state.invites.push(invite);
  ctx.store.changed();
  return json(201, serializeInvite(ctx, invite));
}

function inviteOf(ctx: ApiContext): StoredInvite {
  const key = ctx.params.id ?? "";
  if (!UUID_KEY.test(key)) throw serverError();
  const org = organizationOf(ctx);
  const id = key.replace(/[{}-]/g, "").toLowerCase();
  const found = invitesOf(ctx).find((i) => i.organizationId === org.id && i.id.replace(/-/g, "") === id);
  if (!found) throw notFound();
  return found;
}

function list(ctx: ApiContext) {
  const org = organizationOf(ctx);
  const invites = invitesOf(ctx)
    .filter((i) => i.organizationId === org.id)
    .sort((a, b) => b.createdAtMicros - a.createdAtMicros);
  const page = limitOffsetPage(ctx.req, invites);
  return json(200, { ...page, results: page.results.map((i) => serializeInvite(ctx, i)) });
}

function destroy(ctx: ApiContext) {
  const invite = inviteOf(ctx);
  ctx.store.state.invites = invitesOf(ctx).filter((i) => i !== invite);
  ctx.store.changed();
  return noContent();
}

/**
 * `OrganizationInvite.use`: the invitee joins at the invite's level (a user made for the email when none exists), and
 * every invite of that email in the organization is deleted. For `/_control/invites/:id/accept`.
 */
export function acceptInvite(ctx: { store: ApiContext["store"] }, inviteId: string): { userUuid: string } | undefined {
  const invites = ctx.store.state.invites ?? [];
  const invite = invites.find((i) => i.id === inviteId);
  if (!invite) return undefined;
  const user = ctx.store.userByEmail(invite.targetEmail) ?? ctx.store.createUser(invite.targetEmail, invite.firstName);
  ctx.store.setMembership(invite.organizationId, user.id, invite.level);
  ctx.store.state.invites = invites.filter((i) => !(i.organizationId === invite.organizationId && i.targetEmail === invite.targetEmail));
  ctx.store.changed();
  return { userUuid: user.uuid };
}

/** An invite made `days` ago, as time makes one expire: for `/_control/invites/:id/age`. */
export function ageInvite(ctx: { store: ApiContext["store"] }, inviteId: string, days: number): boolean {
  const invite = (ctx.store.state.invites ?? []).find((i) => i.id === inviteId);
  if (!invite) return false;
  invite.createdAtMicros = nowMicros() - Math.round(days * DAY_MICROS);
  ctx.store.changed();
  return true;
}

export function inviteRoutes(): ApiRoute[] {
  return organizationRoutes({
    path: "invites",
    scopeObject: "organization_member",
    list: { GET: { name: "list", handler: list }, POST: { name: "create", handler: create } },
    detail: {
      // Neither RetrieveModelMixin nor UpdateModelMixin: no action, no scope.
      GET: {
        name: "unrouted",
        handler: () => {
          throw methodNotAllowed("GET");
        },
      },
      PATCH: {
        name: "unrouted",
        handler: () => {
          throw methodNotAllowed("PATCH");
        },
      },
      DELETE: { name: "destroy", handler: destroy },
    },
  });
}
