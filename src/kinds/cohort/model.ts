/**
 * Between Pulumi's view of a cohort and PostHog's: the kit's field-table model over the cohort's table
 * (src/kinds/cohort/fields.ts), with what is the cohort's own: `name` required, the filters' rules, and a static
 * cohort declared without filters.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import type { Cohort } from "./record";
import { cohortFields, cohortFiltersProblems } from "./fields";
import { isPlainObject } from "../../kit/json";
import { isUnknown } from "../../kit/unknown";

export type CohortRecord = InProject<Cohort>;

export const cohortModel = fieldModel<Cohort>({
  className: "Cohort",
  noun: "cohort",
  summary:
    "Persons a project groups by filters (dynamic) or as a fixed list (static), used by insights and by feature flags' release conditions.",
  outputTypes: {
    name: { type: "string", doc: "The cohort's name." },
    isStatic: { type: "boolean", doc: "Whether the cohort is a fixed list of persons (static) rather than defined by filters." },
  },
  types: {
    CohortPropertyFilter: {
      type: '{\n  type: "person" | "cohort" | "behavioral" | "person_metadata";\n  /** A person property\'s name; `"id"` for a cohort filter; an event name or action id for a behavioral one. */\n  key: pulumi.Input<string | number>;\n  /** The compared value; another cohort\'s id for a cohort filter; the behaviour (`"performed_event"`, …) for a behavioral one. */\n  value?: pulumi.Input<unknown>;\n  /** `exact`, `is_not`, `icontains`, `regex`, `is_set`, `gt`, … (person filters). */\n  operator?: pulumi.Input<string>;\n  negation?: pulumi.Input<boolean>;\n  [field: string]: unknown;\n}',
      doc: "One filter of a cohort (PostHog's `person`, `cohort`, `behavioral` or `person_metadata` filter), snake_case as PostHog's.",
    },
    CohortFilterGroup: {
      type: '{\n  type: "AND" | "OR";\n  values: pulumi.Input<pulumi.Input<CohortFilterGroup | CohortPropertyFilter>[]>;\n}',
      doc: "Groups of filters, AND or OR, nested at will.",
    },
    CohortFilters: {
      type: "{\n  properties: pulumi.Input<CohortFilterGroup>;\n}",
      doc: "A dynamic cohort's definition: `{properties: group}`.",
    },
  },
  fields: cohortFields,
  exampleInput: "isStatic",
  required: { name: "a cohort whose create answer was lost is found again by its name (PostHog does not require one)" },
  // The outputs every Cohort has besides its kind's (its id, its project): name and kind (a declared setting adds its
  // live value).
  fixedOutputs: (record) => ({ name: record.name, isStatic: record.is_static }),
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
