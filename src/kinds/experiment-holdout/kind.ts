/**
 * ExperimentHoldout, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/experiment_holdouts/`),
 * deleted with DELETE (ExperimentHoldoutViewSet is a ModelViewSet, ee/clickhouse/views/experiment_holdouts.py: its
 * experiments stay, their flags lose the holdout's groups), identified as `<projectId>/<id>`. Its field table is
 * ./fields.ts; `name` and `filters` are required. Its create is never sent twice blindly: after an unclear answer
 * holdouts of its name are looked for and one is taken only if this create made it.
 */
import { defineKind } from "../../kit/define-kind";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import * as holdouts from "./endpoints";
import { experimentHoldoutExample } from "./example";
import { experimentHoldoutFields } from "./fields";

export const {
  kind: experimentHoldoutKind,
  model: experimentHoldoutModel,
  Lifecycle: ExperimentHoldoutLifecycle,
} = defineKind({
  name: "ExperimentHoldout",
  noun: "experiment holdout",
  summary: "Users kept out of the experiments that name it, to measure their combined effect.",
  description:
    "A PostHog experiment holdout: users kept out of the experiments that name it (an Experiment's `holdoutId`). Declared fields are managed; deleted with DELETE (its experiments stay, without it); one deleted by hand is created again.",
  example: experimentHoldoutExample,
  scope: "project",
  identity: { output: "holdoutId", doc: "Numeric id of the holdout in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: holdouts.getExperimentHoldout,
    update: holdouts.updateExperimentHoldout,
    remove: holdouts.deleteExperimentHoldout,
    create: holdouts.createExperimentHoldout,
  },
  // ExperimentHoldoutViewSet lists with ExperimentHoldoutSerializer, as it retrieves.
  listReads: listedPages(holdouts.experimentHoldoutPages),
  // Its update saves its experiments' flags, from reads of PostHog's own: never beside a flag's update.
  flagWrites: "others",
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
  lookups: {
    list: (http, projectId) => holdouts.listExperimentHoldouts(http, projectId),
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true },
      filters: { type: "array", items: { type: "object", additionalProperties: ANY } },
    },
  },
  // The list answers every field: no GET each.
  importer: {
    list: (http, projectId) => holdouts.listExperimentHoldouts(http, projectId),
    defaults: { description: null },
    label: (holdout) => holdout.name,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) => (await holdouts.listExperimentHoldouts(http, projectId)).filter((h) => h.name === name),
  },
});
