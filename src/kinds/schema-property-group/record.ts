/**
 * Schema property groups as PostHog answers them (SchemaPropertyGroupSerializer, posthog/api/schema_property_group.py):
 * their properties ordered by name, and `events`, the event definitions whose schema uses the group. Keyed by UUID.
 * Loose.
 */
import { z } from "zod";

export const schemaPropertySchema = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  property_type: z.string(),
  is_required: z.boolean().optional(),
  is_optional_in_types: z.boolean().optional(),
  description: z.string().nullish(),
  validation_rules: z.record(z.string(), z.unknown()).nullish(),
});
export type SchemaProperty = z.infer<typeof schemaPropertySchema>;

export const schemaPropertyGroupSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  properties: z.array(schemaPropertySchema),
  /** EventDefinitionBasicSerializer of each event whose schema holds the group, by name. */
  events: z.array(z.looseObject({ id: z.string(), name: z.string() })).optional(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: z.looseObject({ id: z.number().int() }).nullish(),
});
export type SchemaPropertyGroup = z.infer<typeof schemaPropertyGroupSchema>;
