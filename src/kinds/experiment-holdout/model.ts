/**
 * Between Pulumi's view of an experiment holdout and PostHog's: the kit's field-table model over its table
 * (src/kinds/experiment-holdout/fields.ts). `name` and `filters` are required: ExperimentHoldoutSerializer.create
 * refuses a holdout without groups.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { ExperimentHoldout } from "./record";
import { experimentHoldoutFields } from "./fields";

export type ExperimentHoldoutRecord = InProject<ExperimentHoldout>;

export const experimentHoldoutModel = fieldModel<ExperimentHoldout>({
  className: "ExperimentHoldout",
  noun: "experiment holdout",
  summary: "Users kept out of the experiments that name it, to measure their combined effect.",
  fields: experimentHoldoutFields,
  exampleInput: "filters",
  required: {
    name: "PostHog names every holdout",
    filters: "Filters are required to create an holdout group (ExperimentHoldoutSerializer.create)",
  },
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: { name: { type: "string", doc: "The holdout's name." } },
  types: {
    HoldoutGroup: {
      type: "{\n  properties?: unknown[];\n  /** Percent of matching users held out. */\n  rollout_percentage?: number;\n  [key: string]: unknown;\n}",
      doc: "One group of a holdout, as a flag's condition set.",
    },
  },
});
