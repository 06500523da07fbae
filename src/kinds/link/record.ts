/**
 * Links as PostHog answers them (LinkSerializer, products/links/backend/api.py in PostHog/posthog, both versions; model
 * products/links/backend/models.py today, posthog/models/link.py in 2025-08-04). Keyed by UUID. Loose.
 */
import { z } from "zod";

export const linkSchema = z.looseObject({
  id: z.string(),
  redirect_url: z.string(),
  short_link_domain: z.string(),
  short_code: z.string(),
  description: z.string().nullable(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: z.looseObject({}).nullish(),
});
export type Link = z.infer<typeof linkSchema>;
