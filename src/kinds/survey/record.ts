/**
 * Survey records as PostHog returns them (SurveySerializer on GET, SurveySerializerCreateUpdateOnly on POST and
 * PATCH; products/surveys/backend/api/survey.py, formerly posthog/api/survey.py). Loose: fields a PostHog version
 * adds pass through; those only some answers carry (`linked_flag_id` and `feature_flag_keys` on GET only; today's
 * `translations`, `enable_iframe_embedding`, `form_content`, `user_access_level`) are optional.
 */
import { z } from "zod";
import { minimalFlagSchema } from "../feature-flag/record";

/** One question: its kind's own fields (choices, link, scale, branching, …) pass through. */
export const surveyQuestionSchema = z.looseObject({
  type: z.string().optional(),
  question: z.string(),
  id: z.string().optional(),
});

export const surveySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  schedule: z.string().nullish(),
  linked_flag: minimalFlagSchema.nullish(),
  linked_flag_id: z.number().int().nullish(),
  linked_insight_id: z.number().int().nullish(),
  targeting_flag: minimalFlagSchema.nullish(),
  internal_targeting_flag: minimalFlagSchema.nullish(),
  questions: z.array(surveyQuestionSchema).nullish(),
  conditions: z.looseObject({}).nullish(),
  appearance: z.looseObject({}).nullish(),
  created_at: z.string(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  archived: z.boolean(),
  responses_limit: z.number().int().nullish(),
  iteration_count: z.number().int().nullish(),
  iteration_frequency_days: z.number().int().nullish(),
  iteration_start_dates: z.array(z.string().nullable()).nullish(),
  current_iteration: z.number().int().nullish(),
  current_iteration_start_date: z.string().nullish(),
  response_sampling_daily_limits: z.unknown().optional(),
  enable_partial_responses: z.boolean().nullish(),
});
export type Survey = z.infer<typeof surveySchema>;
