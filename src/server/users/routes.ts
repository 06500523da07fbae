/**
 * The current user, `/api/users/@me/` (UserViewSet, posthog/api/user.py): what a program needs to subscribe itself to
 * an alert, its `id`. Modelled: retrieve of `@me` (scope `user:read`), and the refusal of any other user to a non-staff
 * user ("As a non-staff user you're only allowed to access the `@me` user instance."). The record is UserSerializer's
 * identity fields and its current organization and team; its many settings are not modelled. Today's UserSerializer
 * answers the numeric `id`; PostHog 2025-08-04's had none (measured at its backend).
 */
import { permissionDenied } from "../drf/errors";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json } from "../pipeline/http";
import { currentOrganization } from "../pipeline/permissions";

function me(ctx: ApiContext) {
  if (ctx.params.id !== "@me") throw permissionDenied("As a non-staff user you're only allowed to access the `@me` user instance.");
  const u = ctx.user;
  const organization = u.currentOrganizationId === null ? null : ctx.store.organization(u.currentOrganizationId);
  return json(200, {
    date_joined: null,
    uuid: u.uuid,
    distinct_id: u.distinctId,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    pending_email: null,
    is_email_verified: null,
    organization: organization ? { id: organization.id, name: organization.name } : null,
    team: u.currentTeamId === null ? null : { id: u.currentTeamId },
    ...(ctx.services.version === "2025-08-04" ? {} : { id: u.id }),
  });
}

export function userRoutes(): ApiRoute[] {
  return [
    {
      pattern: "/api/users/:id",
      detail: true,
      scopeObject: "user",
      methods: { GET: { name: "retrieve", handler: me } },
      scopeTeam: () => null,
      scopeOrganization: (ctx) => currentOrganization(ctx),
    },
  ];
}
