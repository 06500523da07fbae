/**
 * Schema management, as today's PostHog serves it under the `event_definition` scope, keyed by UUID:
 *
 * - `/api/projects/:project_id/schema_property_groups/` (SchemaPropertyGroupViewSet, posthog/api/schema_property_group.py;
 *   models products/event_definitions/backend/models/schema.py): list (by name), create, retrieve, update, destroy.
 *   A group's name is unique in the project; its properties are answered by name, each name once in the group. An
 *   update with `properties` replaces them all (the nested serializer's `id` is read-only: every sent property is
 *   created anew). `validation_rules` are checked by `validate_validation_rules` as each property is saved.
 * - `/api/projects/:project_id/event_schemas/` (EventSchemaViewSet, posthog/api/event_schema.py): list (newest first,
 *   `event_definition` filters to one event's), create, destroy; no retrieve, no update. The pair of event definition
 *   and group is unique (the model's `unique_event_schema`, refused by the serializer's unique-together validator,
 *   "must make a unique set": posthog/api/test/test_schema_property_group.py asserts "unique"); both must be the
 *   project's ("does not exist"). An event schema goes with its event definition or its group (both foreign keys
 *   cascade): one whose event definition or group is gone is gone.
 *
 * PostHog 2025-08-04 has neither (posthog/api/__init__.py there registers no such route): the server then serves
 * none, and answers them "Endpoint not found." as that version does. The `event_definition` scope of the event schemas
 * follows the property groups' (the copy of posthog/api/event_schema.py read says INTERNAL, an older state: PostHog's
 * Terraform provider manages event schemas with personal API keys).
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  type FieldRule,
  FieldFailure,
  fail,
  jsonField,
  listField,
  nestedSerializerField,
  pyLength,
} from "../drf/fields";
import { pyStr, pyTypeName } from "../drf/py";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import {
  findInProject,
  inProjectRoute,
  nestedViewSetRoutes,
  projectOf,
  uuidLookup,
  userBasic,
  validateBody,
} from "../pipeline/nested-viewset";
import type { PostHogVersion } from "../pipeline/version";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { eventDefinitions } from "../taxonomy/model";

/** `SchemaPropertyType` (products/event_definitions/backend/models/schema.py). */
const PROPERTY_TYPES = ["DateTime", "String", "Numeric", "Boolean", "Object"];
/** `MAX_PROPERTY_NAME_LENGTH`, `MAX_ENUM_VALUES` (posthog/api/schema_property_group.py). */
const MAX_PROPERTY_NAME_LENGTH = 200;
const MAX_ENUM_VALUES = 1000;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Django's UUIDField form: hyphenated lower case. */
const uuidText = (text: string) =>
  text
    .replace(/-/g, "")
    .toLowerCase()
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");

/** SchemaPropertyGroupPropertySerializer: the model's fields, `validate_name` stripping and bounding the name. */
const PROPERTY_FIELDS: Record<string, FieldRule<unknown>> = {
  name: {
    nullable: false,
    parse: (v) => {
      const name = charField({ maxLength: 400, nullable: false, allowBlank: false }).parse(v, undefined);
      const cleaned = pyStr(name).trim();
      if (cleaned === "") fail("invalid", "Property name is required");
      if (pyLength(cleaned) > MAX_PROPERTY_NAME_LENGTH)
        fail("invalid", `Property name must be ${MAX_PROPERTY_NAME_LENGTH} characters or less`);
      return cleaned;
    },
  },
  property_type: choiceField(false, (s) => (PROPERTY_TYPES.includes(s) ? s : undefined)),
  is_required: booleanField(false),
  is_optional_in_types: booleanField(false),
  description: charField({ nullable: false, allowBlank: true }),
  validation_rules: jsonField(true),
};

const propertyRule = nestedSerializerField<unknown>(false, PROPERTY_FIELDS, (value) => {
  if (!("name" in value)) fail("required", "This field is required.", ["name"]);
  if (!("property_type" in value)) fail("required", "This field is required.", ["property_type"]);
  return value;
});

/** SchemaPropertyGroupSerializer's writable fields. */
const GROUP_FIELDS = [
  ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["properties", listField<unknown>({ nullable: false, item: (v, path) => nestedAt(v, path) })],
] as const;

