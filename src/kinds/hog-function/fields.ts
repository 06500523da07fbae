/**
 * The hog function's field table: the writable fields of today's HogFunctionSerializer (posthog/api/hog_function.py
 * in PostHog/posthog, with the input rules of posthog/cdp/validation.py: InputsSchemaItemSerializer,
 * InputsItemSerializer) a program manages, each with PostHog's rule and how a declared value compares with PostHog's
 * answer. A secret input (its schema item says `secret: true`) is never answered: PostHog shows `{"secret": true}` in
 * its place, which compares equal to any declared value (the provider compares a secret with the value the program
 * declared last; see the model hooks of src/kinds/hog-function/kind.ts).
 */
import { z } from "zod";
import { CREATE_IN_FOLDER, type Equality, type FieldDef, type LeftOut, type ApiTypes } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";
import { sameSansNulls, withoutAdded } from "../../kit/json-forms";

export const HOG_SERIALIZER = "HogFunctionSerializer, posthog/api/hog_function.py";
const VALIDATION = "posthog/cdp/validation.py";
export const HOG_FUNCTION_TYPES = [
  "destination",
  "site_destination",
  "internal_destination",
  "source_webhook",
  "site_app",
  "transformation",
  "warehouse_source_webhook",
] as const;
export const INPUT_TYPES = [
  "string",
  "number",
  "boolean",
  "dictionary",
  "choice",
  "json",
  "integration",
  "integration_field",
  "email",
] as const;
const MAX_HOG_BYTES = 100 * 1024;

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/** Whether a live input is PostHog's placeholder for a secret it keeps and never answers. */
export const isSecretPlaceholder = (value: unknown) => isPlainObject(value) && value["secret"] === true && !("value" in value);

/** The keys of the schema's secret inputs. */
export function secretKeys(schema: unknown): string[] {
  return Array.isArray(schema)
    ? schema
        .filter((item) => isPlainObject(item) && item["secret"] === true && typeof item["key"] === "string")
        .map((item) => item["key"] as string)
    : [];
}

/** InputsSchemaItemSerializer's rules, as `inputsSchema[i].field …` problems (`name`: where the schema is). */
export function inputsSchemaProblems(schema: readonly unknown[], name = "inputsSchema"): string[] {
  const problems: string[] = [];
  for (const [i, item] of schema.entries()) {
    const at = `${name}[${i}]`;
    if (!isPlainObject(item)) {
      problems.push(`${at} must be an object with key and type`);
      continue;
    }
    // `key = serializers.CharField()`: trimmed, not blank. PostHog stores a key given twice (measured on 2025-08-04).
    if (typeof item["key"] !== "string" || item["key"].trim() === "") problems.push(`${at}.key is required: a non-blank string`);
    if (!(INPUT_TYPES as readonly unknown[]).includes(item["type"])) problems.push(`${at}.type must be one of ${quoted(INPUT_TYPES)}`);
    for (const flag of ["required", "secret", "hidden", "templating"])
      if (item[flag] !== undefined && typeof item[flag] !== "boolean") problems.push(`${at}.${flag} must be true or false`);
  }
  return problems.map((p) => `${p} (InputsSchemaItemSerializer, ${VALIDATION})`);
}

/**
 * A value's problem for its input type (InputsItemSerializer.validate), or none. Python's rules: `if not value`
 * passes every falsy value ("", 0, false, [], {}) unchecked, and a boolean is an int (`isinstance(True, int)`), so
 * `true` passes as a number and as an Integration ID (both stored, measured on 2025-08-04).
 */
function valueProblem(type: unknown, value: unknown): string | undefined {
  if (value === null || value === undefined || value === "" || value === false || value === 0) return undefined;
  if ((Array.isArray(value) && value.length === 0) || (isPlainObject(value) && Object.keys(value).length === 0)) return undefined;
  switch (type) {
    case "string":
      return typeof value === "string" ? undefined : "must be a string";
    case "number":
      return typeof value === "number" || value === true ? undefined : "must be a number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be a boolean";
    case "dictionary":
      return isPlainObject(value) ? undefined : "must be a dictionary (an object)";
    case "integration":
      return Number.isInteger(value) || value === true ? undefined : "must be an Integration ID (a whole number)";
    case "email":
      if (!isPlainObject(value)) return "must be an email object";
      for (const key of ["from", "to", "subject"]) if (!value[key]) return `is missing '${key}'`;
      return value["text"] || value["html"] ? undefined : "needs 'text' or 'html'";
    default:
      return undefined;
  }
}

/**
 * The inputs against their schema (InputsField.run_child_validation and InputsItemSerializer.validate); `names` say
 * where they are (a mapping's: `mappings[0].inputs`, `mappings[0].inputs_schema`).
 */
