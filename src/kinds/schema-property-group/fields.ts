/**
 * The schema property group's field table: the writable fields of today's SchemaPropertyGroupSerializer
 * (posthog/api/schema_property_group.py in PostHog/posthog, `Meta.fields` less `read_only_fields`; models
 * SchemaPropertyGroup and SchemaPropertyGroupProperty, products/event_definitions/backend/models/schema.py), each with
 * PostHog's rule and how a declared value compares with what PostHog answers. PostHog 2025-08-04 has no schema
 * management: it serves no such endpoint.
 *
 * `properties` is the group's whole list: PostHog's update deletes every property the list it is sent lacks and
 * creates the others anew (the nested serializer's `id` is read-only, so no sent property keeps its own), in one
 * transaction; it answers them ordered by name (`Meta.ordering`), so the order a program writes them in is no change.
 */
import { z } from "zod";
import { type ApiTypes, type Equality, type FieldDef, sameJson } from "../../kit/field-table";

export const SERIALIZER = "SchemaPropertyGroupSerializer, posthog/api/schema_property_group.py";

/** `SchemaPropertyType` (products/event_definitions/backend/models/schema.py): the choices of `property_type`. */
export const SCHEMA_PROPERTY_TYPES = ["DateTime", "String", "Numeric", "Boolean", "Object"] as const;

/** `MAX_PROPERTY_NAME_LENGTH` and `MAX_ENUM_VALUES` of posthog/api/schema_property_group.py. */
const MAX_PROPERTY_NAME_LENGTH = 200;
const MAX_ENUM_VALUES = 1000;

const NUMERIC_KEYS = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"] as const;

/**
 * `validate_validation_rules` (posthog/api/schema_property_group.py): PostHog's rules over a property's
 * `validation_rules` for its type, each failure in PostHog's words; none for null or `{}`.
 */
export function validationRulesProblem(
  propertyType: string,
  rules: Readonly<Record<string, unknown>> | null | undefined,
): string | undefined {
  if (rules === null || rules === undefined || Object.keys(rules).length === 0) return undefined;
  if (propertyType === "String") return stringRulesProblem(rules);
  if (propertyType === "Numeric") return numericRulesProblem(rules);
  return `Validation rules are not supported for ${propertyType} properties`;
}

function stringRulesProblem(rules: Readonly<Record<string, unknown>>): string | undefined {
  const extra = Object.keys(rules)
    .filter((key) => key !== "enum" && key !== "not")
    .sort();
  if (extra.length > 0) return `Unrecognized keys for String validation: ${extra.join(", ")}`;
  const hasEnum = Object.hasOwn(rules, "enum");
  const hasNot = Object.hasOwn(rules, "not");
  if (hasEnum && hasNot) return "Cannot specify both 'enum' and 'not' — use one or the other";
  if (hasEnum) return enumProblem(rules["enum"]);
  const not = rules["not"];
  if (typeof not !== "object" || not === null || Array.isArray(not) || Object.keys(not).join() !== "enum")
    return "'not' must contain exactly one key: 'enum'";
  return enumProblem((not as Record<string, unknown>)["enum"]);
}

function enumProblem(values: unknown): string | undefined {
  if (!Array.isArray(values)) return "'enum' must be a list";
  if (values.length === 0) return "'enum' list must not be empty";
  if (values.length > MAX_ENUM_VALUES) return `'enum' list must not exceed ${MAX_ENUM_VALUES} items`;
  if (!values.every((v) => typeof v === "string")) return "All 'enum' values must be strings";
  return undefined;
}

function numericRulesProblem(rules: Readonly<Record<string, unknown>>): string | undefined {
  const keys = Object.keys(rules);
  const extra = keys.filter((key) => !(NUMERIC_KEYS as readonly string[]).includes(key)).sort();
  if (extra.length > 0) return `Unrecognized keys for Numeric validation: ${extra.join(", ")}`;
  const lower = keys.filter((key) => key === "minimum" || key === "exclusiveMinimum");
  const upper = keys.filter((key) => key === "maximum" || key === "exclusiveMaximum");
  if (lower.length > 1) return "Cannot specify both 'minimum' and 'exclusiveMinimum'";
  if (upper.length > 1) return "Cannot specify both 'maximum' and 'exclusiveMaximum'";
  const notNumber = keys.find((key) => typeof rules[key] !== "number");
  if (notNumber !== undefined) return `'${notNumber}' must be a number`;
  const [low, high] = [lower[0], upper[0]];
  if (low !== undefined && high !== undefined && (rules[low] as number) >= (rules[high] as number))
    return `Lower bound (${low}=${String(rules[low])}) must be less than upper bound (${high}=${String(rules[high])})`;
  return undefined;
}

/**
 * One property as SchemaPropertyGroupPropertySerializer takes it. Keys it does not know it ignores, and so does the
 * rule; `name` is stripped (`validate_name`), and DRF's CharField refuses one blank once stripped.
 */
