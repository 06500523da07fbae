/**
 * Between Pulumi's view of an access control entry and PostHog's: the kit's field-table model over its table
 * (src/kinds/access-control/fields.ts), in a project, with AccessControlSerializer's own rules checked before anything
 * is sent (ee/api/rbac/access_control.py): a level among the resource's, a member or a role but not both, an object
 * PostHog serves entries of. The rule that needs PostHog's answers (no lockout of the key's own user) is the
 * lifecycle's.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import { isUnknown } from "../../kit/unknown";
import type { Failure } from "../../kit/lifecycle";
import { OBJECT_ROUTES } from "./endpoints";
import { accessControlFields, levelsOf } from "./fields";
import { type AccessControl, dashedUuid, entryKey, PROJECT } from "./record";

export type AccessControlRecord = InProject<AccessControl>;

const SERIALIZER = "AccessControlSerializer, ee/api/rbac/access_control.py";

function entryFailures(inputs: Record<string, unknown>, known: Record<string, unknown>): Failure[] {
  const failures: Failure[] = [];
  const resource = typeof known["resource"] === "string" ? known["resource"] : undefined;
  const level = known["access_level"];
  if (resource !== undefined && typeof level === "string" && !levelsOf(resource).includes(level))
    failures.push({
      property: "accessLevel",
      reason: `accessLevel must be one of ${levelsOf(resource).join(", ")} for resource "${resource}" (${SERIALIZER}: validate_access_level, "Invalid access level. Must be one of: ${levelsOf(resource).join(", ")}"; ordered_access_levels, posthog/rbac/user_access_control.py)`,
    });
  if (
    known["role_id"] !== undefined &&
    known["role_id"] !== null &&
    known["organization_member_id"] !== undefined &&
    known["organization_member_id"] !== null
  )
    failures.push({
      property: "roleId",
      reason: `roleId and organizationMemberId may not both be given: PostHog refuses "You can not scope an access control to both a member and a role." (${SERIALIZER}: validate). Declare one entry for each.`,
    });
  const resourceId = known["resource_id"];
  if (resource === PROJECT && resourceId !== undefined && resourceId !== null)
    failures.push({
      property: "resourceId",
      reason:
        "resourceId is not for resource \"project\": the project's entries are its own (PostHog sets their resource_id to the project's id); give projectId.",
    });
  else if (resource !== undefined && resourceId !== undefined && resourceId !== null && !Object.hasOwn(OBJECT_ROUTES, resource))
    failures.push({
      property: "resourceId",
      reason: `resourceId names one object of resource "${resource}", whose access controls PostHog serves under no route: only one ${Object.keys(OBJECT_ROUTES).join(", ")} has its own (AccessControlViewSetMixin in posthog/api/feature_flag.py, dashboards/dashboard.py and insight.py). Leave resourceId out for the kind project-wide.`,
    });
  // An entry is taken over by its target, which is its key: an adoptId naming another target would manage that one.
  const adopt = inputs["adoptId"];
  if (
    typeof adopt === "string" &&
    resource !== undefined &&
    ["resource", "resourceId", "roleId", "organizationMemberId"].every((input) => !isUnknown(inputs[input]))
  ) {
    const declared = entryKey({
      resource,
      resource_id: resource === PROJECT || resourceId === undefined || resourceId === null ? null : String(resourceId),
      role_id: typeof known["role_id"] === "string" ? dashedUuid(known["role_id"]) : null,
      organization_member_id: typeof known["organization_member_id"] === "string" ? dashedUuid(known["organization_member_id"]) : null,
    });
    if (adopt !== declared)
      failures.push({
        property: "adoptId",
        reason: `adoptId must be the key of the entry the inputs name, "${declared}", when given: an entry is its target.`,
      });
  }
  return failures;
}

export const accessControlModel = fieldModel<AccessControl, AccessControlRecord>({
  className: "AccessControl",
  noun: "access control",
  summary:
    "An access control entry of a project: the level of the project, of a kind project-wide or of one object, for everyone, a role or a member.",
  fields: accessControlFields,
  exampleInput: "accessLevel",
  required: {
    resource:
      'PostHog needs the resource ("project", or a kind such as "feature_flag"; a kind-wide entry without one is a 500 in PostHog 2025-08-04)',
    accessLevel: "it is what the entry sets",
  },
  moreFailures: (inputs, known) => entryFailures(inputs, known),
  fixedOutputs: (record) => ({
    resource: record.resource,
    resourceId: record.resource_id,
    accessLevel: record.access_level,
    roleId: record.role_id,
    organizationMemberId: record.organization_member_id,
  }),
  outputTypes: {
    resource: { type: "string", doc: "The resource the entry is of." },
    resourceId: { type: "string | null", doc: "The object the entry is of, null for the project's own and a kind's project-wide entries." },
    accessLevel: { type: "AccessControlLevel", doc: "The level, as PostHog holds it." },
    roleId: { type: "string | null", doc: "The role the entry is for, if any." },
    organizationMemberId: { type: "string | null", doc: "The organization membership the entry is for, if any." },
  },
  types: {
    AccessControlLevel: {
      type: '"none" | "member" | "admin" | "viewer" | "editor" | "manager"',
      doc: 'An access control level: a project\'s "none", "member" or "admin"; any other resource\'s "none", "viewer", "editor" or "manager".',
    },
  },
});
