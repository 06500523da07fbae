/**
 * `pulumi-posthog types`: a TypeScript module from a project's event and property definitions, so that an
 * application's `posthog.capture("signed_up", {...})` is checked by the compiler: event names, and each event's
 * properties with their types.
 *
 * Its source is the project as PostHog holds it, read over the API (the definitions a program declares are there
 * once `pulumi up` has run, with those other stacks declare and those ingestion made): every event definition not
 * hidden and not PostHog's own (`$`-named), and the properties PostHog has seen on it (its event properties), typed
 * by their definition's `property_type`. A program's declarations alone would not say which properties an event
 * carries: PostHog's event properties do.
 *
 * Nothing read from PostHog is evaluated, nor becomes code: names are written as JSON string literals (property keys
 * and event names in types only), descriptions as comment text with `*\/` and line ends neutralised. The only code is
 * the module's own `typedCapture`.
 */
import type { Transport } from "../client";
import { listEventDefinitions } from "../kinds/event-definition/endpoints";
import type { EventDefinition } from "../kinds/event-definition/record";
import { listEventProperties } from "../kinds/property-definition/endpoints";
import type { PropertyDefinition } from "../kinds/property-definition/record";

/**
 * What each PostHog `property_type` is in TypeScript (PropertyType, posthog/models/property_definition.py). A Map: a
 * type PostHog answers is looked up as text, never as an object's property (`constructor` would find a function).
 */
const TYPES: ReadonlyMap<string, string> = new Map([
  ["String", "string"],
  ["Numeric", "number"],
  ["Boolean", "boolean"],
  // posthog-js sends a Date as its ISO text.
  ["DateTime", "string | Date"],
  ["Duration", "number"],
]);

export interface TypedEvent {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly properties: ReadonlyArray<{
    readonly name: string;
    readonly propertyType?: string | null | undefined;
    readonly description?: string | null | undefined;
  }>;
}

/** The project's events to type: not hidden, not PostHog's own, each with the properties seen on it. */
export async function readTypedEvents(http: Transport, projectId: number): Promise<TypedEvent[]> {
  const events = (await listEventDefinitions(http, projectId)).filter((e: EventDefinition) => e.hidden !== true && !e.name.startsWith("$"));
  const typed: TypedEvent[] = [];
  for (const event of [...events].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const properties = (await listEventProperties(http, projectId, event.name)).filter((p: PropertyDefinition) => p.hidden !== true);
    typed.push({
      name: event.name,
      description: event.description,
      properties: properties.map((p) => ({ name: p.name, propertyType: p.property_type, description: p.description })),
    });
  }
  return typed;
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
    "/** Every event of the project, with the properties PostHog has seen on it and their types. */",
    "export interface PostHogEvents {",
  ];
  for (const event of events) {
    lines.push(...docComment(event.description, "  "), `  ${literal(event.name)}: {`);
    for (const property of event.properties) {
      const type = TYPES.get(property.propertyType ?? "") ?? "unknown";
      lines.push(...docComment(property.description, "    "), `    ${literal(property.name)}?: ${type};`);
    }
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
    "/** `capture` that takes only the project's events, each with its own properties of their types. */",
    "export interface TypedCapture {",
    "  capture<E extends PostHogEventName>(event: E, properties?: PostHogEvents[E]): void;",
    "}",
    "",
    '/** The client\'s `capture`, typed: `typedCapture(posthog).capture("signed_up", { plan: "team" })`. */',
    "export function typedCapture(client: CapturingClient): TypedCapture {",
    "  return {",
    "    capture: (event, properties) => {",
    "      client.capture(event, properties);",
    "    },",
    "  };",
    "}",
    "",
  );
  return lines.join("\n");
}
