/** Group records as PostHog's group endpoints return them (ee/clickhouse/views/groups.py). */
import { z } from "zod";

export const groupSchema = z.looseObject({
  group_type_index: z.number().int(),
  group_key: z.string(),
  group_properties: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupTypeSchema = z.looseObject({
  group_type: z.string(),
  group_type_index: z.number().int(),
  name_singular: z.string().nullish(),
  name_plural: z.string().nullish(),
  detail_dashboard: z.number().int().nullish(),
  default_columns: z.array(z.string()).nullish(),
  created_at: z.string().nullish(),
});
export type GroupType = z.infer<typeof groupTypeSchema>;

export const groupPageSchema = z.looseObject({
  next: z.string().nullable(),
  previous: z.string().nullish(),
  results: z.array(groupSchema),
});

export const propertyCountSchema = z.looseObject({ name: z.string(), count: z.number().int() });
export type PropertyCount = z.infer<typeof propertyCountSchema>;

/** `{"<group_type_index>": [{name, count}]}` from the legacy property_definitions endpoint. */
export const propertyDefinitionsSchema = z.record(z.string(), z.array(propertyCountSchema));
export type PropertyDefinitions = z.infer<typeof propertyDefinitionsSchema>;

/** Newer PostHog answers `{results, refreshing}`; older versions a bare list. Both read as one list. */
export const propertyValuesSchema = z.union([
  z.looseObject({ results: z.array(propertyCountSchema), refreshing: z.boolean().optional() }),
  z.array(propertyCountSchema).transform((results) => ({ results, refreshing: false })),
]);
