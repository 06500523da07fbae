/**
 * The shape shared by PostHog's scoped objects: list, get, create, update, and their deletion under their scope's
 * path: `/api/projects/<project_id>/<path>/` for a project's objects (or `/api/environments/<id>/<path>/` where a
 * PostHog version serves them there), `/api/organizations/<organization_id>/<path>/` for an organization's (roles,
 * members, invites, proxy records: posthog/api/routing.py nests them so), and under a parent object of the same scope
 * for objects nested in it (`/api/organizations/<id>/roles/<role_id>/role_memberships/`, ee/api/rbac/role.py). Most
 * project objects are deleted by `PATCH {"deleted": true}` (feature flags, cohorts, actions, annotations,
 * experiments, hog functions, dashboards, insights; ForbidDestroyModel answers DELETE with 405); surveys and alerts by
 * DELETE. Ids are numbers, or UUIDs (surveys, hog functions, alerts). Each kind's endpoints name theirs with it.
 */
import { z } from "zod";
import { limitOffsetPageSchema } from "./activity";
import { collect, followPages, pagesOf } from "./pagination";
import { nameSegment, numberSegment, organizationSegment, shortIdSegment, uuidSegment } from "./paths";
import type { Query, Transport } from "./transport";
import { PostHogError } from "./errors";

/** The writable fields to send, snake_case, as PostHog names them. */
export type ObjectBody = Record<string, unknown>;

/** An integer primary key, or the UUID of a UUID-keyed object (surveys, hog functions, alerts). */
export type ObjectId = number | string;

/**
 * Where a kind's objects are: a project's number, an organization's id (UUID, `@current` or slug), or, for objects
 * nested under another object of that scope, the scope and the parent's id.
 */
export type At = number | string | { readonly scope: number | string; readonly parent: ObjectId };

export interface Collection<S extends z.ZodType> {
  /** URL segment: `feature_flags`, `cohorts`, `actions`, `annotations`. */
  path: string;
  /** For messages: "feature flag", "cohort", … */
  noun: string;
  schema: S;
  /** The scope its objects live in: a project's (the default) or an organization's. */
  scope?: "project" | "organization";
  /** The root a project's objects are served under: `projects` (the default), or `environments`. */
  root?: "projects" | "environments";
  /** The object of the same scope they are nested under: its URL segment and noun (`roles`, "role"). */
  parent?: { readonly path: string; readonly noun: string };
  /** Keyed in paths by their short id (playlists, notebooks) rather than by number or UUID. */
  byShortId?: true;
  /** Keyed in paths by their name (endpoints) rather than by number or UUID. */
  byName?: true;
  /**
   * Their update answers 204 without the record (error tracking rules' custom `update`s): it is read back with a GET.
   */
  readBack?: true;
  /** Some PostHog version answers their list whole, `{"results": [...]}`, without `count` or `next`: one page. */
  mayListWhole?: true;
}

const keySegment = (what: string, id: ObjectId, by?: Pick<Collection<z.ZodType>, "byShortId" | "byName">) =>
  typeof id === "number"
    ? numberSegment(what, id)
    : by?.byShortId
      ? shortIdSegment(what, id)
      : by?.byName
        ? nameSegment(what, id)
        : uuidSegment(what, id);

function split(at: At): { scope: number | string; parent: ObjectId | undefined } {
  return typeof at === "object" ? at : { scope: at, parent: undefined };
}

export function collectionPath(collection: Collection<z.ZodType>, at: At): string {
  const { scope, parent } = split(at);
  const root =
    collection.scope === "organization"
      ? `/api/organizations/${organizationSegment(String(scope))}/`
      : `/api/${collection.root ?? "projects"}/${numberSegment("project id", Number(scope))}/`;
  if (!collection.parent) return `${root}${collection.path}/`;
  if (parent === undefined) throw new Error(`The PostHog ${collection.noun} needs its ${collection.parent.noun}'s id.`);
  return `${root}${collection.parent.path}/${keySegment(`${collection.parent.noun} id`, parent)}/${collection.path}/`;
}
const itemPath = (collection: Collection<z.ZodType>, at: At, id: ObjectId) =>
  `${collectionPath(collection, at)}${keySegment(`${collection.noun} id`, id, collection)}/`;

