/** Activity log and paging shapes of the project endpoints. */
import { z } from "zod";

export const activityEntrySchema = z.looseObject({
  user: z.looseObject({ first_name: z.string().nullish(), email: z.string().nullish() }).nullable(),
  activity: z.string(),
  scope: z.string(),
  item_id: z.string().nullable(),
  detail: z.unknown(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `{results, next, previous, total_count}` (activity_page.py): not the DRF `count` shape. */
export const activityPageSchema = z.looseObject({
  results: z.array(activityEntrySchema),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  total_count: z.number().int().optional(),
});

export function limitOffsetPageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** PostHog answers `{"is_generating_demo_data": bool}` (its docs wrongly show a project record). */
export const demoDataStatusSchema = z.looseObject({ is_generating_demo_data: z.boolean() });

/** How far PostHog's clock may be behind ours when telling an object just created from an older one. */
export const CLOCK_SKEW_MS = 5 * 60_000;
