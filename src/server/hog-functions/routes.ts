/**
 * Hog functions, `/api/projects/:project_id/hog_functions/` and `/api/environments/:id/hog_functions/`
 * (`register_grandfathered_environment_nested_viewset` in posthog/api/__init__.py; HogFunctionViewSet and
 * HogFunctionSerializer of today's PostHog, posthog/api/hog_function.py, with the input rules of
 * posthog/cdp/validation.py; tests in posthog/api/test/test_hog_function.py):
 *
 * - Keyed by UUID. `type` defaults to destination and cannot change later; `hog` is required on create, at most
 *   100 KB. PostHog compiles it to bytecode (or TypeScript for site apps and site destinations): the local server
 *   cannot, so it stores the code and refuses only what it can see without a compiler (unclosed strings and
 *   unbalanced brackets, answered as PostHog answers any compile error); `bytecode`/`transpiled` are answered null
 *   and filters carry no bytecode; inputs carry it where no template needs compiling (`inputBytecode`).
 * - `inputs_schema` items: `type` among PostHog's input types, `key` required, `secret`/`required`/`hidden` default
 *   false. `inputs` are checked against the schema (required, and the value's type), keyed `inputs__<key>`; keys
 *   outside the schema are dropped; each kept input gets its `order`. Secret inputs are never answered: `{"secret":
 *   true}` stands for a set value, and sending that placeholder (or `{}`) back keeps the stored value.
 * - Templates come from the plugin server, absent here as in the real backend of ../shared/posthog: any
 *   `template_id` is "No template found for id '…'". PostHog 2025-08-04 also refuses any function but a
 *   transformation without a template ("The Data Pipelines addon is required to create custom functions.", an
 *   organization without the addon, as self-hosted ones are); today's PostHog dropped that check.
 * - At most 20 enabled transformations per project. A transformation created without `execution_order` (0 to
 *   32767) gets the next one, as one restored or enabled without it does; others keep what they are given.
 * - `mappings` (destinations only; `[]` on create is null) are MappingsSerializer's: a name, an inputs schema, inputs
 *   checked against it, filters. Today's PostHog drops the function's own filter events and actions when mappings
 *   are given; 2025-08-04 keeps them. `icon_url` is any text or null.
 * - Soft delete by `PATCH {"deleted": true}` (DELETE is 405); deleted functions are 404 except to the PATCH that
 *   restores them. The list (HogFunctionMinimalSerializer) is ordered by execution_order then newest update, and
 *   filters `type` (comma-separated), `enabled`, `search` (name, description).
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  FieldFailure,
  type FieldRule,
  fail,
  integerField,
  jsonField,
  listField,
  nestedSerializerField,
  parseChar,
} from "../drf/fields";
import { pyStr, pyTypeName } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const TYPES_2025 = ["destination", "site_destination", "internal_destination", "source_webhook", "site_app", "transformation"];
const TYPES_TODAY = [...TYPES_2025, "warehouse_source_webhook"];
const INPUT_TYPES = ["string", "number", "boolean", "dictionary", "choice", "json", "integration", "integration_field", "email"];
const MAX_HOG_BYTES = 100 * 1024;
const MAX_TRANSFORMATIONS = 20;

interface HogContext {
  ctx: ApiContext;
  team: StoredProject;
  instance: StoredObject | null;
  type: string;
}

/**
 * What the local server can check of Hog without its compiler: strings are closed and brackets balance. Comments
 * (`//`, `/* *\/`) are skipped. PostHog's own compiler refuses everything this refuses, and more.
 */
export function hogLooksCompilable(code: string): boolean {
  const closing: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  const stack: string[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i] ?? "";
    if (c === "/" && code[i + 1] === "/") {
      while (i < code.length && code[i] !== "\n") i++;
    } else if (c === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      if (end < 0) return false;
      i = end + 1;
    } else if (c === "'" || c === '"' || c === "`") {
      i++;
      while (i < code.length && code[i] !== c) i += code[i] === "\\" ? 2 : 1;
      if (i >= code.length) return false;
    } else if (c === "(" || c === "[" || c === "{") stack.push(c);
    else if (c in closing && stack.pop() !== closing[c]) return false;
  }
  return stack.length === 0;
}

