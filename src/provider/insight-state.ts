/**
 * Between Pulumi's view of an insight and PostHog's: the kit's field-table state over the insight's table
 * (src/schema/insight-fields.ts), with what is the insight's own: the query checked as PostHog's QuerySchemaParser
 * checks it, before anything is sent, and `shortId` among the outputs.
 */
import { fieldState, type InProject } from "../kit/field-state";
import type { Failure } from "../kit/lifecycle";
import type { Insight } from "../schema/insight";
import { insightFields, queryProblems } from "../schema/insight-fields";
import { isUnknown } from "./project-state";

export type InsightRecord = InProject<Insight>;

export const insightState = fieldState<Insight>({
  className: "Insight",
  fields: insightFields,
  exampleInput: "query",
  // The outputs every Insight has: its ids, short id (its URL) and name (a declared setting adds its live value).
  fixedOutputs: (record) => ({ insightId: record.id, projectId: record.project_id, shortId: record.short_id, name: record.name }),
  moreFailures(inputs, _known, failed) {
    const query = inputs["query"];
    if (query === undefined || isUnknown(query) || failed("query") || containsUnknown(query)) return [];
    return queryProblems(query).map((reason): Failure => ({ property: "query", reason }));
  },
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature.
  planFeatureOf: (field) => (field === "tags" ? "the `tagging` feature (AvailableFeature.TAGGING)" : undefined),
});

/** A query with a value not known yet (an Output inside it, in a preview) is checked once it is known. */
function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
