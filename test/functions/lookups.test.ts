/**
 * The lookups against the local server, with groups seeded the real way: `$groupidentify` events sent to the
 * capture endpoint with the project's API token.
 */
import * as pulumi from "@pulumi/pulumi";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as batchExports from "../../src/kinds/batch-export/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as hogFlows from "../../src/kinds/hog-flow/endpoints";
import * as roles from "../../src/kinds/role/endpoints";
import * as posthog from "../../src";
import { groupIdentify, startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId: number;
const saved = { ...process.env };

const industries = ["finance", "health", "retail", "education", "media"];

beforeAll(async () => {
  server = await startLocalPostHog();
  // Lookups read the same configuration as Project: stack config posthog:*, then these variables.
  process.env["POSTHOG_HOST"] = server.url;
  process.env["POSTHOG_API_KEY"] = server.apiKey;
  process.env["POSTHOG_ORGANIZATION_ID"] = server.organizationId;
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const project = await projects.createProject(http, server.organizationId, { name: "Groups" });
  projectId = project.id;

  const start = Date.parse("2026-01-01T00:00:00Z");
  const companies = Array.from({ length: 250 }, (_, i) =>
    groupIdentify(
      "company",
      `company-${String(i).padStart(3, "0")}`,
      { name: `Company ${i}`, industry: industries[i % 5], ...(i % 2 ? { employees: i } : {}) },
      new Date(start + i * 1000).toISOString(),
    ),
  );
  const workspaces = Array.from({ length: 30 }, (_, i) => groupIdentify("workspace", `ws-${i}`, { name: `Workspace ${i}` }));
  for (let i = 0; i < companies.length; i += 100) await server.capture(project.api_token, companies.slice(i, i + 100));
  await server.capture(project.api_token, [
    ...workspaces,
    groupIdentify("company", "acme", { name: "Acme Inc", industry: "finance", plan: "enterprise" }),
  ]);
});
afterAll(async () => {
  process.env = saved;
  await server.close();
});

describe("groups", () => {
  test("listGroups follows the cursor through every page, newest first", async () => {
    await server.clearRequests();
    const all = await posthog.listGroups({ projectId, groupType: "company" });
    expect(all).toHaveLength(251);
    expect(new Set(all.map((g) => g.groupKey)).size).toBe(251);
    expect(all[0]).toMatchObject({
      groupKey: "acme",
      groupTypeIndex: 0,
      groupProperties: { name: "Acme Inc", industry: "finance", plan: "enterprise" },
    });
    expect(all[1]!.groupKey).toBe("company-249");
    expect(all.at(-1)!.groupKey).toBe("company-000");
    const pages = await server.requests({ path: /\/groups\/?$/ });
    expect(pages).toHaveLength(3);
    expect(await posthog.listGroups({ projectId, groupTypeIndex: 1 })).toHaveLength(30);
  });

  test("limit stops early without fetching further pages", async () => {
    await server.clearRequests();
    expect(await posthog.listGroups({ projectId, groupTypeIndex: 0, limit: 100 })).toHaveLength(100);
    expect(await server.requests({ path: /\/groups\/?$/ })).toHaveLength(1);
    await server.clearRequests();
    expect(await posthog.listGroups({ projectId, groupTypeIndex: 0, limit: 150 })).toHaveLength(150);
    expect(await server.requests({ path: /\/groups\/?$/ })).toHaveLength(2);
  });

  test("search matches properties and exact keys", async () => {
    expect((await posthog.listGroups({ projectId, groupType: "company", search: "enterprise" })).map((g) => g.groupKey)).toEqual(["acme"]);
    expect((await posthog.listGroups({ projectId, groupType: "company", search: "COMPANY-007" })).map((g) => g.groupKey)).toEqual([
      "company-007",
    ]);
    expect(await posthog.listGroups({ projectId, groupType: "workspace", search: "acme" })).toEqual([]);
  });

  test("getGroup finds by key, by type name or index; a miss names the key and type", async () => {
    const acme = await posthog.getGroup({ projectId, groupType: "company", groupKey: "acme" });
    expect(acme).toEqual({
      groupTypeIndex: 0,
      groupKey: "acme",
      groupProperties: { name: "Acme Inc", industry: "finance", plan: "enterprise" },
      createdAt: expect.any(String),
    });
    expect(await posthog.getGroup({ projectId, groupTypeIndex: 1, groupKey: "ws-3" })).toMatchObject({
      groupProperties: { name: "Workspace 3" },
    });
    await expect(posthog.getGroup({ projectId, groupType: "company", groupKey: "nobody" })).rejects.toThrow(
      `Project ${projectId} has no group with key "nobody" of type "company" (index 0).`,
    );
    await expect(posthog.getGroup({ projectId, groupType: "team", groupKey: "x" })).rejects.toThrow(
      /no group type named "team" \(group types: "company", "workspace"\)/,
    );
    await expect(posthog.getGroup({ projectId, groupTypeIndex: 9, groupKey: "x" })).rejects.toThrow(
      /groupTypeIndex must be a whole number from 0 to 4/,
    );
  });

  test("listGroupTypes", async () => {
    const types = await posthog.listGroupTypes({ projectId });
    expect(types.map((t) => [t.groupType, t.groupTypeIndex])).toEqual([
      ["company", 0],
      ["workspace", 1],
    ]);
    expect(types[0]).toEqual({
      groupType: "company",
      groupTypeIndex: 0,
      nameSingular: null,
      namePlural: null,
      detailDashboard: null,
      defaultColumns: null,
      createdAt: expect.anything(),
    });
  });

  test("property definitions, from the endpoint or, where PostHog no longer serves it, from the groups", async () => {
    const expected = {
      "0": [
        { name: "industry", count: 251 },
        { name: "name", count: 251 },
        { name: "employees", count: 125 },
        { name: "plan", count: 1 },
      ],
      "1": [{ name: "name", count: 30 }],
    };
    expect(await posthog.getGroupPropertyDefinitions({ projectId })).toEqual(expected);
    await server.control.patchOrganization(server.organizationId, { propertyDefinitions: "gone" });
    try {
      expect(await posthog.getGroupPropertyDefinitions({ projectId })).toEqual(expected);
    } finally {
      await server.control.patchOrganization(server.organizationId, { propertyDefinitions: "legacy" });
    }
  });

  test("property values, in both the newer and the older answer shape", async () => {
    const values = await posthog.getGroupPropertyValues({ projectId, groupType: "company", key: "industry" });
    expect(values[0]).toEqual({ name: "finance", count: 51 });
    expect(values.map((v) => v.name).sort()).toEqual([...industries].sort());
    expect(await posthog.getGroupPropertyValues({ projectId, groupTypeIndex: 0, key: "industry", value: "FIN" })).toEqual([
      { name: "finance", count: 51 },
    ]);
    await server.control.patchOrganization(server.organizationId, { propertyValuesShape: "list" });
    try {
      expect(await posthog.getGroupPropertyValues({ projectId, groupTypeIndex: 0, key: "industry", value: "fin" })).toEqual([
        { name: "finance", count: 51 },
      ]);
    } finally {
      await server.control.patchOrganization(server.organizationId, { propertyValuesShape: "results" });
    }
  });

  test("a key without group:read gets the scope named", async () => {
    const key = await server.key({ scopes: ["project:read"] });
    process.env["POSTHOG_API_KEY"] = key;
    try {
      await expect(posthog.listGroups({ projectId, groupTypeIndex: 0 })).rejects.toThrow(/lacks the scope 'group:read'/);
    } finally {
      process.env["POSTHOG_API_KEY"] = server.apiKey;
    }
  });
});

describe("projects", () => {
  test("listProjects (every page), getProject, activity and demo-data status", async () => {
    const extra = await projects.createProject(http, server.organizationId, { name: "Second" });
    await projects.updateProject(http, server.organizationId, extra.id, { timezone: "Asia/Tokyo" });
    const list = await posthog.listProjects();
    expect(list.map((p) => p.name)).toEqual(["Groups", "Second"]);
    expect(list[1]).toMatchObject({
      projectId: extra.id,
      organizationId: server.organizationId,
      apiToken: extra.api_token,
      timezone: "Asia/Tokyo",
    });

    const one = await posthog.getProject({ projectId: extra.id });
    expect(one).toMatchObject({ projectId: extra.id, name: "Second", timezone: "Asia/Tokyo", apiToken: extra.api_token });

    const activity = await posthog.getProjectActivity({ projectId: extra.id });
    expect(activity.map((a) => a.activity)).toEqual(["updated", "created"]);
    expect(await posthog.getProjectActivity({ projectId: extra.id, limit: 1 })).toHaveLength(1);

    expect(await posthog.isGeneratingDemoData({ projectId: extra.id })).toBe(false);
  });

  test("an unknown project, and an unknown organization, are named", async () => {
    await expect(posthog.getProject({ projectId: 424242 })).rejects.toThrow(
      `PostHog has no project 424242 in organization ${server.organizationId}`,
    );
    const stranger = "0190aaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
    await expect(posthog.getProject({ projectId, organizationId: stranger })).rejects.toThrow(
      `PostHog has no project ${projectId} in organization ${stranger}`,
    );
  });

  test("organizationId may be @current, the key owner's current organization", async () => {
    await expect(posthog.listProjects({ organizationId: "@current" })).resolves.toHaveLength(2);
  });

  test("a missing organization says what to configure", async () => {
    delete process.env["POSTHOG_ORGANIZATION_ID"];
    try {
      await expect(posthog.listProjects()).rejects.toThrow(/pulumi config set posthog:organizationId/);
    } finally {
      process.env["POSTHOG_ORGANIZATION_ID"] = server.organizationId;
    }
  });
});

describe("people and permissions", () => {
  test("getRole by exact name or roleId, listRoles, getOrganizationMember by exact email, listOrganizationMembers, getCurrentUser: the organization from POSTHOG_ORGANIZATION_ID", async () => {
    const role = await roles.createRole(http, server.organizationId, { name: "Lookup editors" });
    await server.control.createKey({ organizationId: server.organizationId, userEmail: "lu@example.com", level: "admin" });
    expect(await posthog.getRole({ name: "Lookup editors" })).toMatchObject({
      roleId: role.id,
      organizationId: server.organizationId,
      name: "Lookup editors",
    });
    expect(await posthog.getRole({ roleId: role.id })).toMatchObject({ roleId: role.id, name: "Lookup editors" });
    await expect(posthog.getRole({ name: "lookup editors" })).rejects.toThrow(
      `Organization ${server.organizationId} has no role with name "lookup editors"`,
    );
    expect((await posthog.listRoles()).map((r) => r.name)).toEqual(["Lookup editors"]);

    const lu = await posthog.getOrganizationMember({ email: "lu@example.com" });
    expect(lu).toMatchObject({ organizationId: server.organizationId, email: "lu@example.com", level: "admin" });
    const me = await posthog.getCurrentUser();
    const listed = await posthog.listOrganizationMembers();
    expect(listed.map((m) => [m.email, m.level])).toEqual(
      expect.arrayContaining([
        ["local@posthog.localhost", "owner"],
        ["lu@example.com", "admin"],
      ]),
    );
    expect(listed.find((m) => m.email === me.email)).toMatchObject({ userUuid: me.uuid });
    expect(listed.find((m) => m.email === "lu@example.com")).toEqual(lu);
  });
});

describe("Output forms", () => {
  test("resolve like their Promise forms, and project records are secret", async () => {
    const group = posthog.getGroupOutput({ projectId: pulumi.output(projectId), groupType: "company", groupKey: "acme" });
    const value = await new Promise((resolve) => group.apply(resolve));
    expect(value).toMatchObject({ groupKey: "acme" });
    const listed = posthog.listProjectsOutput({});
    expect(await (listed as unknown as { isSecret: Promise<boolean> }).isSecret).toBe(true);
  });

  test("a flag with encrypted payloads is a secret result (PostHog decrypts them for personal API keys); another is not", async () => {
    const filters = { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '"sk-lookup"' } };
    const secretFlag = await featureFlags.createFeatureFlag(http, projectId, {
      key: "lookup-encrypted",
      filters,
      is_remote_configuration: true,
      has_encrypted_payloads: true,
    });
    const plainFlag = await featureFlags.createFeatureFlag(http, projectId, { key: "lookup-plain", filters: { groups: filters.groups } });
    const isSecret = (output: unknown) => (output as { isSecret: Promise<boolean> }).isSecret;
    const found = posthog.getFeatureFlagOutput({ projectId, flagId: secretFlag.id });
    expect(await isSecret(found)).toBe(true);
    expect(await new Promise((resolve) => found.apply(resolve))).toMatchObject({ filters: { payloads: { true: '"sk-lookup"' } } });
    expect(await isSecret(posthog.getFeatureFlagOutput({ projectId, flagId: plainFlag.id }))).toBe(false);
    expect(await isSecret(posthog.listFeatureFlagsOutput({ projectId, search: "lookup-" }))).toBe(true);
    expect(await isSecret(posthog.listFeatureFlagsOutput({ projectId, search: "lookup-plain" }))).toBe(false);
  });

  test("a hog flow's results are secret, as PostHog answers its actions' input values (a token among them); a batch export's that PostHog answers without its credentials are not", async () => {
    const isSecret = (output: unknown) => (output as { isSecret: Promise<boolean> }).isSecret;
    const flow = await hogFlows.createHogFlow(http, projectId, {
      name: "Lookup flow",
      status: "draft",
      actions: [
        {
          id: "t",
          name: "Sign-up",
          type: "trigger",
          config: { type: "event", filters: { events: [{ id: "signed_up", type: "events" }] } },
        },
        {
          id: "f",
          name: "Hook",
          type: "function",
          config: { template_id: "template-webhook", inputs: { token: { value: "flow-s3cr3t" } } },
        },
      ],
      edges: [{ from: "t", to: "f", type: "continue" }],
    });
    const found = posthog.getHogFlowOutput({ projectId, hogFlowId: String(flow.id) });
    expect(await isSecret(found)).toBe(true);
    expect(JSON.stringify(await new Promise((resolve) => found.apply(resolve)))).toContain("flow-s3cr3t");
    expect(await isSecret(posthog.listHogFlowsOutput({ projectId }))).toBe(true);

    const destination = {
      type: "Postgres",
      config: { host: "db.example.com", port: 5432, database: "d", schema: "s", table_name: "t", user: "u", password: "pg-s3cr3t" },
    };
    const exported = await batchExports.createBatchExport(http, projectId, {
      name: "Lookup export",
      model: "events",
      interval: "hour",
      destination,
    });
    const plain = posthog.getBatchExportOutput({ projectId, batchExportId: String(exported.id) });
    expect(await isSecret(plain)).toBe(false);
    expect(JSON.stringify(await new Promise((resolve) => plain.apply(resolve)))).not.toContain("pg-s3cr3t");
  });

  test("stay unknown while an input is unknown, and send nothing", async () => {
    await server.clearRequests();
    const unknownId = pulumi.output(pulumi.unknown) as unknown as pulumi.Output<number>;
    const group = posthog.getGroupOutput({ projectId: unknownId, groupTypeIndex: 0, groupKey: "acme" });
    expect(await (group as unknown as { isKnown: Promise<boolean> }).isKnown).toBe(false);
    expect(await server.requests()).toEqual([]);
  });
});
