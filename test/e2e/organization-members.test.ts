/**
 * No lockout, through the real Pulumi CLI against the local server: `pulumi preview` refuses, naming the rule and
 * before anything is sent, a program that changes the level of the key's own user (PostHog itself answers 403 "You
 * can't change your own access level.": OrganizationMembership.validate_update, posthog/models/organization.py), one
 * that would remove the key's own user, and one that demotes the organization's last owner; a program that only
 * takes a member's level over at its own level previews as a create and changes nothing in PostHog. And an access
 * control entry that would lower the key's own user below project admin (which every access control write needs:
 * ee/api/rbac/access_control.py) is refused at preview, while one that leaves them admin through another entry
 * previews as a create; so is one that lowers them below editor (the write level) on a kind project-wide or on an
 * object someone else created, while one on an object they created previews as a create (its creator always has the
 * highest level: access_level_for_object, posthog/rbac/user_access_control.py). And two invites of one email in two
 * cases are refused at preview: PostHog keeps one, so each `up --refresh` would send the other again.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import type { Stack } from "@pulumi/pulumi/automation";
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

/** One program directory and stack per key, its program written anew for each preview (a preview records nothing). */
const stacks = new Map<string, Promise<Stack>>();
function stackFor(apiKey: string | undefined): Promise<Stack> {
  const key = apiKey ?? "default";
  if (!stacks.has(key)) {
    const name = `no-lockout-${stacks.size}`;
    const made = session.stack(session.nodeProgram(name, []), name).then(async (stack) => {
      if (apiKey) await stack.setConfig("posthog:apiKey", { value: apiKey, secret: true });
      return stack;
    });
    stacks.set(key, made);
  }
  return stacks.get(key)!;
}