/** Where, for messages: "project 7", "role 3 of organization @current". */
function place(collection: Collection<z.ZodType>, at: At): string {
  const { scope, parent } = split(at);
  const top = `${collection.scope ?? "project"} ${scope}`;
  return collection.parent ? `${collection.parent.noun} ${String(parent)} of ${top}` : top;
}
const subject = (collection: Collection<z.ZodType>, at: At, id: ObjectId) => `${collection.noun} ${id} in ${place(collection, at)}`;

/** A list's query parameters: the filters that are set. */
export function definedOnly(filters: object): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** A list answered whole: its one page, as a limit/offset page without its count. */
function wholeOrPageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    count: z.number().int().optional(),
    next: z
      .string()
      .nullish()
      .transform((next) => next ?? null),
    results: z.array(item),
  });
}

/** One limit/offset page (PostHog leaves deleted objects out of lists), or the whole list where PostHog answers it so. */
export function listPage<S extends z.ZodType>(http: Transport, collection: Collection<S>, at: At, query: Query) {
  return http.request({
    method: "GET",
    path: collectionPath(collection, at),
    query,
    schema: collection.mayListWhole ? wholeOrPageSchema(collection.schema) : limitOffsetPageSchema(collection.schema),
    subject: place(collection, at),
  });
}

/** Every object the list answers, following `next` links; `filters` are the list's query parameters. */
export function iterate<S extends z.ZodType>(
  http: Transport,
  collection: Collection<S>,
  at: At,
  filters: Record<string, string> = {},
  pageSize = 100,
): AsyncGenerator<z.output<S>, void, undefined> {
  return followPages((q) => listPage(http, collection, at, q), { ...filters, limit: String(pageSize) });
}

/** Every page the list answers (with PostHog's `count` of the objects listed), following `next` links. */
export function pages<S extends z.ZodType>(http: Transport, collection: Collection<S>, at: At, pageSize = 100) {
  return pagesOf((q) => listPage(http, collection, at, q), { limit: String(pageSize) });
}

export function listAll<S extends z.ZodType>(
  http: Transport,
  collection: Collection<S>,
  at: At,
  filters?: Record<string, string>,
  pageSize?: number,
) {
  return collect(iterate(http, collection, at, filters, pageSize));
}

export function get<S extends z.ZodType>(http: Transport, collection: Collection<S>, at: At, id: ObjectId) {
  return http.request({
    method: "GET",
    path: itemPath(collection, at, id),
    schema: collection.schema,
    subject: subject(collection, at, id),
  });
}

/**
 * One object of a collection PostHog lists but does not answer one by one to a personal API key (an organization's
 * members, invites and proxy records: their viewsets have no retrieve): found among `listed`, else PostHog's 404.
 */
export async function findListed<T>(
  listed: Promise<readonly T[]>,
  matches: (record: T) => boolean,
  collection: Collection<z.ZodType>,
  at: At,
  id: ObjectId,
): Promise<T> {
  const found = (await listed).find(matches);
  if (found !== undefined) return found;
  throw new PostHogError({
    kind: "http",
    status: 404,
    method: "GET",
    path: collectionPath(collection, at),
    subject: subject(collection, at, id),
    body: { type: "invalid_request", code: "not_found", detail: "Not found." },
  });
}

/** Never resent once it may have reached PostHog (the transport treats POST so): a resend would make a second one. */
export function create<S extends z.ZodType>(http: Transport, collection: Collection<S>, at: At, body: ObjectBody) {
  return http.request({
    method: "POST",
    path: collectionPath(collection, at),
    body,
    schema: collection.schema,
    subject: place(collection, at),
  });
}

export async function update<S extends z.ZodType>(http: Transport, collection: Collection<S>, at: At, id: ObjectId, body: ObjectBody) {
  const patch = { method: "PATCH", path: itemPath(collection, at, id), body, subject: subject(collection, at, id) } as const;
  if (!collection.readBack) return http.request({ ...patch, schema: collection.schema });
  await http.request(patch);
  return get(http, collection, at, id);
}

/**
 * A POST to one of an object's own actions (a viewset's `@action(detail=True)`: `<object>/<name>/`, no body), which
 * answers the object. Never resent once it may have reached PostHog (the transport treats POST so).
 */