/** InputsSchemaItemSerializer: each item a dictionary with a known `type` and a `key`. */
function parseSchemaItem(v: Json, path: Array<string | number>): Json {
  if (!isJsonObject(v))
    return fail("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(v)}.`, [...path, "non_field_errors"]);
  const at = (field: string) => [...path, field];
  if (!("type" in v)) fail("required", "This field is required.", at("type"));
  const type = v.type;
  if (typeof type !== "string" || !INPUT_TYPES.includes(type))
    fail("invalid_choice", `"${pyStr(type ?? null)}" is not a valid choice.`, at("type"));
  if (!("key" in v)) fail("required", "This field is required.", at("key"));
  const key = parseChar(v.key ?? null, { allowBlank: false }, at("key"));
  const out: JsonObject = { ...(cloneJson(v) as JsonObject), type: pyStr(type), key };
  for (const flag of ["required", "secret", "hidden"]) {
    const raw = v[flag];
    if (raw === undefined) out[flag] = false;
    else if (typeof raw !== "boolean") fail("invalid", "Must be a valid boolean.", at(flag));
  }
  if ("choices" in v && !(Array.isArray(v.choices) && v.choices.every(isJsonObject)))
    fail("invalid", `Expected a list of items but got type "${pyTypeName(v.choices)}".`, at("choices"));
  return out;
}

const schemaRule = listField<HogContext>({ nullable: false, item: (v, path) => parseSchemaItem(v, path) });

/** InputsItemSerializer.validate: required values and the value's type per schema item. */
function checkInput(schema: JsonObject, value: Json | undefined): string | null {
  if (schema.required === true && (value === undefined || value === null || value === "")) return "This field is required.";
  if (value === undefined || value === null || value === "" || value === false || value === 0) return null;
  if (Array.isArray(value) && value.length === 0) return null;
  if (isJsonObject(value) && Object.keys(value).length === 0) return null;
  switch (schema.type) {
    case "string":
      return typeof value === "string" ? null : "Value must be a string.";
    // isinstance(value, int | float) and isinstance(value, int): a Python bool is an int.
    case "number":
      return typeof value === "number" || value === true ? null : "Value must be a number.";
    case "boolean":
      return typeof value === "boolean" ? null : "Value must be a boolean.";
    case "dictionary":
      return isJsonObject(value) ? null : "Value must be a dictionary.";
    case "integration":
      return (typeof value === "number" && Number.isInteger(value)) || value === true ? null : "Value must be an Integration ID.";
    case "email": {
      if (!isJsonObject(value)) return "Value must be an email object.";
      for (const k of ["from", "to", "subject"]) if (!value[k]) return `Missing value for '${k}'.`;
      return value.text || value.html ? null : "Either 'text' or 'html' is required.";
    }
    default:
      return null;
  }
}

/** The function types whose inputs are transpiled to TypeScript, not compiled (TYPES_WITH_JAVASCRIPT_SOURCE). */
const JAVASCRIPT_TYPES = new Set(["site_destination", "site_app"]);

/**
 * InputsItemSerializer.validate's compiled template (posthog/cdp/validation.py `generate_template_bytecode`): each
 * string of a string, dictionary, json or email input becomes Hog bytecode, which holds the string's text. Without
 * PostHog's compiler the local server compiles only strings that are no template (no `{`): `["_H", 1, 32, text]`
 * (HOGQL_BYTECODE_IDENTIFIER, HOGQL_BYTECODE_VERSION, Operation.STRING: common/hogvm/python/operation.py); an input
 * holding a template is answered without bytecode. Undefined when PostHog compiles nothing.
 */
function inputBytecode(type: string, item: JsonObject, input: JsonObject): Json | undefined {
  const value = input.value;
  if (!value || item.templating === false || input.templating === "liquid" || JAVASCRIPT_TYPES.has(type)) return undefined;
  if (!["string", "dictionary", "json", "email"].includes(pyStr(item.type ?? null))) return undefined;
  let template = false;
  const compile = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(compile);
    if (isJsonObject(v))
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => item.type !== "email" || k !== "design")
          .map(([k, x]) => [k, compile(x)]),
      );
    if (typeof v !== "string") return v;
    if (v.includes("{")) template = true;
    return ["_H", 1, 32, v];
  };
  const bytecode = compile(value);
  return template ? undefined : bytecode;
}

