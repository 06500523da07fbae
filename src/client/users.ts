/** The current user (posthog/api/user.py, UserViewSet): `/api/users/@me/`, scope `user:read`. */
import { z } from "zod";
import type { Transport } from "./transport";

/**
 * Today's UserSerializer answers `id`; PostHog 2025-08-04's did not. Both answer `team`, the user's current project
 * (TeamBasicSerializer: its `id` and `project_id`), which every project create sets to the new one.
 */
export const currentUserSchema = z.looseObject({
  id: z.number().int().optional(),
  team: z.looseObject({ id: z.number().int(), project_id: z.number().int().nullish() }).nullish(),
  uuid: z.string(),
  distinct_id: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The user the API key belongs to. */
export function getCurrentUser(http: Transport): Promise<CurrentUser> {
  return http.request({ method: "GET", path: "/api/users/@me/", schema: currentUserSchema, subject: "the current user" });
}
