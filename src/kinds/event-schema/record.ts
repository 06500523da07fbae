/**
 * Event schemas as PostHog answers them (EventSchemaSerializer, posthog/api/event_schema.py): the event definition's
 * UUID and the whole property group (SchemaPropertyGroupSerializer), which is written as `property_group_id`. Keyed
 * by UUID. Loose.
 */
import { z } from "zod";
import { schemaPropertyGroupSchema } from "../schema-property-group/record";

export const eventSchemaAnswerSchema = z.looseObject({
  id: z.string(),
  event_definition: z.string(),
  property_group: schemaPropertyGroupSchema,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type EventSchemaAnswer = z.infer<typeof eventSchemaAnswerSchema>;

/**
 * An event schema as the kind reads it: its group named by the id it is written as, with the group's name, and its
 * event's name as the group's `events` give it.
 */
export type EventSchema = {
  id: string;
  event_definition: string;
  event_name?: string | undefined;
  property_group_id: string;
  property_group_name: string;
  created_at?: string | null | undefined;
};

export function eventSchemaOf(answer: EventSchemaAnswer): EventSchema {
  return {
    id: answer.id,
    event_definition: answer.event_definition,
    event_name: answer.property_group.events?.find((event) => event.id === answer.event_definition)?.name,
    property_group_id: answer.property_group.id,
    property_group_name: answer.property_group.name,
    created_at: answer.created_at,
  };
}