/**
 * InputsSerializer.run_child_validation: the schema is walked (not the inputs); a secret's placeholder or `{}` takes
 * the stored value; inputs without a value are left out; the first failing key is answered.
 */
function validateInputs(hc: HogContext, schema: Json, inputs: Json, stored: JsonObject, attr = "inputs"): JsonObject {
  const items = Array.isArray(schema) ? schema.filter(isJsonObject) : [];
  const given = isJsonObject(inputs) ? inputs : {};
  const out: JsonObject = {};
  for (const item of items) {
    const key = pyStr(item.key ?? null);
    let input = given[key];
    if (!isJsonObject(input)) input = {};
    if (item.secret === true && (input.secret === true || Object.keys(input).length === 0)) {
      const previous = stored[key];
      input = isJsonObject(previous) ? previous : {};
    }
    const templating = input.templating;
    if (templating !== undefined && templating !== "hog" && templating !== "liquid")
      throw validationError(`"${pyStr(templating)}" is not a valid choice.`, `${attr}__${key}__templating`, "invalid_choice");
    const problem = checkInput(item, input.value);
    if (problem) throw validationError(problem, `${attr}__${key}`);
    if (!("value" in input)) continue;
    const kept: JsonObject = { value: cloneJson(input.value ?? null) };
    if (typeof templating === "string") kept.templating = templating;
    const bytecode = inputBytecode(hc.type, item, kept);
    if (bytecode !== undefined) Object.assign(kept, { bytecode, input_deps: [] });
    out[key] = kept;
  }
  // Input dependencies come from templates, which the local server does not compile: the order is the schema's.
  Object.values(out).forEach((v, i) => {
    if (isJsonObject(v)) v.order = i;
  });
  return out;
}

