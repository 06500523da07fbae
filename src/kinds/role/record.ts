/**
 * Role records as PostHog returns them (RoleSerializer, ee/api/rbac/role.py): a UUID key, the name, who made it and
 * its members. PostHog 2025-08-04 adds the deprecated `feature_flags_access_level`; today's adds `is_default`. Loose.
 */
import { z } from "zod";

export const roleSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  created_at: z.string().nullish(),
  // RoleSerializer.create sets no creator: PostHog 2025-08-04 answers null (measured).
  created_by: z.looseObject({}).nullish(),
  members: z.array(z.looseObject({})).optional(),
});
export type Role = z.infer<typeof roleSchema>;
