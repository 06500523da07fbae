/**
 * A product tour's survey steps (`_sync_survey_steps`, products/product_tours/backend/api/product_tour.py): a step
 * with a `survey` ({questionText, type: "open" | "rating", scale?, display?, lowerBoundLabel?, upperBoundLabel?}) has a
 * survey of type "api" named "<tour> - Step <n> Survey (<8 hex>)", one question, launched and stopped with the tour
 * (ended at once when the tour is archived); its id and its question's id written into the step (`linkedSurveyId`,
 * `linkedSurveyQuestionId`). A step naming a survey that is gone gets a new one. A survey no step names any more is
 * ended (`end_date` now), as each is when the tour is deleted: never deleted.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { nowMicros } from "../state/time";
import type { StoredObject } from "../state/types";

const APPEARANCE: JsonObject = { position: "middle_center", displayThankYouMessage: false, hideCancelButton: true };

const stepsOf = (content: Json | undefined): Json[] => (isJsonObject(content) && Array.isArray(content.steps) ? content.steps : []);

function surveyOf(ctx: ApiContext, tour: StoredObject, uuid: Json | undefined): StoredObject | undefined {
  return ctx.store.objects("surveys").find((s) => s.teamId === tour.teamId && s.fields.uuid === uuid);
}

/** The step's one question. */
function question(config: JsonObject): JsonObject {
  const type = config.type ?? "open";
  const q: JsonObject = { type, question: config.questionText ?? "" };
  if (type === "rating") {
    Object.assign(q, { scale: config.scale ?? 5, display: config.display ?? "emoji", skipSubmitButton: true });
    if (config.lowerBoundLabel) q.lowerBoundLabel = config.lowerBoundLabel;
    if (config.upperBoundLabel) q.upperBoundLabel = config.upperBoundLabel;
  }
  return q;
}

/** Ends a survey that is not ended yet. */
export function endSurvey(ctx: ApiContext, tour: StoredObject, uuid: Json | undefined): void {
  const survey = surveyOf(ctx, tour, uuid);
  if (survey && typeof survey.fields.end_date !== "number") {
    survey.fields.end_date = nowMicros();
    survey.updatedAtMicros = nowMicros();
  }
}

/** `_sync_survey_steps`, after a create (no previous content) or an update. */
export function syncSurveySteps(ctx: ApiContext, tour: StoredObject, previous: Json | undefined): void {
  const f = tour.fields;
  const active = new Set<string>();
  const steps = stepsOf(f.content);
  steps.forEach((step, i) => {
    if (!isJsonObject(step) || !isJsonObject(step.survey)) return;
    const q = question(step.survey);
    const existing = step.linkedSurveyId ? surveyOf(ctx, tour, step.linkedSurveyId) : undefined;
    if (existing) {
      const questions = existing.fields.questions;
      const kept = Array.isArray(questions) && isJsonObject(questions[0]) ? questions[0].id : undefined;
      Object.assign(existing.fields, {
        questions: [{ ...q, id: kept ?? randomUUID() }],
        appearance: { ...(isJsonObject(existing.fields.appearance) ? existing.fields.appearance : {}), ...APPEARANCE },
        start_date: f.start_date ?? null,
        end_date: f.archived === true ? (f.end_date ?? nowMicros()) : (f.end_date ?? null),
        enable_partial_responses: false,
      });
      existing.updatedAtMicros = nowMicros();
      active.add(pyStr(step.linkedSurveyId));
      step.linkedSurveyQuestionId ??= kept ?? null;
      return;
    }
    const questionId = randomUUID();
    const survey = ctx.store.addObject("surveys", tour.teamId, ctx.user.id, {
      uuid: randomUUID(),
      name: `${pyStr(f.name)} - Step ${i + 1} Survey (${randomBytes(4).toString("hex")})`,
      description: "",
      type: "api",
      questions: [{ ...q, id: questionId }],
      appearance: { ...APPEARANCE },
      start_date: f.start_date ?? null,
      end_date: f.end_date ?? null,
      archived: false,
      enable_partial_responses: false,
    });
    step.linkedSurveyId = survey.fields.uuid ?? null;
    step.linkedSurveyQuestionId = questionId;
    active.add(pyStr(survey.fields.uuid));
  });
  for (const step of stepsOf(previous))
    if (isJsonObject(step) && step.linkedSurveyId && !active.has(pyStr(step.linkedSurveyId))) endSurvey(ctx, tour, step.linkedSurveyId);
  ctx.store.changed();
}

/** `perform_destroy`: each survey step's survey ended. */
export function endSurveySteps(ctx: ApiContext, tour: StoredObject): void {
  for (const step of stepsOf(tour.fields.content)) if (isJsonObject(step) && step.linkedSurveyId) endSurvey(ctx, tour, step.linkedSurveyId);
}
