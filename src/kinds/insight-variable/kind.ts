/**
 * InsightVariable (a SQL variable), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/insight_variables/`), keyed by UUID, deleted by DELETE (InsightVariableViewSet is a
 * ModelViewSet, posthog/api/insight_variable.py), identified as `<projectId>/<uuid>`. Personal API keys need
 * `insight_variable:read`/`insight_variable:write` in today's PostHog; PostHog 2025-08-04 refuses every key with
 * scopes (`scope_object = "INTERNAL"`, measured). Its field table is src/kinds/insight-variable/fields.ts.
 */
import { insightVariableExample } from "./example";
import type { Transport } from "../../client";
import * as variables from "./endpoints";
import type { Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import { codeNameOf, insightVariableFields } from "./fields";
import { type InsightVariableRecord, insightVariableModel } from "./model";
import { FieldTableLifecycle, refusedBeforeItsScope } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { InsightVariable } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

export const insightVariableKind: Kind<"project", InsightVariableRecord> = {
  ...kindNames("InsightVariable"),
  example: insightVariableExample,
  noun: "insight variable",
  scope: "project",
  identity: { output: "variableId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "type"],
  api: projectScopedApi<InsightVariable, string>({
    get: variables.getInsightVariable,
    update: variables.updateInsightVariable,
    remove: variables.deleteInsightVariable,
  }),
  // InsightVariableViewSet lists with InsightVariableSerializer, as it retrieves (posthog/api/insight_variable.py).
  listReads: listedPages(variables.insightVariablePages),
  schema: () => ({
    description:
      "A PostHog insight variable: a value SQL insights take as `{variables.<codeName>}`, with its type and default. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. PostHog makes its code name from the name on create. PostHog 2025-08-04 refuses personal API keys here; today's needs the `insight_variable:write` scope.",
    inputs: tableInputs(insightVariableFields, "insight variable", { key: "uuid" }),
    outputs: tableOutputs(
      insightVariableFields,
      "insight variable",
      {
        variableId: { type: "string", description: "The variable's UUID in PostHog." },
        codeName: { type: "string", description: "How HogQL names the variable: `{variables.<codeName>}`." },
      },
      { key: "uuid" },
    ),
    required: ["variableId", "projectId", "name", "type", "codeName"],
  }),
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
  model: insightVariableModel,
  lifecycle: () => new InsightVariableLifecycle(),
  // The list answers every field: no GET each.
  importer: projectScopedImport<InsightVariable>(insightVariableFields, {
    list: (http, projectId) => variables.listInsightVariables(http, projectId),
    defaults: { default_value: null, values: null },
    label: (variable) => variable.code_name ?? variable.name,
  }),
};

/**
 * The InsightVariable lifecycle: the kit's field-table lifecycle with its create, never resent blindly. A project's
 * variables never share a code name (PostHog refuses the create), so the code name the name makes is its identity:
 * PostHog's refusal names the variable holding it; after an unclear answer the variable found under it is taken only if
 * this create made it. PostHog 2025-08-04's refusal of personal API keys is said with what to do.
 */
export class InsightVariableLifecycle extends FieldTableLifecycle<InsightVariable> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(insightVariableKind, insightVariableModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<InsightVariableRecord> {
    const codeName = codeNameOf(String(body["name"] ?? ""));
    try {
      const made = await this.createOnce(projectId, body, () => variables.createInsightVariable(this.http(), projectId, body), {
        find: async () => (await variables.listInsightVariables(this.http(), projectId)).filter((v) => v.code_name === codeName),
        described: `of code name ${JSON.stringify(codeName)}`,
        // "Variable with this code name already exists" today, "Variable with name already exists" in 2025-08-04
        // (InsightVariableSerializer.create).
        taken: (error) => error.status === 400 && /Variable with (this code )?name already exists/.test(error.detail ?? ""),
        otherwise: "choose a name that makes another code name",
      });
      return { ...made, project_id: projectId };
    } catch (error) {
      throw (
        refusedBeforeItsScope(
          error,
          "insight variables",
          "insight_variable:write",
          // No such key may read it either (the viewset refuses every action), so `getInsightVariable` is no way out.
          "create and edit the variable in PostHog's SQL editor and leave it out of the program (such a key may not read it either)",
        ) ?? error
      );
    }
  }
}
