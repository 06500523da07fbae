/**
 * The endpoint's field table: the writable fields of today's EndpointRequest (posthog/schema.py, validated by
 * `validate_endpoint_request` and `validate_update_request`, products/endpoints/backend/logic/validation.py, and
 * written by EndpointCrudService, products/endpoints/backend/logic/crud.py; types EndpointRequestApi,
 * products/endpoints/frontend/generated/api.schemas.ts), each with PostHog's rule. Its query is a HogQLQuery or one
 * of the insight queries (`Union[HogQLQuery, InsightQueryNode]`, posthog/types.py), as Insight's query is checked
 * (src/kinds/insight/fields.ts); `querySql` stands for a HogQLQuery of its statement. PostHog stores the query as its
 * model dumps it (every field of the node, null where not given) and fills a HogQL query's `variables` from the
 * project's insight variables its `{variables.<code_name>}` placeholders name: keys the program does not write are
 * PostHog's. PostHog 2025-08-04 has no endpoints.
 */
import { z } from "zod";
import { ENDPOINT_NAME } from "../../client/paths";
import { type ApiTypes, type FieldDef, type LeftOut, sameWithin } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

export const VALIDATION = "validate_endpoint_request, products/endpoints/backend/logic/validation.py";
/** DATA_FRESHNESS_BUCKET_SPECS (products/endpoints/backend/constants.py): 15 minutes to 7 days; 24 hours the default. */
export const DATA_FRESHNESS_SECONDS = [900, 1800, 3600, 21600, 43200, 86400, 604800] as const;
/**
 * The nodes an endpoint's query may be: EndpointRequest.query's union, HogQLQuery, InsightQueryNode's (posthog/types.py)
 * and the two web analytics queries, as its generated type states it (EndpointRequestApi at 0070176f).
 */
export const ENDPOINT_QUERY_KINDS = [
  "HogQLQuery",
  "TrendsQuery",
  "FunnelsQuery",
  "RetentionQuery",
  "PathsQuery",
  "StickinessQuery",
  "LifecycleQuery",
  "WebStatsTableQuery",
  "WebOverviewQuery",
] as const;

/** The HogQL query `querySql` stands for. */
export function sqlQuery(sql: string): Record<string, unknown> {
  return { kind: "HogQLQuery", query: sql };
}

/** A HogQL query's statement, as PostHog keeps it; null for an insight query. */
export function sqlOf(query: unknown): string | null {
  return isPlainObject(query) && query["kind"] === "HogQLQuery" && typeof query["query"] === "string" ? query["query"] : null;
}

/** The code names a HogQL statement's `{variables.<code_name>}` placeholders name (VariablePlaceholderFinder). */
export function placeholdersOf(sql: string): Set<string> {
  return new Set([...sql.matchAll(/\{\s*variables\.([A-Za-z_][A-Za-z0-9_]*)\s*\}/g)].map((m) => m[1]!));
}

/**
 * A declared query as PostHog keeps it (`sync_hogql_query_variables`): a HogQL query's variables that no placeholder
 * names are dropped, and none at all without placeholders.
 */
function asStored(query: unknown): unknown {
  const sql = sqlOf(query);
  if (sql === null || !isPlainObject(query) || query["variables"] === undefined) return query;
  const used = placeholdersOf(sql);
  const variables = isPlainObject(query["variables"]) ? query["variables"] : {};
  const kept = Object.entries(variables).filter(
    ([, v]) => isPlainObject(v) && typeof v["code_name"] === "string" && used.has(v["code_name"]),
  );
  return { ...query, variables: kept.length > 0 ? Object.fromEntries(kept) : null };
}

export const endpointFields = {
  name: {
    input: z.string({ error: "must be a string" }).regex(ENDPOINT_NAME, {
      error: `must start with a letter, hold only letters, digits, hyphens and underscores, and be at most 128 characters (ENDPOINT_NAME_REGEX, ${VALIDATION})`,
    }),
    doc: "The endpoint's name, its key in PostHog's URLs (`/api/projects/<id>/endpoints/<name>/run`): a letter, then letters, digits, `_` and `-`, at most 128; one active endpoint's in the project. PostHog does not rename an endpoint: a new name replaces it.",
  },
  query: {
    type: "EndpointQuery",
    input: z.record(z.string(), z.unknown(), { error: "must be an object: a query node with its `kind`" }),
    equal: (declared, live) => sameWithin(asStored(declared), live),
    doc: 'The query the endpoint runs: `{kind: "HogQLQuery", query: "select …", variables?: {...}}`, or an insight query (`{kind: "TrendsQuery", series: [...]}`, FunnelsQuery, RetentionQuery, PathsQuery, StickinessQuery, LifecycleQuery). A change makes a new version in PostHog (`currentVersion`). Keys PostHog adds to its answer (every field of the node, null where not given; a HogQL query\'s variables filled from the project\'s insight variables) are not drift.',
  },
  query_sql: {
    arg: "querySql",
    beyondApiTypes: "the program's shorthand for a HogQLQuery of its statement: sent as `query`, no field of PostHog's",
    input: z.string({ error: "must be a HogQL statement (a string)" }),
    doc: 'A HogQL statement, e.g. `fs.readFileSync("daily.sql", "utf8")`: it stands for `{kind: "HogQLQuery", query: <the statement>}`. Instead of `query`, not with it. Compared with the live query\'s statement as PostHog keeps it (whitespace included); a live insight query is drift.',
  },
  description: {
    input: z.string({ error: "must be a string" }),
    doc: "What the endpoint returns (the current version's description; PostHog's default is empty).",
  },
  data_freshness_seconds: {
    input: z.literal(DATA_FRESHNESS_SECONDS, {
      error: `must be one of ${DATA_FRESHNESS_SECONDS.join(", ")} (seconds: 15 minutes, 30 minutes, 1, 6, 12 or 24 hours, 7 days; validate_data_freshness, ${VALIDATION})`,
    }),
    doc: "How fresh its results are, in seconds: 900, 1800, 3600, 21600, 43200, 86400 (PostHog's default) or 604800. Its cache's time to live, and its materialization's sync frequency.",
  },
  is_active: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether the endpoint can be run through the API (PostHog's default: true). Deactivating it undoes its materialization.",
  },
  is_materialized: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether PostHog computes its results ahead into a table of the data warehouse, on the data freshness's schedule (PostHog's default: false). Not on an inactive endpoint; PostHog refuses a query it cannot materialize.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const endpointLeftOut: LeftOut = {
  derived_from_insight:
    "set on create only by PostHog's interface (the short id of the insight the endpoint was made from; an update leaves it as it is): a note of where it came from, not configuration",
  version: "an action, not a setting: it aims an update at an older version (`?version=N`), where a program declares the current one",
  deleted: "the deletion mechanism (PATCH {deleted: true}, as DELETE does): the resource's delete",
  bucket_overrides: "not yet managed: per-column time buckets of a materialization with range variables",
  tags: "not yet managed: the endpoint's tags",
  optional_breakdown_properties:
    "not yet managed: the breakdown properties /run may leave out, checked against the query's breakdownFilter",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const endpointApiTypes: ApiTypes = {
  missing:
    "the stored copies of products/endpoints/frontend/generated/api.schemas.ts whose commit is known (78d5e062, 0070176f) predate today's request (cache_age_seconds and sync_frequency, where today's EndpointCrudService takes data_freshness_seconds, products/endpoints/backend/logic/crud.py); the copy stating today's EndpointRequestApi could not be tied to a commit",
};
