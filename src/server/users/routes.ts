/**
 * The current user, `/api/users/@me/` (UserViewSet and UserSerializer, posthog/api/user.py): what a program needs to
 * subscribe itself to an alert, its `id`. Modelled: retrieve of `@me` (scope `user:read`); of its update (`user:write`)
 * the selection of the current organization (`set_current_organization`, which selects that organization's first
 * project too: UserSerializer.update), whose plan PostHog 2025-08-04 judges for event and property definitions
 * (src/server/taxonomy/routes.ts), other fields ignored; and the refusal of any other user to a non-staff user ("As a
 * non-staff user you're only allowed to access the `@me` user instance."). The
 * record has UserSerializer's fields, in PostHog 2025-08-04's set (measured at its backend: no numeric `id`) or in
 * today's (with `id` and the impersonation, onboarding and notification fields it added); the identity, the current
 * organization and team and the memberships are the store's, the personal settings PostHog's defaults for a new
 * user (this server stores none).
 */
import { permissionDenied, validationError } from "../drf/errors";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json } from "../pipeline/http";
import { currentOrganization } from "../pipeline/permissions";
import type { JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { OrganizationRecord } from "../state/types";

function organizationBasic(ctx: ApiContext, o: OrganizationRecord): JsonObject {
  return {
    id: o.id,
    name: o.name,
    slug: o.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    logo_media_id: null,
    membership_level: ctx.store.membershipLevel(o.id, ctx.user.id),
  };
}

/** UserViewSet refuses any other user than `@me` to a non-staff user. */
function onlyMe(ctx: ApiContext): void {
  if (ctx.params.id !== "@me") throw permissionDenied("As a non-staff user you're only allowed to access the `@me` user instance.");
}

function me(ctx: ApiContext) {
  onlyMe(ctx);
  const u = ctx.user;
  const organization = u.currentOrganizationId === null ? undefined : ctx.store.organization(u.currentOrganizationId);
  // Serializing `team` reads `User.team`, which picks (and saves) a project of the user's current organization when
  // the current one was deleted (posthog/models/user.py): reading the user repairs it.
  if (u.currentTeamId === null && u.currentOrganizationId !== null) {
    const first = ctx.store.firstProjectOf(u.currentOrganizationId);
    if (first) {
      u.currentTeamId = first.id;
      ctx.store.changed();
    }
  }
  const team = u.currentTeamId === null ? undefined : ctx.store.project(u.currentTeamId);
  const memberships = ctx.store.state.memberships.filter((m) => m.userId === u.id);
  const organizations = memberships
    .map((m) => ctx.store.organization(m.organizationId))
    .filter((o): o is OrganizationRecord => o !== undefined)
    .map((o) => organizationBasic(ctx, o));
  const today = ctx.services.version !== "2025-08-04";
  return json(200, {
    date_joined: null,
    uuid: u.uuid,
    distinct_id: u.distinctId,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    pending_email: null,
    is_email_verified: null,
    notification_settings: {},
    ...(today ? { notification_locks: [] } : {}),
    anonymize_data: false,
    ...(today ? { allow_impersonation: true } : {}),
    toolbar_mode: "toolbar",
    has_password: true,
    ...(today ? { id: u.id } : {}),
    is_staff: false,
    is_impersonated: false,
    is_impersonated_until: null,
    ...(today ? { is_impersonated_read_only: false, is_impersonated_reason: null } : {}),
    sensitive_session_expires_at: null,
    ...(today ? { fresh_reauth_expires_at: null } : {}),
    team: team ? { id: team.id, uuid: team.uuid, organization: team.organizationId, project_id: team.id, api_token: team.apiToken } : null,
    organization: organization
      ? { ...organizationBasic(ctx, organization), created_at: isoFromMicros(organization.createdAtMicros) }
      : null,
    organizations,
    events_column_config: { active: "DEFAULT" },
    is_2fa_enabled: false,
    has_social_auth: false,
    ...(today ? { has_sso_enforcement: false } : {}),
    has_seen_product_intro_for: null,
    scene_personalisation: [],
    theme_mode: null,
    hedgehog_config: null,
    ...(today
      ? {
          allow_sidebar_suggestions: null,
          shortcut_position: null,
          role_at_organization: null,
          passkeys_enabled_for_2fa: false,
          hide_mcp_hints: false,
          ui_configuration: null,
          onboarding_skipped_at: null,
          onboarding_skipped_reason: null,
          onboarding_skipped_organization_id: null,
          onboarding_delegated_to_invite: null,
          onboarding_delegated_to_organization_id: null,
          onboarding_delegation_accepted_at: null,
          is_organization_first_user: false,
          active_realtime_notification_types: [],
          pending_invites: [],
          requires_credential_review: false,
        }
      : { role_at_organization: null }),
  });
}

/** `UserSerializer.validate_set_current_organization` and `update`: a member's organization, and its first project. */
function select(ctx: ApiContext) {
  onlyMe(ctx);
  const body = ctx.req.body();
  const wanted = body !== null && typeof body === "object" ? (body as Record<string, unknown>)["set_current_organization"] : undefined;
  if (wanted !== undefined) {
    const id = String(wanted);
    const organization = ctx.store.organization(id);
    if (!organization || ctx.store.membershipLevel(organization.id, ctx.user.id) === null)
      throw validationError(`Object with id=${id} does not exist.`, "set_current_organization", "does_not_exist");
    ctx.user.currentOrganizationId = organization.id;
    ctx.user.currentTeamId = ctx.store.firstProjectOf(organization.id)?.id ?? null;
    ctx.store.changed();
  }
  return me(ctx);
}

export function userRoutes(): ApiRoute[] {
  return [
    {
      pattern: "/api/users/:id",
      detail: true,
      scopeObject: "user",
      methods: { GET: { name: "retrieve", handler: me }, PATCH: { name: "partial_update", handler: select } },
      scopeTeam: () => null,
      scopeOrganization: (ctx) => currentOrganization(ctx),
    },
  ];
}
