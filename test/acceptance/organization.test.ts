/**
 * Members, invites and proxy records against a real PostHog, beyond the contract (test/acceptance/contract.test.ts):
 * PostHog's own refusal of a change of one's own level, which OrganizationMember refuses first at check naming the
 * rule; an invite to someone who belongs; a proxy record gone by hand (PostHog's GET of one and its DELETE of an
 * unknown one both 500: the lifecycle asks the list); an access control entry for a role, its level changed in place,
 * drift made by hand shown and put back, removed by PostHog's `access_level: null`; the team example's shape
 * (examples/team: two roles, a member found by email in one, kinds only one role edits, a project the other
 * administers), each read back with no change, and a role deleted by hand taking its membership and entries with it.
 */
import { users } from "../../src/client-entry";
import * as accessControls from "../../src/kinds/access-control/endpoints";
import { AccessControlLifecycle } from "../../src/kinds/access-control/kind";
import { RoleLifecycle } from "../../src/kinds/role/kind";
import * as roleEndpoints from "../../src/kinds/role/endpoints";
import { RoleMembershipLifecycle } from "../../src/kinds/role-membership/kind";
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

test("the team example's shape: two roles, a member found by email in one, kinds only Engineering edits, a project Analytics administers; each read back with no change; a role deleted by hand takes its membership and entries with it", async () => {
  const withProject = { ...connection, config: { ...connection.config, projectId: String(target.projectId) } };
  const roles = new RoleLifecycle(withProject);
  const memberships = new RoleMembershipLifecycle(withProject);
  const entries = new AccessControlLifecycle(withProject);
  const me = await users.getCurrentUser(http);
  // As the example names people: by email, as the organization knows them.
  const member = (await members.findMemberByEmail(http, target.organizationId, me.email))!;
  const engineering = await roles.create({ name: named(target, "Engineering") });
  const analytics = await roles.create({ name: named(target, "Analytics") });
  const made: Array<{ id: string; outs: Record<string, unknown> }> = [];
  try {
    const membershipInputs = { roleId: engineering.id, userUuid: member.id };
    expect((await memberships.check({}, membershipInputs)).failures).toBeUndefined();
    const membership = await memberships.create(membershipInputs);
    expect(membership.outs).toMatchObject({ roleId: engineering.id, userUuid: me.uuid, userEmail: me.email });
    expect((await memberships.diff(membership.id, membership.outs as Record<string, unknown>, membershipInputs)).changes).toBe(false);

    const declared = [
      ...["feature_flag", "dashboard", "insight"].flatMap((resource) => [
        { projectId: target.projectId, resource, accessLevel: "viewer" },
        { projectId: target.projectId, resource, accessLevel: "editor", roleId: engineering.id },
      ]),
      { projectId: target.projectId, resource: "project", accessLevel: "admin", roleId: analytics.id },
    ];
    // Everyone's entries of the shared project that a run which died left behind: a create names an entry already
    // there instead of taking it over, so they go first.
    for (const resource of ["feature_flag", "dashboard", "insight"])
      await accessControls.putAccessControl(
        http,
        target.projectId,
        { resource, resource_id: null, role_id: null, organization_member_id: null },
        null,
      );
    for (const inputs of declared) {
      expect({ inputs, failures: (await entries.check({}, inputs)).failures }).toEqual({ inputs, failures: undefined });
      const created = await entries.create(inputs);
      made.push({ id: created.id, outs: created.outs as Record<string, unknown> });
      const read = await entries.read(created.id, created.outs as Record<string, unknown>);
      expect((await entries.diff(created.id, read.props as Record<string, unknown>, inputs)).changes).toBe(false);
    }
    const live = (await accessControls.listAccessControls(http, target.projectId)).map((e) => e.id);
    expect(live).toEqual(expect.arrayContaining(made.map((m) => m.id)));

    // Analytics deleted in PostHog's interface: its entry goes with it (on_delete=CASCADE, ee/models/rbac/access_control.py).
    await roleEndpoints.deleteRole(http, target.organizationId, analytics.id);
    const sandbox = made.pop()!;
    expect(await entries.read(sandbox.id, sandbox.outs)).toEqual({});
    // Engineering deleted so too: its membership and entries go with it, as the local server plays it.
    await roleEndpoints.deleteRole(http, target.organizationId, engineering.id);
    expect(await memberships.read(membership.id, membership.outs as Record<string, unknown>)).toEqual({});
    for (const entry of made.filter((m) => m.outs["roleId"] === engineering.id))
      expect(await entries.read(entry.id, entry.outs)).toEqual({});
  } finally {
    for (const entry of made) await entries.delete(entry.id, entry.outs).catch(() => undefined);
    for (const role of [engineering, analytics]) await roles.delete(role.id, role.outs as Record<string, unknown>).catch(() => undefined);
  }
});
