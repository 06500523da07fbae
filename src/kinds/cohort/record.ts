/**
 * Cohort records as PostHog returns them (CohortSerializer, posthog/api/cohort.py): `filters` is
 * `{"properties": {"type": "AND"|"OR", "values": [...]}}` (`{"properties": {}}` when a cohort has none). Loose.
 * `cohort_type` is today's only (PostHog computes it from the filters).
 */
import { z } from "zod";

export const cohortSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullish(),
  filters: z.looseObject({ properties: z.looseObject({}) }).nullable(),
  query: z.unknown().optional(),
  groups: z.unknown().optional(),
  deleted: z.boolean(),
  is_static: z.boolean(),
  is_calculating: z.boolean().optional(),
  count: z.number().int().nullish(),
  cohort_type: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Cohort = z.infer<typeof cohortSchema>;