/** A preview of this program, by this key; what the CLI printed and whether it failed. */
async function preview(name: string, lines: string[], apiKey?: string): Promise<{ failed: boolean; text: string }> {
  const stack = await stackFor(apiKey);
  // The case's name, for the reader: the program's own resource names say what it declares.
  fs.writeFileSync(
    path.join(stack.workspace.workDir, "index.ts"),
    [`// ${name}`, 'import * as posthog from "pulumi-posthog";', ...lines, ""].join("\n"),
  );
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

test("pulumi preview refuses two invites of one email in two cases, naming both and PostHog's rule; nothing is sent", async () => {
  // PostHog keeps one: the second create deletes the first, and each `up --refresh` after sends one of them again.
  const { failed, text } = await preview("invite-twice", [
    `new posthog.OrganizationInvite("dup", { targetEmail: "dup@example.com" });`,
    `new posthog.OrganizationInvite("dup-again", { targetEmail: "DUP@example.com" });`,
  ]);
  expect(failed).toBe(true);
  expect(text).toContain(
    'posthog.OrganizationInvite "dup-again": targetEmail "DUP@example.com" is also declared by "dup" in the configured scope: PostHog keeps one invite per email in an organization, whatever its case',
  );
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

/** PostHog's API as this key's user, over loopback. */
async function call(method: string, path: string, body?: unknown, apiKey = server.apiKey): Promise<Record<string, unknown>> {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return (await answer.json()) as Record<string, unknown>;
}

/** A project where Ana, a plain member of the organization, is admin by an entry of her own (made once: today's PostHog refuses a second project of one name). */
let anaProject: Promise<number> | undefined;
function anaAdminProject(): Promise<number> {
  anaProject ??= makeAnaAdminProject();
  return anaProject;
}
async function makeAnaAdminProject(): Promise<number> {
  const project = Number((await call("POST", `/api/organizations/${server.organizationId}/projects/`, { name: "acl" })).id);
  const ana = (await call("GET", `/api/organizations/${server.organizationId}/members/?email=ana@example.com`)) as {
    results: Array<{ id: string }>;
  };
  await call("PUT", `/api/projects/${project}/access_controls/`, { access_level: "admin", organization_member: ana.results[0]!.id });
  return project;
}

const anaMembership = 'posthog.getOrganizationMemberOutput({ email: "ana@example.com" }).membershipId';

/** An access control entry's declaration: for everyone, or for Ana's membership. */
const entry = (name: string, fields: string, forAna: boolean) =>
  `new posthog.AccessControl("${name}", { ${fields}${forAna ? `, organizationMemberId: ${anaMembership}` : ""} });`;

test("pulumi preview refuses an access control that lowers the key's own user below project admin; one another entry makes harmless previews as a create, as does one that lowers a flag its own user created", async () => {
  const project = await anaAdminProject();
  const projectEntry = (level: string, forAna: boolean) =>
    entry("entry", `projectId: ${project}, resource: "project", accessLevel: "${level}"`, forAna);

  const { failed, text } = await preview("own-access", [projectEntry("member", true)], anaKey);
  expect(failed).toBe(true);
  expect(text).toMatch(
    /No lockout: Setting this entry to "member" would lower the key's own user \(ana@example\.com, an organization member\) from "admin" to "member"/,
  );
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);

  // An object's creator always has the highest level on it (access_level_for_object, posthog/rbac/user_access_control.py):
  // Ana may take everyone's access to her own flag away, hers included.
  const own = Number((await call("POST", `/api/projects/${project}/feature_flags/`, { key: "anas-own" }, anaKey)).id);
  const kept = await preview(
    "default-none",
    [
      projectEntry("none", false),
      entry("own-flag", `projectId: ${project}, resource: "feature_flag", resourceId: "${own}", accessLevel: "none"`, false),
    ],
    anaKey,
  );
  expect(kept.failed).toBe(false);
  expect(kept.text).toMatch(/posthog:index:AccessControl +entry +create|entry.*create/);
  expect(kept.text).toMatch(/posthog:index:AccessControl +own-flag +create|own-flag.*create/);
});

test("pulumi preview refuses an access control that lowers the key's own user below editor, the write level, on a kind project-wide or on one object someone else created", async () => {
  const project = await anaAdminProject();
  const kindWide = await preview(
    "own-kind",
    [entry("flags", `projectId: ${project}, resource: "feature_flag", accessLevel: "viewer"`, false)],
    anaKey,
  );
  expect(kindWide.failed).toBe(true);
  expect(kindWide.text).toMatch(
    new RegExp(
      `No lockout: Setting this entry to "viewer" would lower the key's own user \\(ana@example\\.com, an organization member\\) from "editor" to "viewer" on every feature_flag of project ${project}, below the "editor" writing them needs`,
    ),
  );
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);

  // The owner's flag: Ana's level on it is the kind's default, editor, until an entry of hers lowers it.
  const theirs = Number((await call("POST", `/api/projects/${project}/feature_flags/`, { key: "owners" })).id);
  const object = await preview(
    "own-object",
    [entry("flag", `projectId: ${project}, resource: "feature_flag", resourceId: "${theirs}", accessLevel: "viewer"`, true)],
    anaKey,
  );
  expect(object.failed).toBe(true);
  expect(object.text).toMatch(
    new RegExp(
      `No lockout: Setting this entry to "viewer" would lower the key's own user \\(ana@example\\.com, an organization member\\) from "editor" to "viewer" on feature_flag ${theirs}, below the "editor" writing it needs`,
    ),
  );
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

/** `pulumi up --yes` as a user types it (a preview first, then the update), not blocking the loop the local server answers on. */
async function cliUp(stack: Stack): Promise<{ failed: boolean; text: string }> {
  const { workDir, envVars } = stack.workspace;
  const env = { ...process.env, ...envVars };
  return promisify(execFile)("pulumi", ["up", "--yes", "--stack", stack.name], { cwd: workDir, env, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => ({ failed: false, text: stdout }),
    (error: { stdout?: string; stderr?: string }) => ({ failed: true, text: `${error.stdout ?? ""}${error.stderr ?? ""}` }),
  );
}

test("the stack's entries are judged together: one up lowering both the entries that make the key's own user admin (its own and its role's) is refused at its preview in either order, nothing sent; one removing both removes one and refuses the other; the key can still change access controls", async () => {
  // A project where Ana is admin twice: by her own entry and by her role's.
  const project = Number((await call("POST", `/api/organizations/${server.organizationId}/projects/`, { name: "acl-together" })).id);
  const ana = (
    (await call("GET", `/api/organizations/${server.organizationId}/members/?email=ana@example.com`)) as {
      results: Array<{ id: string; user: { uuid: string } }>;
    }
  ).results[0]!;
  const role = String((await call("POST", `/api/organizations/${server.organizationId}/roles/`, { name: "ACL admins" })).id);
  await call("POST", `/api/organizations/${server.organizationId}/roles/${role}/role_memberships/`, { user_uuid: ana.user.uuid });
  await call("PUT", `/api/projects/${project}/access_controls/`, { access_level: "admin", organization_member: ana.id });
  await call("PUT", `/api/projects/${project}/access_controls/`, { access_level: "admin", role });
  const own = `project:member:${ana.id}`;
  const roles = `project:role:${role}`;
  /** The entry's declaration, as a variable of its name; `after`: the entry the engine is to check first. */
  const declaration = {
    own: (level: string, after?: string) =>
      `const own = new posthog.AccessControl("own", { projectId: ${project}, resource: "project", organizationMemberId: "${ana.id}", accessLevel: "${level}", adoptId: "${own}" }${after ? `, { dependsOn: [${after}] }` : ""});`,
    role: (level: string, after?: string) =>
      `const role = new posthog.AccessControl("role", { projectId: ${project}, resource: "project", roleId: "${role}", accessLevel: "${level}", adoptId: "${roles}" }${after ? `, { dependsOn: [${after}] }` : ""});`,
  };
  const name = "together";
  const stack = await session.stack(session.nodeProgram(name, []), name);
  await stack.setConfig("posthog:apiKey", { value: anaKey, secret: true });
  const program = (...lines: string[]) =>
    fs.writeFileSync(
      path.join(stack.workspace.workDir, "index.ts"),
      ['import * as posthog from "pulumi-posthog";', ...lines, ""].join("\n"),
    );
  const writes = async () => (await server.requests()).filter((r) => r.method !== "GET" && r.path.includes(`/projects/${project}/`));

  program(declaration.own("admin"), declaration.role("admin"));
  await stack.up();

  // Each order (the engine checks a resource once those it depends on are checked: without it, whichever registration
  // reaches it first): the second check sees the first's declared level, and the preview stops the up before any write.
  for (const [first, second, other] of [
    ["own", "role", own],
    ["role", "own", roles],
  ] as const) {
    program(declaration[first]("member"), declaration[second]("member", first));
    await server.clearRequests();
    const { failed, text } = await cliUp(stack);
    expect(failed).toBe(true);
    expect(text).toContain(
      `No lockout: Setting this entry to "member", with what this stack declares for its other entries in this run (${other} set to "member"), would lower the key's own user (ana@example.com, an organization member) from "admin" to "member" on project ${project}`,
    );
    expect(text).toMatch(new RegExp(`posthog:AccessControl \\(${second}\\):\\s+error:`));
    expect(await writes()).toEqual([]);
  }

  // Both removed in one up: the engine deletes them side by side; the first goes, the second is refused.
  program();
  await server.clearRequests();
  await expect(stack.up()).rejects.toThrow(/No lockout: Removing this entry would lower the key's own user .* The entry was not removed\./);
  const left = (await call("GET", `/api/projects/${project}/access_controls/`)) as { access_controls: Array<{ access_level: string }> };
  expect(left.access_controls.map((e) => e.access_level)).toEqual(["admin"]);
  expect((await writes()).map((r) => r.method)).toEqual(["PUT"]);
  // Ana's key still changes access controls: her own entry put back.
  const back = await fetch(`${server.url}/api/projects/${project}/access_controls/`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${anaKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ access_level: "admin", organization_member: ana.id }),
  });
  expect(back.status).toBe(200);
});