function nestedAt(v: Json, path: Array<string | number>): Json {
  try {
    return propertyRule.parse(v, undefined);
  } catch (e) {
    if (!(e instanceof FieldFailure)) throw e;
    throw new FieldFailure(e.code, e.detail, [...path, ...e.path]);
  }
}

/** `validate_validation_rules` (posthog/api/schema_property_group.py), raised as `{"validation_rules": …}`. */
function validateRules(propertyType: string, rules: Json | undefined): void {
  if (rules === null || rules === undefined || (isJsonObject(rules) && Object.keys(rules).length === 0)) return;
  const refuse = (detail: string): never => {
    throw validationError(detail, "validation_rules");
  };
  if (propertyType !== "String" && propertyType !== "Numeric") refuse(`Validation rules are not supported for ${propertyType} properties`);
  const keys = isJsonObject(rules) ? Object.keys(rules) : [];
  const r = (isJsonObject(rules) ? rules : {}) as JsonObject;
  if (propertyType === "String") {
    const extra = keys.filter((k) => k !== "enum" && k !== "not").sort();
    if (extra.length > 0) refuse(`Unrecognized keys for String validation: ${extra.join(", ")}`);
    if ("enum" in r && "not" in r) refuse("Cannot specify both 'enum' and 'not' — use one or the other");
    if (!("enum" in r) && !("not" in r)) refuse("String validation requires either 'enum' or 'not' key");
    const not = r.not;
    if (!("enum" in r) && !(isJsonObject(not) && Object.keys(not).join() === "enum")) refuse("'not' must contain exactly one key: 'enum'");
    const values = "enum" in r ? r.enum : isJsonObject(not) ? not.enum : null;
    if (!Array.isArray(values)) refuse("'enum' must be a list");
    const list = values as Json[];
    if (list.length === 0) refuse("'enum' list must not be empty");
    if (list.length > MAX_ENUM_VALUES) refuse(`'enum' list must not exceed ${MAX_ENUM_VALUES} items`);
    if (!list.every((v) => typeof v === "string")) refuse("All 'enum' values must be strings");
    return;
  }
  const bounds = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"];
  const extra = keys.filter((k) => !bounds.includes(k)).sort();
  if (extra.length > 0) refuse(`Unrecognized keys for Numeric validation: ${extra.join(", ")}`);
  const lower = keys.filter((k) => k === "minimum" || k === "exclusiveMinimum");
  const upper = keys.filter((k) => k === "maximum" || k === "exclusiveMaximum");
  if (lower.length > 1) refuse("Cannot specify both 'minimum' and 'exclusiveMinimum'");
  if (upper.length > 1) refuse("Cannot specify both 'maximum' and 'exclusiveMaximum'");
  for (const k of keys) if (typeof r[k] !== "number") refuse(`'${k}' must be a number`);
  const [low, high] = [lower[0], upper[0]];
  if (low !== undefined && high !== undefined && (r[low] as number) >= (r[high] as number))
    refuse(`Lower bound (${low}=${pyStr(r[low] ?? null)}) must be less than upper bound (${high}=${pyStr(r[high] ?? null)})`);
}

/** A property as saved, once its rules pass: its model defaults, a new UUID and times. */
function savedProperty(item: Json): JsonObject {
  const p = item as JsonObject;
  validateRules(pyStr(p.property_type ?? ""), p.validation_rules);
  const now = isoFromMicros(nowMicros());
  return {
    id: randomUUID(),
    name: p.name ?? "",
    property_type: p.property_type ?? "",
    is_required: p.is_required === true,
    is_optional_in_types: p.is_optional_in_types === true,
    description: p.description ?? "",
    validation_rules: p.validation_rules ?? null,
    created_at: now,
    updated_at: now,
  };
}

const byName = (a: Json, b: Json) => pyStr(a ?? "").localeCompare(pyStr(b ?? ""));

const groupsOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects("schemaPropertyGroups").filter((o) => o.teamId === team.id);

/**
 * The project's event schemas whose event definition and group are there: the others are removed, as the foreign
 * keys' cascade removes them with the definition or the group.
 */
function eventSchemasOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  const events = new Set(eventDefinitions(ctx.store, team.id).map((o) => o.fields.uuid));
  const groups = new Set(groupsOf(ctx, team).map((o) => o.fields.uuid));
  const all = ctx.store.objects("eventSchemas").filter((o) => o.teamId === team.id);
  for (const o of all)
    if (!events.has(o.fields.event_definition ?? null) || !groups.has(o.fields.property_group ?? null))
      ctx.store.removeObject("eventSchemas", o.id);
  return all.filter((o) => events.has(o.fields.event_definition ?? null) && groups.has(o.fields.property_group ?? null));
}

