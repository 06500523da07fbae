/**
 * The insight variable endpoints (InsightVariableViewSet, `/api/projects/<id>/insight_variables/`, also under
 * `/api/environments/<id>/`: posthog/api/__init__.py registers it with `register_grandfathered_environment_nested_viewset`),
 * one function each. Deleted by DELETE (a ModelViewSet: gone for good). Today's scope is `insight_variable`; PostHog
 * 2025-08-04's viewset is `INTERNAL` and refuses every personal API key (403 "This action does not support Personal
 * API Key access", measured). Today's list pages by page number, 500 to a page; 2025-08-04's by limit and offset:
 * both answer `next`, which is followed.
 */
import { insightVariableSchema } from "./record";
import * as objects from "../../client/project-objects";

const variables = objects.endpoints<typeof insightVariableSchema, string>({
  path: "insight_variables",
  noun: "insight variable",
  schema: insightVariableSchema,
});

export const listInsightVariables = variables.listAll;

export const getInsightVariable = variables.get;

/** Never resent once it may have reached PostHog: a resend is refused (the code name is taken). */
export const createInsightVariable = variables.create;

export const updateInsightVariable = variables.update;

export const deleteInsightVariable = variables.destroy;

/** Every page of the unfiltered list. */
export const insightVariablePages = variables.pages;
