/**
 * The insight variable's field table: the writable fields of InsightVariableSerializer (posthog/api/insight_variable.py
 * in PostHog/posthog today and in PostHog 2025-08-04; model InsightVariable: `name` a CharField of at most 400,
 * `type` one of its Type choices, `default_value` and `values` JSONFields), each with PostHog's rule and how a declared
 * value compares with its answer. Today's serializer turns a List variable's values and default into text
 * (`InsightVariableSerializer.validate`, `_coerce_list_values`, `_coerce_list_value_lenient`): numbers and booleans
 * are compared as the text PostHog stores.
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameJson, type ApiTypes } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

export const VARIABLE_SERIALIZER = "InsightVariableSerializer, posthog/api/insight_variable.py";

/** InsightVariable.Type (the model's TextChoices). */
export const VARIABLE_TYPES = ["String", "Number", "Boolean", "List", "Date"] as const;

/**
 * The name HogQL knows the variable by (`{variables.<code name>}`), as `InsightVariableSerializer.create` makes it
 * from the name DRF trimmed: its letters, digits, spaces and underscores (`str.isalnum`), spaces as `_`, lower-cased.
 * PostHog makes it on create only: a renamed variable keeps it. Two variables of a project never share one.
 */
export function codeNameOf(name: string): string {
  return [...name.trim()]
    .filter((c) => /[\p{L}\p{N}]/u.test(c) || c === " " || c === "_")
    .join("")
    .replaceAll(" ", "_")
    .toLowerCase();
}

/** `_scalar_to_str`: a scalar as the text PostHog stores for it (booleans lower-cased, as its interface writes them). */
function scalarText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  return undefined;
}

/** `_coerce_list_value_lenient`: an option object's value or label, a scalar's text, null dropped, else JSON. */
function lenientText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const scalar = scalarText(value);
  if (scalar !== undefined) return scalar;
  if (isPlainObject(value)) {
    const inner = scalarText(value["value"]) ?? scalarText(value["label"]);
    if (inner !== undefined) return inner;
  }
  return JSON.stringify(value);
}

/** A List variable's default as PostHog stores it: its text, `""` for none. Any other type's as declared. */
const sameDefault: Equality = (declared, live) =>
  sameJson(declared, live) || (typeof live === "string" && (lenientText(declared) ?? "") === live);

/** A List variable's values as PostHog stores them: each one's text, nulls left out. Any other type's as declared. */
const sameValues: Equality = (declared, live) =>
  sameJson(declared, live) ||
  (Array.isArray(declared) &&
    Array.isArray(live) &&
    sameJson(
      declared.filter((v) => v !== null).map((v) => scalarText(v) ?? v),
      live,
    ));

/** PostHog's refusal of a List variable's value that is no scalar (`_coerce_list_values`), or undefined. */
export function listValueProblem(values: readonly unknown[]): string | undefined {
  const index = values.findIndex((v) => v !== null && scalarText(v) === undefined);
  if (index < 0) return undefined;
  const shape = Array.isArray(values[index]) ? "an array" : "an object";
  return `List variable values must be strings or numbers (got ${shape} at index ${index}). Enter each value as plain text or a number. (${VARIABLE_SERIALIZER})`;
}

export const insightVariableFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .refine((v) => v.trim() !== "", { error: `may not be blank (${VARIABLE_SERIALIZER})` })
      .refine((v) => v.trim().length <= 400, { error: `must be at most 400 characters (InsightVariable.name, ${VARIABLE_SERIALIZER})` }),
    // DRF's CharField trims what it stores.
    equal: (declared, live) => typeof declared === "string" && declared.trim() === live,
    doc: "The variable's name, as the SQL editor shows it (at most 400 characters). PostHog makes the variable's `codeName` from it when it is created; a new name keeps that code name.",
  },
  type: {
    input: z.enum(VARIABLE_TYPES, { error: `must be one of ${VARIABLE_TYPES.join(", ")} (InsightVariable.Type)` }),
    doc: 'How the value is written and put into HogQL: "String", "Number", "Boolean", "List" (one of `values`) or "Date".',
  },
  default_value: {
    input: z.unknown(),
    type: "string | number | boolean | null",
    equal: sameDefault,
    doc: "The value a query gets unless it sets one: text, a number, true or false, a date as text; for a List variable one of `values` (PostHog stores it as text).",
  },
  values: {
    input: z.array(z.unknown(), { error: "must be a list of values or null" }).nullable(),
    type: "(string | number | boolean)[] | null",
    equal: sameValues,
    doc: "A List variable's options, strings or numbers (PostHog stores them as text and leaves out nulls); null for other types.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const insightVariableApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
