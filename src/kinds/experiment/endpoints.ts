/**
 * The experiment endpoints (EnterpriseExperimentsViewSet: products/experiments/backend/presentation/experiments.py),
 * one function each. Deleted by `PATCH {"deleted": true}`; launched by setting `start_date`, stopped by `end_date`;
 * paused and resumed by its actions.
 */
import { type Experiment, experimentSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type ExperimentBody = objects.ObjectBody;

export interface ExperimentFilters {
  /** Case-insensitive substring of the name. */
  search?: string;
  status?: "draft" | "running" | "paused" | "stopped" | "complete" | "all";
  /** Today's PostHog lists only experiments that are not archived unless this is given. */
  archived?: "true" | "false";
}

const experiments = objects.endpoints<typeof experimentSchema, number, ExperimentFilters>({
  path: "experiments",
  noun: "experiment",
  schema: experimentSchema,
});

export const listExperimentsPage = experiments.listPage;

export const iterateExperiments = experiments.iterate;

export const listExperiments = experiments.listAll;

/**
 * Every experiment on the flag with this key, archived ones included (two lists: PostHog lists archived experiments
 * only when asked for them). PostHog lets several experiments run on one flag: a create naming an existing flag's key
 * takes that flag (ExperimentSerializer.create, ee/clickhouse/views/experiments.py in the 2025-08-04 source).
 */
export async function findExperimentsByFlagKey(http: Transport, projectId: number, key: string): Promise<Experiment[]> {
  const found: Experiment[] = [];
  for (const archived of ["false", "true"] as const) {
    for await (const e of iterateExperiments(http, projectId, { archived })) if (e.feature_flag_key === key) found.push(e);
  }
  return found;
}

export const getExperiment = experiments.get;

/**
 * PostHog creates the flag `feature_flag_key` names, or uses the live flag with that key (it must have a `control`
 * variant and another). Never resent once it may have reached PostHog: look it up (findExperimentsByFlagKey) first.
 */
export const createExperiment = experiments.create;

export const updateExperiment = experiments.update;

/**
 * Today's pause and resume actions (EnterpriseExperimentsViewSet.pause and .resume,
 * products/experiments/backend/presentation/views.py): the running experiment's flag turned off, or on again.
 * PostHog 2025-08-04 has neither.
 */
export const pauseExperiment = (http: Transport, projectId: number, id: number) => experiments.action(http, projectId, id, "pause");
export const resumeExperiment = (http: Transport, projectId: number, id: number) => experiments.action(http, projectId, id, "resume");

/** The experiment's flag stays. */
export const deleteExperiment = experiments.softDelete;

/** Every page of the unfiltered list (archived experiments left out, as PostHog lists them). */
export const experimentPages = experiments.pages;
