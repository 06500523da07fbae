/**
 * No lockout, through the real Pulumi CLI against the local server: `pulumi preview` refuses, naming the rule and
 * before anything is sent, a program that changes the level of the key's own user (PostHog itself answers 403 "You
 * can't change your own access level.": OrganizationMembership.validate_update, posthog/models/organization.py), one
 * that would remove the key's own user, and one that demotes the organization's last owner; a program that only
 * takes a member's level over at its own level previews as a create and changes nothing in PostHog. And an access
 * control entry that would lower the key's own user below project admin (which every access control write needs:
 * ee/api/rbac/access_control.py) is refused at preview, while one that leaves them admin through another entry
 * previews as a create.
 */
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let adminKey: string;
let anaKey: string;

beforeAll(async () => {
  server = await startLocalPostHog();
  anaKey = (await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" })).key;
  adminKey = (await server.control.createKey({ organizationId: server.organizationId, userEmail: "admin@example.com", level: "admin" }))
    .key;
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

/** A preview of this program, by this key; what the CLI printed and whether it failed. */
async function preview(name: string, lines: string[], apiKey?: string): Promise<{ failed: boolean; text: string }> {
  const dir = session.nodeProgram(name, ['import * as posthog from "pulumi-posthog";', ...lines]);
  const stack = await session.stack(dir, name);
  if (apiKey) await stack.setConfig("posthog:apiKey", { value: apiKey, secret: true });
  await server.clearRequests();
  try {
    const result = await stack.preview();
    return { failed: false, text: result.stdout };
  } catch (error) {
    return { failed: true, text: String((error as Error).message) };
  }
}

const member = (email: string) => `posthog.getOrganizationMemberOutput({ email: ${JSON.stringify(email)} }).apply((m) => m.userUuid)`;

test("pulumi preview refuses a change of the key's own user's level, naming the rule and PostHog's 403; nothing is sent", async () => {
  const { failed, text } = await preview("own-level", [
    `new posthog.OrganizationMember("me", { userUuid: ${member("local@posthog.localhost")}, level: "admin" });`,
  ]);
  expect(failed).toBe(true);
  expect(text).toMatch(
    /No lockout: the level of the key's own user \(local@posthog\.localhost, owner\) is never changed\. PostHog refuses a change of one's own level .*You can't change your own access level\./,
  );
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

test("pulumi preview refuses removeOnDelete on the key's own user", async () => {
  const { failed, text } = await preview(
    "own-removal",
    [`new posthog.OrganizationMember("me", { userUuid: ${member("admin@example.com")}, level: "admin", removeOnDelete: true });`],
    adminKey,
  );
  expect(failed).toBe(true);
  expect(text).toMatch(/No lockout: the key's own user \(admin@example\.com\) is never removed from the organization/);
});

test("pulumi preview refuses to demote the organization's last owner, whoever's key runs it; a member kept at their level previews as a create", async () => {
  const { failed, text } = await preview(
    "last-owner",
    [`new posthog.OrganizationMember("owner", { userUuid: ${member("local@posthog.localhost")}, level: "admin" });`],
    adminKey,
  );
  expect(failed).toBe(true);
  expect(text).toMatch(/No lockout: local@posthog\.localhost is the organization's last owner and is never demoted/);

  const kept = await preview("kept", [
    `new posthog.OrganizationMember("ana", { userUuid: ${member("ana@example.com")}, level: "member" });`,
  ]);
  expect(kept.failed).toBe(false);
  expect(kept.text).toMatch(/\+ +posthog:index:OrganizationMember +ana +create|ana.*create/);
});

test("pulumi preview refuses an access control that lowers the key's own user below project admin; one another entry makes harmless previews as a create", async () => {
  const call = async (method: string, path: string, body: unknown) =>
    (
      await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${server.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json() as Promise<Record<string, unknown>>;
  const project = Number((await call("POST", `/api/organizations/${server.organizationId}/projects/`, { name: "acl" })).id);
  const anaMember = await fetch(`${server.url}/api/organizations/${server.organizationId}/members/?email=ana@example.com`, {
    headers: { Authorization: `Bearer ${server.apiKey}` },
  }).then((r) => r.json() as Promise<{ results: Array<{ id: string }> }>);
  // Ana, a plain member, is the project's admin by an entry of her own.
  await call("PUT", `/api/projects/${project}/access_controls/`, { access_level: "admin", organization_member: anaMember.results[0]!.id });
  const entry = (level: string, forAna: boolean) =>
    `new posthog.AccessControl("entry", { projectId: ${project}, resource: "project", accessLevel: "${level}"${forAna ? ', organizationMemberId: posthog.getOrganizationMemberOutput({ email: "ana@example.com" }).membershipId' : ""} });`;

  const { failed, text } = await preview("own-access", [entry("member", true)], anaKey);
  expect(failed).toBe(true);
  expect(text).toMatch(
    /No lockout: Setting this entry to "member" would lower the key's own user \(ana@example\.com, an organization member\) from "admin" to "member"/,
  );
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);

  const kept = await preview("default-none", [entry("none", false)], anaKey);
  expect(kept.failed).toBe(false);
  expect(kept.text).toMatch(/posthog:index:AccessControl +entry +create|entry.*create/);
});