const filtersRule: FieldRule<HogContext> = {
  nullable: true,
  parse: (v) => {
    if (!isJsonObject(v)) return fail("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(v)}.`, ["non_field_errors"]);
    const out = cloneJson(v) as JsonObject;
    const source = out.source ?? "events";
    if (source !== "events" && source !== "person-updates") fail("invalid_choice", `"${pyStr(source)}" is not a valid choice.`, ["source"]);
    out.source = source;
    for (const k of ["actions", "events", "properties"]) {
      const list = out[k];
      if (list === undefined) continue;
      if (!Array.isArray(list)) fail("not_a_list", `Expected a list of items but got type "${pyTypeName(list)}".`, [k]);
      else
        list.forEach((item, i) => {
          if (!isJsonObject(item)) fail("not_a_dict", `Expected a dictionary of items but got type "${pyTypeName(item)}".`, [k, i]);
        });
    }
    if ("filter_test_accounts" in out && typeof out.filter_test_accounts !== "boolean")
      fail("invalid", "Must be a valid boolean.", ["filter_test_accounts"]);
    if (source === "person-updates") {
      delete out.events;
      delete out.actions;
    }
    return out;
  },
};

/**
 * `ListField(child=MappingsSerializer(), allow_null=True)` (posthog/cdp/validation.py): each mapping a dictionary of
 * a non-blank `name`, `inputs_schema` items as the function's, `inputs` checked against the mapping's own schema
 * (InputsSerializer reads its sibling `inputs_schema`: without one, "Missing inputs_schema.") and `filters` as the
 * function's; other keys are dropped. A mapping's secret inputs are stored and answered as given: PostHog moves only
 * the function's own secret inputs to its encrypted inputs (HogFunction.move_secret_inputs,
 * posthog/models/hog_functions/hog_function.py).
 */
function mappingRule(index: number): FieldRule<HogContext> {
  return nestedSerializerField<HogContext>(
    false,
    { name: charField({ nullable: false, allowBlank: false }), inputs_schema: schemaRule, inputs: jsonField(false), filters: filtersRule },
    (mapping, hc) => {
      if (!("inputs" in mapping)) return mapping;
      if (!("inputs_schema" in mapping)) fail("invalid", "Missing inputs_schema.", ["inputs"]);
      return {
        ...mapping,
        inputs: validateInputs(hc, mapping.inputs_schema ?? [], mapping.inputs ?? null, {}, `mappings__${index}__inputs`),
      };
    },
  );
}

const mappingsRule = listField<HogContext>({
  nullable: true,
  item: (v, path, hc) => {
    try {
      return mappingRule(Number(path[0])).parse(v, hc);
    } catch (e) {
      if (e instanceof FieldFailure) throw new FieldFailure(e.code, e.detail, [...path, ...e.path]);
      throw e;
    }
  },
});

function fields(current: boolean): SerializerFields<HogContext> {
  const types = current ? TYPES_TODAY : TYPES_2025;
  return [
    [
      "type",
      {
        nullable: true,
        parse: (v, hc) => {
          const t = choiceField(true, (s) => (types.includes(s) ? s : undefined)).parse(v, hc);
          if (hc.instance && hc.instance.fields.type !== t) fail("invalid", "Cannot modify the type of an existing function");
          return t;
        },
      },
    ],
    ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
    ["description", charField({ nullable: false, allowBlank: true })],
    ["enabled", booleanField(false)],
    ["deleted", booleanField(false)],
    ["hog", charField({ nullable: false, allowBlank: true })],
    ["inputs_schema", schemaRule],
    // Checked against the schema in validate (below): the schema may come in the same body.
    ["inputs", jsonField(false)],
    ["filters", filtersRule],
    ["masking", jsonField(true)],
    ["mappings", mappingsRule],
    ["icon_url", charField({ nullable: true, allowBlank: true })],
    ["template_id", charField({ nullable: true, allowBlank: true })],
    ["execution_order", integerField({ nullable: true, min: 0, max: 32767 })],
    ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
  ];
}

const WRITE_ONLY = new Set(["deleted", "template_id", "_create_in_folder"]);

/** HogFunctionSerializer (or, for the list, HogFunctionMinimalSerializer) with secret inputs masked. */
export function serializeHogFunction(ctx: ApiContext, h: StoredObject, minimal = false): JsonObject {
  const f = h.fields;
  // HogFunctionStatusSerializer: today's has no `rating`.
  const status: JsonObject = ctx.services.version === "current" ? { state: 0, tokens: 0 } : { state: 0, rating: 0, tokens: 0 };
  const head: JsonObject = {
    id: f.uuid ?? null,
    type: f.type ?? "destination",
    name: f.name ?? null,
    description: f.description ?? "",
    created_at: isoFromMicros(h.createdAtMicros),
    created_by: userBasic(ctx.store, h.createdBy),
    updated_at: isoFromMicros(h.updatedAtMicros),
    enabled: f.enabled ?? false,
    hog: f.hog ?? "",
  };
  if (minimal)
    return {
      ...head,
      filters: cloneJson(f.filters ?? {}),
      icon_url: f.icon_url ?? null,
      template: null,
      status,
      execution_order: f.execution_order ?? null,
    };
  const schema = Array.isArray(f.inputs_schema) ? f.inputs_schema : [];
  const inputs = cloneJson(isJsonObject(f.inputs) ? f.inputs : {}) as JsonObject;
  for (const item of schema.filter(isJsonObject)) {
    const key = pyStr(item.key ?? null);
    if (item.secret === true && inputs[key]) inputs[key] = { secret: true };
  }
  return {
    ...head,
    bytecode: null,
    transpiled: null,
    inputs_schema: cloneJson(schema),
    inputs,
    filters: cloneJson(f.filters ?? {}),
    masking: cloneJson(f.masking ?? null),
    mappings: cloneJson(f.mappings ?? null),
    icon_url: f.icon_url ?? null,
    template: null,
    status,
    execution_order: f.execution_order ?? null,
  };
}

function functionsOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store.objects("hogFunctions").filter((h) => h.teamId === team.id);
}

