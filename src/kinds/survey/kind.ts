/**
 * Survey, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/surveys/`), keyed by UUID,
 * deleted with DELETE (204: SurveyViewSet.destroy, products/surveys/backend/api/survey.py, takes its targeting flags
 * with it), identified as `<projectId>/<uuid>`. Its field table is ./fields.ts; `name` and `type` are required, the
 * questions' rules kind by kind and the rules between fields (SurveySerializerCreateUpdateOnly.validate) are its
 * model's. Its create is never sent twice blindly: after an unclear answer the survey is looked up by its name
 * (unique in the project) and taken only if this create made it; a name PostHog finds taken names the survey that
 * holds it.
 */
import type { Transport } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { idField } from "../../kit/kind";
import type { Failure } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { camelCase } from "../../kit/names";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import * as surveys from "./endpoints";
import { surveyExample } from "./example";
import { baseLanguageOf, questionsProblems, surveyFields, surveyProblems, withLiveQuestionIds } from "./fields";
import type { Survey } from "./record";

/** A survey as the kit reads it: PostHog's answer with its linked flag's id and its targeting flag's filters as fields. */
export type SurveyRead = Survey & { linked_flag_id: number | null; targeting_flag_filters: unknown };

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

/** PostHog stores json.dumps' text in a JSON field (update_response_sampling_limits): answered as that text. */
const jsonText = (value: unknown) =>
  value === undefined || value === null || typeof value === "string" ? (value ?? null) : JSON.stringify(value);

/** A new survey has no targeting flag to remove: `null` means none. */
function created(body: Record<string, unknown>): Record<string, unknown> {
  const { targeting_flag_filters: targeting, ...rest } = body;
  return targeting === null || targeting === undefined ? rest : body;
}

