/**
 * The survey endpoints (products/surveys/backend/api/survey.py, SurveyViewSet), one function each. Surveys are keyed
 * by UUID and deleted with DELETE (their targeting flags go with them).
 */
import { type Survey, surveySchema } from "../schema/survey";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type SurveyBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof surveySchema> = { path: "surveys", noun: "survey", schema: surveySchema };

export interface SurveyFilters {
  /** Case-insensitive words of the name or description. */
  search?: string;
  archived?: "true" | "false";
}

export function listSurveysPage(http: Transport, projectId: number, page: SurveyFilters & { limit?: number; offset?: number } = {}) {
  return objects.listPage(http, kind, projectId, { ...page });
}

export function iterateSurveys(http: Transport, projectId: number, filters: SurveyFilters = {}, pageSize?: number) {
  return objects.iterate(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

export function listSurveys(http: Transport, projectId: number, filters: SurveyFilters = {}, pageSize?: number): Promise<Survey[]> {
  return objects.listAll(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

/** The survey with exactly this name, or null: names are unique in a project, `search` only narrows the list. */
export async function findSurveyByName(http: Transport, projectId: number, name: string): Promise<Survey | null> {
  for await (const survey of iterateSurveys(http, projectId, { search: name })) if (survey.name === name) return survey;
  return null;
}

export function getSurvey(http: Transport, projectId: number, id: string): Promise<Survey> {
  return objects.get(http, kind, projectId, id);
}

/** Never resent once it may have reached PostHog: look the name up (findSurveyByName) before trying again. */
export function createSurvey(http: Transport, projectId: number, body: SurveyBody): Promise<Survey> {
  return objects.create(http, kind, projectId, body);
}

/** `start_date` launches the survey, `end_date` stops it; `remove_targeting_flag: true` deletes its targeting flag. */
export function updateSurvey(http: Transport, projectId: number, id: string, body: SurveyBody): Promise<Survey> {
  return objects.update(http, kind, projectId, id, body);
}

/** DELETE: gone for good (204), with its targeting and internal targeting flags. */
export function deleteSurvey(http: Transport, projectId: number, id: string): Promise<void> {
  return objects.destroy(http, kind, projectId, id);
}
