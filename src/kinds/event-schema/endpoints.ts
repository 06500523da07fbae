/**
 * The event schema endpoints (EventSchemaViewSet, posthog/api/event_schema.py), keyed by UUID under
 * `/api/projects/<projectId>/event_schemas/`: a list (newest first; `event_definition` filters it to one event's), a
 * POST and a DELETE. PostHog retrieves none and updates none: one is found in the list.
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { type EventSchema, type EventSchemaAnswer, eventSchemaAnswerSchema, eventSchemaOf } from "./record";

const schemas = objects.endpoints<typeof eventSchemaAnswerSchema, string, { event_definition?: string }>({
  path: "event_schemas",
  noun: "event schema",
  schema: eventSchemaAnswerSchema,
});

/** The project's event schemas (`eventDefinition`: one event's), each with its whole property group. */
export function listEventSchemaAnswers(http: Transport, projectId: number, eventDefinition?: string): Promise<EventSchemaAnswer[]> {
  return schemas.listAll(http, projectId, eventDefinition === undefined ? {} : { event_definition: eventDefinition });
}

export async function listEventSchemas(
  http: Transport,
  projectId: number,
  filters: { event_definition?: string } = {},
): Promise<EventSchema[]> {
  return (await schemas.listAll(http, projectId, filters)).map(eventSchemaOf);
}

/** One event schema, found in the list (EventSchemaViewSet has no retrieve), else PostHog's 404. */
export function getEventSchema(http: Transport, projectId: number, id: string): Promise<EventSchema> {
  const key = id.toLowerCase();
  return objects.findListed(listEventSchemas(http, projectId), (s) => s.id === key, schemas.collection, projectId, id);
}

/** Never resent once it may have reached PostHog: the lifecycle looks for it by its event and group, a pair once. */
export async function createEventSchema(http: Transport, projectId: number, body: Record<string, unknown>): Promise<EventSchema> {
  return eventSchemaOf(await schemas.create(http, projectId, body));
}

export const deleteEventSchema = schemas.destroy;

/** Every page of the unfiltered list, each event schema as the kind reads it. */
export async function* eventSchemaPages(http: Transport, projectId: number) {
  for await (const page of schemas.pages(http, projectId)) yield { ...page, results: page.results.map(eventSchemaOf) };
}
