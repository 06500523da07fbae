/**
 * posthog.AccessControl's own rules over loopback against the local server: PostHog's rules checked before anything is
 * sent (a level of the resource's, a member or a role, one object of a kind PostHog serves entries of), a change of
 * level made in place, and no lockout: an entry that lowers the key's own user below project admin is refused at check
 * and before a delete, while organization admins, and a member another entry keeps at admin, are not; a kind-wide
 * entry lowering the key's own user below editor is refused alike, and so is a change that replaces (removes) such an
 * entry; PostHog's refusal of a key whose user may not change access controls is said with who may; an entry already in
 * PostHog is named, not taken over by the create's upsert; a PostHog without its enterprise code is said so. (Create,
 * preview, drift, adoption, import and delete of its example: the contract, test/kinds/contract.test.ts.)
 */
import { z } from "zod";
import { Transport } from "../../../src/client-entry";
import { AccessControlLifecycle } from "../../../src/kinds/access-control/kind";
import { RoleLifecycle } from "../../../src/kinds/role/kind";
import * as entries from "../../../src/kinds/access-control/endpoints";
import { entryKey } from "../../../src/kinds/access-control/record";
import * as members from "../../../src/kinds/organization-member/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../../helpers/local-posthog";

type Json = Record<string, unknown>;

let server: LocalPostHog;
let http: Transport;
let projectId: number;
let anaKey: string;
let anaMembership: string;

const connect = (apiKey: string) => {
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } });
  return { config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) }, transport };
};
const lifecycle = (apiKey = server.apiKey) => new AccessControlLifecycle(connect(apiKey));
const reasons = async (provider: AccessControlLifecycle, inputs: Json) =>
  ((await provider.check({}, { projectId, ...inputs })).failures ?? []).map((f) => f.reason).join(" | ");

