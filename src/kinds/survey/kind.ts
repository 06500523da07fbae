/**
 * Survey, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/surveys/`), keyed by UUID,
 * deleted with DELETE (204: SurveyViewSet.destroy, products/surveys/backend/api/survey.py, takes its targeting flags
 * with it), identified as `<projectId>/<uuid>`.
 */
import { surveys, type Transport } from "../../client";
import { idField, type ResourceDeclaration } from "../../kit/declaration";
import { PROJECT_SCOPED_UUID_FORMS, projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-state";
import { ANY } from "../../kit/property";
import { SURVEY_TOKEN, SURVEY_TYPE } from "../../kit/tokens";
import type { Survey } from "./record";
import { surveyFields } from "./fields";
import { SurveyProvider } from "./lifecycle";
import type { SurveyRead, SurveyRecord } from "./state";

/**
 * PostHog's answer with the two settings it does not answer as written: the linked flag's id (the answers to POST and
 * PATCH have only `linked_flag`) and the targeting flag's filters (`targeting_flag_filters` is write-only).
 */
export function surveyRecord(survey: Survey): SurveyRead {
  return { ...survey, linked_flag_id: survey.linked_flag?.id ?? null, targeting_flag_filters: survey.targeting_flag?.filters ?? null };
}

/** A body as PostHog takes it: `targeting_flag_filters: null` is `remove_targeting_flag: true` (the targeting flag is deleted). */
export function surveyBody(body: Record<string, unknown>): Record<string, unknown> {
  if (body["targeting_flag_filters"] !== null) return body;
  const { targeting_flag_filters: _, ...rest } = body;
  return { ...rest, remove_targeting_flag: true };
}

const update = async (http: Transport, projectId: number, id: string, body: Record<string, unknown>) =>
  surveyRecord(await surveys.updateSurvey(http, projectId, id, surveyBody(body)));

export const surveyDeclaration: ResourceDeclaration<"project", SurveyRecord> = {
  name: "Survey",
  token: SURVEY_TOKEN,
  dynamicType: SURVEY_TYPE,
  noun: "survey",
  scope: "project",
  identity: { output: "surveyId", forms: PROJECT_SCOPED_UUID_FORMS, key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "type"],
  api: projectScopedApi<SurveyRead, string>({
    get: async (http, projectId, id) => surveyRecord(await surveys.getSurvey(http, projectId, id)),
    update,
    remove: surveys.deleteSurvey,
  }),
  schema: () => ({
    description:
      "A PostHog survey: its questions, who sees it and when. Declared fields are managed; deleted as PostHog deletes surveys (DELETE, with its targeting flag); one deleted by hand is created again.",
    inputs: tableInputs(surveyFields, "survey", "uuid"),
    outputs: tableOutputs(surveyFields, "survey", { surveyId: { type: "string", description: "The survey's UUID in PostHog." } }, "uuid"),
    required: ["surveyId", "projectId", "name", "type"],
  }),
  lookups: {
    plural: "Surveys",
    list: (http, projectId, query) => surveys.listSurveys(http, projectId, query),
    uniqueBy: { input: "name", spec: { type: "string", description: "The survey's name." }, find: surveys.findSurveyByName },
    filters: {
      search: {
        spec: { type: "string", description: "Words of the name or description (case-insensitive)." },
        query: (v) => ["search", String(v)],
      },
      archived: {
        spec: { type: "boolean", description: "Only archived surveys (true) or only the others (false)." },
        query: (v) => ["archived", String(v === true)],
      },
    },
    outputs: {
      name: { type: "string" },
      description: { type: "string" },
      type: { type: "string" },
      questions: { type: "array", items: { type: "object", additionalProperties: ANY } },
      startDate: { type: "string" },
      endDate: { type: "string" },
      archived: { type: "boolean" },
    },
  },
  lifecycle: () => new SurveyProvider(),
  // SurveyViewSet lists with SurveySerializer (products/surveys/backend/api/survey.py): every field, no GET each. Its
  // targeting flag is the survey's own (its `targetingFlagFilters`), not imported as a FeatureFlag.
  importer: projectScopedImport(surveyFields, {
    list: async (http, projectId) => (await surveys.listSurveys(http, projectId)).map(surveyRecord),
    // The Survey model's defaults (products/surveys/backend/models.py).
    defaults: { description: "", archived: false, enable_partial_responses: false },
    references: [idField("linked_flag_id", "FeatureFlag")],
    label: (survey) => survey.name,
  }),
};
