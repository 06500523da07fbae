/**
 * Survey, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/surveys/`), keyed by UUID,
 * deleted with DELETE (204: SurveyViewSet.destroy, products/surveys/backend/api/survey.py, takes its targeting flags
 * with it), identified as `<projectId>/<uuid>`.
 */
import { surveyExample } from "./example";
import type { Transport } from "../../client";
import * as surveys from "./endpoints";
import { idField, type Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import type { Survey } from "./record";
import { surveyFields } from "./fields";
import { type SurveyRead, type SurveyRecord, surveyModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

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

/**
 * The answer to a write, or the survey read again when the write sent `linked_insight_id`: write-only in
 * SurveySerializerCreateUpdateOnly, it is answered by SurveySerializer (GET) alone, on the PostHog versions having it.
 */
async function afterWrite(http: Transport, projectId: number, sent: Record<string, unknown>, answer: Survey): Promise<SurveyRead> {
  if (sent["linked_insight_id"] === undefined || Object.hasOwn(answer, "linked_insight_id")) return surveyRecord(answer);
  return surveyRecord(await surveys.getSurvey(http, projectId, answer.id));
}

const update = async (http: Transport, projectId: number, id: string, body: Record<string, unknown>) =>
  afterWrite(http, projectId, body, await surveys.updateSurvey(http, projectId, id, surveyBody(body)));

export const surveyKind: Kind<"project", SurveyRecord> = {
  ...kindNames("Survey"),
  example: surveyExample,
  noun: "survey",
  scope: "project",
  identity: { output: "surveyId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "type"],
  api: projectScopedApi<SurveyRead, string>({
    get: async (http, projectId, id) => surveyRecord(await surveys.getSurvey(http, projectId, id)),
    update,
    remove: surveys.deleteSurvey,
  }),
  // SurveyViewSet lists with SurveySerializer, as it retrieves (products/surveys/backend/api/survey.py; the
  // 2025-08-04 backend's list and GET compared equal), read as a GET is.
  listReads: listedPages(surveys.surveyPages, surveyRecord),
  schema: () => ({
    description:
      "A PostHog survey: its questions, who sees it and when. Declared fields are managed; deleted as PostHog deletes surveys (DELETE, with its targeting flag); one deleted by hand is created again.",
    inputs: tableInputs(surveyFields, "survey", { key: "uuid" }),
    outputs: tableOutputs(
      surveyFields,
      "survey",
      {
        surveyId: { type: "string", description: "The survey's UUID in PostHog." },
        iterationStartDates: {
          type: "array",
          items: { type: "string" },
          description: "When each iteration starts, as PostHog derives them (empty without iterations, null while a draft).",
        },
        currentIteration: { type: "integer", description: "The iteration under way." },
        currentIterationStartDate: { type: "string", description: "When the iteration under way started." },
        responseSamplingDailyLimits: {
          type: "string",
          description: "PostHog's daily response limits over the sampling interval, as the JSON text it stores.",
        },
      },
      { key: "uuid" },
    ),
    required: ["surveyId", "projectId", "name", "type"],
  }),
  lookups: {
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
      questions: { type: "array", items: { type: "object", additionalProperties: ANY }, nullable: true },
      startDate: { type: "string", nullable: true },
      endDate: { type: "string", nullable: true },
      archived: { type: "boolean" },
    },
  },
  model: surveyModel,
  lifecycle: () => new SurveyLifecycle(),
  // SurveyViewSet lists with SurveySerializer (products/surveys/backend/api/survey.py): every field, no GET each. Its
  // targeting flag is the survey's own (its `targetingFlagFilters`), not imported as a FeatureFlag.
  importer: projectScopedImport(surveyFields, {
    list: async (http, projectId) => (await surveys.listSurveys(http, projectId)).map(surveyRecord),
    // The Survey model's defaults (products/surveys/backend/models.py).
    defaults: { description: "", archived: false, enable_partial_responses: false, response_sampling_interval_type: "week" },
    references: [idField("linked_flag_id", "FeatureFlag"), idField("linked_insight_id", "Insight")],
    label: (survey) => survey.name,
  }),
};

/**
 * The Survey lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly: after an unclear
 * answer the survey is looked up by its name (unique in the project) and taken only if this create made it; a name
 * PostHog finds taken names the survey that holds it.
 */
export class SurveyLifecycle extends FieldTableLifecycle<SurveyRead> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(surveyKind, surveyModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<SurveyRecord> {
    const name = body["name"];
    if (typeof name !== "string") throw new Error("name is required: PostHog names every survey");
    // A new survey has no targeting flag to remove: `null` means none.
    const { targeting_flag_filters: targeting, ...rest } = body;
    const sent = targeting === null || targeting === undefined ? rest : body;
    // Names are unique in a project: the survey a lost answer may hide, or the one refusing the name, has it.
    const survey = await this.createOnce(
      projectId,
      sent,
      async () => afterWrite(this.http(), projectId, sent, await surveys.createSurvey(this.http(), projectId, { ...sent, name })),
      {
        find: async () => {
          const found = await surveys.findSurveyByName(this.http(), projectId, name);
          return found ? [surveyRecord(found)] : [];
        },
        described: `named ${JSON.stringify(name)}`,
        // SurveySerializer.validate (products/surveys/backend/api/survey.py): "There is already a survey with this name.", code unique.
        taken: (error) => error.status === 400 && error.code === "unique" && /already a survey with this name/i.test(error.detail ?? ""),
        otherwise: "choose another name (PostHog keeps survey names unique in a project)",
      },
    );
    return { ...survey, project_id: projectId };
  }
}