export function inputsProblems(
  inputs: Record<string, unknown>,
  schema: readonly unknown[],
  names = { inputs: "inputs", schema: "inputsSchema" },
): string[] {
  const problems: string[] = [];
  const items = schema.filter(isPlainObject);
  const keys = new Set(items.map((item) => item["key"]));
  const at = (key: string) => `${names.inputs}.${key}`;
  for (const [key, entry] of Object.entries(inputs)) {
    if (!keys.has(key)) problems.push(`${at(key)} has no item in ${names.schema}: PostHog keeps only the inputs its schema names`);
    else if (!isPlainObject(entry)) problems.push(`${at(key)} must be an object such as {"value": …}`);
    else if (entry["templating"] !== undefined && !["hog", "liquid"].includes(String(entry["templating"])))
      problems.push(`${at(key)}.templating must be "hog" or "liquid"`);
  }
  for (const item of items) {
    const key = String(item["key"]);
    const entry = inputs[key];
    const value = isPlainObject(entry) ? entry["value"] : undefined;
    if (item["required"] === true && (value === undefined || value === null || value === "") && item["default"] === undefined)
      problems.push(`${at(key)}.value is required: its ${names.schema} item says required: true`);
    const problem = valueProblem(item["type"], value);
    if (problem) problems.push(`${at(key)}.value ${problem} (its ${names.schema} type is "${String(item["type"])}")`);
  }
  return problems.map((p) => `${p} (InputsItemSerializer, ${VALIDATION})`);
}

/** What PostHog adds to each input it stores (InputsItemSerializer and InputsField). */
export const ADDED_TO_INPUTS = ["bytecode", "order", "transpiled", "input_deps"];

/** PostHog adds `bytecode`, `order`, `transpiled` and `input_deps` to inputs; a secret is answered `{"secret": true}`. */
const sameInputs: Equality = (a, b) => {
  if (!isPlainObject(a) || !isPlainObject(b)) return sameSansNulls(a ?? null, b ?? null);
  const live = Object.fromEntries(
    Object.entries(b).map(([key, entry]) => [key, isSecretPlaceholder(entry) && Object.hasOwn(a, key) ? a[key] : entry]),
  );
  return sameSansNulls(a, withoutAdded(a, live, ADDED_TO_INPUTS));
};

/** Schema items gain InputsSchemaItemSerializer's defaults (`required`, `secret`, `hidden`: false). */
const sameSchema: Equality = (a, b) => sameSansNulls(a ?? [], withoutAdded(a ?? [], b ?? [], ["required", "secret", "hidden"]));

/**
 * Filters and masking gain their compiled `bytecode` (`transpiled` for site functions, `bytecode_error` when it fails),
 * and filters their `source` ("events" unless given: HogFunctionFiltersSerializer).
 */
const sameCompiled: Equality = (a, b) =>
  sameSansNulls(a ?? null, withoutAdded(a ?? {}, b ?? null, ["bytecode", "transpiled", "bytecode_error", "source"]));

/** MappingsSerializer's fields (posthog/cdp/validation.py): PostHog drops any other key of a mapping. */
const MAPPING_FIELDS = ["name", "inputs_schema", "inputs", "filters"];

/** On create PostHog stores an empty list of mappings as none (`data.get("mappings") or None`). */
const noMappings = (value: unknown) => value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/** Mappings compare item by item, each field as the function's own field of that name. */
const sameMappings: Equality = (a, b) => {
  if (noMappings(a) || noMappings(b)) return noMappings(a) && noMappings(b);
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((declared, i) => {
    const live = b[i];
    if (!isPlainObject(declared) || !isPlainObject(live)) return sameSansNulls(declared, live);
    const keys = new Set([...Object.keys(declared), ...Object.keys(live)]);
    return [...keys].every((key) => {
      const equal = key === "inputs_schema" ? sameSchema : key === "inputs" ? sameInputs : key === "filters" ? sameCompiled : sameSansNulls;
      return equal(declared[key], live[key]);
    });
  });
};

