/**
 * The importer brings an organization's own objects under management, over loopback against the local server: every
 * member's level (the key's own user's included, declared at its own level), the pending invites (an expired one is
 * named and left out) and the proxy records; each declared with `adoptId`, which the next `up` adopts without writing
 * anything; roles and their memberships (each membership naming its imported role); a project's access controls, one
 * object's included. Only some projects imported: none of them is read.
 */
import { Transport, users } from "../../src/client-entry";
import { checkPlanned, plan, readOrganization } from "../../src/import";
import { plain, Ref } from "../../src/import/model";
import * as invites from "../../src/kinds/organization-invite/endpoints";
import * as proxyRecords from "../../src/kinds/proxy-record/endpoints";
import * as roles from "../../src/kinds/role/endpoints";
import * as roleMemberships from "../../src/kinds/role-membership/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import * as accessControls from "../../src/kinds/access-control/endpoints";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
});
afterAll(() => server?.close());

test("members' levels, pending invites and proxy records are declared with adoptId, one list each; the next up adopts them and writes nothing", async () => {
  const org = server.organizationId;
  await projects.createProject(http, org, { name: "Web" });
  await server.control.createKey({ organizationId: org, userEmail: "ana@example.com", level: "admin" });
  await invites.createInvite(http, org, { target_email: "bo@example.com", level: "member", message: "hi" });
  const old = await invites.createInvite(http, org, { target_email: "old@example.com" });
  await server.control.ageInvite(old.id, 4);
  await proxyRecords.createProxyRecord(http, org, { domain: "e.example.com" });
  const role = await roles.createRole(http, org, { name: "Editors" });
  const me = await users.getCurrentUser(http);
  await roleMemberships.createRoleMembership(http, { scope: org, parent: role.id }, { user_uuid: me.uuid });

  await server.clearRequests();
  const progress: string[] = [];
  const found = await readOrganization(http, org, [], (line) => progress.push(line));
  const lists = (await server.requests()).map((r) => r.path).filter((p) => /\/(members|invites|proxy_records)\/$/.test(p));
  expect(lists.map((p) => p.replace(org, "<org>"))).toEqual([
    "/api/organizations/<org>/members/",
    "/api/organizations/<org>/invites/",
    "/api/organizations/<org>/proxy_records/",
  ]);
  expect(progress).toContain(
    `organization ${org}: organization invite "old" (id ${old.id}) not declared: expired (is_expired): a program would never send it again`,
  );
  const planned = await plan(found, checkPlanned);
  const declared = (name: string) =>
    planned.resources.filter((r) => r.kind.name === name).map((r) => Object.fromEntries(r.inputs.map(([k, v]) => [k, v])));
  expect(declared("OrganizationMember")).toEqual(
    expect.arrayContaining([expect.objectContaining({ level: "owner" }), expect.objectContaining({ level: "admin" })]),
  );
  expect(declared("OrganizationInvite")).toEqual([{ targetEmail: "bo@example.com", message: "hi", adoptId: expect.any(String) }]);
  expect(declared("ProxyRecord")).toEqual([{ domain: "e.example.com", adoptId: expect.any(String) }]);
  expect(declared("Role")).toEqual([{ name: "Editors", adoptId: role.id }]);
  // The membership names its role as the program declares it: a reference to the imported Role.
  const [membership] = planned.resources.filter((r) => r.kind.name === "RoleMembership");
  const roleId = membership!.inputs.find(([input]) => input === "roleId")![1];
  expect(roleId).toBeInstanceOf(Ref);
  expect((roleId as Ref).to).toMatchObject({ id: role.id, kind: { name: "Role" } });
  expect(plain(roleId)).toBe(role.id);
  expect(planned.notes).toEqual([]);

  // The next `up`: each adopted as declared, nothing written.
  await server.clearRequests();
  const config = { host: server.url, apiKey: server.apiKey, organizationId: org };
  for (const resource of planned.resources.filter((r) => r.kind.scope === "organization" && r.kind.name !== "Project")) {
    const lifecycle = resource.kind.lifecycle() as { configure?: (req: unknown) => Promise<void> } & ReturnType<
      typeof resource.kind.lifecycle
    >;
    await lifecycle.configure?.({
      config: {
        get: (key: string) => ({ "posthog:host": config.host, "posthog:apiKey": config.apiKey, "posthog:organizationId": org })[key],
      },
    });
    const inputs = Object.fromEntries(resource.inputs.map(([k, v]) => [k, plain(v)]));
    expect((await lifecycle.check!({}, inputs)).failures).toBeUndefined();
    const created = await lifecycle.create(inputs);
    expect(created.id).toBe(resource.id);
  }
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

test("access controls: the project's own, a kind's and one flag's, dashboard's and insight's entries are declared with adoptId; the next up adopts them and writes nothing", async () => {
  const org = server.organizationId;
  const project = await projects.createProject(http, org, { name: "Guarded" });
  const flag = await featureFlags.createFeatureFlag(http, project.id, { key: "guarded" });
  const dashboard = await dashboards.createDashboard(http, project.id, { name: "Guarded" });
  const insight = await insights.createInsight(http, project.id, { name: "Guarded", saved: true });
  const role = await roles.createRole(http, org, { name: "Guards" });
  const none = { resource_id: null, role_id: null, organization_member_id: null };
  const set = [
    [{ ...none, resource: "project" }, "member"],
    [{ ...none, resource: "feature_flag", role_id: role.id }, "viewer"],
    [{ ...none, resource: "feature_flag", resource_id: String(flag.id), role_id: role.id }, "editor"],
    [{ ...none, resource: "dashboard", resource_id: String(dashboard.id) }, "viewer"],
    [{ ...none, resource: "insight", resource_id: String(insight.id) }, "none"],
  ] as const;
  for (const [target, level] of set) await accessControls.putAccessControl(http, project.id, target, level);

  const found = await readOrganization(http, org, [project.id], () => undefined);
  const planned = await plan(found, checkPlanned);
  const declared = planned.resources
    .filter((r) => r.kind.name === "AccessControl")
    .map((r) => Object.fromEntries(r.inputs.map(([k, v]) => [k, plain(v)])));
  // Every target input declared, null ones too (they name the entry: importInputs), in the plan's order of names.
  const entry = (resource: string, resourceId: string | null, roleId: string | null, accessLevel: string, adoptId: string) => ({
    projectId: project.id,
    resource,
    resourceId,
    accessLevel,
    roleId,
    organizationMemberId: null,
    adoptId,
  });
  expect(declared).toEqual([
    entry("dashboard", String(dashboard.id), null, "viewer", `dashboard.${dashboard.id}:default`),
    entry("feature_flag", null, role.id, "viewer", `feature_flag:role:${role.id}`),
    entry("feature_flag", String(flag.id), role.id, "editor", `feature_flag.${flag.id}:role:${role.id}`),
    entry("insight", String(insight.id), null, "none", `insight.${insight.id}:default`),
    entry("project", null, null, "member", "project:default"),
  ]);

  // The next `up`: each adopted as declared, nothing written.
  await server.clearRequests();
  for (const resource of planned.resources.filter((r) => r.kind.name === "AccessControl")) {
    const lifecycle = resource.kind.lifecycle() as { configure?: (req: unknown) => Promise<void> } & ReturnType<
      typeof resource.kind.lifecycle
    >;
    await lifecycle.configure?.({
      config: {
        get: (key: string) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey, "posthog:organizationId": org })[key],
      },
    });
    const inputs = Object.fromEntries(resource.inputs.map(([k, v]) => [k, plain(v)]));
    expect((await lifecycle.check!({}, inputs)).failures).toBeUndefined();
    expect((await lifecycle.create(inputs)).id).toBe(resource.id);
  }
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});

test("only some projects imported: the organization's own objects are not read, and said so", async () => {
  const web = await projects.createProject(http, server.organizationId, { name: "Only" });
  const progress: string[] = [];
  const found = await readOrganization(http, server.organizationId, [web.id], (line) => progress.push(line));
  expect(found.filter((f) => f.kind.scope === "organization" && f.kind.name !== "Project")).toEqual([]);
  expect(progress).toContain(
    "organization members, organization invites, proxy records, roles, role memberships: not imported (only some projects are)",
  );
});
