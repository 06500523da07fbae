/**
 * ExperimentSavedMetric, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/experiment_saved_metrics/`), deleted with DELETE (ExperimentSavedMetricViewSet is a
 * ModelViewSet, ee/clickhouse/views/experiment_saved_metrics.py: experiments that used it lose it), identified as
 * `<projectId>/<id>`. Its field table is ./fields.ts; `name` and `query` are required (model fields without
 * defaults). Its create is never sent twice blindly: after an unclear answer metrics of its name are looked for and
 * one is taken only if this create made it.
 */
import { experimentSavedMetricExample } from "./example";
import * as metrics from "./endpoints";
import { defineKind } from "../../kit/define-kind";
import { ANY } from "../../kit/property";
import { experimentSavedMetricFields } from "./fields";
import { listedPages } from "../../kit/list-reads";

export const {
  kind: experimentSavedMetricKind,
  model: experimentSavedMetricModel,
  Lifecycle: ExperimentSavedMetricLifecycle,
} = defineKind({
  name: "ExperimentSavedMetric",
  noun: "experiment saved metric",
  summary: "A metric kept once and shared by experiments (an Experiment's `savedMetricIds`).",
  description:
    "A PostHog experiment saved metric: a metric kept once and used by experiments (an Experiment's `savedMetricIds`). Declared fields are managed; deleted with DELETE (experiments that used it lose it); one deleted by hand is created again.",
  example: experimentSavedMetricExample,
  scope: "project",
  identity: { output: "savedMetricId", doc: "Numeric id of the saved metric in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: metrics.getExperimentSavedMetric,
    update: metrics.updateExperimentSavedMetric,
    remove: metrics.deleteExperimentSavedMetric,
    create: metrics.createExperimentSavedMetric,
  },
  // ExperimentSavedMetricViewSet lists with ExperimentSavedMetricSerializer, as it retrieves.
  listReads: listedPages(metrics.experimentSavedMetricPages),
  fields: experimentSavedMetricFields,
  exampleInput: "query",
  required: {
    name: "PostHog names every saved metric",
    query: "Query is required to create a saved metric (ExperimentSavedMetricSerializer.validate_query)",
  },
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: { name: { type: "string", doc: "The metric's name." } },
  lookups: {
    list: (http, projectId) => metrics.listExperimentSavedMetrics(http, projectId),
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true },
      query: { type: "object", additionalProperties: ANY },
    },
  },
  // The list answers every field: no GET each.
  importer: {
    list: (http, projectId) => metrics.listExperimentSavedMetrics(http, projectId),
    defaults: { description: null, tags: [] },
    label: (metric) => metric.name,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) => (await metrics.listExperimentSavedMetrics(http, projectId)).filter((m) => m.name === name),
  },
});
