/**
 * `/api/environments/` (posthog/api/team/viewsets.py `TeamViewSet`): the same stored projects seen through
 * `TeamSerializer` (posthog/api/team/team_serializer.py): no `product_description`, no `is_pending_deletion`, no
 * duplicate-name check, `base_currency` defaulting to USD on a full update; list rows are `TeamBasicSerializer`.
 * And `/api/organizations/` (posthog/api/organization.py `OrganizationViewSet`): the organizations of the user.
 */
import { notFound, validationError } from "../drf/errors";
import { limitOffsetPage } from "../drf/pagination";
import { pyInt, slugify } from "../drf/py";
import type { Action, ApiContext, ApiRoute } from "../pipeline/api";
import { json } from "../pipeline/http";
import { currentOrganization, levelIn, organizationParam } from "../pipeline/permissions";
import type { JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { OrganizationRecord, StoredProject } from "../state/types";
import { serializeProjectBasic, serializeTeam } from "./model";
import { configOnlyScopes, rootProjects, scopeTeamOfDetail, updateProject, visible } from "./routes";

/** TeamViewSet.safely_get_object: `@current`, the id, 404 when not visible. */
function team(ctx: ApiContext): StoredProject {
  return ctx.once("environment", () => {
    const raw = ctx.params.id;
    if (raw === "@current") {
      const t = ctx.store.currentTeam(ctx.user);
      if (!t) throw notFound();
      return t;
    }
    const id = pyInt(raw);
    if (id === null) throw validationError(`Field 'id' expected a number but got '${raw}'.`);
    const p = ctx.store.project(id);
    if (!p || !visible(ctx, p)) throw notFound();
    return p;
  });
}

const listTeams: Action = {
  name: "list",
  handler: (ctx) => {
    const rows = ctx.store.state.projects
      .filter((p) => visible(ctx, p) && p.organizationId === ctx.user.currentOrganizationId)
      .filter((p) => ctx.key.scopedOrganizations.length === 0 || ctx.key.scopedOrganizations.includes(p.organizationId))
      .sort((a, b) => a.id - b.id);
    const page = limitOffsetPage(ctx.req, rows);
    // TeamBasicSerializer: unlike the project list rows of 2025-08-04, it had `project_id` then too (measured).
    return json(200, { ...page, results: page.results.map((p) => serializeProjectBasic(ctx.store, p, ctx.user, "current")) });
  },
};

const retrieveTeam: Action = {
  name: "retrieve",
  handler: (ctx) => json(200, serializeTeam(ctx.store, team(ctx), ctx.user, ctx.services.version)),
};

function updateTeam(name: "update" | "partial_update"): Action {
  return {
    name,
    handler: (ctx) =>
      json(200, serializeTeam(ctx.store, updateProject(ctx, team(ctx), "team", name === "partial_update"), ctx.user, ctx.services.version)),
  };
}

function environmentRoutes(): ApiRoute[] {
  const detailOrg = (ctx: ApiContext) => ctx.store.organization(scopeTeamOfDetail(ctx).organizationId) ?? currentOrganization(ctx);
  return [
    {
      pattern: "/api/environments",
      detail: false,
      scopeObject: "project",
      methods: { GET: listTeams },
      scopeTeam: () => null,
      scopeOrganization: (ctx) => rootProjects.organization(ctx),
    },
    {
      pattern: "/api/environments/:id",
      detail: true,
      scopeObject: "project",
      methods: { GET: retrieveTeam, PATCH: updateTeam("partial_update"), PUT: updateTeam("update") },
      scopesFor: configOnlyScopes("team"),
      scopeTeam: scopeTeamOfDetail,
      scopeOrganization: detailOrg,
    },
  ];
}

// ---- organizations ----

/** The organization fields of posthog/api/shared.py `OrganizationBasicSerializer`, plus its dates and projects. */
function serializeOrganization(ctx: ApiContext, org: OrganizationRecord): JsonObject {
  const projects = ctx.store
    .projectsOf(org.id)
    .slice()
    .sort((a, b) => a.id - b.id);
  const common: JsonObject = {
    id: org.id,
    name: org.name,
    slug: slugify(org.name) || org.id,
    logo_media_id: null,
    created_at: isoFromMicros(org.createdAtMicros),
    updated_at: isoFromMicros(org.createdAtMicros),
    membership_level: levelIn(ctx, org.id),
    members_can_use_personal_api_keys: true,
    teams: projects.map((p) => serializeProjectBasic(ctx.store, p, ctx.user)),
  };
  if (ctx.services.version === "2025-08-04") return { ...common, ...organizationFields20250804(ctx, org, projects) };
  return {
    ...common,
    is_active: true,
    is_not_active_reason: null,
    is_pending_deletion: false,
    projects: projects.map((p) => ({ id: p.id, name: p.settings.name ?? null })),
  };
}

/**
 * 2025-08-04's posthog/api/organization.py `OrganizationSerializer` (what it answered, measured): no activity or
 * deletion state, its plan's features and members.
 */
function organizationFields20250804(ctx: ApiContext, org: OrganizationRecord, projects: StoredProject[]): JsonObject {
  return {
    plugins_access_level: 9,
    projects: projects.map((p) => ({ id: p.id, organization_id: org.id, name: p.settings.name ?? null })),
    available_product_features: [],
    is_member_join_email_enabled: true,
    metadata: { instance_tag: "none" },
    customer_id: null,
    enforce_2fa: null,
    members_can_invite: true,
    member_count: ctx.store.state.memberships.filter((m) => m.organizationId === org.id).length,
    is_ai_data_processing_approved: null,
    default_experiment_stats_method: "bayesian",
  };
}

/** A member's organization from the URL; 404 for others. */
function organization(ctx: ApiContext): OrganizationRecord {
  const org = organizationParam(ctx, ctx.params.id);
  if (levelIn(ctx, org.id) === null) throw notFound();
  return org;
}

const listOrganizations: Action = {
  name: "list",
  handler: (ctx) => {
    const orgs = ctx.store.state.organizations
      .filter((o) => levelIn(ctx, o.id) !== null)
      .filter((o) => ctx.key.scopedOrganizations.length === 0 || ctx.key.scopedOrganizations.includes(o.id));
    const page = limitOffsetPage(ctx.req, orgs);
    return json(200, { ...page, results: page.results.map((o) => serializeOrganization(ctx, o)) });
  },
};

function organizationRoutes(): ApiRoute[] {
  return [
    {
      pattern: "/api/organizations",
      detail: false,
      scopeObject: "organization",
      methods: { GET: listOrganizations },
      scopeTeam: () => null,
      scopeOrganization: (ctx) => currentOrganization(ctx),
    },
    {
      pattern: "/api/organizations/:id",
      detail: true,
      scopeObject: "organization",
      methods: { GET: { name: "retrieve", handler: (ctx) => json(200, serializeOrganization(ctx, organization(ctx))) } },
      scopeTeam: () => null,
      scopeOrganization: (ctx) => organizationParam(ctx, ctx.params.id),
    },
  ];
}

export function environmentAndOrganizationRoutes(): ApiRoute[] {
  return [...environmentRoutes(), ...organizationRoutes()];
}
