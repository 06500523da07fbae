/**
 * Pulumi package schema properties, typed from the field tables' zod schemas: what every declared resource's plugin
 * schema is made of.
 */
import { z } from "zod";

/** A property as Pulumi's schema describes it. */
export interface PropertySpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  $ref?: string;
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
  default?: unknown;
  defaultInfo?: { environment: string[] };
}

export const ANY: PropertySpec = { $ref: "pulumi.json#/Any" };

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
};

/** The Pulumi type of a zod schema, through zod's JSON Schema (its input side: what a program writes). */
export function typeOf(schema: z.ZodType): PropertySpec {
  return fromJsonSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
}

/** The alternatives of a schema, nested unions flattened and `null` left out (every Pulumi property may be absent). */
function alternatives(schema: JsonSchema): JsonSchema[] {
  if (schema.anyOf) return schema.anyOf.flatMap(alternatives);
  if (Array.isArray(schema.type)) return schema.type.filter((type) => type !== "null").map((type) => ({ type }));
  return schema.type === "null" ? [] : [schema];
}

function fromJsonSchema(schema: JsonSchema): PropertySpec {
  const variants = alternatives(schema);
  if (variants.length === 0) return ANY;
  if (variants.length > 1) {
    // A choice of literals (`0 | 1 | 2`) is one scalar type; a number that may also be spelt as a string ("0.5") is a
    // number; anything else is a value of any type.
    const values = variants.map((v) => v.const);
    if (values.every((v) => Number.isInteger(v))) return { type: "integer" };
    if (values.every((v) => typeof v === "string")) return { type: "string" };
    const types = new Set(variants.map((v) => v.type));
    if (types.size === 2 && types.has("number") && types.has("string")) return { type: "number" };
    return ANY;
  }
  const [only] = variants as [JsonSchema];
  // A choice of whole numbers (`z.literal([5, 10, 15])`) is an integer, as a union of them is above.
  if (only.enum?.length && only.enum.every((v) => Number.isInteger(v))) return { type: "integer" };
  switch (only.type) {
    case "boolean":
    case "integer":
    case "number":
    case "string":
      return { type: only.type };
    case "array":
      return { type: "array", items: only.items ? fromJsonSchema(only.items) : ANY };
    case "object":
      return { type: "object", additionalProperties: ANY };
    default:
      if (only.const !== undefined) return fromJsonSchema({ type: typeof only.const === "number" ? "number" : typeof only.const });
      return ANY;
  }
}