beforeAll(async () => {
  server = await startLocalPostHog();
  http = connect(server.apiKey).transport;
  const path = `/api/organizations/${server.organizationId}/projects/`;
  projectId = (await http.request({ method: "POST", path, body: { name: "acl" }, schema: z.looseObject({ id: z.number() }) })).id;
  anaKey = (await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" })).key;
  anaMembership = (await members.findMemberByEmail(http, server.organizationId, "ana@example.com"))!.membership_id;
});
afterAll(() => server?.close());

test("PostHog's own rules, before anything is sent: the resource's levels, a member or a role, objects PostHog serves entries of", async () => {
  const provider = lifecycle();
  await server.clearRequests();
  expect(await reasons(provider, { resource: "project", accessLevel: "editor" })).toMatch(
    /accessLevel must be one of none, member, admin for resource "project" .*Invalid access level/,
  );
  expect(
    await reasons(provider, {
      resource: "feature_flag",
      accessLevel: "viewer",
      roleId: "01a2192f-d0bc-0000-319b-c6b0c95d0b09",
      organizationMemberId: anaMembership,
    }),
  ).toMatch(/You can not scope an access control to both a member and a role\./);
  expect(await reasons(provider, { resource: "survey", resourceId: 3, accessLevel: "viewer" })).toMatch(/PostHog serves under no route/);
  expect(await reasons(provider, { accessLevel: "viewer" })).toMatch(/resource is required/);
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

test("a change of level is an update (one PUT), never a replacement; another target replaces", async () => {
  const provider = lifecycle();
  const inputs: Json = { projectId, resource: "feature_flag", accessLevel: "viewer", organizationMemberId: anaMembership };
  const created = await provider.create(inputs);
  expect(created.id).toBe(`feature_flag:member:${anaMembership}`);
  const outs = created.outs as Json;
  expect(await provider.diff(created.id, outs, { ...inputs, accessLevel: "editor" })).toMatchObject({ changes: true, replaces: [] });
  expect((await provider.diff(created.id, outs, { ...inputs, resource: "dashboard" })).replaces).toEqual(["resource"]);
  await server.clearRequests();
  await provider.update(created.id, outs, { ...inputs, accessLevel: "editor" });
  expect((await server.requests()).filter((r) => r.method !== "GET").map((r) => r.method)).toEqual(["PUT"]);
  await provider.delete(created.id, outs);
  expect(await entries.listAccessControls(http, projectId)).toEqual([]);
});

test("an entry already in PostHog (another stack's, or set in its interface) is named, not taken over by PostHog's upsert; adoptId takes it over", async () => {
  const provider = lifecycle();
  const target = { resource: "dashboard", resource_id: null, role_id: null, organization_member_id: anaMembership };
  await entries.putAccessControl(http, projectId, target, "viewer");
  const inputs: Json = { projectId, resource: "dashboard", accessLevel: "editor", organizationMemberId: anaMembership };
  const key = `dashboard:member:${anaMembership}`;
  await server.clearRequests();
  await expect(provider.create(inputs)).rejects.toThrow(
    `PostHog already has an access control with the key ${key} in project ${projectId}: access control ${key} (created `,
  );
  await expect(provider.create(inputs)).rejects.toThrow(`set \`adoptId: "${key}"\` on this resource`);
  // Nothing was written: the other's entry keeps its level.
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  expect((await entries.listAccessControls(http, projectId)).find((e) => e.id === key)).toMatchObject({ access_level: "viewer" });

  const adopted = await provider.create({ ...inputs, adoptId: key });
  expect(adopted.id).toBe(key);
  expect((await entries.listAccessControls(http, projectId)).find((e) => e.id === key)).toMatchObject({ access_level: "editor" });
  await provider.delete(adopted.id, adopted.outs as Json);
});

test("no lockout: a member's key never lowers its own user below project admin; another entry keeping them admin, or an admin's key, is fine", async () => {
  // Ana, a plain member, is a project admin by an entry of her own.
  await entries.putAccessControl(
    http,
    projectId,
    { resource: "project", resource_id: null, role_id: null, organization_member_id: anaMembership },
    "admin",
  );
  const ana = lifecycle(anaKey);
  expect(await reasons(ana, { resource: "project", organizationMemberId: anaMembership, accessLevel: "member" })).toMatch(
    /^No lockout: Setting this entry to "member" would lower the key's own user \(ana@example\.com, an organization member\) from "admin" to "member" on project \d+, below the "admin" every access control write in the project needs/,
  );
  // Everyone's default lowered: her own entry keeps her admin (PostHog takes the highest entry).
  expect(await reasons(ana, { resource: "project", accessLevel: "none" })).toBe("");
  // The owner's key: organization admins and owners keep the highest level whatever the entries say.
  expect(await reasons(lifecycle(), { resource: "project", organizationMemberId: anaMembership, accessLevel: "none" })).toBe("");
  // Removing her own admin entry with her key is refused too, and the entry stays.
  const id = `${projectId}/project:member:${anaMembership}`;
  await expect(ana.delete(id, { projectId })).rejects.toThrow(
    /No lockout: Removing this entry would lower the key's own user .* The entry was not removed\./,
  );
  expect((await entries.listAccessControls(http, projectId)).map((e) => e.id)).toEqual([`project:member:${anaMembership}`]);
  // Moving her entry to a role replaces it, which removes hers at up: refused at check already, nothing sent.
  await server.clearRequests();
  const olds = { projectId, resource: "project", organizationMemberId: anaMembership, accessLevel: "admin" };
  const moved = { projectId, resource: "project", roleId: "01a2192f-d0bc-0000-319b-c6b0c95d0b09", accessLevel: "admin" };
  expect(((await ana.check(olds, moved)).failures ?? []).map((f) => f.reason)).toEqual([
    expect.stringMatching(
      /^No lockout: Removing this entry would lower the key's own user \(ana@example\.com, an organization member\) from "admin" to "none" on project \d+.* This change replaces entry project:member:[0-9a-f-]+, which removes it\.$/,
    ),
  ]);
  // The same change of level only is an update, and keeps her admin.
  expect((await ana.check(olds, { ...olds, accessLevel: "admin" })).failures).toBeUndefined();
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

test("no lockout for a kind project-wide: a member's key never lowers its own user's flags below editor, the write level; the owner's key may", async () => {
  // Ana has no entry for feature flags: everyone's default, editor, is hers.
  const ana = lifecycle(anaKey);
  expect(await reasons(ana, { resource: "feature_flag", accessLevel: "viewer" })).toMatch(/^No lockout: .*"editor" to "viewer"/);
  // An entry that keeps her level takes nothing; organization owners keep the highest level whatever the entries say.
  expect(await reasons(ana, { resource: "feature_flag", accessLevel: "editor" })).toBe("");
  expect(await reasons(lifecycle(), { resource: "feature_flag", accessLevel: "none" })).toBe("");
});

test("a key whose user may not change access controls: PostHog's 403 said with who may, and why a member's own admin entry counts only on a plan with access control", async () => {
  // Ben, a plain member with no entry of his own: PostHog refuses him every entry of the project.
  const benKey = (await server.control.createKey({ organizationId: server.organizationId, userEmail: "ben@example.com", level: "member" }))
    .key;
  const ben = lifecycle(benKey);
  const inputs = { projectId, resource: "project", accessLevel: "member" };
  expect(await reasons(ben, inputs)).toBe("");
  await expect(ben.create(inputs)).rejects.toThrow(
    /Must be admin to modify project permissions\. PostHog lets these change access controls: organization admins and owners, an object's creator, and a member whose own entry makes them the project's admin .*check_can_modify_access_levels_for_object.* count only when the organization's plan has access control .* Run this with an organization admin's key/,
  );
  expect((await entries.listAccessControls(http, projectId)).map((e) => e.id)).not.toContain("project:default");
});

test('a PostHog built without its enterprise code: its 404 "Endpoint not found." for roles and access controls is said as such, with what to do; a refresh keeps the state', async () => {
  const roles = new RoleLifecycle(connect(server.apiKey));
  const role = await roles.create({ name: "Kept" });
  const provider = lifecycle();
  const made = await provider.create({ projectId, resource: "insight", accessLevel: "viewer" });
  // How PostHog answers a route it does not serve (api_not_found, posthog/api/__init__.py).
  const body = { type: "invalid_request", code: "not_found", detail: "Endpoint not found.", attr: null };
  await server.fault({ path: "/roles/|access_controls/", status: 404, body, count: 100 });
  try {
    await expect(roles.create({ name: "Another" })).rejects.toThrow(
      /^PostHog serves no endpoint for POST \/api\/organizations\/[^/]+\/roles\/ \(404: Endpoint not found\.\): this PostHog's version or build does not have it\..* PostHog serves roles only with its enterprise code \(its ee\/ directory\)/,
    );
    await expect(provider.create({ projectId, resource: "dashboard", accessLevel: "viewer" })).rejects.toThrow(
      /PostHog serves access controls only with its enterprise code .* Use PostHog Cloud, or a self-hosted PostHog with its ee\/ directory/,
    );
    // Not "deleted in PostHog": a refresh fails, and the state stays as it was.
    await expect(roles.read(role.id, role.outs as Json)).rejects.toThrow(/^PostHog serves no endpoint for GET /);
    await expect(provider.read(made.id, made.outs as Json)).rejects.toThrow(/^PostHog serves no endpoint for GET /);
  } finally {
    await server.control.clearFaults();
  }
  await provider.delete(made.id, made.outs as Json);
  await roles.delete(role.id, role.outs as Json);
});

test("no lockout, the stack's entries judged together: of two checks lowering both entries that make the key's user admin (hers and her role's), the second is refused naming the first, in either order; two deletes side by side remove one and refuse the other", async () => {
  const post = (path: string, body: Json) =>
    http.request({ method: "POST", path, body, schema: z.looseObject({ id: z.union([z.number(), z.string()]) }) });
  const project = Number((await post(`/api/organizations/${server.organizationId}/projects/`, { name: "together" })).id);
  const ana = (await members.findMemberByEmail(http, server.organizationId, "ana@example.com"))!;
  const role = String((await post(`/api/organizations/${server.organizationId}/roles/`, { name: "Admins" })).id);
  await post(`/api/organizations/${server.organizationId}/roles/${role}/role_memberships/`, { user_uuid: ana.user_uuid });
  const own = { resource: "project", resource_id: null, role_id: null, organization_member_id: anaMembership };
  const byRole = { resource: "project", resource_id: null, role_id: role, organization_member_id: null };
  for (const target of [own, byRole]) await entries.putAccessControl(http, project, target, "admin");
  const ownInputs = { projectId: project, resource: "project", organizationMemberId: anaMembership };
  const roleInputs = { projectId: project, resource: "project", roleId: role };

  await server.clearRequests();
  for (const [first, second, other] of [
    [ownInputs, roleInputs, entryKey(own)],
    [roleInputs, ownInputs, entryKey(byRole)],
  ] as const) {
    // One provider process serves every entry of a run: one lifecycle.
    const run = lifecycle(anaKey);
    expect(await reasons(run, { ...first, accessLevel: "member" })).toBe("");
    expect(await reasons(run, { ...second, accessLevel: "member" })).toMatch(
      `No lockout: Setting this entry to "member", with what this stack declares for its other entries in this run (${other} set to "member"), would lower the key's own user (ana@example.com, an organization member) from "admin" to "member" on project ${project}`,
    );
  }
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);

  const run = lifecycle(anaKey);
  const removed = await Promise.allSettled(
    [own, byRole].map((target) => run.delete(`${project}/${entryKey(target)}`, { projectId: project })),
  );
  expect(removed.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  expect(String((removed.find((r) => r.status === "rejected") as PromiseRejectedResult).reason)).toMatch(
    /No lockout: Removing this entry would lower the key's own user .* from "admin" to "none" .* The entry was not removed\./,
  );
  expect((await entries.listAccessControls(http, project)).map((e) => e.access_level)).toEqual(["admin"]);
});
