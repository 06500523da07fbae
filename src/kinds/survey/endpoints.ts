/**
 * The survey endpoints (products/surveys/backend/api/survey.py, SurveyViewSet), one function each. Surveys are keyed
 * by UUID and deleted with DELETE (their targeting flags go with them).
 */
import { type Survey, surveySchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type SurveyBody = objects.ObjectBody;

export interface SurveyFilters {
  /** Case-insensitive words of the name or description. */
  search?: string;
  archived?: "true" | "false";
}

const surveys = objects.endpoints<typeof surveySchema, string, SurveyFilters>({ path: "surveys", noun: "survey", schema: surveySchema });

export const listSurveysPage = surveys.listPage;

export const iterateSurveys = surveys.iterate;

export const listSurveys = surveys.listAll;

/** The survey with exactly this name, or null: names are unique in a project, `search` only narrows the list. */
export async function findSurveyByName(http: Transport, projectId: number, name: string): Promise<Survey | null> {
  for await (const survey of iterateSurveys(http, projectId, { search: name })) if (survey.name === name) return survey;
  return null;
}

export const getSurvey = surveys.get;

/** Never resent once it may have reached PostHog: look the name up (findSurveyByName) before trying again. */
export const createSurvey = surveys.create;

/** `start_date` launches the survey, `end_date` stops it; `remove_targeting_flag: true` deletes its targeting flag. */
export const updateSurvey = surveys.update;

/** DELETE: gone for good (204), with its targeting and internal targeting flags. */
export const deleteSurvey = surveys.destroy;

/** Every page of the unfiltered list. */
export const surveyPages = surveys.pages;
