/**
 * Between Pulumi's view of an experiment saved metric and PostHog's: the kit's field-table model over its table
 * (src/kinds/experiment-saved-metric/fields.ts). `name` and `query` are required (model fields without defaults).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { ExperimentSavedMetric } from "./record";
import { experimentSavedMetricFields } from "./fields";

export type ExperimentSavedMetricRecord = InProject<ExperimentSavedMetric>;

export const experimentSavedMetricModel = fieldModel<ExperimentSavedMetric>({
  className: "ExperimentSavedMetric",
  noun: "experiment saved metric",
  summary: "A metric kept once and shared by experiments (an Experiment's `savedMetricIds`).",
  fields: experimentSavedMetricFields,
  exampleInput: "query",
  required: {
    name: "PostHog names every saved metric",
    query: "Query is required to create a saved metric (ExperimentSavedMetricSerializer.validate_query)",
  },
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: { name: { type: "string", doc: "The metric's name." } },
});
