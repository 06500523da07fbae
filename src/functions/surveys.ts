/** Survey lookups, for surveys a program reads (its own or others'): the whole record, camelCased. */
import type { Kind } from "../kit/kind";
import { typedLookups } from "./lazy";
import type { LookupOverrides } from "./overrides";

/** A survey as PostHog returns it, top-level fields camelCased (questions keep PostHog's names), `id` as `surveyId`. */
export interface SurveyResult {
  surveyId: string;
  projectId: number;
  name: string;
  description: string;
  type: string;
  questions: Array<Record<string, unknown>> | null;
  startDate: string | null;
  endDate: string | null;
  archived: boolean;
  [field: string]: unknown;
}

/** The project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID. */
type InProject = LookupOverrides & { projectId?: number };
export type GetSurveyArgs = InProject & ({ surveyId: string; name?: never } | { name: string; surveyId?: never });
export type ListSurveysArgs = InProject & {
  /** Words of the name or description (case-insensitive). */
  search?: string;
  /** Only archived surveys (true) or only the others (false). */
  archived?: boolean;
};

const lookups = typedLookups<GetSurveyArgs, ListSurveysArgs, SurveyResult>(
  async () => (await import("../kinds/survey/kind")).surveyKind as Kind<"project">,
);

/** One survey, by `surveyId` (its UUID) or by exact `name`. */
export const getSurvey = lookups.get;
/** Every survey of the project; `search` and `archived` narrow it. */
export const listSurveys = lookups.list;
export const getSurveyOutput = lookups.getOutput;
export const listSurveysOutput = lookups.listOutput;
