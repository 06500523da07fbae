/**
 * Project routes: `/api/organizations/:organization_id/projects/…` (posthog/api/project.py `ProjectViewSet`) and the
 * same under `/api/projects/…` (`RootProjectViewSet`, the user's current organization), with the custom actions
 * reset_token, activity and is_generating_demo_data.
 *
 * Deletion is deferred like today's PostHog (`ProjectViewSet.perform_destroy`): DELETE answers 204 and marks the
 * project `is_pending_deletion`; it stays readable and listed until the background purge (deletion.ts) removes it.
 * The 2025-08-04 PostHog (versions.ts) removes it within the DELETE.
 */
import { randomBytes } from "node:crypto";
import { notFound, permissionDenied, serverError, validationError } from "../drf/errors";
import { limitOffsetPage } from "../drf/pagination";
import { pyInt, pyTruthy } from "../drf/py";
import type { Action, ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent, type ApiResponse } from "../pipeline/http";
import {
  currentOrganization,
  isOrganizationIdForm,
  levelIn,
  organizationParam,
  requireProjectAdmin,
  sameOrganizationId,
} from "../pipeline/permissions";
import { cloneJson, isJsonObject, jsonEqual, setKey, type Json, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import { nowMicros } from "../state/time";
import { generateProjectToken, mintLiveEventsToken, uuidt } from "../state/tokens";
import type { OrganizationRecord, StoredProject, UserRecord } from "../state/types";
import type { PostHogVersion } from "../pipeline/version";
import { ActivityLog } from "./activity";
import {
  DEFAULT_EXTRA_SETTINGS,
  DEFAULT_PROJECT_NAME,
  defaultTestAccountFilters,
  serializeProject,
  serializeProjectBasic,
  settingDefaults,
} from "./model";
import {
  nameTaken,
  NESTED_CONFIGS,
  validateProjectFields,
  validateProjectObject,
  type SerializerKind,
  type ValidatedFields,
  type ValidationContext,
} from "./validation";
import { configOnlyPatchScopes, defaultTestAccountFilters20250804 } from "./versions";

export const PLAN_LIMIT_MESSAGE =
  "You have reached the maximum limit of allowed projects for your current plan. Upgrade your plan to be able to create and manage more projects.";
export const MAX_ALLOWED_PROJECTS_PER_ORG = 2000;

export interface Family {
  base: string;
  /** The organization the URL is about (org-projects: the URL's; root: the user's current one). */
  organization: (ctx: ApiContext) => OrganizationRecord;
  /** Whether a project is addressable through this family's URL (org-projects: same organization). */
  inScope: (ctx: ApiContext, p: StoredProject) => boolean;
}

const orgFamily: Family = {
  base: "/api/organizations/:organization_id/projects",
  organization: (ctx) => organizationParam(ctx, ctx.params.organization_id),
  inScope: (ctx, p) =>
    sameOrganizationId(ctx.params.organization_id, p.organizationId) ||
    (ctx.params.organization_id === "@current" && ctx.user.currentOrganizationId === p.organizationId),
};

const rootFamily: Family = {
  base: "/api/projects",
  organization: (ctx) => currentOrganization(ctx),
  inScope: () => true,
};

/** A new project without a name gets "Default project", or the first "Default project N" that is free. */
function uniqueDefaultName(store: Store, organizationId: string): string {
  if (!nameTaken(store, organizationId, DEFAULT_PROJECT_NAME, null)) return DEFAULT_PROJECT_NAME;
  for (let n = 2; ; n++) {
    const candidate = `${DEFAULT_PROJECT_NAME} ${n}`;
    if (!nameTaken(store, organizationId, candidate, null)) return candidate;
  }
}

export function visible(ctx: ApiContext, p: StoredProject): boolean {
  return levelIn(ctx, p.organizationId) !== null;
}

/** `safely_get_object`: `@current`, 400 for a non-numeric id, 404 "Not found." when not visible. */
export function getObject(ctx: ApiContext, family: Family): StoredProject {
  return ctx.once("object", () => {
    const raw = ctx.params.id;
    if (raw === "@current") {
      const team = ctx.store.currentTeam(ctx.user);
      if (!team) throw notFound();
      return team;
    }
    const id = pyInt(raw);
    if (id === null) throw validationError(`Field 'id' expected a number but got '${raw}'.`);
    const p = ctx.store.project(id);
    if (!p || !visible(ctx, p) || !family.inScope(ctx, p)) throw notFound();
    return p;
  });
}

/** `view.team` for scoped-team keys on detail routes. */
export function scopeTeamOfDetail(ctx: ApiContext): StoredProject {
  return ctx.once("scope-team", () => {
    const raw = ctx.params.id;
    const team = raw === "@current" ? ctx.store.currentTeam(ctx.user) : ctx.store.project(pyInt(raw) ?? -1);
    if (!team) throw notFound("Project not found.");
    return team;
  });
}

function planLimitCheck(store: Store, org: OrganizationRecord, isDemo: boolean): void {
  const projects = store.projectsOf(org.id);
  if (isDemo && projects.some((p) => p.settings.is_demo === true)) throw permissionDenied(PLAN_LIMIT_MESSAGE);
  const nonDemo = projects.filter((p) => p.settings.is_demo !== true).length;
  if (org.projectLimit === null) {
    if (nonDemo >= MAX_ALLOWED_PROJECTS_PER_ORG) {
      throw permissionDenied(
        `You have reached the maximum limit of ${MAX_ALLOWED_PROJECTS_PER_ORG} projects per organization. Contact support if you'd like access to more projects.`,
      );
    }
    return;
  }
  if (nonDemo >= org.projectLimit) throw permissionDenied(PLAN_LIMIT_MESSAGE);
}

function bodyIsDemo(ctx: ApiContext): boolean {
  const body = ctx.req.body();
  // 2025-08-04's PremiumMultiProjectPermission calls `request.data.get("is_demo")`: a body that is not a dictionary
  // raises AttributeError, a 500 (measured); today's refuses it as invalid data.
  if (ctx.services.version === "2025-08-04" && !isJsonObject(body)) throw serverError();
  return isJsonObject(body) && pyTruthy(body.is_demo);
}

/**
 * `dangerously_get_required_scopes` of the 2025-08-04 ProjectViewSet and TeamViewSet for a PATCH (configOnlyPatchScopes),
 * where `request.data.keys()` of a body that is not a dictionary raises AttributeError, a 500 (measured). Today's
 * lowers the scope for session authentication only (posthog/api/team/viewsets.py): personal API keys need
 * project:write, and the body is not looked at here.
 */
export function configOnlyScopes(kind: "project" | "team") {
  return (ctx: ApiContext): string[] | undefined => {
    if (ctx.services.version !== "2025-08-04" || ctx.actionName !== "partial_update") return undefined;
    const body = ctx.req.body();
    if (!isJsonObject(body)) throw serverError();
    return configOnlyPatchScopes(kind, ctx.actionName, body);
  };
}

/** has_permission checks: well-formed organization; for create, membership, admin level and the plan limit. */
function familyPermission(family: Family) {
  return (ctx: ApiContext): void => {
    if (family === orgFamily && !isOrganizationIdForm(ctx.params.organization_id)) organizationParam(ctx, ctx.params.organization_id);
    if (ctx.actionName !== "create") return;
    const org = family.organization(ctx);
    const level = levelIn(ctx, org.id);
    if (level === null) throw notFound("Organization not found.");
    const isDemo = bodyIsDemo(ctx);
    if (!isDemo && level < 8) throw permissionDenied("You need to be an organization admin or above to create new projects.");
    planLimitCheck(ctx.store, org, isDemo);
  };
}

/**
 * Drop the settings the organization's plan does not apply (accepted, silently ignored), and take the fields of a
 * newer PostHog (the organization's `newerFields`) as sent.
 */
function applicable(attrs: ValidatedFields, org: OrganizationRecord | undefined, body: unknown): ValidatedFields {
  const ignored = new Set(org?.ignoredSettings ?? []);
  const newer = isJsonObject(body)
    ? (org?.newerFields ?? []).filter((field) => Object.hasOwn(body, field)).map((field): [string, Json] => [field, body[field]!])
    : [];
  return [...attrs.filter(([field]) => !ignored.has(field)), ...newer];
}

function liveEventsToken(store: Store, p: StoredProject, userId: number): string {
  return mintLiveEventsToken(store.state.secret, {
    team_id: p.id,
    api_token: p.apiToken,
    user_id: userId,
    organization_id: p.organizationId,
  });
}

/**
 * Create a project (`TeamManager.create_with_data`): model defaults, the settings given (the nested analytics
 * configs are dropped on create: ProjectBackwardCompatSerializer.create pops them), a primary dashboard, the test
 * account filter of the project's "Internal and test users" cohort and the recorder script unless given. The
 * 2025-08-04 PostHog sets its default test account filters after the settings given, replacing any given (not for
 * a demo project, whose creation returns before).
 */
export function createProjectRecord(
  store: Store,
  org: OrganizationRecord,
  user: UserRecord,
  attrs: ValidatedFields,
  activity: ActivityLog,
  version: PostHogVersion = "current",
): StoredProject {
  const now = nowMicros();
  const id = store.state.nextTeamId++;
  const settings: JsonObject = {
    name: uniqueDefaultName(store, org.id),
    ...settingDefaults(),
  };
  const given = new Set(attrs.map(([f]) => f));
  if (!given.has("extra_settings")) settings.extra_settings = cloneJson(DEFAULT_EXTRA_SETTINGS);
  for (const [field, value] of attrs) if (!NESTED_CONFIGS.has(field)) settings[field] = cloneJson(value);
  if (version === "2025-08-04" && settings.is_demo !== true)
    settings.test_account_filters = defaultTestAccountFilters20250804(store, org.id);
  else if (!given.has("test_account_filters")) settings.test_account_filters = defaultTestAccountFilters(store.reserveObjectId("cohorts"));
  const p: StoredProject = {
    id,
    organizationId: org.id,
    uuid: uuidt(),
    apiToken: generateProjectToken(),
    liveEventsToken: "",
    createdAtMicros: now,
    updatedAtMicros: now,
    ingestedEvent: false,
    settings,
    overrides: {},
  };
  p.liveEventsToken = liveEventsToken(store, p, user.id);
  store.state.projects.push(p);
  p.settings.primary_dashboard = store.createDashboard(p.id, "My App Dashboard");
  user.currentTeamId = p.id;
  activity.record(p.id, user, "created", null, String(p.settings.name));
  store.changed();
  return p;
}

function validationContext(
  ctx: ApiContext,
  organizationId: string,
  project: StoredProject | null,
  kind: SerializerKind,
): ValidationContext {
  return { store: ctx.store, project, organizationId, level: levelIn(ctx, organizationId) ?? 0, kind, version: ctx.services.version };
}

function sortedById(rows: StoredProject[]): StoredProject[] {
  return rows.sort((a, b) => a.id - b.id);
}

function list(family: Family): Action {
  return {
    name: "list",
    handler: (ctx) => {
      const key = ctx.key;
      // 2025-08-04's ProjectViewSet has no search: the parameter is ignored (measured).
      const search = ctx.services.version === "2025-08-04" ? "" : (ctx.req.param("search") ?? "").toLowerCase();
      const orgFilter = (p: StoredProject) => {
        if (family === orgFamily) {
          const param = ctx.params.organization_id;
          return param === "@current" ? p.organizationId === ctx.user.currentOrganizationId : sameOrganizationId(param, p.organizationId);
        }
        return p.organizationId === ctx.user.currentOrganizationId;
      };
      // Pending deletions stay listed (ProjectViewSet.safely_get_queryset does not filter them).
      const rows = sortedById(
        ctx.store.state.projects
          .filter((p) => visible(ctx, p) && orgFilter(p))
          .filter((p) => key.scopedOrganizations.length === 0 || key.scopedOrganizations.includes(p.organizationId))
          .filter(
            (p) =>
              search === "" ||
              String(p.settings.name ?? "")
                .toLowerCase()
                .includes(search),
          ),
      );
      const page = limitOffsetPage(ctx.req, rows);
      return json(200, { ...page, results: page.results.map((p) => serializeProjectBasic(ctx.store, p, ctx.user, ctx.services.version)) });
    },
  };
}

function create(family: Family): Action {
  return {
    name: "create",
    handler: (ctx) => {
      const org = family.organization(ctx);
      const vctx = validationContext(ctx, org.id, null, "project");
      const attrs = validateProjectFields(ctx.req.body(), vctx);
      validateProjectObject(attrs, vctx);
      const p = createProjectRecord(
        ctx.store,
        org,
        ctx.user,
        applicable(attrs, org, ctx.req.body()),
        ctx.services.activity,
        ctx.services.version,
      );
      if (p.settings.is_demo === true) ctx.services.demo.started(p.id);
      return json(201, serializeProject(ctx.store, p, ctx.user, ctx.services.version));
    },
  };
}

function retrieve(family: Family): Action {
  return {
    name: "retrieve",
    handler: (ctx) => json(200, serializeProject(ctx.store, getObject(ctx, family), ctx.user, ctx.services.version)),
  };
}

/** `secrets.token_urlsafe(32)`. */
function tokenUrlsafe(): string {
  return randomBytes(32).toString("base64url");
}

/** TeamMarketingAnalyticsConfigSerializer.update: `sources_map` is merged per source (null removes one). */
function mergeNestedConfig(field: string, before: Json | undefined, update: JsonObject): JsonObject {
  const out: JsonObject = isJsonObject(before) ? cloneJson(before) : {};
  for (const [key, value] of Object.entries(update)) {
    if (field === "marketing_analytics_config" && key === "sources_map" && isJsonObject(value)) {
      const sources: JsonObject = isJsonObject(out.sources_map) ? out.sources_map : {};
      for (const [source, mapping] of Object.entries(value)) {
        if (mapping === null) delete sources[source];
        else setKey(sources, source, mapping);
      }
      out.sources_map = sources;
    } else {
      setKey(out, key, value);
    }
  }
  return out;
}

/**
 * ProjectBackwardCompatSerializer.update (and TeamSerializer.update): the nested analytics configs are applied when
 * truthy, `survey_config`, `modifiers` and `conversations_settings` are merged into the stored dictionary,
 * `session_replay_config` one level deep, enabling conversations mints a widget token; everything else replaces.
 * The 2025-08-04 PostHog merges only `survey_config` and `session_replay_config`: `modifiers` is replaced.
 */
export function updatedValues(p: StoredProject, attrs: ValidatedFields, version: PostHogVersion = "current"): ValidatedFields {
  const merged = version === "2025-08-04" ? ["survey_config"] : ["survey_config", "modifiers", "conversations_settings"];
  const settings = p.settings;
  const out: ValidatedFields = [];
  for (const [field, value] of attrs) {
    const before = settings[field];
    if (NESTED_CONFIGS.has(field)) {
      if (isJsonObject(value) && Object.keys(value).length > 0) out.push([field, mergeNestedConfig(field, before, value)]);
      continue;
    }
    // Python's `{**stored, **sent}`: a stored or sent value that is not a dictionary raises TypeError, a 500 (both
    // versions; measured against 2025-08-04 with `survey_config: "dark"` after a dictionary).
    if (
      merged.includes(field) &&
      value !== null &&
      before !== null &&
      before !== undefined &&
      !(isJsonObject(value) && isJsonObject(before))
    )
      throw serverError();
    if (value !== null && isJsonObject(value) && isJsonObject(before)) {
      if (merged.includes(field)) {
        out.push([field, { ...before, ...value }]);
        continue;
      }
      if (field === "session_replay_config") {
        const merged: JsonObject = { ...before };
        for (const [k, v] of Object.entries(value)) {
          const old = Object.hasOwn(before, k) ? before[k] : undefined;
          setKey(merged, k, isJsonObject(v) && isJsonObject(old) ? { ...old, ...v } : v);
        }
        out.push([field, merged]);
        continue;
      }
    }
    out.push([field, value]);
  }
  // conversations_settings.handle_conversations_token_on_update
  const enabled = out.find(([f]) => f === "conversations_enabled")?.[1];
  if (enabled === true || enabled === false) {
    const given = out.find(([f]) => f === "conversations_settings");
    const current = given ? given[1] : (settings.conversations_settings ?? null);
    let next: Json = current;
    if (enabled && !(isJsonObject(current) && typeof current.widget_public_token === "string" && current.widget_public_token !== "")) {
      next = { ...(isJsonObject(current) ? current : {}), widget_public_token: tokenUrlsafe() };
    } else if (!enabled && isJsonObject(current)) {
      next = { ...current, widget_public_token: null };
    }
    if (!jsonEqual(next, current)) {
      if (given) given[1] = next;
      else out.push(["conversations_settings", next]);
    }
  }
  return out;
}

/** Apply validated settings; returns the activity changes. */
export function applySettings(
  p: StoredProject,
  attrs: ValidatedFields,
  version: PostHogVersion = "current",
): Array<{ field: string; before: Json; after: Json }> {
  const changes: Array<{ field: string; before: Json; after: Json }> = [];
  for (const [field, after] of updatedValues(p, attrs, version)) {
    const before = p.settings[field] ?? null;
    if (!jsonEqual(before, after)) changes.push({ field, before: cloneJson(before), after: cloneJson(after) });
    p.settings[field] = cloneJson(after);
  }
  return changes;
}

/** Validate and apply an update through either serializer; returns the project. */
export function updateProject(ctx: ApiContext, p: StoredProject, kind: SerializerKind, partial: boolean): StoredProject {
  const vctx = validationContext(ctx, p.organizationId, p, kind);
  const attrs = validateProjectFields(ctx.req.body(), vctx, partial);
  validateProjectObject(attrs, vctx);
  const changes = applySettings(p, applicable(attrs, ctx.store.organization(p.organizationId), ctx.req.body()), ctx.services.version);
  p.updatedAtMicros = nowMicros();
  if (changes.length > 0) ctx.services.activity.record(p.id, ctx.user, "updated", ActivityLog.changes(changes), String(p.settings.name));
  ctx.store.changed();
  return p;
}

function update(family: Family, name: "update" | "partial_update"): Action {
  return {
    name,
    handler: (ctx) =>
      json(
        200,
        serializeProject(
          ctx.store,
          updateProject(ctx, getObject(ctx, family), "project", name === "partial_update"),
          ctx.user,
          ctx.services.version,
        ),
      ),
  };
}

function destroy(family: Family): Action {
  return {
    name: "destroy",
    handler: (ctx) => {
      const p = getObject(ctx, family);
      requireProjectAdmin(ctx, p);
      if (p.pendingDeletion === true) throw validationError("This project is already being deleted.");
      ctx.services.activity.record(p.id, ctx.user, "deleted", null, String(p.settings.name));
      // The 2025-08-04 PostHog deletes the project's rows within the request (only ClickHouse data is deferred).
      if (ctx.services.version === "2025-08-04") ctx.services.deletion.purge(p.id);
      else ctx.services.deletion.markPending(p.id);
      return noContent();
    },
  };
}

function resetToken(family: Family): Action {
  return {
    name: "reset_token",
    handler: (ctx) => {
      const p = getObject(ctx, family);
      requireProjectAdmin(ctx, p);
      const before = p.apiToken;
      p.apiToken = generateProjectToken();
      p.liveEventsToken = liveEventsToken(ctx.store, p, ctx.user.id);
      p.updatedAtMicros = nowMicros();
      ctx.services.activity.record(
        p.id,
        ctx.user,
        "updated",
        ActivityLog.changes([{ field: "api_token", before, after: p.apiToken }]),
        String(p.settings.name),
      );
      ctx.store.changed();
      return json(200, serializeProject(ctx.store, p, ctx.user, ctx.services.version));
    },
  };
}

function activity(family: Family): Action {
  return { name: "activity", handler: (ctx) => json(200, ctx.services.activity.page(ctx.req, getObject(ctx, family).id)) };
}

function demoData(family: Family): Action {
  return {
    name: "is_generating_demo_data",
    handler: (ctx): ApiResponse => json(200, { is_generating_demo_data: ctx.services.demo.isGenerating(getObject(ctx, family).id) }),
  };
}

function familyRoutes(family: Family): ApiRoute[] {
  const permission = familyPermission(family);
  const listOrg = (ctx: ApiContext) => family.organization(ctx);
  const detailOrg = (ctx: ApiContext) =>
    family === orgFamily
      ? family.organization(ctx)
      : (ctx.store.organization(scopeTeamOfDetail(ctx).organizationId) ?? currentOrganization(ctx));
  const detail = (suffix: string, methods: ApiRoute["methods"]): ApiRoute => ({
    pattern: `${family.base}/:id${suffix}`,
    detail: true,
    scopeObject: "project",
    methods,
    scopeTeam: scopeTeamOfDetail,
    scopeOrganization: detailOrg,
    permission,
  });
  return [
    {
      pattern: family.base,
      detail: false,
      scopeObject: "project",
      methods: { GET: list(family), POST: create(family) },
      scopeTeam: () => null,
      scopeOrganization: listOrg,
      permission,
    },
    detail("/reset_token", { PATCH: resetToken(family) }),
    detail("/activity", { GET: activity(family) }),
    detail("/is_generating_demo_data", { GET: demoData(family) }),
    {
      ...detail("", {
        GET: retrieve(family),
        PUT: update(family, "update"),
        PATCH: update(family, "partial_update"),
        DELETE: destroy(family),
      }),
      scopesFor: configOnlyScopes("project"),
    },
  ];
}

const ENVIRONMENTS_GONE = "Multiple environments per project are no longer available. Please contact support if you need assistance.";

/**
 * `/api/projects/:project_id/environments/` (ProjectEnvironmentsViewSet): today's PostHog refuses every request.
 * 2025-08-04 still routes it, but its list fails on the parent lookup (a 500) and a detail is not found (measured).
 */
function projectEnvironmentsRoutes(version: PostHogVersion): ApiRoute[] {
  const base: Omit<ApiRoute, "pattern"> = {
    detail: false,
    scopeObject: "project",
    methods: {},
    scopeTeam: () => null,
    scopeOrganization: (ctx) => currentOrganization(ctx),
    permission: () => {
      throw permissionDenied(ENVIRONMENTS_GONE);
    },
  };
  if (version === "2025-08-04") {
    const failing = (name: string, error: () => Error): ApiRoute["methods"] => ({
      GET: {
        name,
        handler: () => {
          throw error();
        },
      },
    });
    return [
      { ...base, permission: undefined, pattern: "/api/projects/:project_id/environments", methods: failing("list", serverError) },
      {
        ...base,
        permission: undefined,
        pattern: "/api/projects/:project_id/environments/:id",
        detail: true,
        methods: failing("retrieve", notFound),
      },
    ];
  }
  return [
    { ...base, pattern: "/api/projects/:project_id/environments" },
    { ...base, pattern: "/api/projects/:project_id/environments/:id", detail: true },
  ];
}

export const rootProjects: Family = rootFamily;

export function projectRoutes(version: PostHogVersion = "current"): ApiRoute[] {
  return [...familyRoutes(orgFamily), ...projectEnvironmentsRoutes(version), ...familyRoutes(rootFamily)];
}
