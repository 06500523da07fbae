/**
 * Property definitions as PostHog answers them (EnterprisePropertyDefinitionSerializer, ee/api/ee_property_definition.py,
 * with the plan feature `ingestion_taxonomy`; PropertyDefinitionSerializer, posthog/taxonomy/property_definition_api.py,
 * without it). Keyed by UUID. Neither answers the definition's `type` or `group_type_index`: the kind adds them
 * from the list the definition was found in (endpoints.ts). Loose.
 */
import { z } from "zod";

export const propertyDefinitionAnswerSchema = z.looseObject({
  // A person property list ends with PostHog's virtual ones (`$builtin_…` ids, no UUID): not definitions to manage.
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  tags: z.array(z.string()).optional(),
  property_type: z.string().nullish(),
  is_numerical: z.boolean().optional(),
  // Null for a definition nobody opened yet: read through `verifiedOf` (src/kinds/event-definition/record.ts).
  verified: z.boolean().nullish(),
  hidden: z.boolean().nullish(),
});
export type PropertyDefinitionAnswer = z.infer<typeof propertyDefinitionAnswerSchema>;

/** Which properties a definition describes (the `type` filter of PostHog's list; session ones are PostHog's own). */
export const PROPERTY_KINDS = ["event", "person", "group"] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

/** A definition with where PostHog lists it: its type, and for a group property the group type's index. */
export type PropertyDefinition = PropertyDefinitionAnswer & { type: PropertyKind; group_type_index: number | null };
