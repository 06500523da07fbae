/**
 * `pulumi-posthog types`: a TypeScript module from a project's event and property definitions, so that an
 * application's `posthog.capture("signed_up", {...})` is checked by the compiler: event names, and each event's
 * properties with their types.
 *
 * Its source is the project as PostHog holds it, read over the API (the definitions a program declares are there
 * once `pulumi up` has run, with those other stacks declare and those ingestion made): every event definition not
 * hidden and not PostHog's own (`$`-named), with the properties of its schema (its event schemas' property groups)
 * and the properties PostHog has seen on it (its event properties), typed by the schema's `property_type`, else their
 * definition's. A property the schema requires is required (`seats: number`), unless it is optional in types (a super
 * property the SDK adds), as PostHog's own TypeScript generator has it (posthog/api/event_definition_generators/
 * typescript.py: one name across groups is one property, of the union of their types, optional if any makes it so),
 * and `capture` then requires the event's properties; every other property is optional. A PostHog without schema
 * management (2025-08-04) types events by their seen properties alone.
 *
 * Nothing read from PostHog is evaluated, nor becomes code: names are written as JSON string literals (property keys
 * and event names in types only), descriptions as comment text with `*\/` and line ends neutralised. The only code is
 * the module's own `typedCapture`.
 */
import type { Transport } from "../client";
import { listEventDefinitions } from "../kinds/event-definition/endpoints";
import type { EventDefinition } from "../kinds/event-definition/record";
import { listEventSchemaAnswers } from "../kinds/event-schema/endpoints";
import { listEventProperties } from "../kinds/property-definition/endpoints";
import type { PropertyDefinition } from "../kinds/property-definition/record";
import type { SchemaProperty } from "../kinds/schema-property-group/record";
import { PostHogError } from "../client";

/**
 * What each PostHog `property_type` is in TypeScript (PropertyType, posthog/models/property_definition.py; a schema's
 * SchemaPropertyType adds Object, products/event_definitions/backend/models/schema.py). A Map: a type PostHog answers
 * is looked up as text, never as an object's property (`constructor` would find a function).
 */
const TYPES: ReadonlyMap<string, string> = new Map([
  ["String", "string"],
  ["Numeric", "number"],
  ["Boolean", "boolean"],
  // posthog-js sends a Date as its ISO text.
  ["DateTime", "string | Date"],
  ["Duration", "number"],
  ["Object", "Record<string, unknown>"],
]);

export interface TypedProperty {
  readonly name: string;
  /** PostHog's types of it (`String`, `Numeric`, …): more than one where groups disagree; none, unknown. */
  readonly propertyTypes: ReadonlyArray<string | null | undefined>;
  /** The event must carry it: its schema requires it and does not make it optional in types. */
  readonly required?: boolean;
  readonly description?: string | null | undefined;
}

