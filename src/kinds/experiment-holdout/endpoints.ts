/**
 * The experiment holdout endpoints (ExperimentHoldoutViewSet, ee/clickhouse/views/experiment_holdouts.py), one function
 * each, under `/api/projects/<projectId>/experiment_holdouts/`. Deleted with DELETE, which takes the holdout's groups
 * off the flags of its experiments (PostHog keeps the experiments, without a holdout).
 */
import { experimentHoldoutSchema } from "./record";
import * as objects from "../../client/project-objects";

const holdouts = objects.endpoints<typeof experimentHoldoutSchema, number>({
  path: "experiment_holdouts",
  noun: "experiment holdout",
  schema: experimentHoldoutSchema,
});

export const listExperimentHoldouts = holdouts.listAll;

export const getExperimentHoldout = holdouts.get;

/** Never resent once it may have reached PostHog: nothing about a holdout is unique. */
export const createExperimentHoldout = holdouts.create;

/** New `filters` are written to the flags of the holdout's experiments too. */
export const updateExperimentHoldout = holdouts.update;

export const deleteExperimentHoldout = holdouts.destroy;

/** Every page of the unfiltered list. */
export const experimentHoldoutPages = holdouts.pages;
