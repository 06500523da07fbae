/**
 * The experiment saved metric endpoints (ExperimentSavedMetricViewSet, ee/clickhouse/views/experiment_saved_metrics.py),
 * one function each, under `/api/projects/<projectId>/experiment_saved_metrics/`. Deleted with DELETE, which takes
 * it off every experiment that uses it (ExperimentToSavedMetric cascades).
 */
import { experimentSavedMetricSchema } from "./record";
import * as objects from "../../client/project-objects";

const metrics = objects.endpoints<typeof experimentSavedMetricSchema, number>({
  path: "experiment_saved_metrics",
  noun: "experiment saved metric",
  schema: experimentSavedMetricSchema,
});

export const listExperimentSavedMetrics = metrics.listAll;

export const getExperimentSavedMetric = metrics.get;

/** Never resent once it may have reached PostHog: nothing about a saved metric is unique. */
export const createExperimentSavedMetric = metrics.create;

export const updateExperimentSavedMetric = metrics.update;

export const deleteExperimentSavedMetric = metrics.destroy;

/** Every page of the unfiltered list. */
export const experimentSavedMetricPages = metrics.pages;
