/**
 * A team's permissions as code, reviewed in pull requests: two roles, their members named by email (people join the
 * organization through invites first), and a project everyone in the organization may use but whose feature flags,
 * dashboards and insights only Engineering may edit.
 *
 *   pulumi config set posthog:organizationId <organization UUID>
 *   pulumi config set --secret posthog:apiKey phx_…   # an organization admin's key with organization, role and access control write
 *   pulumi config set --path 'engineers[0]' ana@example.com
 *   pulumi config set --path 'analysts[0]' ben@example.com
 *   pulumi up
 *
 * Roles and access control are paid features on PostHog Cloud (a self-hosted PostHog needs its licence): PostHog
 * stores the entries without them, and applies them once the plan has the feature. Organization admins and owners
 * always keep the highest level, which is why the key is an admin's: the provider refuses, at preview, an entry that
 * would take from the key's own user the access the run needs.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const engineers = config.requireObject<string[]>("engineers");
const analysts = config.requireObject<string[]>("analysts");

/** A role and its members, found by their email as the organization knows them. */
function role(name: string, emails: string[]): posthog.Role {
  const created = new posthog.Role(name.toLowerCase(), { name });
  for (const email of emails) {
    const member = posthog.getOrganizationMemberOutput({ email });
    new posthog.RoleMembership(`${name.toLowerCase()}-${email}`, { roleId: created.roleId, userUuid: member.apply((m) => m.userUuid) });
  }
  return created;
}

const engineering = role("Engineering", engineers);
const analytics = role("Analytics", analysts);

const app = new posthog.Project("app", { name: "App" });

// Everyone may use the project and view its flags, dashboards and insights; Engineering edits them. Analytics keeps
// the default view: it builds its own insights in a project of its own.
for (const resource of ["feature_flag", "dashboard", "insight"]) {
  new posthog.AccessControl(`${resource}-everyone`, { projectId: app.projectId, resource, accessLevel: "viewer" });
  new posthog.AccessControl(`${resource}-engineering`, {
    projectId: app.projectId,
    resource,
    accessLevel: "editor",
    roleId: engineering.roleId,
  });
}

const sandbox = new posthog.Project("analytics-sandbox", { name: "Analytics sandbox" });
new posthog.AccessControl("sandbox-analytics", {
  projectId: sandbox.projectId,
  resource: "project",
  accessLevel: "admin",
  roleId: analytics.roleId,
});

export const projectId = app.projectId;
export const sandboxProjectId = sandbox.projectId;
export const engineeringRoleId = engineering.roleId;
export const analyticsRoleId = analytics.roleId;
