/**
 * The access control's field table: AccessControlSerializer's writable fields (ee/api/rbac/access_control.py, both
 * PostHog 2025-08-04 and today's), `role` and `organization_member` named by what a program gives (`roleId`, an
 * organization membership's `organizationMemberId`). Only `access_level` changes in place: the others name the
 * entry (PostHog's upsert key), and another value is another entry.
 */
import { z } from "zod";
import type { Equality, FieldDef, ApiTypes } from "../../kit/field-table";

/** A project's levels and any other resource's, lowest first (`ordered_access_levels`, posthog/rbac/user_access_control.py). */
export const PROJECT_LEVELS = ["none", "member", "admin"] as const;
export const RESOURCE_LEVELS = ["none", "viewer", "editor", "manager"] as const;
export const levelsOf = (resource: string): readonly string[] => (resource === "project" ? PROJECT_LEVELS : RESOURCE_LEVELS);

const ALL_LEVELS = [...new Set([...PROJECT_LEVELS, ...RESOURCE_LEVELS])] as [string, ...string[]];

const UUID_RULE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const sameUuid: Equality = (declared, live) =>
  (declared ?? null) === null
    ? (live ?? null) === null
    : typeof declared === "string" && typeof live === "string" && declared.replace(/-/g, "").toLowerCase() === live.replace(/-/g, "");
const sameText: Equality = (declared, live) => ((declared ?? null) === null ? (live ?? null) === null : String(declared) === live);

export const accessControlFields = {
  resource: {
    // API_SCOPE_OBJECTS (posthog/scopes.py) differs by version; every name in it is a word of letters and `_`.
    input: z.string({ error: "must be a string" }).regex(/^[A-Za-z_]+$/, {
      error:
        'must be "project" or one of PostHog\'s resources (API_SCOPE_OBJECTS, posthog/scopes.py: "feature_flag", "dashboard", "insight", "notebook", "survey", …)',
    }),
    type: "string",
    doc: '"project" for the project itself, or a kind of PostHog object ("feature_flag", "dashboard", "insight", "notebook", "survey", … as PostHog\'s `API_SCOPE_OBJECTS` lists them): with `resourceId` one object of it, without the kind project-wide. Changing it replaces the entry.',
  },
  resource_id: {
    // PostHog takes null for "no object" (the entries it answers carry it: an import writes it), as for the two below.
    input: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)], { error: "must be the numeric id of the object" }).nullable(),
    type: "number | string",
    equal: sameText,
    doc: "One object's id (a feature flag's, a dashboard's or an insight's: PostHog serves the entries of one object of these kinds); without it, the entry is the kind's project-wide. Not for `resource: \"project\"`. Changing it replaces the entry.",
  },
  access_level: {
    input: z.enum(ALL_LEVELS, {
      error: 'must be "none", "member" or "admin" for the project, "none", "viewer", "editor" or "manager" for any other resource',
    }),
    type: "AccessControlLevel",
    doc: 'The level: "none", "member" or "admin" for the project; "none", "viewer", "editor" or "manager" for any other resource (`ordered_access_levels`, posthog/rbac/user_access_control.py). A change is made in place. Organization admins and owners always have the highest level, whatever the entries say.',
  },
  role_id: {
    input: z.string({ error: "must be a role's UUID" }).regex(UUID_RULE, { error: "must be a role's UUID (a Role's roleId)" }).nullable(),
    equal: sameUuid,
    doc: "The role the entry is for (a Role's `roleId`). Neither this nor `organizationMemberId`: the entry is everyone's default. Changing it replaces the entry.",
  },
  organization_member_id: {
    input: z
      .string({ error: "must be an organization membership's UUID" })
      .regex(UUID_RULE, { error: "must be an organization membership's UUID (getOrganizationMember's membershipId)" })
      .nullable(),
    equal: sameUuid,
    doc: "The member the entry is for: their organization membership's id (`getOrganizationMember({ email }).membershipId`, an OrganizationMember's `membershipId`), not their user's UUID. Changing it replaces the entry.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const accessControlApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
