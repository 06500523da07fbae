/**
 * The event schema's field table: the writable fields of EventSchemaSerializer (posthog/api/event_schema.py, model
 * EventSchema in products/event_definitions/backend/models/schema.py): the event definition and the property group it
 * attaches, both required, both of the project (PrimaryKeyRelatedFields over the team's objects: another project's is
 * "does not exist"). An event schema is never updated (EventSchemaViewSet lists, creates and destroys): another event
 * or group replaces it.
 */
import { z } from "zod";
import type { ApiTypes, Equality, FieldDef } from "../../kit/field-table";

/** A UUID as DRF and Django read one: any case, hyphens or none; UUIDT are no RFC 4122 version. PostHog answers lower case. */
export const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const uuid = (what: string) => {
  const error = `must be the UUID of ${what}`;
  return z.string({ error }).regex(UUID, { error });
};

/** The same UUID in any of the forms DRF reads (any case, with or without hyphens). */
export const sameUuid: Equality = (declared, live) =>
  typeof declared === "string" && typeof live === "string" && declared.replace(/-/g, "").toLowerCase() === live.replace(/-/g, "");

export const eventSchemaFields = {
  event_definition: {
    arg: "eventDefinitionId",
    input: uuid("an event definition of the project (an EventDefinition's `eventDefinitionId`, getEventDefinition's `id`)"),
    equal: sameUuid,
    doc: "The event whose schema this is: its definition's UUID (an EventDefinition's `eventDefinitionId`), in the project. Changing it replaces the event schema.",
  },
  property_group_id: {
    arg: "propertyGroupId",
    input: uuid("a schema property group of the project (a SchemaPropertyGroup's `propertyGroupId`)"),
    equal: sameUuid,
    doc: "The property group the event carries (a SchemaPropertyGroup's `propertyGroupId`), in the project; once per event. Changing it replaces the event schema.",
  },
} as const satisfies Record<string, FieldDef>;

/**
 * Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them):
 * nowhere yet, products/event_definitions/frontend/generated/api.schemas.ts types event definitions only.
 */
export const eventSchemaApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