/** MappingsSerializer's rules for each mapping, as `mappings[i].field …` problems. */
function mappingProblems(mappings: readonly unknown[]): string[] {
  const problems: string[] = [];
  for (const [i, mapping] of mappings.entries()) {
    const at = `mappings[${i}]`;
    if (!isPlainObject(mapping)) {
      problems.push(`${at} must be an object {name, inputs_schema, inputs, filters} (MappingsSerializer, ${VALIDATION})`);
      continue;
    }
    for (const key of Object.keys(mapping))
      if (!MAPPING_FIELDS.includes(key))
        problems.push(`${at}.${key} is not a mapping field: PostHog keeps only ${MAPPING_FIELDS.join(", ")}`);
    const name = mapping["name"];
    if (name !== undefined && (typeof name !== "string" || name.trim() === "")) problems.push(`${at}.name must be a non-blank string`);
    const filters = mapping["filters"];
    if (filters !== undefined && !isPlainObject(filters)) problems.push(`${at}.filters must be an object (event filters)`);
    const schema = mapping["inputs_schema"];
    if (schema !== undefined && !Array.isArray(schema)) problems.push(`${at}.inputs_schema must be a list of input definitions`);
    else if (schema !== undefined) problems.push(...inputsSchemaProblems(schema, `${at}.inputs_schema`));
    const inputs = mapping["inputs"];
    if (inputs === undefined) continue;
    if (!isPlainObject(inputs)) problems.push(`${at}.inputs must be an object (input key to {value})`);
    else if (!Array.isArray(schema))
      problems.push(`${at}.inputs need ${at}.inputs_schema: PostHog refuses them without ("Missing inputs_schema.")`);
    else problems.push(...inputsProblems(inputs, schema, { inputs: `${at}.inputs`, schema: `${at}.inputs_schema` }));
  }
  return problems.map((p) => (p.includes(VALIDATION) ? p : `${p} (MappingsSerializer, ${VALIDATION})`));
}

const ORDER_RULE = `must be a whole number from 0 to 32767 (HogFunction.execution_order, a PositiveSmallIntegerField; ${HOG_SERIALIZER})`;

const object = (what: string) => z.record(z.string(), z.unknown(), { error: `must be an object (${what})` });

export const hogFunctionFields = {
  type: {
    apiTypesDiffer:
      "the generated types (HogFunctionTypeEnumApi at the fixture's commit) list `transformation_log` and `legacy_destination` too: not yet managed (whether today's serializer takes them on create is unchecked; PostHog 2025-08-04 has neither)",
    type: "HogFunctionType",
    input: z.enum(HOG_FUNCTION_TYPES, { error: `must be one of ${quoted(HOG_FUNCTION_TYPES)} (HogFunction.type)` }),
    doc: 'What it is: "destination" (the default), "transformation", "site_app", "site_destination", "internal_destination", "source_webhook" or "warehouse_source_webhook". PostHog cannot change it: changing it replaces the function.',
  },
  name: {
    input: z.string({ error: "must be a string" }).max(400, { error: `must be at most 400 characters (${HOG_SERIALIZER})` }),
    doc: "Its name (at most 400 characters).",
  },
  description: { input: z.string({ error: "must be a string" }), doc: "What it does; may be empty." },
  hog: {
    input: z
      .string({ error: "must be a string (Hog source code)" })
      .refine((code) => Buffer.byteLength(code, "utf8") <= MAX_HOG_BYTES, { error: `must be at most 100 KB (${HOG_SERIALIZER})` }),
    doc: "Its Hog source code (TypeScript for site apps and site destinations), compiled by PostHog: a compile error is refused with PostHog's message. At most 100 KB.",
  },
  inputs_schema: {
    type: "HogFunctionInputSchema[]",
    input: z.array(z.unknown(), { error: "must be a list of input definitions" }),
    equal: sameSchema,
    doc: 'The inputs it takes: each `key`, `type` ("string", "number", "boolean", "dictionary", "choice", "json", "integration", "integration_field", "email"), `label`, `required`, `default`, and `secret: true` for one PostHog never answers (an API key).',
  },
  inputs: {
    type: { input: "Record<string, pulumi.Input<HogFunctionInput>>", output: "Record<string, HogFunctionInput | { secret: true }>" },
    input: object("input key to {value}"),
    equal: sameInputs,
    doc: "The inputs' values, `{<key>: {value: …}}`, for keys of `inputsSchema`. Secret inputs (`secret: true` in their schema item; all of them when a template gives the schema) are kept as Pulumi secrets and never shown by PostHog: a change made outside Pulumi cannot be seen.",
  },
  filters: {
    input: object("event filters").nullable(),
    equal: sameCompiled,
    doc: "Which events it runs on: `events`, `actions`, `properties`, `filter_test_accounts`, as PostHog's destination filters.",
  },
  enabled: { input: z.boolean({ error: "must be true or false" }), doc: "Whether it runs." },
  masking: {
    input: z
      .object(
        {
          ttl: z.number({ error: "masking.ttl must be a whole number of seconds from 60 to 86400" }).int().min(60).max(86400),
          hash: z.string({ error: "masking.hash is required: the Hog template whose value identifies a repeat" }),
          threshold: z.number().int().nullable().optional(),
        },
        { error: `must be an object {ttl, hash, threshold} or null (HogFunctionMaskingSerializer, ${HOG_SERIALIZER})` },
      )
      .nullable(),
    equal: sameCompiled,
    doc: "Runs at most once per `ttl` seconds (60 to 86400) for the same `hash` (a Hog template such as `{person.id}`), or after `threshold` repeats.",
  },
  // HogFunctionSerializer.mappings (ListField of MappingsSerializer, posthog/cdp/validation.py) and HogFunction.mappings
  // (JSONField, posthog/models/hog_functions/hog_function.py), today's and 2025-08-04's alike but for the filters'
  // events today's drops; tests: test_validates_mappings, test_compiles_valid_mappings (posthog/api/test/test_hog_function.py).
  mappings: {
    type: "HogFunctionMapping[]",
    input: z.array(z.unknown(), { error: "must be a list of mappings" }).nullable(),
    equal: sameMappings,
    doc: "A destination's mappings (destinations and site destinations only): each `{name, inputs_schema, inputs, filters}`, the function's own input schema, inputs and filters for the events it matches, so that one destination sends several kinds of event, each its way. PostHog keeps a mapping's inputs as given, secret ones too (it hides only the function's own secrets): the whole list is a Pulumi secret when a mapping has inputs. With mappings, today's PostHog drops `events` and `actions` from the function's own `filters`.",
  },
  // HogFunction.icon_url (TextField(null=True, blank=True)), filled from the template on create when not given
  // (HogFunctionSerializer.to_internal_value), today's and 2025-08-04's alike.
  icon_url: {
    input: z.string({ error: "must be a string" }).nullable(),
    doc: "The icon PostHog shows for it (a URL; a template's icon when left out).",
  },
  // HogFunction.execution_order (PositiveSmallIntegerField(null=True)); HogFunctionSerializer.create and .update place a
  // transformation last when none is given, today's and 2025-08-04's alike; tests:
  // test_transformation_type_gets_execution_order_automatically, test_transformation_normal_execution_order_update.
  execution_order: {
    input: z
      .number({ error: ORDER_RULE })
      .int({ error: ORDER_RULE })
      .min(0, { error: ORDER_RULE })
      .max(32767, { error: ORDER_RULE })
      .nullable(),
    // HogFunctionSerializer.update: a transformation enabled again without its order goes after the others.
    sentWith: ["enabled"],
    doc: "Where a transformation runs among the project's transformations (lower first; 0 to 32767), or null for none. Left out, PostHog puts a new transformation (and one enabled again) after the others.",
  },
  template_id: {
    input: z
      .string({ error: "must be a string" })
      .min(1, { error: "may not be empty" })
      .max(400, { error: `must be at most 400 characters (HogFunction.template_id, ${HOG_SERIALIZER})` }),
    doc: "The template it starts from, where the PostHog in front of you has templates (loaded by its plugin server): its code, inputs schema, icon and name fill what is not given. Fixed at create: changing it replaces the function.",
  },
} as const satisfies Record<string, FieldDef>;

