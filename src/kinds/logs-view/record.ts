/**
 * Saved logs views as PostHog answers them (LogsViewSerializer, products/logs/backend/presentation/views/views_api.py
 * in PostHog/posthog; model LogsView, products/logs/backend/models.py; types LogsViewApi,
 * products/logs/frontend/generated/api.schemas.ts). PostHog keys them by `short_id` in its paths (the viewset's
 * `lookup_field`): the record's `id` is that short id, PostHog's own UUID kept as `uuid`. Loose.
 */
import { z } from "zod";

export const logsViewSchema = z
  .looseObject({
    id: z.string(),
    short_id: z.string(),
    name: z.string(),
    filters: z.record(z.string(), z.unknown()),
    columns: z.array(z.looseObject({})).nullish(),
    pinned: z.boolean(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    created_by: z.unknown().optional(),
  })
  .transform(({ id, ...rest }) => ({ ...rest, id: rest.short_id, uuid: id }));
export type LogsView = z.output<typeof logsViewSchema>;
