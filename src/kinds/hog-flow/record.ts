/**
 * Hog flow (workflow) records as PostHog answers them (HogFlowSerializer, posthog/api/hog_flow.py; the list answers
 * HogFlowMinimalSerializer, with the same fields). `trigger` is derived by today's PostHog from the trigger action's
 * config. A function action's inputs are answered as stored: PostHog 2025-08-04 and today's answer their values, a
 * later PostHog `{"secret": true}` for a secret one (its template's schema says which); the model keeps both out of
 * sight (./model.ts). Loose: fields a PostHog version adds pass through.
 */
import { z } from "zod";

export const hogFlowSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  version: z.number().int().nullish(),
  status: z.string(),
  created_at: z.string().nullish(),
  created_by: z.looseObject({}).nullish(),
  updated_at: z.string().nullish(),
  trigger: z.unknown().optional(),
  conversion: z.unknown().optional(),
  exit_condition: z.string().nullish(),
  edges: z.unknown().optional(),
  actions: z.unknown().optional(),
  abort_action: z.string().nullish(),
  // Today's PostHog; 2025-08-04 answers trigger_masking (read-only, null) and no variables.
  trigger_masking: z.unknown().optional(),
  variables: z.unknown().optional(),
});
export type HogFlow = z.infer<typeof hogFlowSchema>;
