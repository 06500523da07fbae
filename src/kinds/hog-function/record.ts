/**
 * Hog function records as PostHog returns them (HogFunctionSerializer; the list answers HogFunctionMinimalSerializer,
 * without inputs, schema, bytecode or masking: posthog/api/hog_function.py). A secret input is answered as
 * `{"secret": true}`, never its value. Loose: fields a PostHog version adds pass through.
 */
import { z } from "zod";

export const inputSchemaItemSchema = z.looseObject({
  key: z.string(),
  type: z.string(),
  required: z.boolean().optional(),
  secret: z.boolean().optional(),
});

/** A set input (`value`, and `bytecode`/`order` PostHog adds) or a secret's placeholder. */
export const hogInputSchema = z.union([z.looseObject({ secret: z.literal(true) }), z.looseObject({ value: z.unknown() })]);

export const hogFunctionSchema = z.looseObject({
  id: z.string(),
  type: z.string().nullish(),
  name: z.string().nullish(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  enabled: z.boolean(),
  hog: z.string(),
  filters: z.looseObject({}).nullish(),
  icon_url: z.string().nullish(),
  execution_order: z.number().int().nullish(),
  inputs_schema: z.array(inputSchemaItemSchema).optional(),
  inputs: z.record(z.string(), hogInputSchema).nullish(),
  masking: z.looseObject({}).nullish(),
  mappings: z.array(z.looseObject({})).nullish(),
});
export type HogFunction = z.infer<typeof hogFunctionSchema>;