export function detailAction<S extends z.ZodType>(http: Transport, collection: Collection<S>, at: At, id: ObjectId, name: string) {
  return http.request({
    method: "POST",
    path: `${itemPath(collection, at, id)}${name}/`,
    body: {},
    schema: collection.schema,
    subject: subject(collection, at, id),
  });
}

/** `PATCH {"deleted": true, …extra}`: PostHog keeps the object, marked deleted; it answers the record. */
export function softDelete<S extends z.ZodType>(http: Transport, collection: Collection<S>, at: At, id: ObjectId, extra: ObjectBody = {}) {
  return update(http, collection, at, id, { ...extra, deleted: true });
}

/**
 * DELETE, for the objects PostHog really deletes (surveys, alerts: 204). Retried like any idempotent request, so a
 * retry after a DELETE that did reach PostHog answers 404: the caller treats that as deleted.
 */
export async function destroy(http: Transport, collection: Collection<z.ZodType>, at: At, id: ObjectId): Promise<void> {
  await http.request({ method: "DELETE", path: itemPath(collection, at, id), subject: subject(collection, at, id) });
}

/** A list's limit/offset, next to its filters. */
export interface PageQuery {
  limit?: number;
  offset?: number;
}

/**
 * One kind's endpoints with its kind bound, so each kind's endpoints.ts names them instead of repeating them. `I` is
 * its id (number, or UUID string); `F` its list filters, all optional strings; `A` where its objects are (a project's
 * number by default; see `At`); `pageSize` the page size it lists by when the caller gives none (PostHog's own
 * default where the list is long, as annotations).
 */
export function endpoints<S extends z.ZodType, I extends ObjectId, F extends object = Record<never, never>, A extends At = number>(
  collection: Collection<S>,
  pageSize?: number,
) {
  return {
    collection,
    listPage: (http: Transport, at: A, page?: F & PageQuery) => listPage(http, collection, at, { ...page }),
    iterate: (http: Transport, at: A, filters?: F, size?: number): AsyncGenerator<z.output<S>, void, undefined> =>
      iterate(http, collection, at, definedOnly(filters ?? {}), size ?? pageSize),
    /** Every page of the unfiltered list, as PostHog answers them (src/kit/list-reads.ts reads objects from them). */
    pages: (http: Transport, at: A) => pages(http, collection, at, pageSize),
    listAll: (http: Transport, at: A, filters?: F, size?: number): Promise<z.output<S>[]> =>
      listAll(http, collection, at, definedOnly(filters ?? {}), size ?? pageSize),
    get: (http: Transport, at: A, id: I) => get(http, collection, at, id),
    create: (http: Transport, at: A, body: ObjectBody) => create(http, collection, at, body),
    update: (http: Transport, at: A, id: I, body: ObjectBody) => update(http, collection, at, id, body),
    /** `extra`: what PostHog needs in the same PATCH (a saved filter playlist's live filters). */
    softDelete: (http: Transport, at: A, id: I, extra?: ObjectBody) => softDelete(http, collection, at, id, extra),
    destroy: (http: Transport, at: A, id: I): Promise<void> => destroy(http, collection, at, id),
    action: (http: Transport, at: A, id: I, name: string) => detailAction(http, collection, at, id, name),
  };
}

/**
 * A project's one object of its kind, which PostHog makes on its first read (a team's settings: a model whose primary
 * key is its team, `get_or_create`): its GET and its PATCH, at `read` and `write` under the collection's path
 * (`error_tracking/settings/` + `retrieve_settings`, `update_settings`; an empty one is the collection itself).
 */
export function singleton<S extends z.ZodType>(collection: Collection<S>, paths: { readonly read: string; readonly write: string }) {
  const at = (projectId: number, tail: string) => `${collectionPath(collection, projectId)}${tail === "" ? "" : `${tail}/`}`;
  const subject = (projectId: number) => `the ${collection.noun} of project ${projectId}`;
  return {
    collection,
    read: (http: Transport, projectId: number) =>
      http.request({ method: "GET", path: at(projectId, paths.read), schema: collection.schema, subject: subject(projectId) }),
    write: (http: Transport, projectId: number, body: ObjectBody) =>
      http.request({ method: "PATCH", path: at(projectId, paths.write), body, schema: collection.schema, subject: subject(projectId) }),
  };
}
