/**
 * Between Pulumi's view of a hog function and PostHog's: the kit's field-table model over the hog function's table
 * (src/kinds/hog-function/fields.ts), with what is its own: `hog` required unless a template gives it, the inputs
 * checked against their schema, and the secret inputs. PostHog never answers a secret input (`{"secret": true}`
 * stands in its place), so a secret is compared with the value the program declared last, kept in the state as a
 * Pulumi secret: a secret changed in the program is sent, one unchanged is not, and refresh never shows one as drift.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import type { HogFunction } from "./record";
import { ADDED_TO_INPUTS, HOG_SERIALIZER, hogFunctionFields, hogFunctionProblems, isSecretPlaceholder } from "./fields";
import { withoutAdded } from "../../kit/json-forms";
import { isPlainObject, own } from "../../kit/json";
import { camelCase } from "../../kit/names";

export type HogFunctionRecord = InProject<HogFunction>;

const base = fieldModel<HogFunction>({
  className: "HogFunction",
  noun: "hog function",
  // The inputs are secret when one of them is (its schema item says `secret: true`): Pulumi's SDK makes an object
  // holding a secret secret as a whole, so the other inputs are secret with it.
  secretInProgram: {
    inputs: [{ input: "inputs", when: { input: "inputsSchema", someItem: ["secret"], is: true } }],
    doc: "Secret inputs become Pulumi secrets",
  },
  summary: "A destination, transformation or site app from Hog code.",
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
});

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

export const hogFunctionModel: typeof base = {
  ...base,
  liveInputs(declared, record) {
    const inputs = base.liveInputs(declared, record);
    if (inputs["inputs"] !== declared["inputs"]) inputs["inputs"] = inProgramForm(declared["inputs"], inputs["inputs"]);
    return inputs;
  },
  settingsChanged: (olds: Json, news: Json) => base.settingsChanged(withDeclaredSecrets(olds) as Json, news),
  outputValue: (outputs: object, field: string) => base.outputValue(field === "inputs" ? withDeclaredSecrets(outputs) : outputs, field),
};

/**
 * Where the secret values are among the inputs: `inputs.<key>` of each schema item marked `secret: true`; all of
 * `inputs` when the schema is not declared (a template's: which are secret is not known here).
 */
export function secretInputPaths(inputs: Json): string[][] {
  const schema = inputs["inputsSchema"];
  const values = inputs["inputs"];
  if (!isPlainObject(values)) return [];
  if (!Array.isArray(schema)) return [["inputs"]];
  return schema
    .filter(
      (item) => isPlainObject(item) && item["secret"] === true && typeof item["key"] === "string" && Object.hasOwn(values, item["key"]),
    )
    .map((item) => ["inputs", String((item as Json)["key"])]);
}
