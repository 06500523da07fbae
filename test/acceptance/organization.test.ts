/**
 * Members, invites and proxy records against a real PostHog, beyond the contract (test/acceptance/contract.test.ts):
 * PostHog's own refusal of a change of one's own level, which OrganizationMember refuses first at check naming the
 * rule; an invite to someone who belongs; a proxy record gone by hand (PostHog's GET of one and its DELETE of an
 * unknown one both 500: the lifecycle asks the list); an access control entry for a role, its level changed in place,
 * drift made by hand shown and put back, removed by PostHog's `access_level: null`.
 */
import { users } from "../../src/client-entry";
import * as accessControls from "../../src/kinds/access-control/endpoints";
import { AccessControlLifecycle } from "../../src/kinds/access-control/kind";
import { RoleLifecycle } from "../../src/kinds/role/kind";
import * as members from "../../src/kinds/organization-member/endpoints";
import { OrganizationMemberLifecycle } from "../../src/kinds/organization-member/kind";
import { OrganizationInviteLifecycle } from "../../src/kinds/organization-invite/kind";
import * as proxyRecords from "../../src/kinds/proxy-record/endpoints";
import { ProxyRecordLifecycle } from "../../src/kinds/proxy-record/kind";
import { acceptanceTarget, named, transport } from "./real-posthog";

const target = acceptanceTarget();
const apiKey = target.keys.all ?? target.apiKey;
const http = transport(target, apiKey);
const connection = { config: { host: target.url, apiKey, organizationId: target.organizationId }, transport: http };

test("PostHog refuses a change of one's own level (403); OrganizationMember refuses it first, at check, naming the rule", async () => {
  const me = await users.getCurrentUser(http);
  const mine = await members.getMember(http, target.organizationId, me.uuid);
  const other = mine.level === "owner" ? "admin" : "member";
  await expect(members.updateMember(http, target.organizationId, me.uuid, { level: other })).rejects.toThrow(
    "You can't change your own access level.",
  );
  const failures = (await new OrganizationMemberLifecycle(connection).check({}, { userUuid: me.uuid, level: other })).failures ?? [];
  expect(failures[0]).toEqual({
    property: "level",
    reason: expect.stringMatching(/^No lockout: the level of the key's own user .*You can't change your own access level/),
  });
});

test("an invite to someone who belongs: PostHog's 400, and what to use instead", async () => {
  const me = await users.getCurrentUser(http);
  await expect(new OrganizationInviteLifecycle(connection).create({ targetEmail: me.email })).rejects.toThrow(
    /A user with this email address already belongs to the organization\..* is a member already: manage their level with posthog\.OrganizationMember/,
  );
});

test("a proxy record gone by hand: a refresh drops it and destroy sends no DELETE (PostHog's would 500)", async () => {
  const provider = new ProxyRecordLifecycle(connection);
  const created = await provider.create({ domain: `${named(target, "gone")}.example.com` });
  expect(created.outs).toMatchObject({ status: "waiting", targetCname: expect.stringMatching(/^[0-9a-f]{20}\./) });
  await proxyRecords.deleteProxyRecord(http, target.organizationId, created.id);
  await expect(proxyRecords.deleteProxyRecord(http, target.organizationId, created.id)).rejects.toThrow(/500/);
  expect(await provider.read(created.id, created.outs as Record<string, unknown>)).toEqual({});
  await provider.delete(created.id, created.outs as Record<string, unknown>);
});

test("an access control for a role: created by PostHog's upsert, its level changed in place, drift by hand shown and put back, removed by access_level null", async () => {
  const withProject = { ...connection, config: { ...connection.config, projectId: String(target.projectId) } };
  const roles = new RoleLifecycle(withProject);
  const role = await roles.create({ name: named(target, "editors") });
  const provider = new AccessControlLifecycle(withProject);
  const inputs = { projectId: target.projectId, resource: "feature_flag", accessLevel: "viewer", roleId: role.id };
  try {
    // PostHog's own rule, before anything is sent: a project's levels are none, member and admin.
    const refused = await provider.check({}, { projectId: target.projectId, resource: "project", accessLevel: "editor" });
    expect(refused.failures?.[0]?.reason).toMatch(/accessLevel must be one of none, member, admin for resource "project"/);

    const created = await provider.create(inputs);
    expect(created.id).toBe(`feature_flag:role:${role.id}`);
    const outs = created.outs as Record<string, unknown>;
    expect(outs).toMatchObject({ accessLevel: "viewer", resource: "feature_flag", roleId: role.id });
    expect((await provider.diff(created.id, outs, { ...inputs, accessLevel: "editor" })).replaces).toEqual([]);
    const updated = await provider.update(created.id, outs, { ...inputs, accessLevel: "editor" });
    expect(updated.outs).toMatchObject({ accessLevel: "editor" });

    // Drift made by hand (PostHog's own PUT): the refresh shows it as the live level.
    await accessControls.updateAccessControl(http, target.projectId, `feature_flag:role:${role.id}`, { access_level: "viewer" });
    const read = await provider.read(created.id, updated.outs as Record<string, unknown>);
    expect(read.inputs).toMatchObject({ accessLevel: "viewer" });
    await provider.update(created.id, read.props as Record<string, unknown>, { ...inputs, accessLevel: "editor" });
    expect(
      (await accessControls.listAccessControls(http, target.projectId)).find((e) => e.id === `feature_flag:role:${role.id}`),
    ).toMatchObject({
      access_level: "editor",
    });

    await provider.delete(created.id, updated.outs as Record<string, unknown>);
    expect((await accessControls.listAccessControls(http, target.projectId)).map((e) => e.id)).not.toContain(
      `feature_flag:role:${role.id}`,
    );
  } finally {
    await roles.delete(role.id, role.outs as Record<string, unknown>);
  }
});
