/**
 * Cohort, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/cohorts/`), soft-deleted
 * (`PATCH {"deleted": true}`: CohortViewSet is a ForbidDestroyModel, posthog/api/cohort.py), identified as
 * `<projectId>/<id>`. Its field table is src/schema/cohort-fields.ts.
 */
import { cohorts } from "../client";
import type { ResourceDeclaration } from "../kit/declaration";
import { PROJECT_SCOPED_ID_FORMS, projectScopedApi, tableInputs, tableOutputs } from "../kit/field-state";
import { COHORT_TOKEN, COHORT_TYPE } from "../kit/tokens";
import { cohortFields } from "../schema/cohort-fields";
import { CohortProvider } from "./cohort-provider";
import type { CohortRecord } from "./cohort-state";

export const cohortDeclaration: ResourceDeclaration<"project", CohortRecord> = {
  name: "Cohort",
  token: COHORT_TOKEN,
  dynamicType: COHORT_TYPE,
  noun: "cohort",
  scope: "project",
  identity: { output: "cohortId", forms: PROJECT_SCOPED_ID_FORMS },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({ get: cohorts.getCohort, update: cohorts.updateCohort, remove: cohorts.deleteCohort }),
  schema: () => {
    const inputs = tableInputs(cohortFields, "cohort");
    inputs["isStatic"] = { ...inputs["isStatic"]!, willReplaceOnChanges: true };
    return {
      description:
        "A PostHog cohort: persons defined by filters (dynamic) or a fixed list (static). Declared fields are managed; deleted as PostHog deletes cohorts (marked deleted); one deleted by hand is created again.",
      inputs,
      outputs: tableOutputs(cohortFields, "cohort", { cohortId: { type: "integer", description: "Numeric id of the cohort in PostHog." } }),
      required: ["cohortId", "projectId", "name", "isStatic"],
    };
  },
  lookups: ["getCohort", "listCohorts"],
  lifecycle: () => new CohortProvider(),
};
