/** The cohort endpoints (posthog/api/cohort.py, CohortViewSet), one function each. */
import { type Cohort, cohortSchema } from "../schema/cohort";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type CohortBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof cohortSchema> = { path: "cohorts", noun: "cohort", schema: cohortSchema };

export function listCohortsPage(http: Transport, projectId: number, page: { limit?: number; offset?: number; search?: string } = {}) {
  return objects.listPage(http, kind, projectId, { ...page });
}

/** Every cohort of the project that is not deleted; `search` matches the name (case-insensitive substring). */
export function iterateCohorts(http: Transport, projectId: number, search?: string, pageSize?: number) {
  return objects.iterate(http, kind, projectId, search === undefined ? {} : { search }, pageSize);
}

export function listCohorts(http: Transport, projectId: number, search?: string, pageSize?: number): Promise<Cohort[]> {
  return objects.listAll(http, kind, projectId, search === undefined ? {} : { search }, pageSize);
}

export function getCohort(http: Transport, projectId: number, id: number): Promise<Cohort> {
  return objects.get(http, kind, projectId, id);
}

/**
 * Never resent once it may have reached PostHog: cohort names are not unique, a resend would make a twin. A dynamic
 * cohort sent with a `query` is refused (400) after PostHog saved it: look the name up before trying again.
 */
export function createCohort(http: Transport, projectId: number, body: CohortBody): Promise<Cohort> {
  return objects.create(http, kind, projectId, body);
}

export function updateCohort(http: Transport, projectId: number, id: number, body: CohortBody): Promise<Cohort> {
  return objects.update(http, kind, projectId, id, body);
}

export function deleteCohort(http: Transport, projectId: number, id: number): Promise<Cohort> {
  return objects.softDelete(http, kind, projectId, id);
}
