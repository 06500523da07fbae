/**
 * The property definition's field table: the writable fields of EnterprisePropertyDefinitionSerializer
 * (ee/api/ee_property_definition.py, `Meta.fields` less `read_only_fields`; model ee/models/property_definition.py),
 * which PostHog serves to organizations with the plan feature `ingestion_taxonomy` (`property_type` alone is
 * writable without it), each with PostHog's rule and how a declared value compares with what PostHog answers; and
 * what identifies the definition, read-only there: its `name`, its `type` and, for a group property, the group
 * type's index (PostHog keeps one definition per name, type and group type index: `posthog_propdef_proj_uniq`).
 */
import { z } from "zod";
import type { FieldDef, ApiTypes } from "../../kit/field-table";
import { definitionName, taxonomyRows } from "../event-definition/fields";
import { GROUP_TYPES_LIMIT } from "./endpoints";
import { PROPERTY_KINDS } from "./record";

/** `PropertyType` (posthog/models/property_definition.py): the values `property_type` takes. */
export const PROPERTY_VALUE_TYPES = ["String", "Numeric", "Boolean", "DateTime", "Duration"] as const;

export const propertyDefinitionFields = {
  name: {
    beyondApiTypes: "identifies the definition (read-only in PostHog's serializer): it is found by it, never renamed",
    apiTypesDiffer: "PropertyDefinition.name is at most 400 characters (the model); the types state no limit of a read-only field",
    ...definitionName("property definition"),
    doc: "The property's name, exactly as it is sent (`plan`): the definition of that name, type and group type in the project is the one managed. Changing it manages another definition.",
  },
  type: {
    beyondApiTypes: "identifies the definition (no field of PostHog's serializer): the list it is found in",
    type: "PropertyDefinitionType",
    input: z.enum(PROPERTY_KINDS, { error: 'must be "event", "person" or "group" (PropertyDefinition.Type)' }),
    doc: 'Which properties: of events ("event", the default, as PostHog\'s list has it), of persons ("person") or of a group type ("group", with `groupTypeIndex`). Changing it manages another definition.',
  },
  group_type_index: {
    beyondApiTypes: "identifies the definition (no field of PostHog's serializer): the list it is found in",
    input: z
      .number({ error: `must be a group type's index, 0 to ${GROUP_TYPES_LIMIT - 1}` })
      .int({ error: `must be a group type's index, 0 to ${GROUP_TYPES_LIMIT - 1}` })
      .min(0, { error: `must be a group type's index, 0 to ${GROUP_TYPES_LIMIT - 1} (GROUP_TYPES_LIMIT)` })
      .max(GROUP_TYPES_LIMIT - 1, { error: `must be a group type's index, 0 to ${GROUP_TYPES_LIMIT - 1} (GROUP_TYPES_LIMIT)` }),
    doc: 'The group type (its index, 0 to 4: `getGroupTypes`) of a "group" property; only for one. Changing it manages another definition.',
  },
  property_type: {
    type: "PropertyValueType",
    input: z
      .enum(PROPERTY_VALUE_TYPES, {
        error: `must be one of ${PROPERTY_VALUE_TYPES.map((t) => `"${t}"`).join(", ")} or null (PropertyType)`,
      })
      .nullable(),
    doc: 'What its values are: "String", "Numeric", "Boolean", "DateTime" or "Duration" (null: not set). PostHog filters and charts the property so. Writable on every plan.',
  },
  ...taxonomyRows("property"),
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const propertyDefinitionApiTypes: ApiTypes = {
  file: "frontend/src/generated/core/api.schemas.ts",
  schemas: ["EnterprisePropertyDefinitionApi"],
};
