/**
 * Between Pulumi's view of an event definition and PostHog's: the kit's field-table model over its table
 * (src/kinds/event-definition/fields.ts), with PostHog's one rule between fields: a definition is not both hidden and
 * verified.
 */
import type { Failure, Json } from "../../kit/lifecycle";
import { fieldModel, type InProject } from "../../kit/field-model";
import { eventDefinitionFields } from "./fields";
import type { EventDefinition } from "./record";

export type EventDefinitionRecord = InProject<EventDefinition>;

/** `validate` of both enterprise serializers (ee/api/ee_event_definition.py, ee/api/ee_property_definition.py). */
export function hiddenAndVerified(known: Json, noun: "An event" | "A property"): Failure[] {
  return known["hidden"] === true && known["verified"] === true
    ? [
        {
          property: "verified",
          reason: `verified and hidden cannot both be true: PostHog refuses it ("${noun} cannot be both hidden and verified")`,
        },
      ]
    : [];
}

export const eventDefinitionModel = fieldModel<EventDefinition>({
  className: "EventDefinition",
  noun: "event definition",
  summary:
    "What an event a project receives means: its description, tags, owner, and whether it is verified or hidden. PostHog makes a definition when the first event of that name arrives; the resource takes the definition of its name over.",
  fields: eventDefinitionFields,
  exampleInput: "description",
  required: { name: "it names the event whose definition is managed" },
  moreFailures: (_inputs, known) => hiddenAndVerified(known, "An event"),
  fixedOutputs: (record) => ({ name: record.name, lastSeenAt: record.last_seen_at ?? null }),
  outputTypes: {
    name: { type: "string", doc: "The event's name." },
    lastSeenAt: {
      type: "string | null",
      doc: "When PostHog last received the event (null: never, for a definition made before its events).",
    },
  },
});