function highestOrder(ctx: ApiContext, team: StoredProject): number {
  return functionsOf(ctx, team)
    .filter((h) => !h.deleted && h.fields.type === "transformation")
    .reduce((max, h) => Math.max(max, typeof h.fields.execution_order === "number" ? h.fields.execution_order : 0), 0);
}

/** to_internal_value's template lookup and (2025-08-04) addon check, the fields, then `validate`. */
function validated(ctx: ApiContext, team: StoredProject, instance: StoredObject | null, partial: boolean): JsonObject {
  const body = ctx.req.body();
  const data = isJsonObject(body) ? body : {};
  const type = pyStr(data.type ?? instance?.fields.type ?? "destination");
  const templateId = instance ? (instance.fields.template_id ?? null) : (data.template_id ?? null);
  if (templateId) throw validationError(`No template found for id '${pyStr(templateId)}'`, "template_id");
  if (ctx.services.version === "2025-08-04" && type !== "transformation")
    throw validationError("The Data Pipelines addon is required to create custom functions.", "template_id");
  const hc: HogContext = { ctx, team, instance, type };
  const attrs = validateBody(body, fields(ctx.services.version === "current"), hc, [], partial);
  if (!instance) {
    attrs.type ??= type;
    // to_internal_value on create: `data.get("mappings") or None`.
    if (Array.isArray(attrs.mappings) && attrs.mappings.length === 0) attrs.mappings = null;
  }
  if (type === "transformation" && attrs.enabled === true && instance?.fields.enabled !== true) {
    const enabled = functionsOf(ctx, team).filter((h) => !h.deleted && h.fields.type === "transformation" && h.fields.enabled === true);
    if (enabled.length >= MAX_TRANSFORMATIONS)
      throw validationError(
        `Maximum of ${MAX_TRANSFORMATIONS} enabled transformation functions allowed per team. Please contact support if you need this limit increased, or disable some existing transformations.`,
        "type",
      );
  }
  if (attrs.mappings !== undefined && attrs.mappings !== null) {
    // Today's PostHog only: the function's own filters (the body's, else the stored ones: to_internal_value fills
    // them in) lose their events and actions, which the mappings' filters take over.
    if (ctx.services.version === "current") {
      const filters = cloneJson(attrs.filters ?? instance?.fields.filters ?? {});
      if (isJsonObject(filters)) {
        delete filters.events;
        delete filters.actions;
        attrs.filters = filters;
      }
    }
    if (type !== "destination" && type !== "site_destination")
      throw validationError("Mappings are only allowed for destinations.", "mappings");
  }
  if (typeof attrs.hog === "string") {
    if (Buffer.byteLength(attrs.hog, "utf8") > MAX_HOG_BYTES)
      throw validationError(
        `HOG code exceeds maximum size of ${MAX_HOG_BYTES / 1024}KB. Please simplify your code or contact support if you need this limit increased.`,
        "hog",
      );
    if (!hogLooksCompilable(attrs.hog))
      throw validationError(
        type === "site_app" || type === "site_destination" ? "Error in TypeScript code" : "Hog code has errors.",
        "hog",
      );
  }
  if (!instance && !attrs.hog) throw validationError("Required.", "hog");
  const schema = "inputs_schema" in attrs ? attrs.inputs_schema : (instance?.fields.inputs_schema ?? []);
  // to_internal_value: the stored inputs stand in for absent ones, and are checked against the (new) schema.
  const stored = isJsonObject(instance?.fields.inputs) ? instance.fields.inputs : {};
  attrs.inputs = validateInputs(hc, schema ?? [], "inputs" in attrs ? attrs.inputs : (instance?.fields.inputs ?? {}), stored);
  return attrs;
}

