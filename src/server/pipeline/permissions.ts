/**
 * Resolving organizations and projects from URL parameters (posthog/api/routing.py `parents_query_dict`) and the
 * membership checks shared by the route modules.
 */
import { organizationNotFound, permissionDenied, projectNotFound } from "../drf/errors";
import { pyInt } from "../drf/py";
import type { OrganizationRecord, StoredProject } from "../state/types";
import type { ApiContext } from "./api";

const UUID_RE = /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

function normaliseUuid(value: string): string {
  const hex = value.replace(/[{}-]/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The user's current organization (`@current`). */
export function currentOrganization(ctx: ApiContext): OrganizationRecord {
  const id = ctx.user.currentOrganizationId;
  const org = id === null ? undefined : ctx.store.organization(id);
  if (!org) throw organizationNotFound();
  return org;
}

/** An `organization_id` URL parameter: a UUID or `@current`; anything else, or unknown, is 404 "Organization not found.". */
export function organizationParam(ctx: ApiContext, value: string): OrganizationRecord {
  return ctx.once(`org:${value}`, () => {
    if (value === "@current") return currentOrganization(ctx);
    if (!UUID_RE.test(value)) throw organizationNotFound();
    const org = ctx.store.organization(normaliseUuid(value));
    if (!org) throw organizationNotFound();
    return org;
  });
}

/** Whether an `organization_id` parameter is well-formed (UUID or `@current`). */
export function isOrganizationIdForm(value: string): boolean {
  return value === "@current" || UUID_RE.test(value);
}

export function sameOrganizationId(param: string, id: string): boolean {
  return UUID_RE.test(param) && normaliseUuid(param) === id;
}

/** A parent `team_id`/`project_id`: an integer or `@current`, else 404 "Project not found.". */
export function teamParam(ctx: ApiContext, value: string): StoredProject {
  return ctx.once(`team:${value}`, () => {
    if (value === "@current") {
      const team = ctx.store.currentTeam(ctx.user);
      if (!team) throw projectNotFound();
      return team;
    }
    const id = pyInt(value);
    const team = id === null ? undefined : ctx.store.project(id);
    if (!team) throw projectNotFound();
    return team;
  });
}

export function levelIn(ctx: ApiContext, organizationId: string): number | null {
  return ctx.store.membershipLevel(organizationId, ctx.user.id);
}

/** TeamMemberAccessPermission: 403 "You don't have access to the project.". */
export function requireProjectAccess(ctx: ApiContext, team: StoredProject): void {
  if (levelIn(ctx, team.organizationId) === null) throw permissionDenied("You don't have access to the project.");
}

/** Object-level "admin of the project" (TeamMemberLightManagementPermission for DELETE, Strict for writes). */
export function requireProjectAdmin(ctx: ApiContext, team: StoredProject): void {
  if ((levelIn(ctx, team.organizationId) ?? 0) < 8) throw permissionDenied("You don't have sufficient permissions in the project.");
}
