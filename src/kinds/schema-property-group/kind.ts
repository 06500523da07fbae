/**
 * SchemaPropertyGroup, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/schema_property_groups/`, SchemaPropertyGroupViewSet, posthog/api/schema_property_group.py,
 * under the `event_definition` scope), keyed by UUID, deleted with DELETE, identified as `<projectId>/<uuid>`. Deleting
 * a group deletes the event schemas that use it (EventSchema's foreign key cascades): a program declares its
 * EventSchemas with the group's id, so Pulumi deletes them first. PostHog 2025-08-04 has no schema management: it
 * answers these endpoints "Endpoint not found.", said as such.
 */
import { PostHogError } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import * as groups from "./endpoints";
import { schemaPropertyGroupExample } from "./example";
import { programProperties, schemaPropertyGroupFields } from "./fields";

/**
 * PostHog's 404 for a route it does not serve, for schema management's endpoints: a PostHog from before it (2025-08-04
 * has neither `schema_property_groups` nor `event_schemas` in posthog/api/__init__.py), said as such; for any
 * other error, undefined.
 */
export function withoutSchemaManagement(error: unknown): Error | undefined {
  if (!(error instanceof PostHogError && error.endpointMissing)) return undefined;
  return new Error(
    `${error.message} This PostHog has no schema management (property groups and event schemas: PostHog 2025-08-04 and older serve neither): use today's PostHog, or remove the SchemaPropertyGroup and EventSchema resources.`,
  );
}

export const {
  kind: schemaPropertyGroupKind,
  model: schemaPropertyGroupModel,
  Lifecycle: SchemaPropertyGroupLifecycle,
} = defineKind({
  name: "SchemaPropertyGroup",
  noun: "schema property group",
  summary:
    "A named group of typed properties, required or optional, that event schemas (EventSchema) attach to events: PostHog's schema management, and what `pulumi-posthog types` types an event's properties by.",
  description:
    "A PostHog schema property group: named, typed properties, each required or optional, that EventSchemas attach to events (PostHog's schema management). `properties` is the whole list, in any order. Deleted with DELETE, which detaches it from every event; one deleted by hand is created again. Today's PostHog only (2025-08-04 has no schema management).",
  example: schemaPropertyGroupExample,
  scope: "project",
  identity: { output: "propertyGroupId", key: "uuid", doc: "The group's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  endpoints: {
    get: groups.getSchemaPropertyGroup,
    update: groups.updateSchemaPropertyGroup,
    remove: groups.deleteSchemaPropertyGroup,
    create: groups.createSchemaPropertyGroup,
  },
  // SchemaPropertyGroupViewSet lists with the serializer it retrieves with, 100 to a page.
  listReads: listedPages(groups.schemaPropertyGroupPages),
  outputs: {
    events: {
      type: "array",
      items: { type: "object", additionalProperties: ANY },
      description: "The events whose schema uses the group: `{id, name}` of each event definition, by name.",
    },
  },
  fields: schemaPropertyGroupFields,
  exampleInput: "properties",
  required: { name: "PostHog names every property group (SchemaPropertyGroup.name)" },
  fixedOutputs: (record) => ({
    name: record.name,
    events: (record.events ?? []).map((event) => ({ id: event.id, name: event.name })),
  }),
  outputTypes: {
    name: { type: "string", doc: "The group's name." },
    events: {
      type: "{ id: string; name: string }[]",
      doc: "The events whose schema uses the group (their definitions' UUIDs and names), by name.",
    },
  },
  types: {
    SchemaProperty: {
      type: '{\n  name: string;\n  property_type: "DateTime" | "String" | "Numeric" | "Boolean" | "Object";\n  is_required?: boolean;\n  is_optional_in_types?: boolean;\n  description?: string;\n  validation_rules?: SchemaValidationRules | null;\n}',
      doc: "One property of a group: its name, its type, whether events must carry it (`is_required`) and whether generated types still make it optional (`is_optional_in_types`).",
    },
    SchemaValidationRules: {
      type: "\n  | { enum: string[] }\n  | { not: { enum: string[] } }\n  | { minimum?: number; exclusiveMinimum?: number; maximum?: number; exclusiveMaximum?: number }",
      doc: "What a String property's values must be (`enum`) or must not be (`not: {enum}`), or a Numeric property's bounds.",
    },
  },
  lookups: {
    list: (http, projectId) => groups.listSchemaPropertyGroups(http, projectId),
    uniqueBy: {
      input: "name",
      spec: { type: "string", description: "The group's name, exactly (case-sensitive)." },
      find: groups.findSchemaPropertyGroupByName,
    },
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true },
      properties: { type: "array", items: { type: "object", additionalProperties: ANY } },
      events: { type: "array", items: { type: "object", additionalProperties: ANY }, optional: true },
    },
  },
  // The list answers every field: no GET each.
  importer: {
    list: (http, projectId) => groups.listSchemaPropertyGroups(http, projectId),
    // The models' defaults (products/event_definitions/backend/models/schema.py): no description, no properties.
    defaults: { description: "", properties: [] },
    inputValue: (field, value) => (field === "properties" ? programProperties(value) : value),
    label: (group) => group.name,
  },
  /**
   * A group's name is unique in its project (`unique_schema_property_group_team_name`), so a create whose answer was
   * lost finds its group by name (PostHog stores it stripped); a name already taken is refused by PostHog ("A property
   * group with this name already exists for this team"), and the error names the group holding it, to adopt.
   */
  findBy: {
    field: "name",
    find: async (http, projectId, name) =>
      (await groups.listSchemaPropertyGroups(http, projectId)).filter((group) => group.name === String(name ?? "").trim()),
    described: (name) => `named ${JSON.stringify(String(name ?? "").trim())}`,
    taken: (error) => error.status === 400 && error.attr === "name" && /already exists/.test(error.detail ?? ""),
    otherwise: "choose another name (PostHog keeps a property group's name once in a project)",
  },
  createRefusal: withoutSchemaManagement,
  hooks: {
    readFailure: (error) => withoutSchemaManagement(error),
  },
});
