/**
 * The event definition endpoints (EventDefinitionViewSet, posthog/api/event_definition.py), keyed by UUID: a list
 * (`search`: every space-separated term in the name), GET, PATCH, DELETE; a create by `name` in today's PostHog only.
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { type EventDefinition, eventDefinitionAnswerSchema, eventDefinitionOf } from "./record";

const definitions = objects.endpoints<typeof eventDefinitionAnswerSchema, string, { search?: string }>({
  path: "event_definitions",
  noun: "event definition",
  schema: eventDefinitionAnswerSchema,
});

/** A body as the kind writes it, `owner_id` sent as PostHog's `owner` (a PrimaryKeyRelatedField to the user). */
function sent(body: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(body, "owner_id")) return body;
  const { owner_id, ...rest } = body;
  return { ...rest, owner: owner_id };
}

export async function listEventDefinitions(
  http: Transport,
  projectId: number,
  filters: { search?: string } = {},
): Promise<EventDefinition[]> {
  return (await definitions.listAll(http, projectId, filters)).map(eventDefinitionOf);
}

/** The definition named exactly so (names are unique in a project, case-sensitively), or null. */
export async function findEventDefinitionByName(http: Transport, projectId: number, name: string): Promise<EventDefinition | null> {
  for await (const found of definitions.iterate(http, projectId, { search: name }))
    if (found.name === name) return eventDefinitionOf(found);
  return null;
}

export async function getEventDefinition(http: Transport, projectId: number, id: string): Promise<EventDefinition> {
  return eventDefinitionOf(await definitions.get(http, projectId, id));
}

/** Today's PostHog only (`EventDefinitionSerializer.create`): PostHog 2025-08-04 refuses it to personal API keys. */
export async function createEventDefinition(http: Transport, projectId: number, name: string): Promise<EventDefinition> {
  return eventDefinitionOf(await definitions.create(http, projectId, { name }));
}

export async function updateEventDefinition(
  http: Transport,
  projectId: number,
  id: string,
  body: Record<string, unknown>,
): Promise<EventDefinition> {
  return eventDefinitionOf(await definitions.update(http, projectId, id, sent(body)));
}

/** DELETE: the definition is gone (204); ingestion makes it again, bare, when the event arrives again. */
export const deleteEventDefinition = definitions.destroy;

/** Every page of the unfiltered list, each definition as the kind reads it. */
export async function* eventDefinitionPages(http: Transport, projectId: number) {
  for await (const page of definitions.pages(http, projectId)) yield { ...page, results: page.results.map(eventDefinitionOf) };
}
