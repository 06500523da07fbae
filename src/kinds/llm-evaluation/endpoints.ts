/**
 * The LLM evaluation endpoints (EvaluationViewSet, products/ai_observability/backend/api/evaluations.py:
 * `/api/projects/<id>/evaluations/`, also under `/api/environments/<id>/`: the product's `register_routes`, a
 * `register_legacy_dual_route`), one function each. Keyed by UUID; a ForbidDestroyModel: deleted by
 * `PATCH {"deleted": true}`, after which it is a 404. Personal API keys need `evaluation:read`/`evaluation:write`
 * (`scope_object = "evaluation"`). PostHog 2025-08-04 has none (404).
 */
import { llmEvaluationSchema } from "./record";
import * as objects from "../../client/project-objects";

const evaluations = objects.endpoints<typeof llmEvaluationSchema, string>({
  path: "evaluations",
  noun: "LLM evaluation",
  schema: llmEvaluationSchema,
});

/** Every live evaluation of the project, the newest first (`safely_get_queryset`). */
export const listLlmEvaluations = evaluations.listAll;

export const getLlmEvaluation = evaluations.get;

/** Never resent once it may have reached PostHog: nothing about an evaluation is unique, a resend makes a twin. */
export const createLlmEvaluation = evaluations.create;

export const updateLlmEvaluation = evaluations.update;

/** `PATCH {"deleted": true}` (DELETE answers 405). */
export const deleteLlmEvaluation = evaluations.softDelete;

/** Every page of the unfiltered list. */
export const llmEvaluationPages = evaluations.pages;
