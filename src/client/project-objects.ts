/**
 * The shape shared by PostHog's project-scoped objects: list, get, create, update, and their deletion under
 * `/api/projects/<project_id>/<path>/`. Most are deleted by `PATCH {"deleted": true}` (feature flags, cohorts,
 * actions, annotations, experiments, hog functions, dashboards, insights; ForbidDestroyModel answers DELETE with 405);
 * surveys and alerts by DELETE. Ids are numbers, or UUIDs (surveys, hog functions, alerts). Each resource module
 * (feature-flags.ts, …) names its endpoints with it.
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

export interface ObjectKind<S extends z.ZodType> {
  /** URL segment: `feature_flags`, `cohorts`, `actions`, `annotations`. */
  path: string;
  /** For messages: "feature flag", "cohort", … */
  noun: string;
  schema: S;
}

export const collectionPath = (kind: ObjectKind<z.ZodType>, projectId: number) =>
  `/api/projects/${numberSegment("project id", projectId)}/${kind.path}/`;
const itemPath = (kind: ObjectKind<z.ZodType>, projectId: number, id: ObjectId) =>
  `${collectionPath(kind, projectId)}${typeof id === "number" ? numberSegment(`${kind.noun} id`, id) : uuidSegment(`${kind.noun} id`, id)}/`;
const subject = (kind: ObjectKind<z.ZodType>, projectId: number, id: ObjectId) => `${kind.noun} ${id} in project ${projectId}`;

/** A list's query parameters: the filters that are set. */
export function definedOnly(filters: object): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** One limit/offset page (PostHog leaves deleted objects out of lists). */
export function listPage<S extends z.ZodType>(http: Transport, kind: ObjectKind<S>, projectId: number, query: Query) {
  return http.request({
    method: "GET",
    path: collectionPath(kind, projectId),
    query,
    schema: limitOffsetPageSchema(kind.schema),
    subject: `project ${projectId}`,
  });
}

/** Every object the list answers, following `next` links; `filters` are the list's query parameters. */
export function iterate<S extends z.ZodType>(
  http: Transport,
  kind: ObjectKind<S>,
  projectId: number,
  filters: Record<string, string> = {},
  pageSize = 100,
): AsyncGenerator<z.output<S>, void, undefined> {
  return followPages((q) => listPage(http, kind, projectId, q), { ...filters, limit: String(pageSize) });
}

export function listAll<S extends z.ZodType>(
  http: Transport,
  kind: ObjectKind<S>,
  projectId: number,
  filters?: Record<string, string>,
  pageSize?: number,
) {
  return collect(iterate(http, kind, projectId, filters, pageSize));
}

export function get<S extends z.ZodType>(http: Transport, kind: ObjectKind<S>, projectId: number, id: ObjectId) {
  return http.request({ method: "GET", path: itemPath(kind, projectId, id), schema: kind.schema, subject: subject(kind, projectId, id) });
}

/** Never resent once it may have reached PostHog (the transport treats POST so): a resend would make a second one. */
export function create<S extends z.ZodType>(http: Transport, kind: ObjectKind<S>, projectId: number, body: ObjectBody) {
  return http.request({
    method: "POST",
    path: collectionPath(kind, projectId),
    body,
    schema: kind.schema,
    subject: `project ${projectId}`,
  });
}

export function update<S extends z.ZodType>(http: Transport, kind: ObjectKind<S>, projectId: number, id: ObjectId, body: ObjectBody) {
  return http.request({
    method: "PATCH",
    path: itemPath(kind, projectId, id),
    body,
    schema: kind.schema,
    subject: subject(kind, projectId, id),
  });
}

/** `PATCH {"deleted": true, …extra}`: PostHog keeps the object, marked deleted; it answers the record. */
export function softDelete<S extends z.ZodType>(
  http: Transport,
  kind: ObjectKind<S>,
  projectId: number,
  id: ObjectId,
  extra: ObjectBody = {},
) {
  return update(http, kind, projectId, id, { ...extra, deleted: true });
}

/**
 * DELETE, for the objects PostHog really deletes (surveys, alerts: 204). Retried like any idempotent request, so a
 * retry after a DELETE that did reach PostHog answers 404: the caller treats that as deleted.
 */
export async function destroy(http: Transport, kind: ObjectKind<z.ZodType>, projectId: number, id: ObjectId): Promise<void> {
  await http.request({ method: "DELETE", path: itemPath(kind, projectId, id), subject: subject(kind, projectId, id) });
}

/** A list's limit/offset, next to its filters. */
export interface PageQuery {
  limit?: number;
  offset?: number;
}

/**
 * One resource's endpoints with its kind bound, so each resource module (feature-flags.ts, …) names them instead of
 * repeating them. `I` is its id (number, or UUID string); `F` its list filters, all optional strings; `pageSize`
 * the page size it lists by when the caller gives none (PostHog's own default where the list is long, as annotations).
 */
export function endpoints<S extends z.ZodType, I extends ObjectId, F extends object = Record<never, never>>(
  kind: ObjectKind<S>,
  pageSize?: number,
) {
  return {
    kind,
    listPage: (http: Transport, projectId: number, page?: F & PageQuery) => listPage(http, kind, projectId, { ...page }),
    iterate: (http: Transport, projectId: number, filters?: F, size?: number): AsyncGenerator<z.output<S>, void, undefined> =>
      iterate(http, kind, projectId, definedOnly(filters ?? {}), size ?? pageSize),
    listAll: (http: Transport, projectId: number, filters?: F, size?: number): Promise<z.output<S>[]> =>
      listAll(http, kind, projectId, definedOnly(filters ?? {}), size ?? pageSize),
    get: (http: Transport, projectId: number, id: I) => get(http, kind, projectId, id),
    create: (http: Transport, projectId: number, body: ObjectBody) => create(http, kind, projectId, body),
    update: (http: Transport, projectId: number, id: I, body: ObjectBody) => update(http, kind, projectId, id, body),
    softDelete: (http: Transport, projectId: number, id: I) => softDelete(http, kind, projectId, id),
    destroy: (http: Transport, projectId: number, id: I): Promise<void> => destroy(http, kind, projectId, id),
  };
}