const property = z
  .looseObject({
    name: z
      .string({ error: "must be a string (the property's name)" })
      .trim()
      .min(1, { error: `may not be blank (SchemaPropertyGroupPropertySerializer.validate_name, ${SERIALIZER})` })
      .max(MAX_PROPERTY_NAME_LENGTH, {
        error: `must be ${MAX_PROPERTY_NAME_LENGTH} characters or less once stripped (SchemaPropertyGroupPropertySerializer.validate_name, ${SERIALIZER})`,
      }),
    property_type: z.enum(SCHEMA_PROPERTY_TYPES, {
      error: `must be one of ${SCHEMA_PROPERTY_TYPES.map((t) => `"${t}"`).join(", ")} (SchemaPropertyType, products/event_definitions/backend/models/schema.py)`,
    }),
    is_required: z.boolean({ error: "must be true or false" }).optional(),
    is_optional_in_types: z.boolean({ error: "must be true or false" }).optional(),
    description: z.string({ error: "must be a string" }).optional(),
    validation_rules: z.record(z.string(), z.unknown(), { error: "must be an object or null" }).nullable().optional(),
  })
  .superRefine((p, ctx) => {
    const problem = validationRulesProblem(p.property_type, p.validation_rules);
    if (problem)
      ctx.addIssue({ code: "custom", path: ["validation_rules"], message: `${problem} (validate_validation_rules, ${SERIALIZER})` });
  });

/** A property as PostHog stores it: every field with its model default (`is_required` false, `description` ""). */
function stored(p: unknown): Record<string, unknown> {
  const o = (typeof p === "object" && p !== null ? p : {}) as Record<string, unknown>;
  return {
    name: typeof o["name"] === "string" ? o["name"].trim() : o["name"],
    property_type: o["property_type"],
    is_required: o["is_required"] ?? false,
    is_optional_in_types: o["is_optional_in_types"] ?? false,
    description: o["description"] ?? "",
    validation_rules: o["validation_rules"] ?? null,
  };
}

const byName = (list: unknown) =>
  (Array.isArray(list) ? list : [])
    .map(stored)
    .sort((a, b) => (String(a["name"]) < String(b["name"]) ? -1 : String(a["name"]) > String(b["name"]) ? 1 : 0));

/** The same properties, whatever their order, each with PostHog's defaults where the program left a field out. */
export const sameProperties: Equality = (declared, live) => sameJson(byName(declared), byName(live));

/** Live properties as a program writes them: by name, their defaults left out, PostHog's ids and times dropped. */
export const programProperties = (live: unknown) =>
  byName(live).map((p) =>
    Object.fromEntries(
      Object.entries(p).filter(([key, value]) => key === "name" || key === "property_type" || !sameJson(value, stored({})[key])),
    ),
  );

export const schemaPropertyGroupFields = {
  name: {
    // `name = CharField(max_length=400)`; DRF's CharField strips it and refuses it blank.
    input: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, { error: `may not be blank (SchemaPropertyGroup.name, ${SERIALIZER})` })
      .max(400, { error: `must be at most 400 characters (SchemaPropertyGroup.name, ${SERIALIZER})` }),
    equal: (declared, live) => sameJson(typeof declared === "string" ? declared.trim() : declared, live),
    doc: "The group's name, unique in the project (case-sensitive): what PostHog's schema management lists it by.",
  },
  description: {
    // `description = TextField(blank=True)`: no null, no length limit.
    input: z.string({ error: "must be a string" }),
    equal: (declared, live) => sameJson(declared ?? "", live ?? ""),
    doc: "What the group's properties describe.",
  },
  properties: {
    type: "SchemaProperty[]",
    input: z.array(property, { error: "must be a list of properties" }).superRefine((list, ctx) => {
      // `unique_property_group_property_name` (the model's constraint): a name once in a group.
      const seen = new Set<string>();
      list.forEach((p, i) => {
        if (seen.has(p.name))
          ctx.addIssue({
            code: "custom",
            path: [i, "name"],
            message: `"${p.name}" is in the group twice: PostHog keeps a property's name once in a group (unique_property_group_property_name, products/event_definitions/backend/models/schema.py)`,
          });
        seen.add(p.name);
      });
    }),
    equal: sameProperties,
    liveForm: (_declared, live) => programProperties(live),
    doc: "The group's properties, the whole list (PostHog answers them by name: their order is no change). Each has a `name` (at most 200 characters), a `property_type`, `is_required` (the event must carry it), `is_optional_in_types` (required, yet optional in generated types: a super property the SDK adds), a `description`, and `validation_rules` (a String's `enum` or `not: {enum}`, a Numeric's bounds). `pulumi-posthog types` types an event's required properties as required.",
  },
} as const satisfies Record<string, FieldDef>;

/**
 * Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them):
 * nowhere yet, products/event_definitions/frontend/generated/api.schemas.ts types event definitions only.
 */
export const schemaPropertyGroupApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