export interface TypedEvent {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly properties: readonly TypedProperty[];
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Each event definition's schema properties (its event schemas' groups'), by the definition's UUID; none where this
 * PostHog has no schema management (its 404 for a route it does not serve: 2025-08-04).
 */
async function schemaProperties(http: Transport, projectId: number): Promise<Map<string, SchemaProperty[]>> {
  const byEvent = new Map<string, SchemaProperty[]>();
  try {
    for (const schema of await listEventSchemaAnswers(http, projectId))
      byEvent.set(schema.event_definition, [...(byEvent.get(schema.event_definition) ?? []), ...schema.property_group.properties]);
  } catch (error) {
    if (!(error instanceof PostHogError && error.endpointMissing)) throw error;
  }
  return byEvent;
}

/**
 * An event's properties: its schema's, one per name (the union of their types, required only where every group
 * requires it and none makes it optional in types; described by its group, else by its definition), then those seen
 * on it that the schema lacks, optional; by name.
 */
function eventProperties(schema: readonly SchemaProperty[], seen: readonly PropertyDefinition[]): TypedProperty[] {
  const merged = new Map<string, { propertyTypes: string[]; required: boolean; description?: string | null | undefined }>();
  // A schema property without a description of its own has its definition's.
  const described = new Map(seen.map((p) => [p.name, p.description]));
  for (const p of schema) {
    const required = p.is_required === true && p.is_optional_in_types !== true;
    const known = merged.get(p.name);
    if (!known) merged.set(p.name, { propertyTypes: [p.property_type], required, description: p.description || described.get(p.name) });
    else {
      if (!known.propertyTypes.includes(p.property_type)) known.propertyTypes.push(p.property_type);
      known.required &&= required;
    }
  }
  const fromSeen = seen
    .filter((p) => !merged.has(p.name))
    .map((p) => ({ name: p.name, propertyTypes: [p.property_type], description: p.description }));
  return [...[...merged].map(([name, p]) => ({ name, ...p })), ...fromSeen].sort(byName);
}

/** The project's events to type: not hidden, not PostHog's own, each with its schema's and its seen properties. */
export async function readTypedEvents(http: Transport, projectId: number): Promise<TypedEvent[]> {
  const events = (await listEventDefinitions(http, projectId)).filter((e: EventDefinition) => e.hidden !== true && !e.name.startsWith("$"));
  const schemas = await schemaProperties(http, projectId);
  const typed: TypedEvent[] = [];
  for (const event of [...events].sort(byName)) {
    const seen = (await listEventProperties(http, projectId, event.name)).filter((p: PropertyDefinition) => p.hidden !== true);
    typed.push({ name: event.name, description: event.description, properties: eventProperties(schemas.get(event.id) ?? [], seen) });
  }
  return typed;
}

/** A property's TypeScript type: its types' union, each part once (`string | Date` and `string` give `string | Date`). */
function typeOf(property: TypedProperty): string {
  const parts = property.propertyTypes.flatMap((t) => (TYPES.get(t ?? "") ?? "unknown").split(" | "));
  return parts.length === 0 ? "unknown" : [...new Set(parts)].join(" | ");
}

/** A string as a TypeScript string literal: JSON's, which TypeScript reads as the same string. */
const literal = (text: string) => JSON.stringify(text);

/** Text from PostHog as a doc comment: nothing in it can close the comment or start a line outside it. */
export function docComment(text: string | null | undefined, indent: string): string[] {
  if (!text || text.trim() === "") return [];
  const lines = text
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .split("\n")
    .map((line) => line.replace(/\*\//g, "*\\/").trimEnd());
  return [`${indent}/**`, ...lines.map((line) => `${indent} *${line === "" ? "" : ` ${line}`}`), `${indent} */`];
}

/** The module: `PostHogEvents` (each event's properties), `PostHogEventName`, and `typedCapture` over a client. */
export function typedEventsModule(events: readonly TypedEvent[], source: string): string {
  const lines = [
    `// Written by \`pulumi-posthog types\` from ${source.replace(/[\r\n\u2028\u2029]/g, " ")}. Do not edit: run it again.`,
    "",
    "/** Every event of the project, with its schema's properties (the required ones required) and those PostHog has seen on it. */",
    "export interface PostHogEvents {",
  ];
  for (const event of events) {
    lines.push(...docComment(event.description, "  "), `  ${literal(event.name)}: {`);
    for (const property of event.properties)
      lines.push(
        ...docComment(property.description, "    "),
        `    ${literal(property.name)}${property.required ? "" : "?"}: ${typeOf(property)};`,
      );
    lines.push("  };");
  }
  lines.push(
    "}",
    "",
    "export type PostHogEventName = keyof PostHogEvents;",
    "",
    "/** A PostHog client's capture, as posthog-js has it: `capture(event, properties)`. */",
    "export interface CapturingClient {",
    "  capture(event: string, properties?: Record<string, unknown> | null): unknown;",
    "}",
    "",
    "/** Whether an event's schema requires any property: then `capture` requires its properties. */",
    "type HasRequired<E extends PostHogEventName> = Record<never, never> extends PostHogEvents[E] ? false : true;",
    "",
    "/** `capture` that takes only the project's events, each with its own properties of their types. */",
    "export interface TypedCapture {",
    "  capture<E extends PostHogEventName>(",
    "    event: E,",
    "    ...properties: HasRequired<E> extends true ? [properties: PostHogEvents[E]] : [properties?: PostHogEvents[E]]",
    "  ): void;",
    "}",
    "",
    '/** The client\'s `capture`, typed: `typedCapture(posthog).capture("signed_up", { plan: "team" })`. */',
    "export function typedCapture(client: CapturingClient): TypedCapture {",
    "  return {",
    "    capture: (event: string, properties?: Record<string, unknown>) => {",
    "      client.capture(event, properties);",
    "    },",
    "  };",
    "}",
    "",
  );
  return lines.join("\n");
}
