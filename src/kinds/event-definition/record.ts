/**
 * Event definitions as PostHog answers them (EnterpriseEventDefinitionSerializer, ee/api/ee_event_definition.py, with
 * the plan feature `ingestion_taxonomy`; EventDefinitionSerializer, posthog/api/event_definition.py, without it: no
 * description, owner, verified or hidden). Keyed by UUID. Loose.
 */
import { z } from "zod";

export const eventDefinitionAnswerSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  /** UserBasicSerializer of the owner, or null. */
  owner: z.looseObject({ id: z.number().int() }).nullish(),
  tags: z.array(z.string()).optional(),
  verified: z.boolean().nullish(),
  hidden: z.boolean().nullish(),
  created_at: z.string().nullish(),
  last_seen_at: z.string().nullish(),
});
export type EventDefinitionAnswer = z.infer<typeof eventDefinitionAnswerSchema>;

/** An event definition as the kind reads it: its owner named by their numeric id (`owner_id`), as PostHog takes it. */
export type EventDefinition = {
  id: string;
  name: string;
  description?: string | null | undefined;
  owner_id?: number | null;
  tags?: string[] | undefined;
  verified?: boolean | undefined;
  hidden?: boolean | null | undefined;
  created_at?: string | null | undefined;
  last_seen_at?: string | null | undefined;
};

/**
 * A definition's `verified` as the model has it: PostHog answers null for one nobody opened since ingestion made it,
 * which has no enterprise row yet: the enterprise list joins it (`create_event_definitions_sql`,
 * posthog/api/event_definition.py; PropertyDefinitionViewSet's, posthog/taxonomy/property_definition_api.py) and
 * answers its columns null, and only a GET or PATCH of the definition makes the row (`dangerously_get_object`,
 * `safely_get_object`), with the models' default false (ee/models/event_definition.py, property_definition.py).
 * Measured on PostHog 2025-08-04.
 */
export function verifiedOf<T extends { verified?: boolean | null | undefined }>(answer: T): T & { verified?: boolean } {
  const { verified, ...rest } = answer;
  return (verified === undefined ? rest : { ...rest, verified: verified ?? false }) as T & { verified?: boolean };
}

/** The answer with `owner` as the id it is written as; absent where the serializer has no owner (no plan feature). */
export function eventDefinitionOf(answer: EventDefinitionAnswer): EventDefinition {
  const { owner, ...rest } = verifiedOf(answer);
  return Object.hasOwn(answer, "owner") ? { ...rest, owner_id: owner?.id ?? null } : { ...rest };
}
