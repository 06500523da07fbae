/**
 * The experiment holdout's field table: the writable fields of ExperimentHoldoutSerializer
 * (ee/clickhouse/views/experiment_holdouts.py; model ExperimentHoldout, posthog/models/experiment.py), alike in
 * PostHog 2025-08-04 and today's source, each with PostHog's rule and how a declared value compares with its answer.
 */
import { z } from "zod";
import type { Equality, FieldDef, ApiTypes } from "../../kit/field-table";
import { sameSansNulls, withoutAdded } from "../../kit/json-forms";

export const HOLDOUT_SERIALIZER = "ExperimentHoldoutSerializer, ee/clickhouse/views/experiment_holdouts.py";

/** PostHog gives every group the variant `holdout-<id>` (`_get_filters_with_holdout_id`): equal when not declared. */
const sameFilters: Equality = (a, b) => sameSansNulls(a ?? [], withoutAdded(a ?? [], b ?? [], ["variant"]));

export const experimentHoldoutFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (ExperimentHoldout.name, ${HOLDOUT_SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `may not be blank (${HOLDOUT_SERIALIZER})` }),
    doc: "The holdout's name (at most 400 characters).",
  },
  description: {
    input: z
      .string({ error: "must be a string or null" })
      .max(400, { error: `must be at most 400 characters (ExperimentHoldout.description, ${HOLDOUT_SERIALIZER})` })
      .nullable(),
    doc: "What the holdout is for (at most 400 characters).",
  },
  filters: {
    type: "HoldoutGroup[]",
    input: z
      .array(z.record(z.string(), z.unknown(), { error: "must be a list of groups (objects)" }), { error: "must be a list of groups" })
      .min(1, { error: `must hold at least one group: Filters are required to create an holdout group (${HOLDOUT_SERIALIZER})` }),
    equal: sameFilters,
    doc: "Who is held out: groups as a flag's release conditions (`properties`, `rollout_percentage`); PostHog gives each the variant `holdout-<id>` and writes the holdout to the flags of its experiments (while they are drafts): as `holdout` (its id and the first group's rollout as the exclusion percentage; PostHog 2025-08-04: the groups, as `holdout_groups`).",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const experimentHoldoutApiTypes: ApiTypes = {
  file: "products/experiments/frontend/generated/api.schemas.ts",
  schemas: ["ExperimentHoldoutApi"],
};
