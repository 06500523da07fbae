/**
 * HogFunction, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/hog_functions/`),
 * keyed by UUID, soft-deleted (`PATCH {"deleted": true}`: HogFunctionViewSet is a ForbidDestroyModel,
 * posthog/api/hog_function.py), identified as `<projectId>/<uuid>`. Its field table is ./fields.ts, with `hog`
 * required unless a template gives it and the inputs checked against their schema. Its secret inputs are Pulumi
 * secrets: PostHog never answers one (`{"secret": true}` stands in its place), so a secret is compared with the value
 * the program declared last, kept in the state as a Pulumi secret: a secret changed in the program is sent, one
 * unchanged is not, and refresh never shows one as drift. What PostHog fixes at create (`type`, `templateId`) replaces
 * the function when it changes. Names are not unique, so a create whose answer was lost cannot be found again with
 * certainty: it is never resent blindly, and the error says how to check for a twin.
 */
import type { Transport } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { isPlainObject, own } from "../../kit/json";
import { withoutAdded } from "../../kit/json-forms";
import type { Failure, Json } from "../../kit/lifecycle";
import { camelCase } from "../../kit/names";
import * as hogFunctions from "./endpoints";
import { hogFunctionExample } from "./example";
import { ADDED_TO_INPUTS, HOG_SERIALIZER, hogFunctionFields, hogFunctionProblems, isSecretPlaceholder, secretKeys } from "./fields";
import type { HogFunction } from "./record";

/** PostHog's answer with the template it was made from as `template_id` (write-only; answered as `template`). */
export function hogFunctionRecord(fn: HogFunction): HogFunction {
  const template = fn["template"];
  const id = template !== null && typeof template === "object" ? (template as Record<string, unknown>)["id"] : undefined;
  return typeof id === "string" ? { ...fn, template_id: id } : fn;
}

/** The outputs with each secret placeholder of `inputs` replaced by the value the program declared last, if any. */
function withDeclaredSecrets(outputs: object): object {
  const live = own(outputs, "inputs");
  const recorded = own(outputs, "declaredInputs");
  const declared = isPlainObject(recorded) ? recorded["inputs"] : undefined;
  if (!isPlainObject(live) || !isPlainObject(declared)) return outputs;
  const inputs = Object.fromEntries(
    Object.entries(live).map(([key, entry]) => [key, isSecretPlaceholder(entry) && Object.hasOwn(declared, key) ? declared[key] : entry]),
  );
  return { ...outputs, inputs };
}

/**
 * Live inputs in the program's form: a secret PostHog does not answer is the declared value (it cannot be seen to
 * drift), and the keys PostHog adds (`order`, `bytecode`, …) are left out, so that a drifted input shows alone.
 */
function inProgramForm(declared: unknown, live: unknown): unknown {
  if (!isPlainObject(declared) || !isPlainObject(live)) return live;
  return Object.fromEntries(
    Object.entries(live).map(([key, entry]) => {
      if (isSecretPlaceholder(entry) && Object.hasOwn(declared, key)) return [key, declared[key]];
      return [key, withoutAdded(declared[key] ?? {}, entry, ADDED_TO_INPUTS)];
    }),
  );
}

/**
 * Where the secret values are among the inputs: `inputs.<key>` of each schema item marked `secret: true`; all of
 * `inputs` when the schema is not declared (a template's: which are secret is not known here).
 */
export function secretInputPaths(inputs: Json): string[][] {
  const schema = inputs["inputsSchema"];
  const values = inputs["inputs"];
  // A mapping's secret input, answered by PostHog as given: the mappings are kept out of messages whole.
  const mappings = Array.isArray(inputs["mappings"]) ? inputs["mappings"] : [];
  const inMappings = mappings.some((m) => isPlainObject(m) && secretKeys(m["inputs_schema"]).length > 0) ? [["mappings"]] : [];
  if (!isPlainObject(values)) return inMappings;
  if (!Array.isArray(schema)) return [["inputs"], ...inMappings];
  return [
    ...inMappings,
    ...schema
      .filter(
        (item) => isPlainObject(item) && item["secret"] === true && typeof item["key"] === "string" && Object.hasOwn(values, item["key"]),
      )
      .map((item) => ["inputs", String((item as Json)["key"])]),
  ];
}

