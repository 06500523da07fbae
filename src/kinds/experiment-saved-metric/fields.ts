/**
 * The experiment saved metric's field table: the writable fields of ExperimentSavedMetricSerializer
 * (ee/clickhouse/views/experiment_saved_metrics.py in PostHog 2025-08-04; today's validation in
 * products/experiments/backend/experiment_saved_metric_service.py; model ExperimentSavedMetric,
 * posthog/models/experiment.py), each with PostHog's rule and how a declared value compares with its answer.
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameTags, TAGGING, type ApiTypes } from "../../kit/field-table";
import { sameSansNulls, withoutAdded } from "../../kit/json-forms";
import { isPlainObject } from "../../kit/json";

export const SAVED_METRIC_SERIALIZER = "ExperimentSavedMetricSerializer, ee/clickhouse/views/experiment_saved_metrics.py";

/**
 * The query kinds some version takes: today's only `ExperimentMetric` for a new metric (legacy kinds refused:
 * experiment_saved_metric_service.py `validate_query`), 2025-08-04's also `ExperimentTrendsQuery` and
 * `ExperimentFunnelsQuery` (`validate_query` there). The version's own refusal is left to PostHog.
 */
const QUERY_KINDS = ["ExperimentMetric", "ExperimentTrendsQuery", "ExperimentFunnelsQuery"];
/** `ExperimentMetricType`: mean and funnel in 2025-08-04, ratio and retention too today. */
const METRIC_TYPES = ["mean", "funnel", "ratio", "retention"];

/** Today's PostHog gives the query a `uuid`: equal when not declared. */
const sameQuery: Equality = (a, b) => sameSansNulls(a ?? null, withoutAdded(a ?? null, b ?? null, ["uuid"]));

const query = z
  .record(z.string(), z.unknown(), { error: "must be an object (an experiment metric query)" })
  .refine((q) => Object.keys(q).length > 0, {
    error: `may not be empty: Query is required to create a saved metric (${SAVED_METRIC_SERIALIZER})`,
  })
  .refine((q) => typeof q["kind"] === "string" && QUERY_KINDS.includes(q["kind"]), {
    error: `kind must be 'ExperimentMetric' (or, in PostHog 2025-08-04, 'ExperimentTrendsQuery' or 'ExperimentFunnelsQuery') (validate_query, ${SAVED_METRIC_SERIALIZER})`,
  })
  .refine((q) => q["kind"] !== "ExperimentMetric" || Object.hasOwn(q, "metric_type"), {
    error: `ExperimentMetric requires a metric_type (validate_query, ${SAVED_METRIC_SERIALIZER})`,
  })
  .refine((q) => q["kind"] !== "ExperimentMetric" || !isPlainObject(q) || METRIC_TYPES.includes(String(q["metric_type"])), {
    error: `metric_type must be 'mean', 'funnel', 'ratio' or 'retention' ('mean' or 'funnel' in PostHog 2025-08-04) (validate_query, ${SAVED_METRIC_SERIALIZER})`,
  });

export const experimentSavedMetricFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (ExperimentSavedMetric.name, ${SAVED_METRIC_SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `may not be blank (${SAVED_METRIC_SERIALIZER})` }),
    doc: "The metric's name, as experiments list it (at most 400 characters).",
  },
  description: {
    input: z
      .string({ error: "must be a string or null" })
      .max(400, { error: `must be at most 400 characters (ExperimentSavedMetric.description, ${SAVED_METRIC_SERIALIZER})` })
      .nullable(),
    doc: "What the metric measures (at most 400 characters).",
  },
  query: {
    input: query,
    equal: sameQuery,
    doc: "The metric: an `ExperimentMetric` query (`metric_type` mean, funnel, ratio or retention, and its `source` or `series`); PostHog 2025-08-04 also takes the legacy `ExperimentTrendsQuery` and `ExperimentFunnelsQuery`, and of `ExperimentMetric` only mean and funnel.",
  },
  tags: {
    input: z.array(z.string({ error: "must be a list of strings" }), { error: "must be a list of strings" }),
    equal: sameTags,
    // TaggedItemSerializerMixin (ee/api/tagged_item.py) drops tags unless the organization has the plan feature.
    planFeature: TAGGING,
    doc: "Tags (trimmed, lower-cased, deduplicated by PostHog). Applied only where the organization's plan has the `tagging` feature: PostHog drops them otherwise, and the provider says so.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const experimentSavedMetricApiTypes: ApiTypes = {
  file: "products/experiments/frontend/generated/api.schemas.ts",
  schemas: ["ExperimentSavedMetricApi"],
};
