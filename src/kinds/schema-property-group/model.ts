/**
 * Between Pulumi's view of a schema property group and PostHog's: the kit's field-table model over its table
 * (src/kinds/schema-property-group/fields.ts). PostHog requires the name.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import { schemaPropertyGroupFields } from "./fields";
import type { SchemaPropertyGroup } from "./record";

export type SchemaPropertyGroupRecord = InProject<SchemaPropertyGroup>;

export const schemaPropertyGroupModel = fieldModel<SchemaPropertyGroup>({
  className: "SchemaPropertyGroup",
  noun: "schema property group",
  summary:
    "A named group of typed properties, required or optional, that event schemas (EventSchema) attach to events: PostHog's schema management, and what `pulumi-posthog types` types an event's properties by.",
  fields: schemaPropertyGroupFields,
  exampleInput: "properties",
  required: { name: "PostHog names every property group (SchemaPropertyGroup.name)" },
  fixedOutputs: (record) => ({
    name: record.name,
    events: (record.events ?? []).map((event) => ({ id: event.id, name: event.name })),
  }),
  outputTypes: {
    name: { type: "string", doc: "The group's name." },
    events: {
      type: "{ id: string; name: string }[]",
      doc: "The events whose schema uses the group (their definitions' UUIDs and names), by name.",
    },
  },
  types: {
    SchemaProperty: {
      type: '{\n  name: string;\n  property_type: "DateTime" | "String" | "Numeric" | "Boolean" | "Object";\n  is_required?: boolean;\n  is_optional_in_types?: boolean;\n  description?: string;\n  validation_rules?: SchemaValidationRules | null;\n}',
      doc: "One property of a group: its name, its type, whether events must carry it (`is_required`) and whether generated types still make it optional (`is_optional_in_types`).",
    },
    SchemaValidationRules: {
      type: "\n  | { enum: string[] }\n  | { not: { enum: string[] } }\n  | { minimum?: number; exclusiveMinimum?: number; maximum?: number; exclusiveMaximum?: number }",
      doc: "What a String property's values must be (`enum`) or must not be (`not: {enum}`), or a Numeric property's bounds.",
    },
  },
});
