/**
 * The property definition endpoints (PropertyDefinitionViewSet, posthog/taxonomy/property_definition_api.py), keyed
 * by UUID: a list per type (`type` event, person or group with `group_type_index`; `search`), GET, PATCH, DELETE; no
 * create in any version. PostHog's answers do not say a definition's type: it is where the list found it, and
 * never changes (ingestion sets it; no serializer writes it), so each client remembers it once found.
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { keyFacts } from "../../kit/kind";
import { verifiedOf } from "../event-definition/record";
import {
  PROPERTY_KINDS,
  type PropertyDefinition,
  type PropertyDefinitionAnswer,
  propertyDefinitionAnswerSchema,
  type PropertyKind,
} from "./record";

const definitions = objects.endpoints<
  typeof propertyDefinitionAnswerSchema,
  string,
  { type?: string; group_type_index?: string; search?: string; event_names?: string; filter_by_event_names?: string }
>({ path: "property_definitions", noun: "property definition", schema: propertyDefinitionAnswerSchema });

/** `GROUP_TYPES_LIMIT` (posthog/models/group_type_mapping.py): group type indexes are 0 to 4. */
export const GROUP_TYPES_LIMIT = 5;

export interface Place {
  readonly type: PropertyKind;
  readonly group_type_index: number | null;
}

/** Every list a definition may be in: events, persons, and each group type. */
const PLACES: readonly Place[] = [
  ...PROPERTY_KINDS.filter((t) => t !== "group").map((type) => ({ type, group_type_index: null })),
  ...Array.from({ length: GROUP_TYPES_LIMIT }, (_, i) => ({ type: "group" as const, group_type_index: i })),
];

/** The places found, per client: a definition's type never changes. */
const known = new WeakMap<Transport, Map<string, Place>>();
const remember = (http: Transport, id: string, place: Place) => {
  const places = known.get(http) ?? new Map<string, Place>();
  known.set(http, places);
  places.set(id, place);
};

/** A UUID: PostHog's virtual person properties (`$builtin_…`) are listed too, and are no definitions. */
const isDefinition = (answer: PropertyDefinitionAnswer) => keyFacts("uuid").is(answer.id);

const placed = (http: Transport, answer: PropertyDefinitionAnswer, place: Place): PropertyDefinition => {
  remember(http, answer.id, place);
  // A list answers `verified` null for a definition nobody opened yet (a GET makes its enterprise row).
  return { ...verifiedOf(answer), type: place.type, group_type_index: place.group_type_index };
};

const query = (place: Place, search?: string) => ({
  type: place.type,
  ...(place.group_type_index !== null && { group_type_index: String(place.group_type_index) }),
  ...(search !== undefined && { search }),
});

/** The definitions of one place (every page), each with it. */
async function listAt(http: Transport, projectId: number, place: Place, search?: string): Promise<PropertyDefinition[]> {
  return (await definitions.listAll(http, projectId, query(place, search))).filter(isDefinition).map((d) => placed(http, d, place));
}

/**
 * The definitions PostHog lists with these filters (`type`, `group_type_index`, `search`), or without a `type` those
 * of every place.
 */
export async function listPropertyDefinitions(
  http: Transport,
  projectId: number,
  filters: Record<string, string> = {},
): Promise<PropertyDefinition[]> {
  const { type, group_type_index: index, search } = filters;
  const places =
    type === undefined ? PLACES : [{ type: type as PropertyKind, group_type_index: index === undefined ? null : Number(index) }];
  return (await Promise.all(places.map((place) => listAt(http, projectId, place, search)))).flat();
}

/**
 * The event properties PostHog has seen on an event (its EventProperty rows, posthog/models/event_property.py: the
 * list's `event_names` with `filter_by_event_names`).
 */
export async function listEventProperties(http: Transport, projectId: number, event: string): Promise<PropertyDefinition[]> {
  const place: Place = { type: "event", group_type_index: null };
  const filters = { ...query(place), event_names: JSON.stringify([event]), filter_by_event_names: "true" };
  return (await definitions.listAll(http, projectId, filters)).filter(isDefinition).map((d) => placed(http, d, place));
}

/** The definition of exactly this name in this place, or null. */
export async function findPropertyDefinition(
  http: Transport,
  projectId: number,
  place: Place,
  name: string,
): Promise<PropertyDefinition | null> {
  for await (const found of definitions.iterate(http, projectId, query(place, name)))
    if (found.name === name && isDefinition(found)) return placed(http, found, place);
  return null;
}

/** Where a definition is listed: remembered, else looked for by its name in each place. */
async function placeOf(http: Transport, projectId: number, answer: PropertyDefinitionAnswer): Promise<PropertyDefinition> {
  const remembered = known.get(http)?.get(answer.id);
  if (remembered) return { ...answer, ...remembered };
  for (const place of PLACES) {
    const found = await findPropertyDefinition(http, projectId, place, answer.name);
    if (found?.id === answer.id) return { ...answer, type: place.type, group_type_index: place.group_type_index };
  }
  throw new Error(`PostHog lists property definition ${answer.id} (${JSON.stringify(answer.name)}) under no event, person or group type.`);
}

export async function getPropertyDefinition(http: Transport, projectId: number, id: string): Promise<PropertyDefinition> {
  return placeOf(http, projectId, await definitions.get(http, projectId, id));
}

export async function updatePropertyDefinition(
  http: Transport,
  projectId: number,
  id: string,
  body: Record<string, unknown>,
): Promise<PropertyDefinition> {
  // Where it is is no field PostHog takes: never sent.
  const { type: _, group_type_index: __, ...sent } = body;
  return placeOf(http, projectId, await definitions.update(http, projectId, id, sent));
}

/** DELETE: the definition is gone (204); ingestion makes it again when the property is sent again. */
export const deletePropertyDefinition = definitions.destroy;
