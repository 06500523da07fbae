/**
 * The schema property group endpoints (SchemaPropertyGroupViewSet, posthog/api/schema_property_group.py), keyed by
 * UUID under `/api/projects/<projectId>/schema_property_groups/`, one function each: list (by name), GET, POST, PATCH,
 * DELETE (which deletes the event schemas that use the group: EventSchema's foreign key cascades).
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { schemaPropertyGroupSchema } from "./record";

const groups = objects.endpoints<typeof schemaPropertyGroupSchema, string>({
  path: "schema_property_groups",
  noun: "schema property group",
  schema: schemaPropertyGroupSchema,
});

export const listSchemaPropertyGroups = groups.listAll;

/** The group named exactly so (PostHog keeps names unique in a project, case-sensitively), or null. */
export async function findSchemaPropertyGroupByName(http: Transport, projectId: number, name: string) {
  return (await groups.listAll(http, projectId)).find((group) => group.name === name) ?? null;
}

export const getSchemaPropertyGroup = groups.get;

/** Never resent once it may have reached PostHog: the lifecycle looks for it by its name, which is unique. */
export const createSchemaPropertyGroup = groups.create;

export const updateSchemaPropertyGroup = groups.update;

export const deleteSchemaPropertyGroup = groups.destroy;

/** Every page of the list. */
export const schemaPropertyGroupPages = groups.pages;
