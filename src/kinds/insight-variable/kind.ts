/**
 * InsightVariable (a SQL variable), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/insight_variables/`), keyed by UUID, deleted by DELETE (InsightVariableViewSet is a
 * ModelViewSet, posthog/api/insight_variable.py), identified as `<projectId>/<uuid>`. Personal API keys need
 * `insight_variable:read`/`insight_variable:write` in today's PostHog; PostHog 2025-08-04 refuses every key with
 * scopes (`scope_object = "INTERNAL"`, measured). Its field table is src/kinds/insight-variable/fields.ts; `name` and `type` are
 * required (model fields without defaults); a List variable's values are scalars (`_coerce_list_values`).
 *
 * Its create is never resent blindly. A project's variables never share a code name (PostHog refuses the create), so
 * the code name the name makes is its identity: PostHog's refusal names the variable holding it; after an unclear
 * answer the variable found under it is taken only if this create made it. PostHog 2025-08-04's refusal of personal API
 * keys is said with what to do.
 */
import { insightVariableExample } from "./example";
import * as variables from "./endpoints";
import { defineKind } from "../../kit/define-kind";
import { ANY } from "../../kit/property";
import { codeNameOf, insightVariableFields, listValueProblem, VARIABLE_SERIALIZER } from "./fields";
import { refusedBeforeItsScope } from "../../kit/field-lifecycle";
import { listedPages } from "../../kit/list-reads";

export const {
  kind: insightVariableKind,
  model: insightVariableModel,
  Lifecycle: InsightVariableLifecycle,
} = defineKind({
  name: "InsightVariable",
  noun: "insight variable",
  summary: "A variable of a project's SQL insights: `{variables.<codeName>}` in their HogQL.",
  description:
    "A PostHog insight variable: a value SQL insights take as `{variables.<codeName>}`, with its type and default. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. PostHog makes its code name from the name on create. PostHog 2025-08-04 refuses personal API keys here; today's needs the `insight_variable:write` scope.",
  example: insightVariableExample,
  scope: "project",
  identity: { output: "variableId", key: "uuid", doc: "The variable's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "type"],
  endpoints: {
    get: variables.getInsightVariable,
    update: variables.updateInsightVariable,
    remove: variables.deleteInsightVariable,
    create: variables.createInsightVariable,
  },
  // InsightVariableViewSet lists with InsightVariableSerializer, as it retrieves (posthog/api/insight_variable.py).
  listReads: listedPages(variables.insightVariablePages),
  outputs: { codeName: { type: "string", description: "How HogQL names the variable: `{variables.<codeName>}`." } },
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
  lookups: {
    list: (http, projectId) => variables.listInsightVariables(http, projectId),
    // A project's variables never share a code name (InsightVariableSerializer.create).
    uniqueBy: {
      input: "codeName",
      spec: { type: "string", description: "The variable's code name, as HogQL names it (`plan` for `{variables.plan}`)." },
      find: async (http, projectId, codeName) =>
        (await variables.listInsightVariables(http, projectId)).find((v) => v.code_name === codeName) ?? null,
    },
    outputs: {
      name: { type: "string" },
      type: { type: "string" },
      codeName: { type: "string", nullable: true },
      defaultValue: { ...ANY, nullable: true },
      values: { type: "array", items: ANY, nullable: true },
    },
  },
  // The list answers every field: no GET each.
  importer: {
    list: (http, projectId) => variables.listInsightVariables(http, projectId),
    defaults: { default_value: null, values: null },
    label: (variable) => variable.code_name ?? variable.name,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) =>
      (await variables.listInsightVariables(http, projectId)).filter((v) => v.code_name === codeNameOf(String(name ?? ""))),
    described: (name) => `of code name ${JSON.stringify(codeNameOf(String(name ?? "")))}`,
    // "Variable with this code name already exists" today, "Variable with name already exists" in 2025-08-04
    // (InsightVariableSerializer.create).
    taken: (error) => error.status === 400 && /Variable with (this code )?name already exists/.test(error.detail ?? ""),
    otherwise: "choose a name that makes another code name",
  },
  createRefusal: (error) =>
    refusedBeforeItsScope(
      error,
      "insight variables",
      "insight_variable:write",
      // No such key may read it either (the viewset refuses every action), so `getInsightVariable` is no way out.
      "create and edit the variable in PostHog's SQL editor and leave it out of the program (such a key may not read it either)",
    ),
});