export const {
  kind: hogFunctionKind,
  model: hogFunctionModel,
  Lifecycle: HogFunctionLifecycle,
} = defineKind({
  name: "HogFunction",
  noun: "hog function",
  summary: "A destination, transformation or site app from Hog code.",
  description:
    "A PostHog hog function: a destination, transformation or site app from Hog code (or a template), its inputs and filters. Secret inputs are Pulumi secrets and never in the state in plain text. Deleted as PostHog deletes them (marked deleted); one deleted by hand is created again.",
  example: hogFunctionExample,
  scope: "project",
  identity: { output: "hogFunctionId", key: "uuid", doc: "The hog function's UUID in PostHog." },
  deletion: "soft-delete",
  // `hog` too: the check requires code (or a template), so an import without it would print code that fails.
  importInputs: ["projectId", "type", "name", "hog"],
  endpoints: {
    get: async (http: Transport, projectId: number, id: string) =>
      hogFunctionRecord(await hogFunctions.getHogFunction(http, projectId, id)),
    update: async (http, projectId, id: string, body) => hogFunctionRecord(await hogFunctions.updateHogFunction(http, projectId, id, body)),
    remove: hogFunctions.deleteHogFunction,
    create: async (http, projectId, body) => hogFunctionRecord(await hogFunctions.createHogFunction(http, projectId, body)),
  },
  inputs: (table) => ({
    ...table,
    type: { ...table["type"]!, willReplaceOnChanges: true },
    templateId: { ...table["templateId"]!, willReplaceOnChanges: true },
  }),
  alwaysPresent: ["hogFunctionId", "projectId", "hog"],
  secretInputPaths,
  // The inputs are secret when one of them is (its schema item says `secret: true`): Pulumi's SDK makes an object
  // holding a secret secret as a whole, so the other inputs are secret with it.
  secretInProgram: {
    // PostHog answers a mapping's inputs, secret ones too, as given: the mappings are secret when one has inputs.
    inputs: [
      { input: "inputs", when: { input: "inputsSchema", someItem: ["secret"], is: true } },
      { input: "mappings", when: { input: "mappings", someItem: ["inputs"] } },
    ],
    doc: "Secret inputs (and mappings with inputs) become Pulumi secrets",
  },
  outputTypes: {
    type: { type: "HogFunctionType", doc: "What kind of function it is." },
    name: { type: "string | null", doc: "The function's name." },
    hog: { type: "string", doc: "Its code (Hog source; TypeScript for site apps)." },
  },
  types: {
    HogFunctionType: {
      type: '\n  | "destination"\n  | "site_destination"\n  | "internal_destination"\n  | "source_webhook"\n  | "site_app"\n  | "transformation"\n  | "warehouse_source_webhook"',
      doc: "What a hog function is.",
    },
    HogFunctionInputSchema: {
      type: '{\n  key: string;\n  type: "string" | "number" | "boolean" | "dictionary" | "choice" | "json" | "integration" | "integration_field" | "email";\n  label?: string;\n  description?: string;\n  required?: boolean;\n  default?: unknown;\n  /** PostHog never answers its value; the provider keeps it a Pulumi secret. */\n  secret?: boolean;\n  hidden?: boolean;\n  templating?: boolean;\n  choices?: Array<Record<string, unknown>>;\n  [key: string]: unknown;\n}',
      doc: "One input the function takes (PostHog's InputsSchemaItemSerializer).",
    },
    HogFunctionMapping: {
      type: "{\n  name?: string;\n  inputs_schema?: HogFunctionInputSchema[];\n  inputs?: Record<string, HogFunctionInput>;\n  filters?: Record<string, unknown>;\n}",
      doc: "One of a destination's mappings (PostHog's MappingsSerializer): its own inputs and the events it matches.",
    },
    HogFunctionInput: {
      type: '{\n  value: unknown;\n  templating?: "hog" | "liquid";\n}',
      doc: "An input's value (`templating`: how string values are templated).",
    },
  },
  fields: hogFunctionFields,
  exampleInput: "inputsSchema",
  fixedOutputs: (record) => ({
    type: record.type ?? null,
    name: record.name ?? null,
    // Its code, always: what an import declares (the check requires it unless a template gives it).
    hog: record.hog,
  }),
  moreFailures(inputs, known, failed) {
    const failures: Failure[] = [];
    if (inputs["hog"] === undefined && inputs["templateId"] === undefined)
      failures.push({
        property: "hog",
        reason: `hog is required: the function's code, unless templateId names a template that gives it (${HOG_SERIALIZER})`,
      });
    for (const { field, reason } of hogFunctionProblems(known))
      if (!failed(camelCase(field))) failures.push({ property: camelCase(field), reason });
    return failures;
  },
  modelHooks: (kit) => ({
    liveInputs(declared, record) {
      const inputs = kit.liveInputs(declared, record);
      if (inputs["inputs"] !== declared["inputs"]) inputs["inputs"] = inProgramForm(declared["inputs"], inputs["inputs"]);
      return inputs;
    },
    settingsChanged: (olds: Json, news: Json) => kit.settingsChanged(withDeclaredSecrets(olds) as Json, news),
    outputValue: (outputs: object, field: string) => kit.outputValue(field === "inputs" ? withDeclaredSecrets(outputs) : outputs, field),
  }),
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
  importer: {
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
  },
  lostCreate: (sent) => `in the project's data pipelines (name ${JSON.stringify(sent["name"] ?? null)})`,
  hooks: {
    replaces(olds, news) {
      const fixed = ["type", "templateId"].filter((input) => {
        const before = (olds["declaredInputs"] as Json | undefined)?.[input] ?? olds[input];
        return news[input] !== undefined && before !== undefined && news[input] !== before;
      });
      return [...this.kit.replaces(olds, news), ...fixed];
    },
  },
});
