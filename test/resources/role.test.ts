/**
 * Layer 2: posthog.Role and posthog.RoleMembership on the program side under pulumi.runtime.setMocks: a program that
 * declares two roles of one name in one organization, whatever the case, is refused before anything is sent (PostHog
 * would refuse the second create: RoleSerializer.validate_name, ee/api/rbac/role.py); the same name in another
 * organization is another role. A membership's `get` takes its organization and role.
 */
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({ roleId: "0190f5c1-1111-2222-3333-444455556666", name: inputs["name"] }));

// Imported after setMocks, as Pulumi's docs require.
import { Role, RoleMembership } from "../../src";

const OTHER_ORG = "0190f5c1-aaaa-bbbb-cccc-ddddeeeeffff";

test("a second role of one name (any case, spaces around) in one organization is refused at preview, naming both", async () => {
  const admins = new Role("admins", { name: "Admins" });
  expect(await resolved(admins.name)).toBe("Admins");
  expect(() => new Role("admins-again", { name: " ADMINS " })).toThrow(
    /posthog\.Role "admins-again": name " ADMINS " is also declared by "admins" in the configured scope: PostHog keeps role names unique in an organization, whatever their case \(RoleSerializer\.validate_name, ee\/api\/rbac\/role\.py\)\. Give one of them another name\./,
  );
  expect(registered.map((r) => r.name)).not.toContain("admins-again");
  // Another organization's role of that name is another role.
  expect(() => new Role("admins-elsewhere", { name: "Admins", organizationId: OTHER_ORG })).not.toThrow();
  expect(() => new Role("admins-elsewhere-2", { name: "admins", organizationId: OTHER_ORG })).toThrow(
    /also declared by "admins-elsewhere"/,
  );
});

test("RoleMembership.get reads by <organizationId>/<roleId>/<uuid>", async () => {
  const existing = RoleMembership.get("existing", `${OTHER_ORG}/0190f5c1-1111-2222-3333-444455556666/0190f5c1-1111-2222-3333-444455556667`);
  expect(await resolved(existing.id)).toBe(`${OTHER_ORG}/0190f5c1-1111-2222-3333-444455556666/0190f5c1-1111-2222-3333-444455556667`);
});
