/**
 * Between Pulumi's view of an action and PostHog's: the kit's field-table state over the action's table
 * (src/schema/action-fields.ts), with what is the action's own: `name` required and sent in every PATCH, the steps'
 * rules.
 */
import { fieldState, type InProject } from "../kit/field-state";
import type { Failure } from "../kit/lifecycle";
import type { Action } from "../schema/action";
import { actionFields, stepProblems } from "../schema/action-fields";
import { isUnknown } from "./project-state";

export type ActionRecord = InProject<Action>;

export const actionState = fieldState<Action>({
  className: "Action",
  fields: actionFields,
  exampleInput: "description",
  required: { name: "PostHog names every action, uniquely among the project's live ones" },
  // The outputs every Action has: its ids and name (a declared setting adds its live value).
  fixedOutputs: (record) => ({ actionId: record.id, projectId: record.project_id, name: record.name }),
  moreFailures(inputs, _known, failed) {
    const steps = inputs["steps"];
    if (!Array.isArray(steps) || isUnknown(steps) || failed("steps")) return [];
    return stepProblems(steps).map((reason): Failure => ({ property: "steps", reason }));
  },
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature (as for flags).
  planFeatureOf: (field) => (field === "tags" ? "the `tagging` feature (AvailableFeature.TAGGING)" : undefined),
  alwaysSent: ["name"],
});
