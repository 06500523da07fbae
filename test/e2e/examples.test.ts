/**
 * The examples through the real Pulumi CLI, and the package as users get it: `npm pack`, installed into a fresh
 * Pulumi project outside the repository.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import { groupIdentify, startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { liveProjects } from "../helpers/projects";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(600_000);

let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;

beforeAll(async () => {
  // PostHog purges deleted projects in the background; here long enough after a destroy to see them pending.
  server = await startLocalPostHog({ deletionPurgeMs: 120_000 });
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

test("examples/first-program (the README's, `npm run demo`'s): a project, a flag, a dashboard with an insight; a flag changed by hand shows old => new on preview --refresh and up puts it back", async () => {
  const stack = await session.stack(path.join(repoRoot, "examples", "first-program"), `e2e-first-${process.pid}`);
  const up = await stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 5 });
  const value = (name: string) => up.outputs[name]!.value as number;
  const [projectId, flagId] = [value("projectId"), value("flagId")];
  expect(await projects.getProject(http, server.organizationId, projectId)).toMatchObject({ name: "Web app", anonymize_ips: true });
  const flag = await featureFlags.getFeatureFlag(http, projectId, flagId);
  expect(flag).toMatchObject({ key: "new-checkout", deleted: false });
  expect(flag.filters.groups?.[0]?.rollout_percentage).toBe(20);
  const board = await dashboards.getDashboard(http, projectId, value("dashboardId"));
  expect(board.name).toBe("Web traffic");
  const insight = board.tiles?.find((tile) => tile.insight)?.insight as { id: number } | undefined;
  expect(insight).toBeDefined();
  expect(await insights.getInsight(http, projectId, insight!.id)).toMatchObject({
    name: "Page views",
    short_id: up.outputs["insightShortId"]!.value,
  });

  // As the demo does: the flag rolled out to everyone in PostHog's UI (its API), outside the program.
  await featureFlags.updateFeatureFlag(http, projectId, flagId, {
    filters: { ...flag.filters, groups: [{ ...flag.filters.groups![0]!, rollout_percentage: 100 }] },
  });
  const drift = await stack.preview({ refresh: true, diff: true });
  expect(drift.stdout).toMatch(/~ rollout_percentage\s*: 20 => 100/);
  expect(drift.stdout).toMatch(/~ rollout_percentage\s*: 100 => 20/);
  expect(drift.changeSummary).toMatchObject({ update: 1, same: 4 });
  const putBack = await stack.up({ refresh: true });
  expect(putBack.summary.resourceChanges).toMatchObject({ update: 1 });
  expect((await featureFlags.getFeatureFlag(http, projectId, flagId)).filters.groups?.[0]?.rollout_percentage).toBe(20);
  await stack.destroy();
  expect(await featureFlags.getFeatureFlag(http, projectId, flagId)).toMatchObject({ deleted: true });
});

test("examples/groups exports a group's properties read through the lookups", async () => {
  const project = await projects.createProject(http, server.organizationId, { name: "Groups example" });
  await server.capture(project.api_token, [
    ...Array.from({ length: 120 }, (_, i) => groupIdentify("company", `c${i}`, { name: `C${i}`, industry: i % 3 ? "retail" : "finance" })),
    groupIdentify("company", "acme", { name: "Acme Inc", industry: "finance", seats: 40 }),
    groupIdentify("workspace", "w1", { name: "Main" }),
  ]);
  const stack = await session.stack(path.join(repoRoot, "examples", "groups"), `e2e-groups-${process.pid}`, {
    projectId: String(project.id),
    groupType: "company",
    groupKey: "acme",
  });
  const { outputs } = await stack.up();
  expect(outputs["groupProperties"]!.value).toEqual({ name: "Acme Inc", industry: "finance", seats: 40 });
  expect(outputs["groupCount"]!.value).toBe(121);
  expect(outputs["groupTypes"]!.value).toEqual(["company", "workspace"]);
  expect(outputs["industries"]!.value).toEqual([
    { name: "retail", count: 80 },
    { name: "finance", count: 41 },
  ]);
});

test("examples/flags-for-companies rolls a flag out to the companies a lookup finds; a new posthog:projectId moves it", async () => {
  const companies = [
    groupIdentify("company", "globex", { name: "Globex", industry: "finance" }),
    groupIdentify("company", "acme", { name: "Acme Inc", industry: "finance" }),
    groupIdentify("company", "initech", { name: "Initech", industry: "retail" }),
  ];
  const [first, second] = [
    await projects.createProject(http, server.organizationId, { name: "Companies" }),
    await projects.createProject(http, server.organizationId, { name: "Companies, moved" }),
  ];
  for (const p of [first, second]) await server.capture(p.api_token, companies);
  const stack = await session.stack(path.join(repoRoot, "examples", "flags-for-companies"), `e2e-companies-${process.pid}`, {
    "posthog:projectId": String(first.id),
    industry: "finance",
  });
  const { outputs } = await stack.up();
  expect(outputs["companies"]!.value).toEqual(["acme", "globex"]);
  const flagId = outputs["flagId"]!.value as number;
  const flag = await featureFlags.getFeatureFlag(http, first.id, flagId);
  expect(flag).toMatchObject({ key: "industry-beta", active: true, deleted: false });
  expect(flag.filters).toMatchObject({
    aggregation_group_type_index: 0,
    groups: [
      {
        properties: [{ key: "$group_key", type: "group", group_type_index: 0, operator: "exact", value: ["acme", "globex"] }],
        rollout_percentage: 100,
      },
    ],
  });
  await stack.preview({ expectNoChanges: true });

  // The flag's project is the provider's: a new one replaces the flag there and deletes it from the old one.
  await stack.setConfig("posthog:projectId", { value: String(second.id) });
  const replaced = await stack.up();
  expect(replaced.summary.resourceChanges).toMatchObject({ replace: 1 });
  const moved = replaced.outputs["flagId"]!.value as number;
  expect(replaced.outputs["flagProjectId"]!.value).toBe(second.id);
  expect(await featureFlags.getFeatureFlag(http, second.id, moved)).toMatchObject({ key: "industry-beta", deleted: false });
  expect(await featureFlags.getFeatureFlag(http, first.id, flagId)).toMatchObject({ deleted: true });
  await stack.destroy();
  expect(await featureFlags.getFeatureFlag(http, second.id, moved)).toMatchObject({ deleted: true });
});

test("examples/flags-actions-annotations: a multivariate flag with payloads, an action and an annotation", async () => {
  const project = await projects.createProject(http, server.organizationId, { name: "Checkout test" });
  const stack = await session.stack(path.join(repoRoot, "examples", "flags-actions-annotations"), `e2e-checkout-${process.pid}`, {
    "posthog:projectId": String(project.id),
  });
  const up = await stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 4 });
  const outputs = up.outputs;
  const flag = await featureFlags.getFeatureFlag(http, project.id, outputs["flagId"]!.value as number);
  expect(flag.filters.multivariate?.variants.map((v) => [v.key, v.rollout_percentage])).toEqual([
    ["control", 50],
    ["one-page", 50],
  ]);
  // PostHog keeps payloads as JSON text.
  expect(JSON.parse(String(flag.filters.payloads?.["one-page"]))).toEqual({ steps: 1, banner: "Faster checkout" });
  const actionId = outputs["actionId"]!.value as number;
  expect(await actions.getAction(http, project.id, actionId)).toMatchObject({
    name: "Completed purchase",
    steps: [{ event: "$pageview", url: "/checkout/done", url_matching: "contains" }, { event: "purchase" }],
  });
  const annotationId = outputs["annotationId"]!.value as number;
  expect(await annotations.getAnnotation(http, project.id, annotationId)).toMatchObject({
    content: "Checkout layout test starts",
    scope: "project",
  });
  await stack.preview({ expectNoChanges: true });
  await stack.destroy();
  expect(await featureFlags.getFeatureFlag(http, project.id, flag.id)).toMatchObject({ deleted: true });
  expect(await actions.getAction(http, project.id, actionId)).toMatchObject({ deleted: true });
  await expect(annotations.getAnnotation(http, project.id, annotationId)).rejects.toThrow();
});

test("examples/quickstart and both stacks of examples/environments deploy and destroy", async () => {
  const quickstart = await session.stack(path.join(repoRoot, "examples", "quickstart"), `e2e-quickstart-${process.pid}`);
  const projectId = (await quickstart.up()).outputs["projectId"]!.value as number;
  expect(await projects.getProject(http, server.organizationId, projectId)).toMatchObject({
    name: "Web app",
    anonymize_ips: true,
    week_start_day: 1,
  });
  await quickstart.destroy();

  const environments = path.join(repoRoot, "examples", "environments");
  for (const name of ["production", "staging"]) {
    // The committed Pulumi.<name>.yaml holds the stack's settings; work on a copy so the file stays as it is.
    const stackName = `${name}-e2e-${process.pid}`;
    const copy = path.join(environments, `Pulumi.${stackName}.yaml`);
    fs.copyFileSync(path.join(environments, `Pulumi.${name}.yaml`), copy);
    try {
      const stack = await session.stack(environments, stackName);
      const id = (await stack.up()).outputs["projectId"]!.value as number;
      const record = await projects.getProject(http, server.organizationId, id);
      expect(record).toMatchObject({ name: `Web app (${name})`, session_recording_sample_rate: name === "production" ? "0.20" : "1.00" });
      await stack.destroy();
    } finally {
      fs.rmSync(copy, { force: true });
    }
  }
  const left = (await liveProjects(http, server.organizationId)).map((p) => p.name);
  expect(left).not.toEqual(expect.arrayContaining([expect.stringMatching(/^Web app/)]));
});

test("the npm package installs into a fresh Pulumi project outside the repository and works", async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-install-"));
  try {
    const tarball = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", work, "--silent"], {
      cwd: repoRoot,
      encoding: "utf8",
    })
      .trim()
      .split("\n")
      .pop()!;
    const pulumiVersion = require("@pulumi/pulumi/package.json").version as string;
    const program = path.join(work, "program");
    fs.mkdirSync(program);
    fs.writeFileSync(
      path.join(program, "package.json"),
      JSON.stringify({
        name: "installed-check",
        private: true,
        dependencies: { "@pulumi/pulumi": pulumiVersion, "pulumi-posthog": `file:../${tarball}` },
      }),
    );
    fs.writeFileSync(path.join(program, "Pulumi.yaml"), "name: installed-check\nruntime: nodejs\nmain: index.js\n");
    fs.writeFileSync(
      path.join(program, "index.js"),
      [
        'const posthog = require("pulumi-posthog");',
        'const project = new posthog.Project("installed", { timezone: "Asia/Tokyo", anonymizeIps: true });',
        "exports.projectId = project.projectId;",
        "exports.apiToken = project.apiToken;",
      ].join("\n"),
    );
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: program, stdio: "inherit" });

    const stack = await session.stack(program, `installed-${process.pid}`);
    const { outputs } = await stack.up();
    const record = await projects.getProject(http, server.organizationId, outputs["projectId"]!.value as number);
    expect(record).toMatchObject({ name: "installed", timezone: "Asia/Tokyo", anonymize_ips: true });
    expect(outputs["apiToken"]).toEqual({ value: record.api_token, secret: true });
    // The state of an installed program holds the same small provider, loaded by package name.
    const state = JSON.stringify(await stack.exportStack());
    expect(state).toContain("pulumi-posthog/provider");
    expect(state).not.toContain(server.apiKey);
    await stack.destroy();
    expect(await projects.getProject(http, server.organizationId, record.id)).toMatchObject({ is_pending_deletion: true });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
