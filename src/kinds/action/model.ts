/**
 * Between Pulumi's view of an action and PostHog's: the kit's field-table model over the action's table
 * (src/kinds/action/fields.ts), with what is the action's own: `name` required and sent in every PATCH, the steps'
 * rules.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import type { Action } from "./record";
import { actionFields, stepProblems } from "./fields";
import { isUnknown } from "../../kit/unknown";

export type ActionRecord = InProject<Action>;

export const actionModel = fieldModel<Action>({
  className: "Action",
  noun: "action",
  summary: "Named events a project counts, matched by steps.",
  fields: actionFields,
  exampleInput: "description",
  required: { name: "PostHog names every action, uniquely among the project's live ones" },
  // The outputs every Action has besides its kind's (its id, its project): its name (a declared setting adds its live
  // value).
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: {
    name: { type: "string", doc: "The action's name." },
  },
  types: {
    ActionStep: {
      type: '{\n  event?: string | null;\n  url?: string | null;\n  url_matching?: "contains" | "regex" | "exact" | null;\n  selector?: string | null;\n  tag_name?: string | null;\n  text?: string | null;\n  text_matching?: "contains" | "regex" | "exact" | null;\n  href?: string | null;\n  href_matching?: "contains" | "regex" | "exact" | null;\n  properties?: Array<Record<string, unknown>> | null;\n}',
      doc: "One step of an action (PostHog's ActionStepJSONSerializer): an event matches when every given field does.",
    },
  },
  moreFailures(inputs, _known, failed) {
    const steps = inputs["steps"];
    if (!Array.isArray(steps) || isUnknown(steps) || failed("steps")) return [];
    return stepProblems(steps).map((reason): Failure => ({ property: "steps", reason }));
  },
  // TaggedItemSerializerMixin saves tags only for organizations with the `tagging` plan feature (as for flags).
  alwaysSent: ["name"],
});
