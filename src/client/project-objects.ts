/**
 * The shape shared by PostHog's project-scoped objects: list, get, create, update, and their deletion under
 * `/api/projects/<project_id>/<path>/`. Most are deleted by `PATCH {"deleted": true}` (feature flags, cohorts,
 * actions, annotations, experiments, hog functions, dashboards, insights; ForbidDestroyModel answers DELETE with 405);
 * surveys and alerts by DELETE. Ids are numbers, or UUIDs (surveys, hog functions, alerts). Each kind's endpoints
 * (src/kinds/<kind>/endpoints.ts) are named with it.
 */
import type { z } from "zod";
import { limitOffsetPageSchema } from "./activity";
import { collect, followPages } from "./pagination";
import { numberSegment, uuidSegment } from "./paths";
import type { Query, Transport } from "./transport";

/** The writable fields to send, snake_case, as PostHog names them. */
export type ObjectBody = Record<string, unknown>;

/** An integer primary key, or the UUID of a UUID-keyed object (surveys, hog functions, alerts). */
export type ObjectId = number | string;

export interface Collection<S extends z.ZodType> {
  /** URL segment: `feature_flags`, `cohorts`, `actions`, `annotations`. */
  path: string;
  /** For messages: "feature flag", "cohort", … */
  noun: string;
  schema: S;
}

export const collectionPath = (collection: Collection<z.ZodType>, projectId: number) =>
  `/api/projects/${numberSegment("project id", projectId)}/${collection.path}/`;
const itemPath = (collection: Collection<z.ZodType>, projectId: number, id: ObjectId) =>
  `${collectionPath(collection, projectId)}${typeof id === "number" ? numberSegment(`${collection.noun} id`, id) : uuidSegment(`${collection.noun} id`, id)}/`;
const subject = (collection: Collection<z.ZodType>, projectId: number, id: ObjectId) => `${collection.noun} ${id} in project ${projectId}`;

/** A list's query parameters: the filters that are set. */
export function definedOnly(filters: object): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** One limit/offset page (PostHog leaves deleted objects out of lists). */
export function listPage<S extends z.ZodType>(http: Transport, collection: Collection<S>, projectId: number, query: Query) {
  return http.request({
    method: "GET",
    path: collectionPath(collection, projectId),
    query,
    schema: limitOffsetPageSchema(collection.schema),
    subject: `project ${projectId}`,
  });
}

/** Every object the list answers, following `next` links; `filters` are the list's query parameters. */
export function iterate<S extends z.ZodType>(
  http: Transport,
  collection: Collection<S>,
  projectId: number,
  filters: Record<string, string> = {},
  pageSize = 100,
): AsyncGenerator<z.output<S>, void, undefined> {
  return followPages((q) => listPage(http, collection, projectId, q), { ...filters, limit: String(pageSize) });
}

export function listAll<S extends z.ZodType>(
  http: Transport,
  collection: Collection<S>,
  projectId: number,
  filters?: Record<string, string>,
  pageSize?: number,
) {
  return collect(iterate(http, collection, projectId, filters, pageSize));
}

export function get<S extends z.ZodType>(http: Transport, collection: Collection<S>, projectId: number, id: ObjectId) {
  return http.request({
    method: "GET",
    path: itemPath(collection, projectId, id),
    schema: collection.schema,
    subject: subject(collection, projectId, id),
  });
}

/** Never resent once it may have reached PostHog (the transport treats POST so): a resend would make a second one. */
export function create<S extends z.ZodType>(http: Transport, collection: Collection<S>, projectId: number, body: ObjectBody) {
  return http.request({
    method: "POST",
    path: collectionPath(collection, projectId),
    body,
    schema: collection.schema,
    subject: `project ${projectId}`,
  });
}

export function update<S extends z.ZodType>(http: Transport, collection: Collection<S>, projectId: number, id: ObjectId, body: ObjectBody) {
  return http.request({
    method: "PATCH",
    path: itemPath(collection, projectId, id),
    body,
    schema: collection.schema,
    subject: subject(collection, projectId, id),
  });
}

/** `PATCH {"deleted": true, …extra}`: PostHog keeps the object, marked deleted; it answers the record. */
export function softDelete<S extends z.ZodType>(
  http: Transport,
  collection: Collection<S>,
  projectId: number,
  id: ObjectId,
  extra: ObjectBody = {},
) {
  return update(http, collection, projectId, id, { ...extra, deleted: true });
}

/**
 * DELETE, for the objects PostHog really deletes (surveys, alerts: 204). Retried like any idempotent request, so a
 * retry after a DELETE that did reach PostHog answers 404: the caller treats that as deleted.
 */
export async function destroy(http: Transport, collection: Collection<z.ZodType>, projectId: number, id: ObjectId): Promise<void> {
  await http.request({ method: "DELETE", path: itemPath(collection, projectId, id), subject: subject(collection, projectId, id) });
}

/** A list's limit/offset, next to its filters. */
export interface PageQuery {
  limit?: number;
  offset?: number;
}

/**
 * One collection's endpoints with the collection bound, so that each kind's endpoints (src/kinds/<kind>/endpoints.ts)
 * name them instead of repeating them. `I` is its id (number, or UUID string); `F` its list filters, all optional strings; `pageSize`
 * the page size it lists by when the caller gives none (PostHog's own default where the list is long, as annotations).
 */
export function endpoints<S extends z.ZodType, I extends ObjectId, F extends object = Record<never, never>>(
  collection: Collection<S>,
  pageSize?: number,
) {
  return {
    collection,
    listPage: (http: Transport, projectId: number, page?: F & PageQuery) => listPage(http, collection, projectId, { ...page }),
    iterate: (http: Transport, projectId: number, filters?: F, size?: number): AsyncGenerator<z.output<S>, void, undefined> =>
      iterate(http, collection, projectId, definedOnly(filters ?? {}), size ?? pageSize),
    listAll: (http: Transport, projectId: number, filters?: F, size?: number): Promise<z.output<S>[]> =>
      listAll(http, collection, projectId, definedOnly(filters ?? {}), size ?? pageSize),
    get: (http: Transport, projectId: number, id: I) => get(http, collection, projectId, id),
    create: (http: Transport, projectId: number, body: ObjectBody) => create(http, collection, projectId, body),
    update: (http: Transport, projectId: number, id: I, body: ObjectBody) => update(http, collection, projectId, id, body),
    softDelete: (http: Transport, projectId: number, id: I) => softDelete(http, collection, projectId, id),
    destroy: (http: Transport, projectId: number, id: I): Promise<void> => destroy(http, collection, projectId, id),
  };
}
