/**
 * Between Pulumi's view of an insight variable and PostHog's: the kit's field-table model over its table
 * (src/kinds/insight-variable/fields.ts). `name` and `type` are required (model fields without defaults); a List
 * variable's values are scalars (`_coerce_list_values`).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { InsightVariable } from "./record";
import { insightVariableFields, listValueProblem, VARIABLE_SERIALIZER } from "./fields";

export type InsightVariableRecord = InProject<InsightVariable>;

export const insightVariableModel = fieldModel<InsightVariable>({
  className: "InsightVariable",
  noun: "insight variable",
  summary: "A variable of a project's SQL insights: `{variables.<codeName>}` in their HogQL.",
  fields: insightVariableFields,
  exampleInput: "defaultValue",
  required: {
    name: `PostHog names every variable and makes its code name from the name (${VARIABLE_SERIALIZER})`,
    type: `InsightVariable.type has no default (${VARIABLE_SERIALIZER})`,
  },
  moreFailures(_inputs, known, failed) {
    if (known["type"] !== "List" || !Array.isArray(known["values"]) || failed("values")) return [];
    const problem = listValueProblem(known["values"]);
    return problem === undefined ? [] : [{ property: "values", reason: `values: ${problem}` }];
  },
  fixedOutputs: (record) => ({ name: record.name, type: record.type, codeName: record.code_name ?? null }),
  outputTypes: {
    name: { type: "string", doc: "The variable's name." },
    type: { type: "string", doc: 'The variable\'s type: "String", "Number", "Boolean", "List" or "Date".' },
    codeName: {
      type: "string",
      doc: "How HogQL names the variable, `{variables.<codeName>}`: made by PostHog from the name when the variable was created (letters, digits and underscores, spaces as underscores, lower-cased); a new name keeps it.",
    },
  },
});
