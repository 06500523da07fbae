/** The cohort endpoints (posthog/api/cohort.py, CohortViewSet), one function each. */
import { type Cohort, cohortSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type CohortBody = objects.ObjectBody;

const cohorts = objects.endpoints<typeof cohortSchema, number, { search?: string }>({
  path: "cohorts",
  noun: "cohort",
  schema: cohortSchema,
});

export const listCohortsPage = cohorts.listPage;

/** Every cohort of the project that is not deleted; `search` matches the name (case-insensitive substring). */
export function iterateCohorts(http: Transport, projectId: number, search?: string, pageSize?: number) {
  return cohorts.iterate(http, projectId, { search }, pageSize);
}

export function listCohorts(http: Transport, projectId: number, search?: string, pageSize?: number): Promise<Cohort[]> {
  return cohorts.listAll(http, projectId, { search }, pageSize);
}

export const getCohort = cohorts.get;

/**
 * Never resent once it may have reached PostHog: cohort names are not unique, a resend would make a twin. A dynamic
 * cohort sent with a `query` is refused (400) after PostHog saved it: look the name up before trying again.
 */
export const createCohort = cohorts.create;

export const updateCohort = cohorts.update;

export const deleteCohort = cohorts.softDelete;

/**
 * The project's live cohorts named exactly `name` (names are not unique). The list's `search` matches a substring of
 * the name, and today's PostHog refuses one longer than 200 characters (CohortViewSet._filter_request,
 * MAX_SEARCH_LENGTH): a longer name is searched by its first 200.
 */
export async function findCohortsNamed(http: Transport, projectId: number, name: string): Promise<Cohort[]> {
  const found = await listCohorts(http, projectId, name.slice(0, 200));
  return found.filter((cohort) => cohort.name === name);
}

/** Every page of the unfiltered list. */
export const cohortPages = cohorts.pages;
