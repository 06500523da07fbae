/**
 * HogFunction, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/hog_functions/`),
 * keyed by UUID, soft-deleted (`PATCH {"deleted": true}`: HogFunctionViewSet is a ForbidDestroyModel,
 * posthog/api/hog_function.py), identified as `<projectId>/<uuid>`. Its secret inputs are Pulumi secrets.
 */
import { hogFunctionExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as hogFunctions from "./endpoints";
import type { Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import type { HogFunction } from "./record";
import { isPlainObject } from "../../kit/json";
import { hogFunctionFields } from "./fields";
import { type HogFunctionRecord, secretInputPaths, hogFunctionModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";

/** PostHog's answer with the template it was made from as `template_id` (write-only; answered as `template`). */
export function hogFunctionRecord(fn: HogFunction): HogFunction {
  const template = fn["template"];
  const id = template !== null && typeof template === "object" ? (template as Record<string, unknown>)["id"] : undefined;
  return typeof id === "string" ? { ...fn, template_id: id } : fn;
}

const replaceOnChange = (name: string) => ({
  ...tableInputs(hogFunctionFields, "hog function", { key: "uuid" })[name]!,
  willReplaceOnChanges: true,
});

export const hogFunctionKind: Kind<"project", HogFunctionRecord> = {
  ...kindNames("HogFunction"),
  example: hogFunctionExample,
  noun: "hog function",
  scope: "project",
  identity: { output: "hogFunctionId", key: "uuid" },
  deletion: "soft-delete",
  // `hog` too: the check requires code (or a template), so an import without it would print code that fails.
  importInputs: ["projectId", "type", "name", "hog"],
  api: projectScopedApi<HogFunction, string>({
    get: async (http, projectId, id) => hogFunctionRecord(await hogFunctions.getHogFunction(http, projectId, id)),
    update: async (http, projectId, id, body) => hogFunctionRecord(await hogFunctions.updateHogFunction(http, projectId, id, body)),
    remove: hogFunctions.deleteHogFunction,
  }),
  schema: () => ({
    description:
      "A PostHog hog function: a destination, transformation or site app from Hog code (or a template), its inputs and filters. Secret inputs are Pulumi secrets and never in the state in plain text. Deleted as PostHog deletes them (marked deleted); one deleted by hand is created again.",
    inputs: {
      ...tableInputs(hogFunctionFields, "hog function", { key: "uuid" }),
      type: replaceOnChange("type"),
      templateId: replaceOnChange("templateId"),
    },
    outputs: tableOutputs(
      hogFunctionFields,
      "hog function",
      {
        hogFunctionId: { type: "string", description: "The hog function's UUID in PostHog." },
      },
      { key: "uuid" },
    ),
    required: ["hogFunctionId", "projectId", "hog"],
  }),
  secretInputPaths,
  lookups: {
    // The list answers PostHog's minimal form (no inputs, schema or masking): getHogFunction has them.
    list: (http, projectId, query) => hogFunctions.listHogFunctions(http, projectId, query),
    filters: {
      type: {
        spec: { type: "string", description: 'Its type: "destination", "transformation", "site_app", … (comma-separated for several).' },
        query: (v) => ["type", String(v)],
      },
      enabled: {
        spec: { type: "boolean", description: "Only enabled functions (true) or only disabled ones (false)." },
        query: (v) => ["enabled", String(v === true)],
      },
      search: {
        spec: { type: "string", description: "Part of the name or description (case-insensitive)." },
        query: (v) => ["search", String(v)],
      },
    },
    outputs: {
      type: { type: "string", nullable: true },
      name: { type: "string", nullable: true },
      description: { type: "string" },
      enabled: { type: "boolean" },
      hog: { type: "string" },
    },
  },
  model: hogFunctionModel,
  lifecycle: () => new HogFunctionLifecycle(),
  importer: projectScopedImport(hogFunctionFields, {
    // The list answers PostHog's minimal form (no inputs, schema or masking): one GET each.
    list: async (http, projectId) => {
      const found: HogFunction[] = [];
      for (const { id } of await hogFunctions.listHogFunctions(http, projectId))
        found.push(hogFunctionRecord(await hogFunctions.getHogFunction(http, projectId, id)));
      return found;
    },
    // The HogFunction model's defaults (posthog/models/hog_functions/hog_function.py).
    defaults: { description: "", enabled: false, inputs_schema: [], inputs: {} },
    // PostHog never answers a secret input's value (`{"secret": true}`): such a function cannot be written out whole,
    // so it is left to be declared by hand (with `adoptId` and its secrets from `pulumi config set --secret`).
    skip: (fn) => {
      const secret = Object.entries(isPlainObject(fn["inputs"]) ? fn["inputs"] : {})
        .filter(([, v]) => isPlainObject(v) && v["secret"] === true)
        .map(([key]) => key);
      return secret.length > 0
        ? `its secret input${secret.length === 1 ? "" : "s"} ${secret.join(", ")} PostHog never answers: declare it by hand, with adoptId and each secret from \`pulumi config set --secret\``
        : undefined;
    },
    label: (fn) => fn.name ?? `hog function ${fn.id}`,
  }),
};

/**
 * The HogFunction lifecycle: the kit's field-table lifecycle with its create and what PostHog fixes at create (`type`,
 * `templateId`: a change replaces the function). Names are not unique, so a create whose answer was lost cannot be
 * found again with certainty: it is never resent blindly, and the error says how to check for a twin.
 */
export class HogFunctionLifecycle extends FieldTableLifecycle<HogFunction> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(hogFunctionKind, hogFunctionModel, connection);
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const fixed = ["type", "templateId"].filter((input) => {
      const before = (olds["declaredInputs"] as Json | undefined)?.[input] ?? olds[input];
      return news[input] !== undefined && before !== undefined && news[input] !== before;
    });
    return [...super.replaces(olds, news), ...fixed];
  }

  protected override async obtain(projectId: number, body: Json): Promise<HogFunctionRecord> {
    try {
      return { ...hogFunctionRecord(await hogFunctions.createHogFunction(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The hog function may have been created: look for it in the project's data pipelines (name ${JSON.stringify(body["name"] ?? null)}) and adopt it with \`pulumi import posthog:index:HogFunction <name> ${projectId}/<uuid>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }
}
