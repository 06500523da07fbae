/**
 * SchemaPropertyGroup, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/schema_property_groups/`, SchemaPropertyGroupViewSet, posthog/api/schema_property_group.py,
 * under the `event_definition` scope), keyed by UUID, deleted with DELETE, identified as `<projectId>/<uuid>`. Deleting
 * a group deletes the event schemas that use it (EventSchema's foreign key cascades): a program declares its
 * EventSchemas with the group's id, so Pulumi deletes them first. PostHog 2025-08-04 has no schema management: it
 * answers these endpoints "Endpoint not found.", said as such.
 */
import { PostHogError, type Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import type { Kind, ObjectId } from "../../kit/kind";
import type { Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import * as groups from "./endpoints";
import { schemaPropertyGroupExample } from "./example";
import { programProperties, schemaPropertyGroupFields } from "./fields";
import { type SchemaPropertyGroupRecord, schemaPropertyGroupModel } from "./model";
import type { SchemaPropertyGroup } from "./record";

const NOUN = "schema property group";
const PLACEMENT = { scope: "project", key: "uuid" } as const;

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

export const schemaPropertyGroupKind: Kind<"project", SchemaPropertyGroupRecord> = {
  ...kindNames("SchemaPropertyGroup"),
  example: schemaPropertyGroupExample,
  noun: NOUN,
  scope: "project",
  identity: { output: "propertyGroupId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi<SchemaPropertyGroup, string>({
    get: groups.getSchemaPropertyGroup,
    update: groups.updateSchemaPropertyGroup,
    remove: groups.deleteSchemaPropertyGroup,
  }),
  // SchemaPropertyGroupViewSet lists with the serializer it retrieves with, 100 to a page.
  listReads: listedPages(groups.schemaPropertyGroupPages),
  schema: () => ({
    description:
      "A PostHog schema property group: named, typed properties, each required or optional, that EventSchemas attach to events (PostHog's schema management). `properties` is the whole list, in any order. Deleted with DELETE, which detaches it from every event; one deleted by hand is created again. Today's PostHog only (2025-08-04 has no schema management).",
    inputs: tableInputs(schemaPropertyGroupFields, NOUN, PLACEMENT),
    outputs: tableOutputs(
      schemaPropertyGroupFields,
      NOUN,
      {
        propertyGroupId: { type: "string", description: "The group's UUID in PostHog." },
        events: {
          type: "array",
          items: { type: "object", additionalProperties: ANY },
          description: "The events whose schema uses the group: `{id, name}` of each event definition, by name.",
        },
      },
      PLACEMENT,
    ),
    required: ["propertyGroupId", "projectId", "name", "events"],
  }),
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
  model: schemaPropertyGroupModel,
  lifecycle: () => new SchemaPropertyGroupLifecycle(),
  // The list answers every field: no GET each.
  importer: projectScopedImport<SchemaPropertyGroup>(schemaPropertyGroupFields, {
    list: (http, projectId) => groups.listSchemaPropertyGroups(http, projectId),
    // The models' defaults (products/event_definitions/backend/models/schema.py): no description, no properties.
    defaults: { description: "", properties: [] },
    inputValue: (field, value) => (field === "properties" ? programProperties(value) : value),
    label: (group) => group.name,
  }),
};

/**
 * The SchemaPropertyGroup lifecycle: the kit's field-table lifecycle with its create, never resent blindly. A group's
 * name is unique in its project (`unique_schema_property_group_team_name`), so a create whose answer was lost finds
 * its group by name; a name already taken is refused by PostHog ("A property group with this name already exists for
 * this team"), and the error names the group holding it, to adopt.
 */
export class SchemaPropertyGroupLifecycle extends FieldTableLifecycle<SchemaPropertyGroup> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(schemaPropertyGroupKind, schemaPropertyGroupModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<SchemaPropertyGroupRecord> {
    const name = String(body["name"] ?? "").trim();
    try {
      const made = await this.createOnce(projectId, body, () => groups.createSchemaPropertyGroup(this.http(), projectId, body), {
        find: async () => (await groups.listSchemaPropertyGroups(this.http(), projectId)).filter((group) => group.name === name),
        described: `named ${JSON.stringify(name)}`,
        taken: (error) => error.status === 400 && error.attr === "name" && /already exists/.test(error.detail ?? ""),
        otherwise: "choose another name (PostHog keeps a property group's name once in a project)",
      });
      return { ...made, project_id: projectId };
    } catch (error) {
      throw withoutSchemaManagement(error) ?? error;
    }
  }

  protected override readFailure(error: PostHogError, _scope: number, _id: ObjectId, _props: Json): Error | undefined {
    return withoutSchemaManagement(error);
  }
}
