/**
 * Between Pulumi's view of a feature flag (camelCase inputs, slim outputs) and PostHog's (snake_case fields): the
 * kit's field-table state (src/kit/field-state.ts) over the flag's table (src/schema/feature-flag-fields.ts), with
 * what is the flag's own: `key` required, the release conditions' rules and the rules between fields.
 */
import { fieldState, type InProject } from "../kit/field-state";
import type { Failure } from "../kit/lifecycle";
import type { FeatureFlag } from "../schema/feature-flag";
import { crossFieldProblems, filtersProblems, flagFields } from "../schema/feature-flag-fields";
import { isPlainObject } from "../schema/json";
import { camelCase } from "../schema/names";
import { isUnknown } from "./project-state";

/** A flag record with the project it was read from (PostHog's answer does not name it). */
export type FlagRecord = InProject<FeatureFlag>;

export const featureFlagState = fieldState<FeatureFlag>({
  className: "FeatureFlag",
  fields: flagFields,
  exampleInput: "ensureExperienceContinuity",
  required: { key: "the key SDKs evaluate the flag by" },
  // The outputs every FeatureFlag has: its ids, key and name (a declared setting adds its live value).
  fixedOutputs: (record) => ({ flagId: record.id, projectId: record.project_id, key: record.key, name: record.name }),
  moreFailures(inputs, known, failed) {
    const failures: Failure[] = [];
    const filters = inputs["filters"];
    if (isPlainObject(filters) && !isUnknown(filters) && !failed("filters"))
      for (const reason of filtersProblems(filters, true)) failures.push({ property: "filters", reason });
    // A rule between fields one of which is not known yet waits for the values (`active` defaults to true).
    for (const { field, reason } of crossFieldProblems(known)) {
      const property = camelCase(field);
      if (failed(property) || (field === "archived" && isUnknown(inputs["active"]))) continue;
      failures.push({ property, reason });
    }
    return failures;
  },
  // TaggedItemSerializerMixin (posthog/api/tagged_item.py) saves tags only for organizations with the `tagging`
  // plan feature, and answers 200 with no tags otherwise (measured on the 2025-08-04 backend).
  planFeatureOf: (field) => (field === "tags" ? "the `tagging` feature (AvailableFeature.TAGGING)" : undefined),
});
