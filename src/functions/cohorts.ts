/** Cohort lookups, for cohorts a program reads (its own or others'): the whole record, camelCased. */
import type { Kind } from "../kit/kind";
import { typedLookups } from "./lazy";
import type { LookupOverrides } from "./overrides";

/** A cohort as PostHog returns it, top-level fields camelCased (`filters` keep PostHog's names), `id` as `cohortId`. */
export interface CohortResult {
  cohortId: number;
  projectId: number;
  name: string | null;
  description: string;
  filters: Record<string, unknown>;
  isStatic: boolean;
  /** Persons in it once PostHog has calculated it; null before. */
  count: number | null;
  isCalculating: boolean;
  [field: string]: unknown;
}

/** The project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID. */
type InProject = LookupOverrides & { projectId?: number };
/** By `cohortId`, or by exact `name` (names are not unique: two live cohorts of that name are an error). */
export type GetCohortArgs = InProject & ({ cohortId: number; name?: never } | { name: string; cohortId?: never });
export type ListCohortsArgs = InProject & {
  /** Case-insensitive part of the name. */
  search?: string;
  /** Only static (true) or dynamic (false) cohorts. */
  isStatic?: boolean;
};

const lookups = typedLookups<GetCohortArgs, ListCohortsArgs, CohortResult>(
  async () => (await import("../kinds/cohort/kind")).cohortKind as Kind<"project">,
);

/** One live cohort, by `cohortId` or by exact `name`. */
export const getCohort = lookups.get;
/** Every cohort of the project that is not deleted; `search` and `isStatic` narrow it. */
export const listCohorts = lookups.list;
export const getCohortOutput = lookups.getOutput;
export const listCohortsOutput = lookups.listOutput;