function serializeGroup(ctx: ApiContext, team: StoredProject, o: StoredObject): JsonObject {
  const names = new Map(eventDefinitions(ctx.store, team.id).map((e) => [e.fields.uuid, e.fields.name ?? ""]));
  const events = eventSchemasOf(ctx, team)
    .filter((s) => s.fields.property_group === o.fields.uuid)
    .map((s) => ({ id: s.fields.event_definition ?? null, name: names.get(s.fields.event_definition ?? null) ?? "" }))
    .sort((a, b) => pyStr(a.name).toLowerCase().localeCompare(pyStr(b.name).toLowerCase()));
  const properties = [...(Array.isArray(o.fields.properties) ? o.fields.properties : [])].sort((a, b) =>
    byName((a as JsonObject).name ?? null, (b as JsonObject).name ?? null),
  );
  return {
    id: o.fields.uuid ?? null,
    name: o.fields.name ?? null,
    description: o.fields.description ?? "",
    properties,
    events,
    created_at: isoFromMicros(o.createdAtMicros),
    updated_at: isoFromMicros(o.updatedAtMicros),
    created_by: userBasic(ctx.store, o.createdBy),
  };
}

const nameTaken = (ctx: ApiContext, team: StoredProject, name: Json, except?: StoredObject) =>
  groupsOf(ctx, team).some((o) => o !== except && o.fields.name === name);

/**
 * SchemaPropertyGroupSerializer.create: the group, then its properties one by one, outside any transaction (PostHog
 * sets no ATOMIC_REQUESTS): a property refused (its rules, or a name twice, which breaks
 * `unique_property_group_property_name` and is answered as the database error it is) leaves the group and the
 * properties saved before it.
 */
function createGroup(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), GROUP_FIELDS, ctx, ["name"], false);
  if (nameTaken(ctx, team, attrs.name ?? null))
    throw validationError("A property group with this name already exists for this team", "name");
  const properties: JsonObject[] = [];
  const o = ctx.store.addObject("schemaPropertyGroups", team.id, ctx.user.id, {
    uuid: randomUUID(),
    name: attrs.name ?? "",
    description: attrs.description ?? "",
    properties,
  });
  for (const item of Array.isArray(attrs.properties) ? attrs.properties : []) {
    const p = savedProperty(item);
    if (properties.some((q) => q.name === p.name)) throw validationError("Could not create property group due to a database error.");
    properties.push(p);
    ctx.store.changed();
  }
  return json(201, serializeGroup(ctx, team, o));
}

/** SchemaPropertyGroupSerializer.update, in one transaction: a refusal changes nothing. */
function updateGroup(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const o = findInProject(ctx.store, "schemaPropertyGroups", team, id);
  const attrs = validateBody(ctx.req.body(), GROUP_FIELDS, ctx, ["name"], partial);
  const properties = Array.isArray(attrs.properties) ? attrs.properties.map(savedProperty) : undefined;
  const names = new Set<Json>();
  for (const p of properties ?? []) {
    if (names.has(p.name)) throw validationError(`A property named '${pyStr(p.name ?? "")}' already exists in this group`, "properties");
    names.add(p.name);
  }
  if ("name" in attrs && nameTaken(ctx, team, attrs.name ?? null, o))
    throw validationError("A property group with this name already exists", "name");
  if ("name" in attrs) o.fields.name = attrs.name ?? "";
  if ("description" in attrs) o.fields.description = attrs.description ?? "";
  if (properties) o.fields.properties = properties;
  return updatedAnswer(ctx, o, () => serializeGroup(ctx, team, o));
}

function destroyGroup(ctx: ApiContext, team: StoredProject, id: number) {
  const o = findInProject(ctx.store, "schemaPropertyGroups", team, id);
  ctx.store.removeObject("schemaPropertyGroups", o.id);
  eventSchemasOf(ctx, team);
  return noContent();
}