/** The hog function's rules between fields. */
export function hogFunctionProblems(known: Record<string, unknown>): Array<{ field: string; reason: string }> {
  const problems: Array<{ field: string; reason: string }> = [];
  const schema = known["inputs_schema"];
  if (Array.isArray(schema)) {
    for (const reason of inputsSchemaProblems(schema)) problems.push({ field: "inputs_schema", reason });
    if (isPlainObject(known["inputs"]) && problems.length === 0)
      for (const reason of inputsProblems(known["inputs"], schema)) problems.push({ field: "inputs", reason });
  } else if (isPlainObject(known["inputs"]) && Object.keys(known["inputs"]).length > 0 && known["template_id"] === undefined)
    problems.push({
      field: "inputs",
      reason:
        "inputs need inputsSchema (or templateId, whose template has one): PostHog keeps only the inputs its schema names, and the schema says which are secret",
    });
  const mappings = known["mappings"];
  if (Array.isArray(mappings)) {
    for (const reason of mappingProblems(mappings)) problems.push({ field: "mappings", reason });
    const type = known["type"] ?? "destination";
    if (mappings.length > 0 && type !== "destination" && type !== "site_destination")
      problems.push({
        field: "mappings",
        reason: `Mappings are only allowed for destinations (type "destination" or "site_destination": ${HOG_SERIALIZER})`,
      });
    const filters = known["filters"];
    if (mappings.length > 0 && isPlainObject(filters) && (filters["events"] !== undefined || filters["actions"] !== undefined))
      problems.push({
        field: "filters",
        reason: `filters.events and filters.actions are dropped by PostHog when mappings are given (HogFunctionSerializer.validate, ${HOG_SERIALIZER}): give each mapping its own filters`,
      });
  }
  return problems;
}

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const hogFunctionLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  base_updated_at: "a token of one request (optimistic concurrency), not a setting",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const hogFunctionApiTypes: ApiTypes = { file: "products/cdp/frontend/generated/api.schemas.ts", schemas: ["HogFunctionApi"] };
