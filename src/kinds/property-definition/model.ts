/**
 * Between Pulumi's view of a property definition and PostHog's: the kit's field-table model over its table
 * (src/kinds/property-definition/fields.ts), with PostHog's rules between fields: a group property names its group
 * type and no other does (PropertyDefinitionQuerySerializer.validate, posthog/taxonomy/property_definition_api.py),
 * and a definition is not both hidden and verified.
 */
import type { Failure } from "../../kit/lifecycle";
import { fieldModel, type InProject } from "../../kit/field-model";
import { hiddenAndVerified } from "../event-definition/model";
import { propertyDefinitionFields } from "./fields";
import type { PropertyDefinition } from "./record";

export type PropertyDefinitionRecord = InProject<PropertyDefinition>;

const SOURCE = "PropertyDefinitionQuerySerializer.validate, posthog/taxonomy/property_definition_api.py";

export const propertyDefinitionModel = fieldModel<PropertyDefinition>({
  className: "PropertyDefinition",
  noun: "property definition",
  summary:
    "What a property of a project's events, persons or groups means: its value type, description, tags, and whether it is verified or hidden. PostHog makes a definition when the property first arrives; the resource takes the definition of its name and type over.",
  fields: propertyDefinitionFields,
  exampleInput: "propertyType",
  required: { name: "it names the property whose definition is managed" },
  moreFailures: (inputs, known, failed) => {
    const failures: Failure[] = [];
    const group = (known["type"] ?? "event") === "group";
    if (!failed("type") && !failed("groupTypeIndex")) {
      if (group && inputs["groupTypeIndex"] === undefined)
        failures.push({
          property: "groupTypeIndex",
          reason: `groupTypeIndex is required for a "group" property: PostHog lists group properties by group type (\`group_type_index\` must be set for \`group\` type, ${SOURCE})`,
        });
      if (!group && known["group_type_index"] !== undefined)
        failures.push({
          property: "groupTypeIndex",
          reason: `groupTypeIndex is only for a "group" property (\`group_type_index\` can only set for \`group\` type, ${SOURCE})`,
        });
    }
    return [...failures, ...hiddenAndVerified(known, "A property")];
  },
  fixedOutputs: (record) => ({
    name: record.name,
    type: record.type,
    groupTypeIndex: record.group_type_index,
    isNumerical: record.is_numerical ?? false,
  }),
  outputTypes: {
    name: { type: "string", doc: "The property's name." },
    type: { type: "PropertyDefinitionType", doc: "Which properties: of events, persons or a group type." },
    groupTypeIndex: { type: "number | null", doc: "The group type's index of a group property; null for the others." },
    isNumerical: { type: "boolean", doc: "Whether PostHog treats it as a number (its type is Numeric)." },
  },
  types: {
    PropertyDefinitionType: {
      type: '"event" | "person" | "group"',
      doc: "Which properties a definition describes: of events, of persons or of a group type.",
    },
    PropertyValueType: {
      type: '"String" | "Numeric" | "Boolean" | "DateTime" | "Duration"',
      doc: "What a property's values are (PostHog's PropertyType).",
    },
  },
});