function storable(attrs: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(attrs)) if (!WRITE_ONLY.has(k)) out[k] = v;
  return out;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validated(ctx, team, null, false);
  const stored: JsonObject = { uuid: randomUUID(), description: "", enabled: false, inputs_schema: [], filters: {}, ...storable(attrs) };
  stored.filters = isJsonObject(stored.filters) ? stored.filters : {};
  if (isJsonObject(stored.filters)) stored.filters.source ??= "events";
  if (stored.type === "transformation" && (stored.execution_order === undefined || stored.execution_order === null))
    stored.execution_order = highestOrder(ctx, team) + 1;
  const h = ctx.store.addObject("hogFunctions", team.id, ctx.user.id, stored);
  h.deleted = attrs.deleted === true;
  return json(201, serializeHogFunction(ctx, h));
}

/** Deleted functions are visible only to the PATCH that sends `deleted: false`. */
function find(ctx: ApiContext, team: StoredProject, id: number, undeleting: boolean): StoredObject {
  const h = ctx.store.object("hogFunctions", id);
  if (!h || h.teamId !== team.id || (h.deleted && !undeleting)) throw notFound();
  return h;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const body = ctx.req.body();
  const h = find(ctx, team, id, partial && isJsonObject(body) && body.deleted === false);
  const attrs = validated(ctx, team, h, partial);
  if (
    h.fields.type === "transformation" &&
    ((h.deleted && attrs.deleted === false) || (h.fields.enabled !== true && attrs.enabled === true && !("execution_order" in attrs)))
  )
    attrs.execution_order = highestOrder(ctx, team) + 1;
  Object.assign(h.fields, storable(attrs));
  if (typeof attrs.deleted === "boolean") h.deleted = attrs.deleted;
  return updatedAnswer(ctx, h, () => serializeHogFunction(ctx, h));
}

function list(ctx: ApiContext, team: StoredProject) {
  let rows = functionsOf(ctx, team).filter((h) => !h.deleted);
  const type = ctx.req.param("type");
  if (type) {
    const types = type.split(",");
    rows = rows.filter((h) => types.includes(pyStr(h.fields.type ?? "destination")));
  }
  const enabled = ctx.req.param("enabled");
  if (enabled !== undefined) rows = rows.filter((h) => (h.fields.enabled === true) === (enabled === "true" || enabled === "True"));
  const search = ctx.req.param("search");
  if (search) {
    const s = search.toLowerCase();
    rows = rows.filter((h) => icontains(h.fields.name, s) || icontains(h.fields.description, s));
  }
  // ORDER BY execution_order, -updated_at: PostgreSQL puts NULLs last when ascending.
  const order = (h: StoredObject) => (typeof h.fields.execution_order === "number" ? h.fields.execution_order : Number.POSITIVE_INFINITY);
  rows.sort((a, b) => order(a) - order(b) || b.updatedAtMicros - a.updatedAtMicros);
  return pageAnswer(ctx, rows, (h) => serializeHogFunction(ctx, h, true));
}

export function hogFunctionRoutes() {
  return nestedViewSetRoutes({
    path: "hog_functions",
    scopeObject: "hog_function",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeHogFunction(ctx, find(ctx, team, id, false))),
    update,
    lookup: uuidLookup("hogFunctions", "uuid"),
    environments: true,
  });
}