export const {
  kind: surveyKind,
  model: surveyModel,
  Lifecycle: SurveyLifecycle,
} = defineKind({
  name: "Survey",
  noun: "survey",
  summary: "Questions shown to a project's users.",
  description:
    "A PostHog survey: its questions, who sees it and when. Declared fields are managed; deleted as PostHog deletes surveys (DELETE, with its targeting flag); one deleted by hand is created again.",
  example: surveyExample,
  scope: "project",
  identity: { output: "surveyId", key: "uuid", doc: "The survey's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "type"],
  endpoints: {
    get: async (http, projectId, id: string) => surveyRecord(await surveys.getSurvey(http, projectId, id)),
    update,
    remove: surveys.deleteSurvey,
    create: async (http, projectId, body) => afterWrite(http, projectId, body, await surveys.createSurvey(http, projectId, created(body))),
  },
  // SurveyViewSet lists with SurveySerializer, as it retrieves (products/surveys/backend/api/survey.py; the
  // 2025-08-04 backend's list and GET compared equal), read as a GET is.
  listReads: listedPages(surveys.surveyPages, surveyRecord),
  fields: surveyFields,
  exampleInput: "responsesLimit",
  required: {
    name: "PostHog names every survey, uniquely in its project",
    type: 'PostHog needs to know how to show it ("popover", "widget", "external_survey" or "api")',
  },
  // PostHog derives the iterations and the sampling's daily limits (update_survey_iterations and
  // update_response_sampling_limits, the Survey model's pre_save): outputs, never drift.
  fixedOutputs: (record) => ({
    name: record.name,
    type: record.type,
    iterationStartDates: record.iteration_start_dates ?? null,
    currentIteration: record.current_iteration ?? null,
    currentIterationStartDate: record.current_iteration_start_date ?? null,
    responseSamplingDailyLimits: jsonText(record.response_sampling_daily_limits),
  }),
  outputs: {
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
  outputTypes: {
    name: { type: "string", doc: "The survey's name." },
    type: { type: "SurveyType", doc: "How the survey is shown." },
    iterationStartDates: {
      type: "(string | null)[] | null",
      doc: "When each iteration starts, as PostHog derives them from `iterationCount`, `iterationFrequencyDays` and `startDate`: empty without iterations, `null` while a draft.",
    },
    currentIteration: { type: "number | null", doc: "The iteration under way (1 once an iterating survey has started)." },
    currentIterationStartDate: { type: "string | null", doc: "When the iteration under way started." },
    responseSamplingDailyLimits: {
      type: "string | null",
      doc: "PostHog's daily response limits and rollout over the sampling interval, as the JSON text it stores (`[{date, daily_response_limit, rollout_percentage}]`); `null` without sampling.",
    },
  },
  types: {
    SurveyBranching: {
      type: '\n  | { type: "next_question" | "end" }\n  | { type: "specific_question"; index: number }\n  | { type: "response_based"; responseValues: Record<string, number | "end"> }',
      doc: "What happens after a question (posthog-js `SurveyQuestionBranchingType`).",
    },
    SurveyQuestionBase: {
      type: '{\n  question: string;\n  description?: string | null;\n  descriptionContentType?: "text" | "html" | null;\n  buttonText?: string | null;\n  optional?: boolean | null;\n  branching?: SurveyBranching | null;\n  /** PostHog gives each question one when it is not given. */\n  id?: string;\n  /** The question\'s texts in other languages, by BCP-47 code (today\'s PostHog). */\n  translations?: Record<string, SurveyQuestionTranslation> | null;\n}',
      doc: "What every kind of question has.",
    },
    SurveyQuestionTranslation: {
      type: "{\n  question?: string;\n  description?: string;\n  buttonText?: string;\n  lowerBoundLabel?: string;\n  upperBoundLabel?: string;\n  /** https or mailto, as the question's. */\n  link?: string;\n  /** As many as the question's choices, in their order. */\n  choices?: string[];\n}",
      doc: "A question's texts in one language (PostHog's `_validate_question_translations`).",
    },
    SurveyTranslation: {
      type: "{\n  name?: string;\n  description?: string;\n  thankYouMessageHeader?: string;\n  thankYouMessageDescription?: string;\n  thankYouMessageCloseButtonText?: string;\n}",
      doc: "A survey's own texts in one language (PostHog's `validate_translations`).",
    },
    SurveyQuestion: {
      type: '\n  | (SurveyQuestionBase & { type: "open" })\n  | (SurveyQuestionBase & { type: "link"; link?: string | null })\n  | (SurveyQuestionBase & {\n      type: "rating";\n      display: "number" | "emoji";\n      scale: number;\n      lowerBoundLabel?: string;\n      upperBoundLabel?: string;\n    })\n  | (SurveyQuestionBase & {\n      type: "single_choice" | "multiple_choice";\n      choices: string[];\n      hasOpenChoice?: boolean;\n      shuffleOptions?: boolean;\n    })',
      doc: "One question, each kind with its own fields.",
    },
    SurveyType: {
      type: '"popover" | "widget" | "external_survey" | "api"',
      doc: "How a survey is shown.",
    },
  },
  moreFailures(inputs, known, failed) {
    const failures: Failure[] = [];
    const questions = inputs["questions"];
    if (Array.isArray(questions) && !isUnknown(questions) && !failed("questions"))
      failures.push(
        ...questionsProblems(questions, baseLanguageOf(known["base_language"])).map((reason) => ({ property: "questions", reason })),
      );
    const declares = (field: string) => inputs[camelCase(field)] !== undefined && inputs[camelCase(field)] !== null;
    for (const { field, reason } of surveyProblems(known, declares))
      if (!failed(camelCase(field))) failures.push({ property: camelCase(field), reason });
    return failures;
  },
  // The questions sent keep the ids PostHog gave them (their responses are kept by id).
  modelHooks: (kit) => ({
    withLiveKeys(body, live) {
      const sent = kit.withLiveKeys(body, live);
      if (sent["questions"] !== undefined) sent["questions"] = withLiveQuestionIds(sent["questions"], live("questions"));
      return sent;
    },
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
  // SurveyViewSet lists with SurveySerializer (products/surveys/backend/api/survey.py): every field, no GET each. Its
  // targeting flag is the survey's own (its `targetingFlagFilters`), not imported as a FeatureFlag.
  importer: {
    list: async (http, projectId) => (await surveys.listSurveys(http, projectId)).map(surveyRecord),
    // The Survey model's defaults (products/surveys/backend/models.py).
    defaults: {
      description: "",
      archived: false,
      enable_partial_responses: false,
      response_sampling_interval_type: "week",
      base_language: "en",
    },
    references: [idField("linked_flag_id", "FeatureFlag"), idField("linked_insight_id", "Insight")],
    // A product tour's survey step has a survey of its own, "<tour> - Step <n> Survey (<8 hex>)" of type "api"
    // (`_sync_survey_steps`, products/product_tours/backend/api/product_tour.py): the tour's, declared in its content.
    skip: (survey) =>
      survey.type === "api" && / - Step \d+ Survey \([0-9a-f]{8}\)$/.test(survey.name)
        ? "a product tour's survey step's survey, which PostHog makes, launches and ends with the tour (declared in its content)"
        : undefined,
    label: (survey) => survey.name,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) => {
      const found = await surveys.findSurveyByName(http, projectId, String(name));
      return found ? surveyRecord(found) : null;
    },
    // SurveySerializer.validate (products/surveys/backend/api/survey.py): "There is already a survey with this name.", code unique.
    taken: (error) => error.status === 400 && error.code === "unique" && /already a survey with this name/i.test(error.detail ?? ""),
    otherwise: "choose another name (PostHog keeps survey names unique in a project)",
  },
});
