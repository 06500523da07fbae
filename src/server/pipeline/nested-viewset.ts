/**
 * The project-nested viewsets of feature flags, cohorts, actions and annotations: `TeamAndOrgViewSetMixin` +
 * `ForbidDestroyModel` + `ModelViewSet` in PostHog (posthog/api/routing.py, posthog/api/forbid_destroy_model.py).
 * They answer only under `/api/projects/:project_id/` (posthog/api/__init__.py registers them on `projects_router`,
 * not through `register_grandfathered_environment_nested_viewset`), and DELETE is 405 with an empty body: they are
 * deleted by `PATCH {"deleted": true}`. The other nested viewsets differ, each by an option of `NestedViewSet`:
 * UUID keys (`lookup`: surveys, hog functions, alerts), a real DELETE (`destroy`: surveys, alerts), also served under
 * `/api/environments/:project_id/` (`environments`: hog functions, dashboards, insights, alerts, registered with
 * `register_grandfathered_environment_nested_viewset`) and scopes that depend on the version (`scopesFor`: alerts).
 */
import { notFound, validationError } from "../drf/errors";
import { FieldFailure, type FieldRule, fail, runRule } from "../drf/fields";
import { pyInt, pyTypeName } from "../drf/py";
import { isJsonObject, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import type { ObjectKind, StoredObject, StoredProject } from "../state/types";
import type { ApiContext, ApiRoute } from "./api";
import type { ApiResponse } from "./http";
import { requireProjectAccess, teamParam } from "./permissions";

export interface NestedViewSet {
  /** The URL segment under `/api/projects/:project_id/` (e.g. `feature_flags`). */
  path: string;
  /** `scope_object` of the viewset: `feature_flag`, `cohort`, `action`, `annotation`. */
  scopeObject: string;
  list: (ctx: ApiContext, team: StoredProject) => ApiResponse;
  create: (ctx: ApiContext, team: StoredProject) => ApiResponse;
  retrieve: (ctx: ApiContext, team: StoredProject, id: number) => ApiResponse;
  update: (ctx: ApiContext, team: StoredProject, id: number, partial: boolean) => ApiResponse;
  /** The stored id of the URL key in the project, or null for a 404 (a UUID key: `uuidLookup`); integers by default. */
  lookup?: (ctx: ApiContext, team: StoredProject, key: string) => number | null;
  /** A real DELETE; without it DELETE is `ForbidDestroyModel`'s 405. */
  destroy?: (ctx: ApiContext, team: StoredProject, id: number) => ApiResponse | Promise<ApiResponse>;
  /** Also served under `/api/environments/:project_id/` (`register_grandfathered_environment_nested_viewset`). */
  environments?: boolean;
  /** Scopes that depend on the request (`ApiRoute.scopesFor`). */
  scopesFor?: ApiRoute["scopesFor"];
  /**
   * `@action(methods=["POST"], detail=True, required_scopes=["<scope_object>:write"])`s of the viewset, by name
   * (`…/<id>/<name>/`): a batch export's `pause` and `unpause`.
   */
  detailActions?: Readonly<Record<string, (ctx: ApiContext, team: StoredProject, id: number) => ApiResponse>>;
}

export function projectOf(ctx: ApiContext): StoredProject {
  return teamParam(ctx, ctx.params.project_id);
}

/** DRF `get_object_or_404`: a pk that is not an integer is a 404 like an unknown one. */
export function detailId(ctx: ApiContext): number {
  const id = pyInt(ctx.params.id);
  if (id === null) throw notFound();
  return id;
}

/** An object of the project (deleted ones included: PostHog filters `deleted` only where each viewset says). */
export function findInProject(store: Store, kind: ObjectKind, team: StoredProject, id: number): StoredObject {
  const o = store.object(kind, id);
  if (!o || o.teamId !== team.id) throw notFound();
  return o;
}

/** A UUID primary key stored in `fields[field]`, matched case-insensitively among the project's objects. */
export function uuidLookup(kind: ObjectKind, field: string): NonNullable<NestedViewSet["lookup"]> {
  return (ctx, team, key) => {
    const uuid = key.toLowerCase();
    return ctx.store.objects(kind).find((o) => o.teamId === team.id && o.fields[field] === uuid)?.id ?? null;
  };
}

export function nestedViewSetRoutes(v: NestedViewSet): ApiRoute[] {
  const routes = nestedRoutesUnder("projects", v);
  return v.environments ? [...routes, ...nestedRoutesUnder("environments", v)] : routes;
}

/** A detail route's object id: through `lookup` where the viewset looks objects up by another field, else the number. */
export function detailIdBy(lookup: NestedViewSet["lookup"]): (ctx: ApiContext) => number {
  return (ctx) => {
    if (!lookup) return detailId(ctx);
    const found = lookup(ctx, projectOf(ctx), ctx.params.id ?? "");
    if (found === null) throw notFound();
    return found;
  };
}

/**
 * What every route of a viewset in a project shares: its scope object, the project and organization a key's scopes
 * are checked in, and the project access its permission asks for.
 */
export function inProjectRoute(scopeObject: string, scopesFor?: NestedViewSet["scopesFor"]) {
  return {
    scopeObject,
    scopeTeam: projectOf,
    scopeOrganization: (ctx: ApiContext) => {
      const org = ctx.store.organization(projectOf(ctx).organizationId);
      if (!org) throw notFound("Organization not found.");
      return org;
    },
    permission: (ctx: ApiContext) => requireProjectAccess(ctx, projectOf(ctx)),
    scopesFor,
  };
}

function nestedRoutesUnder(parent: "projects" | "environments", v: NestedViewSet): ApiRoute[] {
  const id = detailIdBy(v.lookup);
  const common = inProjectRoute(v.scopeObject, v.scopesFor);
  const base = `/api/${parent}/:project_id/${v.path}`;
  return [
    {
      ...common,
      pattern: base,
      detail: false,
      methods: {
        GET: { name: "list", handler: (ctx) => v.list(ctx, projectOf(ctx)) },
        POST: { name: "create", handler: (ctx) => v.create(ctx, projectOf(ctx)) },
      },
    },
    {
      ...common,
      pattern: `${base}/:id`,
      detail: true,
      methods: {
        GET: { name: "retrieve", handler: (ctx) => v.retrieve(ctx, projectOf(ctx), id(ctx)) },
        PUT: { name: "update", handler: (ctx) => v.update(ctx, projectOf(ctx), id(ctx), false) },
        PATCH: { name: "partial_update", handler: (ctx) => v.update(ctx, projectOf(ctx), id(ctx), true) },
        // ForbidDestroyModel.destroy: `Response(status=405)`, after authentication, scopes and permissions.
        DELETE: { name: "destroy", handler: (ctx) => (v.destroy ? v.destroy(ctx, projectOf(ctx), id(ctx)) : { status: 405 }) },
      },
    },
    ...Object.entries(v.detailActions ?? {}).map(
      ([name, handler]): ApiRoute => ({
        ...common,
        pattern: `${base}/:id/${name}`,
        detail: true,
        requiredScopes: [`${v.scopeObject}:write`],
        methods: { POST: { name, handler: (ctx) => handler(ctx, projectOf(ctx), id(ctx)) } },
      }),
    ),
  ];
}

/** UserBasicSerializer (posthog/api/shared.py) of the creator; null once the user is gone (SET_NULL). */
export function userBasic(store: Store, userId: number): JsonObject | null {
  const u = store.user(userId);
  if (!u) return null;
  return {
    id: u.id,
    uuid: u.uuid,
    distinct_id: u.distinctId,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    is_email_verified: null,
    hedgehog_config: null,
    role_at_organization: null,
  };
}

export type SerializerFields<C> = ReadonlyArray<readonly [string, FieldRule<C>]>;

/**
 * DRF `Serializer.to_internal_value`: the writable fields present in the body, validated in the serializer's field
 * order; a missing `required` field is "This field is required." unless `partial`. Only the first error is answered
 * (drf-exceptions-hog), named `<field>__<path>`.
 */
export function validateBody<C>(
  body: unknown,
  fields: SerializerFields<C>,
  ctx: C,
  required: readonly string[],
  partial: boolean,
): JsonObject {
  if (!isJsonObject(body)) throw validationError(`Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`, null, "invalid");
  const out: JsonObject = {};
  for (const [name, rule] of fields) {
    try {
      if (!(name in body)) {
        if (!partial && required.includes(name)) fail("required", "This field is required.");
        continue;
      }
      out[name] = runRule(rule, body[name], ctx);
    } catch (e) {
      if (!(e instanceof FieldFailure)) throw e;
      throw validationError(e.detail, [name, ...e.path].join("__"), e.code);
    }
  }
  return out;
}

/** PostHog's `tagify` (posthog/models/tag.py): stripped, lower case, deduplicated (TaggedItemSerializerMixin). */
export function tagify(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()))];
}
