/**
 * posthog.Role and posthog.RoleMembership over loopback against the local server, in both PostHog versions it plays:
 * PostHog's refusal of a second role of a name (case-insensitive) names the role holding it; a create whose answer is
 * lost finds its role by name (PostHog records no creator of a role); a membership's delete takes the user out of the
 * role only; a role deleted by hand takes its memberships with it, which a refresh then finds gone; only organization
 * admins may change roles and memberships (so no lockout through them); names with odd characters round-trip. (Create, drift, adoption, import and delete of their examples: the contract,
 * test/kinds/contract.test.ts.)
 */
import { Transport, users } from "../../../src/client-entry";
import * as roles from "../../../src/kinds/role/endpoints";
import * as memberships from "../../../src/kinds/role-membership/endpoints";
import { RoleLifecycle, RoleMembershipLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Roles", (connection) => ({
  role: new RoleLifecycle(connection),
  membership: new RoleMembershipLifecycle(connection),
}));

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("a second role of the same name in another case is refused by PostHog, naming the role that holds it", async () => {
    const { provider } = setup();
    const first = await provider.role.create({ name: `Admins ${version}` });
    await expect(provider.role.create({ name: `  ADMINS ${version.toLowerCase()} ` })).rejects.toThrow(
      new RegExp(`There is already a role with this name\\..*${first.id}`),
    );
  });

  test("a create whose answer is lost after PostHog committed finds its role by name, not created twice", async () => {
    const { provider, server, http } = setup();
    await server.fault({ method: "POST", path: "/roles/?$", status: 502, afterCommit: true });
    const created = await provider.role.create({ name: `lost ${version}` });
    const live = (await roles.listRoles(http, server.organizationId)).filter((r) => r.name === `lost ${version}`).map((r) => r.id);
    expect(live).toEqual([created.id]);
  });

  test("a membership's delete takes the user out of the role only; a role deleted by hand takes its memberships with it", async () => {
    const { provider, http, server } = setup();
    const me = await users.getCurrentUser(http);
    const role = await provider.role.create({ name: `editors ${version}` });
    const inputs: Json = { roleId: role.id, userUuid: me.uuid.toUpperCase() };
    expect((await provider.membership.check({}, inputs)).failures).toBeUndefined();
    const made = await provider.membership.create(inputs);
    const outs = made.outs as Json;
    expect(outs).toMatchObject({ roleId: role.id, userUuid: me.uuid, userEmail: me.email, organizationId: server.organizationId });
    // PostHog answers the UUID in lower case: the upper-case one declared is no change.
    expect((await provider.membership.diff(made.id, outs, inputs)).changes).toBe(false);

    await provider.membership.delete(made.id, outs);
    expect(await memberships.listRoleMemberships(http, { scope: server.organizationId, parent: role.id })).toEqual([]);
    expect((await roles.getRole(http, server.organizationId, role.id)).id).toBe(role.id);
    expect((await users.getCurrentUser(http)).uuid).toBe(me.uuid);

    const again = await provider.membership.create(inputs);
    await roles.deleteRole(http, server.organizationId, role.id);
    expect(await provider.membership.read(again.id, again.outs as Json)).toEqual({});
  });

  test("no lockout through roles: only organization admins may change roles and memberships (PostHog's 403 to a member's key), and they keep the highest level whatever roles say", async () => {
    const { provider, server, http } = setup();
    const me = await users.getCurrentUser(http);
    const role = await provider.role.create({ name: `guarded ${version}` });
    const made = await provider.membership.create({ roleId: role.id, userUuid: me.uuid });
    const memberKey = (
      await server.control.createKey({ organizationId: server.organizationId, userEmail: `member-${version}@example.com`, level: "member" })
    ).key;
    const connection = {
      config: { host: server.url, apiKey: memberKey, organizationId: server.organizationId },
      transport: new Transport({ host: server.url, apiKey: memberKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } }),
    };
    const refusal =
      version === "2025-08-04" ? /You need to have admin level or higher\./ : /Your organization access level is insufficient\./;
    await expect(new RoleMembershipLifecycle(connection).delete(made.id, made.outs as Json)).rejects.toThrow(refusal);
    await expect(new RoleLifecycle(connection).delete(role.id, role.outs as Json)).rejects.toThrow(refusal);
    expect((await memberships.listRoleMemberships(http, { scope: server.organizationId, parent: role.id })).map((m) => m.id)).toEqual([
      made.id.split("/").pop(),
    ]);
  });

  test("names with odd characters round-trip with no change; NUL characters and blank names are refused at preview", async () => {
    const { provider } = setup();
    const name = `Ops / "night" ✓ ${version} <b>`;
    const created = await provider.role.create({ name });
    expect((await provider.role.read(created.id, created.outs as Json)).inputs).toEqual({ name });
    expect((await provider.role.check({}, { name: "a\u0000b" })).failures).toEqual([
      { property: "name", reason: expect.stringContaining("NUL characters") },
    ]);
    expect((await provider.role.check({}, { name: "   " })).failures).toEqual([
      { property: "name", reason: expect.stringContaining("may not be blank") },
    ]);
  });
});
