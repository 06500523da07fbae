/**
 * Pagination as PostHog does it: DRF's LimitOffsetPagination (rest_framework/pagination.py) for project lists, the
 * default class with PAGE_SIZE 100 of posthog/settings/web.py, and the page/limit links of activity pages
 * (posthog/utils.py `format_query_params_absolute_url`).
 */
import type { ServerRequest } from "../pipeline/http";
import { pyInt, removeQueryParam, replaceQueryParam } from "./py";

export interface LimitOffsetPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const DEFAULT_LIMIT = 100;

/** DRF `_positive_int`: strict refuses 0; anything invalid falls back. */
function positiveInt(text: string | undefined, strict: boolean, fallback: number): number {
  if (text === undefined) return fallback;
  const n = pyInt(text);
  if (n === null || n < 0 || (strict && n === 0)) return fallback;
  return n;
}

/** `defaultLimit`: the pagination class's `default_limit` (AnnotationsLimitOffsetPagination has 1000). */
export function limitOffsetPage<T>(req: ServerRequest, items: readonly T[], defaultLimit = DEFAULT_LIMIT): LimitOffsetPage<T> {
  const limit = positiveInt(req.param("limit"), true, defaultLimit);
  const offset = positiveInt(req.param("offset"), false, 0);
  const count = items.length;
  const results = count === 0 || offset > count ? [] : items.slice(offset, offset + limit);
  const url = req.absoluteUri();
  let next: string | null = null;
  if (offset + limit < count) next = replaceQueryParam(replaceQueryParam(url, "limit", limit), "offset", offset + limit);
  let previous: string | null = null;
  if (offset > 0) {
    const withLimit = replaceQueryParam(url, "limit", limit);
    previous = offset - limit <= 0 ? removeQueryParam(withLimit, "offset") : replaceQueryParam(withLimit, "offset", offset - limit);
  }
  return { count, next, previous, results };
}

/** PostHog `format_query_params_absolute_url`: replace `page=`/`limit=` in place, or append them. */
export function formatQueryParamsAbsoluteUrl(
  req: ServerRequest,
  offset: number,
  limit: number,
  offsetAlias = "offset",
  limitAlias = "limit",
): string {
  let url = req.absoluteUri();
  const apply = (alias: string, value: number) => {
    if (!value) return;
    const re = new RegExp(`([&?]${alias}=)(\\d+)`);
    url = re.test(url) ? url.replace(new RegExp(re.source, "g"), `$1${value}`) : `${url}${url.includes("?") ? "&" : "?"}${alias}=${value}`;
  };
  apply(offsetAlias, offset);
  apply(limitAlias, limit);
  return url;
}
