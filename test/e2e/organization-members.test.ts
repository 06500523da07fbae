/**
 * No lockout, through the real Pulumi CLI against the local server: `pulumi preview` refuses, naming the rule and
 * before anything is sent, a program that changes the level of the key's own user (PostHog itself answers 403 "You
 * can't change your own access level.": OrganizationMembership.validate_update, posthog/models/organization.py), one
 * that would remove the key's own user, and one that demotes the organization's last owner; a program that only
 * takes a member's level over at its own level previews as a create and changes nothing in PostHog.
 */
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let adminKey: string;

beforeAll(async () => {
  server = await startLocalPostHog();
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" });
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
