/**
 * Between Pulumi's view of a cohort and PostHog's: the kit's field-table state over the cohort's table
 * (src/schema/cohort-fields.ts), with what is the cohort's own: `name` required, the filters' rules, and a static
 * cohort declared without filters.
 */
import { fieldState, type InProject } from "../kit/field-state";
import type { Failure } from "../kit/lifecycle";
import type { Cohort } from "../schema/cohort";
import { cohortFields, cohortFiltersProblems } from "../schema/cohort-fields";
import { isPlainObject } from "../schema/json";
import { isUnknown } from "./project-state";

export type CohortRecord = InProject<Cohort>;

export const cohortState = fieldState<Cohort>({
  className: "Cohort",
  fields: cohortFields,
  exampleInput: "isStatic",
  required: { name: "a cohort whose create answer was lost is found again by its name (PostHog does not require one)" },
  // The outputs every Cohort has: its ids, name and kind (a declared setting adds its live value).
  fixedOutputs: (record) => ({ cohortId: record.id, projectId: record.project_id, name: record.name, isStatic: record.is_static }),
  moreFailures(inputs, _known, failed) {
    const failures: Failure[] = [];
    const filters = inputs["filters"];
    const isStatic = inputs["isStatic"];
    if (isStatic === true && filters !== undefined && filters !== null) {
      // PostHog 2025-08-04 stores a static cohort's filters unchecked and never evaluates them; today's fills the
      // cohort from them once and refuses every later change ("Editing the criteria of a static cohort is not
      // supported yet", CohortSerializer.update): neither can be managed.
      failures.push({
        property: "filters",
        reason:
          "filters cannot be declared with isStatic: true: a static cohort is a fixed list of persons, which PostHog does not recompute from filters (CohortSerializer.update, posthog/api/cohort.py). Declare a dynamic cohort (no isStatic) to keep it defined by filters.",
      });
      return failures;
    }
    if (isPlainObject(filters) && !isUnknown(filters) && !failed("filters"))
      for (const reason of cohortFiltersProblems(filters)) failures.push({ property: "filters", reason });
    return failures;
  },
});
