/**
 * The organization-nested viewsets (members, invites, proxy records): `TeamAndOrgViewSetMixin` routes them under
 * `/api/organizations/:organization_id/<path>/` (posthog/api/__init__.py, `organizations_router`), and its
 * OrganizationMemberPermissions answers 404 "Organization not found." to a user who is not a member.
 */
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { levelIn, organizationParam } from "../pipeline/permissions";
import { organizationNotFound } from "../drf/errors";
import type { OrganizationRecord } from "../state/types";

/** A UUID as Django's UUIDField takes it: with or without dashes and braces. */
export const UUID_KEY = /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

/** The organization of the URL, which the requesting user must belong to. */
export function organizationOf(ctx: ApiContext): OrganizationRecord {
  const org = organizationParam(ctx, ctx.params.organization_id ?? "");
  if (levelIn(ctx, org.id) === null) throw organizationNotFound();
  return org;
}

/** The list and detail routes of an organization's viewset. */
export function organizationRoutes(v: {
  path: string;
  scopeObject: string;
  list: ApiRoute["methods"];
  detail: ApiRoute["methods"];
  /** Further routes of one object (`/retry`): their suffix and methods. */
  extra?: ReadonlyArray<{ suffix: string; methods: ApiRoute["methods"] }>;
}): ApiRoute[] {
  const base = `/api/organizations/:organization_id/${v.path}`;
  const common = {
    scopeObject: v.scopeObject,
    scopeTeam: () => null,
    scopeOrganization: organizationOf,
    permission: (ctx: ApiContext) => void organizationOf(ctx),
  };
  return [
    { ...common, pattern: base, detail: false, methods: v.list },
    ...(v.extra ?? []).map(({ suffix, methods }) => ({ ...common, pattern: `${base}/:id/${suffix}`, detail: true, methods })),
    { ...common, pattern: `${base}/:id`, detail: true, methods: v.detail },
  ];
}
