/**
 * Between Pulumi's view of an insight and PostHog's: the kit's field-table model over the insight's table
 * (src/kinds/insight/fields.ts), with what is the insight's own: the query checked as PostHog's QuerySchemaParser
 * checks it, before anything is sent, `querySql` (a HogQL statement standing for the query PostHog's SQL editor saves,
 * compared with the live query's statement), and `shortId` among the outputs.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import type { Insight } from "./record";
import { insightFields, queryProblems, sqlOf, sqlQuery } from "./fields";
import { isUnknown } from "../../kit/unknown";

export type InsightRecord = InProject<InsightWithLayouts>;

/**
 * An insight with its tiles' layouts where the program declares them (read from the dashboards it is on), and its
 * query's HogQL statement, which `querySql` is compared with (null for a query of another form).
 */
export type InsightWithLayouts = Insight & { layouts?: Record<string, unknown> | null; query_sql?: string | null };

/** A record as `querySql` reads it: with its query's HogQL statement. */
export function withSql<R extends Insight>(record: R): R & { query_sql: string | null } {
  return { ...record, query_sql: sqlOf(record.query) };
}

/** A body as PostHog takes it: `querySql` sent as the query it stands for (PostHog has no such field). */
export function sentBody(body: Json): Json {
  const { query_sql: sql, ...rest } = body;
  return typeof sql === "string" ? { ...rest, query: sqlQuery(sql) } : body;
}

const table = fieldModel<InsightWithLayouts>({
  className: "Insight",
  noun: "insight",
  summary: "A saved query of a project, on the dashboards it names.",
  outputTypes: {
    shortId: { type: "string", doc: "As in the insight's URL, `/insights/<shortId>`." },
    name: { type: "string | null", doc: "The insight's name (PostHog derives one from the query when it is left out)." },
  },
  types: {
    InsightQuery: {
      type: "{\n  kind: string;\n  [field: string]: unknown;\n}",
      doc: "A node of PostHog's query schema (posthog/schema.py): its `kind` and the node's own fields.",
    },
  },
  fields: insightFields,
  exampleInput: "query",
  // The outputs every Insight has besides its kind's (its id, its project): short id (its URL) and name (a declared
  // setting adds its live value).
  fixedOutputs: (record) => ({ shortId: record.short_id, name: record.name }),
  moreFailures(inputs, _known, failed) {
    const failures: Failure[] = [];
    if (inputs["layouts"] !== undefined && inputs["dashboards"] === undefined)
      failures.push({
        property: "layouts",
        reason: "layouts needs dashboards: they are the positions of the insight's tiles on its dashboards",
      });
    const query = inputs["query"];
    if (query !== undefined && inputs["querySql"] !== undefined)
      failures.push({
        property: "querySql",
        reason:
          "querySql and query are both declared: querySql stands for a query (a DataVisualizationNode over its HogQL), so declare one of them",
      });
    if (query === undefined || isUnknown(query) || failed("query") || containsUnknown(query)) return failures;
    return [...failures, ...queryProblems(query).map((reason): Failure => ({ property: "query", reason }))];
  },
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature.
});

/** The layouts follow in a PATCH of each dashboard after the insight is on them (its create places it). */
export const insightModel: typeof table = { ...table, setAfterCreate: (field) => field === "layouts" };

/** A query with a value not known yet (an Output inside it, in a preview) is checked once it is known. */
function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
