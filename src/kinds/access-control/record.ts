/**
 * Access control entries as PostHog answers them (AccessControlSerializer, ee/api/rbac/access_control.py, both PostHog
 * 2025-08-04 and today's): the level, the resource, the object's id (`resource_id`: the project's own id for a
 * project's entries, null for a kind's project-wide ones), the organization membership or the role it is scoped to
 * (neither: everyone), `created_by` (null: PostHog's upsert sets none, measured) and times. PostHog answers no id of
 * its own: an entry is one per target (`unique resource per target`, ee/models/rbac/access_control.py), so its key is
 * written from the target (`entryKey`). Loose.
 */
import { z } from "zod";

export const entryAnswerSchema = z.looseObject({
  access_level: z.string(),
  resource: z.string(),
  resource_id: z.string().nullish(),
  organization_member: z.string().nullish(),
  role: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type EntryAnswer = z.infer<typeof entryAnswerSchema>;

/** What an entry is of and for: PostHog's upsert key without the project. */
export type Target = {
  resource: string;
  /** One object's id; null for the project's own entries and for a kind's project-wide ones. */
  resource_id: string | null;
  role_id: string | null;
  organization_member_id: string | null;
};

/** An entry as the kind reads it: keyed by its target, the project's own `resource_id` left to `projectId`. */
export type AccessControl = Target & { id: string; access_level: string; created_at: string | null; updated_at: string | null };

/** The project itself: its entries' resource, whose levels are a member's (`ordered_access_levels`). */
export const PROJECT = "project";

/**
 * An entry's key: `<resource>[.<resourceId>]:<who>`, `who` being `default` (everyone), `role:<uuid>` or
 * `member:<uuid>` (an organization membership's id): `project:default`, `feature_flag:role:<uuid>`,
 * `dashboard.42:member:<uuid>`. PostHog's resources are lower-case words with underscores, object ids integers or
 * UUIDs: none holds `.`, `:` or `/`.
 */
export function entryKey(target: Target): string {
  const of = target.resource_id === null ? target.resource : `${target.resource}.${target.resource_id}`;
  const who =
    target.role_id !== null
      ? `role:${target.role_id}`
      : target.organization_member_id !== null
        ? `member:${target.organization_member_id}`
        : "default";
  return `${of}:${who}`;
}

const KEY = /^([A-Za-z_]+)(?:\.([0-9A-Za-z-]+))?:(?:(default)|role:([0-9a-fA-F-]{32,36})|member:([0-9a-fA-F-]{32,36}))$/;

/** The target a key names, or undefined for text that is no key. */
export function parseEntryKey(key: string): Target | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const [, resource, resourceId, , role, member] = match;
  if (resource === PROJECT && resourceId !== undefined) return undefined;
  return {
    resource: resource!,
    resource_id: resourceId ?? null,
    role_id: role === undefined ? null : dashedUuid(role),
    organization_member_id: member === undefined ? null : dashedUuid(member),
  };
}

/** A UUID as PostHog answers it (DRF's UUIDField reads it with or without dashes, in any case). */
export function dashedUuid(text: string): string {
  const hex = text.replace(/-/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An entry as the kind reads it. */
export function entryOf(answer: EntryAnswer): AccessControl {
  const target: Target = {
    resource: answer.resource,
    // A project's entries carry the project's own id: the key leaves it to `projectId`.
    resource_id: answer.resource === PROJECT ? null : (answer.resource_id ?? null),
    role_id: answer.role ?? null,
    organization_member_id: answer.organization_member ?? null,
  };
  return {
    ...target,
    id: entryKey(target),
    access_level: answer.access_level,
    created_at: answer.created_at ?? null,
    updated_at: answer.updated_at ?? null,
  };
}
