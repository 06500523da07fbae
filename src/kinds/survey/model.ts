/**
 * Between Pulumi's view of a survey and PostHog's: the kit's field-table model over the survey's table
 * (src/kinds/survey/fields.ts), with what is the survey's own: `name` and `type` required, the questions' rules kind
 * by kind and the rules between fields (SurveySerializerCreateUpdateOnly.validate).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import type { Survey } from "./record";
import { questionsProblems, surveyFields, surveyProblems, withLiveQuestionIds } from "./fields";
import { camelCase } from "../../kit/names";
import { isUnknown } from "../../kit/unknown";

/** A survey as the kit reads it: PostHog's answer with its linked flag's id and its targeting flag's filters as fields. */
export type SurveyRead = Survey & { linked_flag_id: number | null; targeting_flag_filters: unknown };
export type SurveyRecord = InProject<SurveyRead>;

const jsonText = (value: unknown) =>
  value === undefined || value === null || typeof value === "string" ? (value ?? null) : JSON.stringify(value);

const base = fieldModel<SurveyRead>({
  className: "Survey",
  noun: "survey",
  summary: "Questions shown to a project's users.",
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
      type: '{\n  question: string;\n  description?: string | null;\n  descriptionContentType?: "text" | "html" | null;\n  buttonText?: string | null;\n  optional?: boolean | null;\n  branching?: SurveyBranching | null;\n  /** PostHog gives each question one when it is not given. */\n  id?: string;\n}',
      doc: "What every kind of question has.",
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
    // PostHog stores json.dumps' text in a JSON field (update_response_sampling_limits): answered as that text.
    responseSamplingDailyLimits: jsonText(record.response_sampling_daily_limits),
  }),
  moreFailures(inputs, known, failed) {
    const failures: Failure[] = [];
    const questions = inputs["questions"];
    if (Array.isArray(questions) && !isUnknown(questions) && !failed("questions"))
      failures.push(...questionsProblems(questions).map((reason) => ({ property: "questions", reason })));
    const declares = (field: string) => inputs[camelCase(field)] !== undefined && inputs[camelCase(field)] !== null;
    for (const { field, reason } of surveyProblems(known, declares))
      if (!failed(camelCase(field))) failures.push({ property: camelCase(field), reason });
    return failures;
  },
});

/** The kit's model, with the questions sent keeping the ids PostHog gave them (their responses are kept by id). */
export const surveyModel: typeof base = {
  ...base,
  withLiveKeys(body, live) {
    const sent = base.withLiveKeys(body, live);
    if (sent["questions"] !== undefined) sent["questions"] = withLiveQuestionIds(sent["questions"], live("questions"));
    return sent;
  },
};