/** A UUID primary key of the project's objects, as PrimaryKeyRelatedField reads it (a string, any case). */
function projectUuid(field: string, value: Json, uuids: ReadonlySet<Json>): string {
  if (typeof value !== "string")
    throw validationError(`Incorrect type. Expected pk value, received ${pyTypeName(value)}.`, field, "incorrect_type");
  if (!UUID.test(value)) throw validationError(`“${value}” is not a valid UUID.`, field);
  const uuid = uuidText(value);
  if (!uuids.has(uuid)) throw validationError(`Invalid pk "${value}" - object does not exist.`, field, "does_not_exist");
  return uuid;
}

function serializeEventSchema(ctx: ApiContext, team: StoredProject, o: StoredObject): JsonObject {
  const group = groupsOf(ctx, team).find((g) => g.fields.uuid === o.fields.property_group);
  return {
    id: o.fields.uuid ?? null,
    event_definition: o.fields.event_definition ?? null,
    property_group: group ? serializeGroup(ctx, team, group) : null,
    created_at: isoFromMicros(o.createdAtMicros),
    updated_at: isoFromMicros(o.updatedAtMicros),
  };
}

function listEventSchemas(ctx: ApiContext, team: StoredProject) {
  const event = ctx.req.param("event_definition");
  const rows = eventSchemasOf(ctx, team)
    .filter((o) => !event || o.fields.event_definition === uuidText(event))
    .sort(newestFirst);
  return pageAnswer(ctx, rows, (o) => serializeEventSchema(ctx, team, o));
}

function createEventSchema(ctx: ApiContext, team: StoredProject) {
  const body = ctx.req.body();
  if (!isJsonObject(body)) throw validationError(`Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`, null, "invalid");
  for (const field of ["event_definition", "property_group_id"])
    if (!(field in body)) throw validationError("This field is required.", field, "required");
  const eventDefinition = projectUuid(
    "event_definition",
    body.event_definition ?? null,
    new Set(eventDefinitions(ctx.store, team.id).map((o) => o.fields.uuid ?? null)),
  );
  const group = projectUuid(
    "property_group_id",
    body.property_group_id ?? null,
    new Set(groupsOf(ctx, team).map((o) => o.fields.uuid ?? null)),
  );
  if (eventSchemasOf(ctx, team).some((o) => o.fields.event_definition === eventDefinition && o.fields.property_group === group))
    throw validationError("The fields event_definition, property_group_id must make a unique set.", null, "unique");
  const o = ctx.store.addObject("eventSchemas", team.id, ctx.user.id, {
    uuid: randomUUID(),
    event_definition: eventDefinition,
    property_group: group,
  });
  return json(201, serializeEventSchema(ctx, team, o));
}

function destroyEventSchema(ctx: ApiContext) {
  const team = projectOf(ctx);
  const key = uuidText(ctx.params.id ?? "");
  const o = eventSchemasOf(ctx, team).find((s) => s.fields.uuid === key);
  if (!o) throw notFound();
  ctx.store.removeObject("eventSchemas", o.id);
  return noContent();
}

export function schemaManagementRoutes(version: PostHogVersion): ApiRoute[] {
  if (version === "2025-08-04") return [];
  const common = inProjectRoute("event_definition");
  return [
    ...nestedViewSetRoutes({
      path: "schema_property_groups",
      scopeObject: "event_definition",
      list: (ctx, team) =>
        pageAnswer(
          ctx,
          groupsOf(ctx, team).sort((a, b) => byName(a.fields.name ?? null, b.fields.name ?? null)),
          (o) => serializeGroup(ctx, team, o),
        ),
      create: createGroup,
      retrieve: (ctx, team, id) => json(200, serializeGroup(ctx, team, findInProject(ctx.store, "schemaPropertyGroups", team, id))),
      update: updateGroup,
      lookup: uuidLookup("schemaPropertyGroups", "uuid"),
      destroy: destroyGroup,
    }),
    {
      ...common,
      pattern: "/api/projects/:project_id/event_schemas",
      detail: false,
      methods: {
        GET: { name: "list", handler: (ctx) => listEventSchemas(ctx, projectOf(ctx)) },
        POST: { name: "create", handler: (ctx) => createEventSchema(ctx, projectOf(ctx)) },
      },
    },
    {
      ...common,
      pattern: "/api/projects/:project_id/event_schemas/:id",
      detail: true,
      methods: { DELETE: { name: "destroy", handler: destroyEventSchema } },
    },
  ];
}
