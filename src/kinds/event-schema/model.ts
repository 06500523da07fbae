/**
 * Between Pulumi's view of an event schema and PostHog's: the kit's field-table model over its table
 * (src/kinds/event-schema/fields.ts). Both fields are required (EventSchema's foreign keys are not null).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import { eventSchemaFields } from "./fields";
import type { EventSchema } from "./record";

export type EventSchemaRecord = InProject<EventSchema>;

export const eventSchemaModel = fieldModel<EventSchema>({
  className: "EventSchema",
  noun: "event schema",
  summary:
    "A property group attached to an event (PostHog's schema management): the event's schema holds the group's properties, and `pulumi-posthog types` types the event's required ones as required.",
  fields: eventSchemaFields,
  exampleInput: "propertyGroupId",
  required: {
    eventDefinitionId: "an event schema is an event's (EventSchema.event_definition)",
    propertyGroupId: "an event schema attaches a property group (EventSchema.property_group)",
  },
  // What identifies it, which every event schema has (an import reads it), and its group's name.
  fixedOutputs: (record) => ({
    eventDefinitionId: record.event_definition,
    propertyGroupId: record.property_group_id,
    propertyGroupName: record.property_group_name,
  }),
  outputTypes: {
    eventDefinitionId: { type: "string", doc: "The event definition's UUID." },
    propertyGroupId: { type: "string", doc: "The property group's UUID." },
    propertyGroupName: { type: "string", doc: "The property group's name." },
  },
});
