/**
 * The steps the project-nested viewsets (nested-viewset.ts) share at the end of a list and of an update: Django's
 * `icontains` search, the `-created_at, -id` ordering, the limit/offset page of serialized rows (or DRF's
 * PageNumberPagination page, where a viewset has it), and an update's save and answer.
 */
import { notFound } from "../drf/errors";
import { formatQueryParamsAbsoluteUrl, limitOffsetPage } from "../drf/pagination";
import { pyStr } from "../drf/py";
import type { Json, JsonObject } from "../state/json";
import { nowMicros } from "../state/time";
import type { StoredObject } from "../state/types";
import type { ApiContext } from "./api";
import { type ApiResponse, json } from "./http";

/** `ORDER BY -created_at, -id`: the newest first, the later id first among equals. */
export function newestFirst(a: StoredObject, b: StoredObject): number {
  return b.createdAtMicros - a.createdAtMicros || b.id - a.id;
}

/** A list's answer: the limit/offset page of `rows` (filtered and ordered by the viewset), each serialized. */
export function pageAnswer(
  ctx: ApiContext,
  rows: readonly StoredObject[],
  serialize: (o: StoredObject) => JsonObject,
  defaultLimit?: number,
): ApiResponse {
  const page = limitOffsetPage(ctx.req, rows, defaultLimit);
  return json(200, { ...page, results: page.results.map(serialize) });
}

/** DRF's PageNumberPagination page `page` of `rows`, `pageSize` to a page, each serialized ("Invalid page." past the end). */
export function pageNumberAnswer(
  ctx: ApiContext,
  rows: readonly StoredObject[],
  serialize: (o: StoredObject) => JsonObject,
  pageSize: number,
): ApiResponse {
  const page = Math.max(1, Number.parseInt(ctx.req.param("page") ?? "1", 10) || 1);
  const start = (page - 1) * pageSize;
  if (start > 0 && start >= rows.length) throw notFound("Invalid page.");
  return json(200, {
    count: rows.length,
    next: start + pageSize < rows.length ? formatQueryParamsAbsoluteUrl(ctx.req, page + 1, 0, "page") : null,
    previous: page > 1 ? formatQueryParamsAbsoluteUrl(ctx.req, page - 1, 0, "page") : null,
    results: rows.slice(start, start + pageSize).map(serialize),
  });
}

/** An update's end: the object's modification time, the store saved, then the record answered (200). */
export function updatedAnswer(ctx: ApiContext, o: StoredObject, serialize: () => JsonObject): ApiResponse {
  o.updatedAtMicros = nowMicros();
  ctx.store.changed();
  return json(200, serialize());
}

/** Django `icontains`: `search` is a case-insensitive substring of the field's text (a missing field is ""). */
export function icontains(value: Json | undefined, search: string): boolean {
  return pyStr(value ?? "")
    .toLowerCase()
    .includes(search.toLowerCase());
}
