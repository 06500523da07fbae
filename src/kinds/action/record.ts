/** Action records as PostHog returns them (ActionSerializer and ActionStepJSONSerializer, posthog/api/action.py). Loose. */
import { z } from "zod";

export const actionStepSchema = z.looseObject({
  event: z.string().nullish(),
  properties: z.array(z.looseObject({})).nullish(),
  selector: z.string().nullish(),
  tag_name: z.string().nullish(),
  text: z.string().nullish(),
  text_matching: z.string().nullish(),
  href: z.string().nullish(),
  href_matching: z.string().nullish(),
  url: z.string().nullish(),
  url_matching: z.string().nullish(),
});

export const actionSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullish(),
  tags: z.array(z.string()).optional(),
  steps: z.array(actionStepSchema),
  deleted: z.boolean(),
  post_to_slack: z.boolean().nullish(),
  slack_message_format: z.string().nullish(),
  pinned_at: z.string().nullish(),
  created_at: z.string().nullish(),
  team_id: z.number().int().optional(),
});
export type Action = z.infer<typeof actionSchema>;

/**
 * The actions list has no `next` links: every action in one `{"count", "results"}` unless `limit` is asked for
 * (ActionViewSet.list); PostHog 2025-08-04 answers `{"results"}` alone.
 */
export const actionListSchema = z.looseObject({ count: z.number().int().optional(), results: z.array(actionSchema) });
