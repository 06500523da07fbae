/**
 * Event and property definitions as PostHog's ingestion makes them (posthog/models/event_definition.py,
 * posthog/models/property_definition.py; made by the plugin server's property-defs step, which the local server does
 * not run): one event definition per event name of a project, one property definition per name, type and group type
 * index, and which events a property was seen on (posthog/models/event_property.py). The control surface seeds them
 * (`POST /_control/projects/:id/definitions`), as ingestion would: without the enterprise row (description, verified
 * and hidden null) that PostHog makes when someone opens one.
 */
import { randomUUID } from "node:crypto";
import type { Store } from "../state/store";
import type { StoredObject } from "../state/types";

/** `PropertyDefinition.Type` (posthog/models/property_definition.py). */
export const PROPERTY_TYPES = { event: 1, person: 2, group: 3, session: 4 } as const;
export type PropertyKind = keyof typeof PROPERTY_TYPES;

/** `PropertyType` (posthog/models/property_definition.py): the choices of `property_type`. */
export const PROPERTY_VALUE_TYPES = ["DateTime", "String", "Numeric", "Boolean", "Duration"] as const;

/** `GROUP_TYPES_LIMIT` (posthog/models/group_type_mapping.py). */
export const GROUP_TYPES_LIMIT = 5;

export interface SeededProperty {
  name: string;
  type?: PropertyKind;
  groupTypeIndex?: number | null;
  propertyType?: string | null;
  /** The events it was seen on (event properties). */
  events?: string[];
}

export function eventDefinitions(store: Store, teamId: number): StoredObject[] {
  return store.objects("eventDefinitions").filter((o) => o.teamId === teamId);
}

export function propertyDefinitions(store: Store, teamId: number): StoredObject[] {
  return store.objects("propertyDefinitions").filter((o) => o.teamId === teamId);
}

/** The project's event definition of this name, made as ingestion makes it when there is none. */
export function seedEvent(store: Store, teamId: number, userId: number, name: string): StoredObject {
  const found = eventDefinitions(store, teamId).find((o) => o.fields.name === name);
  if (found) return found;
  return store.addObject("eventDefinitions", teamId, userId, {
    uuid: randomUUID(),
    name,
    description: null,
    owner: null,
    verified: null,
    hidden: null,
    tags: [],
    post_to_slack: false,
    default_columns: [],
    last_seen_at: null,
  });
}

/** The project's property definition of this name and type, made as ingestion makes it when there is none. */
export function seedProperty(store: Store, teamId: number, userId: number, p: SeededProperty): StoredObject {
  const type = PROPERTY_TYPES[p.type ?? "event"];
  const groupTypeIndex = p.type === "group" ? (p.groupTypeIndex ?? 0) : null;
  let found = propertyDefinitions(store, teamId).find(
    (o) => o.fields.name === p.name && o.fields.type === type && (o.fields.group_type_index ?? null) === groupTypeIndex,
  );
  if (!found) {
    const propertyType = p.propertyType ?? null;
    found = store.addObject("propertyDefinitions", teamId, userId, {
      uuid: randomUUID(),
      name: p.name,
      type,
      group_type_index: groupTypeIndex,
      property_type: propertyType,
      is_numerical: propertyType === "Numeric",
      description: null,
      verified: null,
      hidden: null,
      tags: [],
      events: [],
    });
  }
  const events = Array.isArray(found.fields.events) ? found.fields.events : [];
  for (const event of p.events ?? []) if (!events.includes(event)) events.push(event);
  found.fields.events = events;
  store.changed();
  return found;
}
