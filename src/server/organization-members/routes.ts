/**
 * An organization's members, `/api/organizations/:organization_id/members/` (OrganizationMemberViewSet,
 * posthog/api/organization_member.py; the same in PostHog 2025-08-04 and today): listed (limit/offset, newest
 * first, filtered by exact `email` and `updated_after`), PATCHed and PUT by the member's user UUID (only `level`,
 * 1/8/15, is writable), DELETEd (the member leaves: `User.leave`, posthog/models/user.py). There is no retrieve: a
 * GET of one member is refused to a scoped personal API key ("does not support Personal API Key access", measured
 * against the 2025-08-04 backend) and is a 405 to a legacy key. The rules of a change are
 * `OrganizationMembership.validate_update` (posthog/models/organization.py), checked first without the new level by
 * OrganizationMemberObjectPermissions, then with it by the serializer's update.
 */
import { methodNotAllowed, permissionDenied, serverError, validationError } from "../drf/errors";
import { limitOffsetPage } from "../drf/pagination";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { userBasic } from "../pipeline/nested-viewset";
import { isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros, parseIsoMicros } from "../state/time";
import type { MembershipLevel, MembershipRecord } from "../state/types";
import { notFound } from "../drf/errors";
import { organizationOf, organizationRoutes, UUID_KEY } from "./scope";

/** `OrganizationMembership.Level`: the choices a level is one of. */
export const LEVELS: readonly MembershipLevel[] = [1, 8, 15];

/** PostHog's bots (`INTERNAL_BOT_EMAIL_SUFFIX`, posthog/constants.py) are never listed. */
const BOT_SUFFIX = "@posthogbot.user";

/** The organization's memberships, each with its id and join time (given on first read to ones stored before). */
export function membershipsOf(ctx: ApiContext, organizationId: string): MembershipRecord[] {
  const memberships = ctx.store.state.memberships.filter((m) => m.organizationId === organizationId).map((m) => ctx.store.identified(m));
  return memberships.filter((m) => !(ctx.store.user(m.userId)?.email ?? BOT_SUFFIX).endsWith(BOT_SUFFIX));
}

function serializeMember(ctx: ApiContext, m: MembershipRecord): JsonObject {
  return {
    id: m.id ?? null,
    user: userBasic(ctx.store, m.userId),
    level: m.level,
    joined_at: isoFromMicros(m.joinedAtMicros ?? 0),
    updated_at: isoFromMicros(m.updatedAtMicros ?? 0),
    is_2fa_enabled: false,
    has_social_auth: false,
    last_login: null,
  };
}

function list(ctx: ApiContext): JsonObject {
  const org = organizationOf(ctx);
  let members = membershipsOf(ctx, org.id);
  // `user__email=<email>`: exact, case-sensitive (measured: `MEMBER@…` finds no `member@…`).
  const email = ctx.req.param("email");
  if (email !== undefined) members = members.filter((m) => ctx.store.user(m.userId)?.email === email);
  const after = ctx.req.param("updated_after");
  if (after !== undefined) {
    const micros = parseIsoMicros(after);
    if (micros === null)
      throw validationError(`“${after}” value has an invalid format. It must be in YYYY-MM-DD HH:MM[:ss[.uuuuuu]][TZ] format.`);
    members = members.filter((m) => (m.updatedAtMicros ?? 0) > micros);
  }
  const sorted = [...members].sort((a, b) => (b.joinedAtMicros ?? 0) - (a.joinedAtMicros ?? 0));
  const page = limitOffsetPage(ctx.req, sorted);
  return { ...page, results: page.results.map((m) => serializeMember(ctx, m)) };
}

/** The member by its user's UUID (`lookup_field = "user__uuid"`): a key that is no UUID fails in Django's UUIDField (500). */
function memberOf(ctx: ApiContext): MembershipRecord {
  const key = ctx.params.id ?? "";
  if (!UUID_KEY.test(key)) throw serverError();
  const org = organizationOf(ctx);
  const uuid = key.replace(/[{}-]/g, "").toLowerCase();
  const found = membershipsOf(ctx, org.id).find((m) => ctx.store.user(m.userId)?.uuid.replace(/-/g, "") === uuid);
  if (!found) throw notFound();
  return found;
}

/** The requesting user's own membership (OrganizationMembership.objects.get(user=request.user, organization=…)). */
function requesterOf(ctx: ApiContext, organizationId: string): MembershipRecord {
  const own = membershipsOf(ctx, organizationId).find((m) => m.userId === ctx.user.id);
  if (!own) throw notFound("Organization not found.");
  return own;
}

/** `validate_update` without a new level, as OrganizationMemberObjectPermissions checks every write. */
function mayEdit(ctx: ApiContext, member: MembershipRecord): MembershipRecord {
  const requester = requesterOf(ctx, member.organizationId);
  if (member !== requester && (requester.level < 8 || member.level > requester.level))
    throw permissionDenied("Your cannot edit other organization members.");
  return requester;
}

function update(ctx: ApiContext): JsonObject {
  const member = memberOf(ctx);
  const requester = mayEdit(ctx, member);
  const body = ctx.req.body();
  if (!isJsonObject(body)) throw validationError(`Invalid data. Expected a dictionary, but got ${typeof body}.`, null, "invalid");
  if (Object.hasOwn(body, "level")) {
    const level = body.level;
    // IntegerField choices: the value's text must be one of "1", "8", "15".
    const text = typeof level === "string" ? level : JSON.stringify(level);
    const chosen = LEVELS.find((l) => String(l) === text || (typeof level === "number" && l === level));
    if (chosen === undefined) throw validationError(`"${text}" is not a valid choice.`, "level", "invalid_choice");
    if (member === requester) throw permissionDenied("You can't change your own access level.");
    if (chosen === 15 && requester.level !== 15)
      throw permissionDenied("You can only make another member owner if you're this organization's owner.");
    if (chosen !== 15 && chosen > requester.level)
      throw permissionDenied("You can only change access level of others to lower or equal to your current one.");
    member.level = chosen;
  }
  member.updatedAtMicros = nowMicros();
  ctx.store.changed();
  return serializeMember(ctx, member);
}

function destroy(ctx: ApiContext) {
  const member = memberOf(ctx);
  mayEdit(ctx, member);
  // User.leave (posthog/models/user.py): a rest_framework ValidationError, so 400.
  if (member.level === 15) throw validationError("Cannot leave the organization as its owner!");
  ctx.store.setMembership(member.organizationId, member.userId, null);
  return noContent();
}

export function organizationMemberRoutes(): ApiRoute[] {
  return organizationRoutes({
    path: "members",
    scopeObject: "organization_member",
    list: { GET: { name: "list", handler: (ctx) => json(200, list(ctx)) } },
    detail: {
      // No RetrieveModelMixin: no action, so no scope a key could hold.
      GET: {
        name: "unrouted",
        handler: () => {
          throw methodNotAllowed("GET");
        },
      },
      PUT: { name: "update", handler: (ctx) => json(200, update(ctx)) },
      PATCH: { name: "partial_update", handler: (ctx) => json(200, update(ctx)) },
      DELETE: { name: "destroy", handler: destroy },
    },
  });
}
