/**
 * The experiment endpoints (EnterpriseExperimentsViewSet: products/experiments/backend/presentation/experiments.py),
 * one function each. Deleted by `PATCH {"deleted": true}`; launched by setting `start_date`, stopped by `end_date`.
 */
import { type Experiment, experimentSchema } from "../schema/experiment";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type ExperimentBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof experimentSchema> = { path: "experiments", noun: "experiment", schema: experimentSchema };

export interface ExperimentFilters {
  /** Case-insensitive substring of the name. */
  search?: string;
  status?: "draft" | "running" | "paused" | "stopped" | "complete" | "all";
  /** Today's PostHog lists only experiments that are not archived unless this is given. */
  archived?: "true" | "false";
}

export function listExperimentsPage(
  http: Transport,
  projectId: number,
  page: ExperimentFilters & { limit?: number; offset?: number } = {},
) {
  return objects.listPage(http, kind, projectId, { ...page });
}

export function iterateExperiments(http: Transport, projectId: number, filters: ExperimentFilters = {}, pageSize?: number) {
  return objects.iterate(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

export function listExperiments(
  http: Transport,
  projectId: number,
  filters: ExperimentFilters = {},
  pageSize?: number,
): Promise<Experiment[]> {
  return objects.listAll(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

/**
 * The live experiment on the flag with this key, or null (archived ones included): a flag key names one experiment
 * in practice, PostHog does not enforce it. For finding out whether a create whose answer was lost went through.
 */
export async function findExperimentByFlagKey(http: Transport, projectId: number, key: string): Promise<Experiment | null> {
  for (const archived of ["false", "true"] as const) {
    for await (const e of iterateExperiments(http, projectId, { archived })) if (e.feature_flag_key === key) return e;
  }
  return null;
}

export function getExperiment(http: Transport, projectId: number, id: number): Promise<Experiment> {
  return objects.get(http, kind, projectId, id);
}

/**
 * PostHog creates the flag `feature_flag_key` names, or uses the live flag with that key (it must have a `control`
 * variant and another). Never resent once it may have reached PostHog: look it up (findExperimentByFlagKey) first.
 */
export function createExperiment(http: Transport, projectId: number, body: ExperimentBody): Promise<Experiment> {
  return objects.create(http, kind, projectId, body);
}

export function updateExperiment(http: Transport, projectId: number, id: number, body: ExperimentBody): Promise<Experiment> {
  return objects.update(http, kind, projectId, id, body);
}

/** The experiment's flag stays. */
export function deleteExperiment(http: Transport, projectId: number, id: number): Promise<Experiment> {
  return objects.softDelete(http, kind, projectId, id);
}
