/**
 * Dashboard templates as PostHog answers them (DashboardTemplateSerializer: products/dashboards/backend/api/
 * dashboard_templates.py today, posthog/api/dashboards/dashboard_templates.py in 2025-08-04). Keyed by UUID. Loose.
 * `created_by` is the creator's UserBasicSerializer today; in 2025-08-04 a plain ModelSerializer field, a user id that
 * its create never sets (null, measured).
 */
import { z } from "zod";

export const dashboardTemplateSchema = z.looseObject({
  id: z.string(),
  template_name: z.string().nullish(),
  dashboard_description: z.string().nullish(),
  dashboard_filters: z.unknown().optional(),
  tags: z.array(z.string()).nullish(),
  tiles: z.unknown().optional(),
  variables: z.unknown().optional(),
  deleted: z.boolean().nullish(),
  created_at: z.string().nullish(),
  created_by: z.union([z.looseObject({}), z.number()]).nullish(),
  image_url: z.string().nullish(),
  team_id: z.number().int().nullish(),
  scope: z.string().nullish(),
  availability_contexts: z.array(z.string()).nullish(),
  /** Today's PostHog only. */
  is_featured: z.boolean().optional(),
});
export type DashboardTemplate = z.infer<typeof dashboardTemplateSchema>;
