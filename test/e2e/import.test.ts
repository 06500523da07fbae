/**
 * `pulumi-posthog import` end to end: an organization built on one local PostHog server (two projects, flags,
 * actions, annotations, one organization-wide), imported by the package's executable in each language, then the
 * written project run by the real Pulumi CLI: `pulumi up` adopts every object with reads only (nothing created,
 * changed or deleted in PostHog) and `pulumi preview --expect-no-changes` passes. The stacks are removed, not
 * destroyed, so that each language adopts the same organization.
 *
 * The local server answers from this process's event loop: every command runs as an asynchronous child process.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import {
  actions,
  annotations,
  cohorts,
  experiments,
  featureFlags,
  hogFunctions,
  insights,
  projects,
  surveys,
  Transport,
} from "../../src/client";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pluginSession, repoRoot, type PluginSession } from "../helpers/pulumi-cli";
import { pythonVirtualenv } from "../helpers/python-venv";

jest.setTimeout(300_000);

let server: LocalPostHog;
let http: Transport;
let session: PluginSession;
const objects: Array<{ kind: string; id: number | string }> = [];

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pluginSession(server, "import");

  const org = server.organizationId;
  const web = await projects.createProject(http, org, { name: "Web app", timezone: "Europe/Amsterdam", anonymize_ips: true });
  await projects.updateProject(http, org, web.id, { session_recording_opt_in: true, session_recording_sample_rate: 0.5 });
  const mobile = await projects.createProject(http, org, { name: "Mobile" });
  objects.push({ kind: "Project", id: web.id }, { kind: "Project", id: mobile.id });
  const testers = await cohorts.createCohort(http, web.id, {
    name: "Beta testers",
    filters: {
      properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "beta", operator: "exact", value: ["yes"] }] }] },
    },
  });
  const flag = await featureFlags.createFeatureFlag(http, web.id, {
    key: "new-checkout",
    name: "New checkout",
    filters: {
      groups: [
        { properties: [{ key: "email", value: "@example.com", operator: "icontains", type: "person" }], rollout_percentage: 20 },
        { properties: [{ key: "id", value: testers.id, type: "cohort" }], rollout_percentage: 100 },
      ],
      payloads: { true: '{"color": "blue"}' },
    },
    tags: ["Checkout"],
  });
  const off = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: "dark-mode",
    active: false,
    filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
  });
  const action = await actions.createAction(http, web.id, {
    name: "Signed up",
    description: "Welcome page",
    steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }],
  });
  const note = await annotations.createAnnotation(http, web.id, {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
    content: "Checkout v2 ${released}",
    date_marker: "2025-01-02T09:00:00Z",
    scope: "project",
  });
  const everywhere = await annotations.createAnnotation(http, mobile.id, {
    content: "Company offsite",
    date_marker: "2025-02-03T00:00:00Z",
    scope: "organization",
  });
  // Each project's home dashboard is PostHog's, and declared; a flag's usage dashboard is not (PostHog makes it).
  const signups = await insights.createInsight(http, web.id, {
    name: "Signups",
    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "signed_up" }] } },
    dashboards: [web.primary_dashboard],
    saved: true,
  });
  // A survey on the flag, an experiment on a flag PostHog makes for it (imported as a FeatureFlag named by key), a
  // transformation; and a destination with a secret input, which PostHog never answers: left to be declared by hand.
  const survey = await surveys.createSurvey(http, web.id, {
    name: "Checkout feedback",
    type: "popover",
    questions: [{ type: "open", question: "How was checkout?" }],
    linked_flag_id: flag.id,
  });
  const experiment = await experiments.createExperiment(http, web.id, { name: "Checkout speed", feature_flag_key: "checkout-speed" });
  const cleanup = await hogFunctions.createHogFunction(http, web.id, {
    type: "transformation",
    name: "Drop test events",
    hog: "return event",
  });
  await hogFunctions.createHogFunction(http, web.id, {
    type: "destination",
    name: "Hook",
    hog: "fetch(inputs.url, {'headers': {'Authorization': inputs.token}})",
    inputs_schema: [
      { key: "url", type: "string", required: true },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com/hook" }, token: { value: "s3cret" } },
  });
  objects.push(
    { kind: "Survey", id: survey.id },
    { kind: "Experiment", id: experiment.id },
    { kind: "FeatureFlag", id: Number(experiment.feature_flag?.id) },
    { kind: "HogFunction", id: cleanup.id },
    { kind: "Dashboard", id: Number(web.primary_dashboard) },
    { kind: "Dashboard", id: Number(mobile.primary_dashboard) },
    { kind: "Insight", id: signups.id },
    { kind: "Cohort", id: testers.id },
    { kind: "FeatureFlag", id: flag.id },
    { kind: "FeatureFlag", id: off.id },
    { kind: "Action", id: action.id },
    { kind: "Annotation", id: note.id },
    { kind: "Annotation", id: everywhere.id },
  );
});

afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

/** `pulumi-posthog import` as a user runs it: the package's executable, configured by the environment. */
const importer = (args: string[]) =>
  session.ok(repoRoot, [path.join(repoRoot, "lib", "import", "cli.js"), "import", ...args], process.execPath);

/** `up` of the written project adopts every object with GETs only; the preview after it shows no change. */
async function adoptsWithNoChange(dir: string, name: string): Promise<void> {
  // Not the session's: removed below, not destroyed, so that the objects stay in PostHog for the next language.
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: `${name}-${process.pid}`, workDir: dir },
    { envVars: session.env, pulumiCommand: session.command },
  );
  try {
    await server.clearRequests();
    const up = await stack.up();
    // Every object of the organization, and the stack itself.
    expect(up.summary.resourceChanges).toEqual({ create: objects.length + 1 });
    expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    const adopted = (await stack.exportStack()).deployment.resources
      .filter((r: { type: string }) => !r.type.startsWith("pulumi:"))
      .map((r: { id: string }) => {
        const id = r.id.split("/").pop() as string;
        return /^\d+$/.test(id) ? Number(id) : id;
      });
    expect(adopted.sort()).toEqual(objects.map((o) => o.id).sort());
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: objects.length + 1 });
  } finally {
    // The state only: the objects stay in PostHog for the next language.
    await stack.workspace.removeStack(stack.name, { force: true });
  }
}

test("--dry-run prints the project and writes nothing; progress goes to stderr", async () => {
  const out = path.join(session.workDir, "dry");
  const { stdout, stderr } = await importer(["--out", out, "--language", "yaml", "--dry-run"]);
  expect(fs.existsSync(out)).toBe(false);
  expect(stdout).toContain(`--- ${path.join(out, "Pulumi.yaml")} ---`);
  expect(stdout).toContain(`--- ${path.join(out, "import.json")} ---`);
  // A string that holds Pulumi YAML's interpolation is escaped.
  expect(stdout).toContain('content: "Checkout v2 $${released}"');
  expect(stderr).toMatch(
    /^2 projects in organization .*\n\[1\/2\] project \d+ "Web app": 2 feature flags, 2 annotations, 1 action, 1 cohort, 1 dashboard, 1 insight, 0 alerts, 1 survey, 1 experiment, 2 hog functions\n\[2\/2\] project \d+ "Mobile": 1 feature flag, 1 annotation, 0 actions, 0 cohorts, 1 dashboard, 0 insights, 0 alerts, 0 surveys, 0 experiments, 0 hog functions\n$/m,
  );
  // The organization-wide annotation is in both projects' lists, and declared once.
  expect(stdout.match(/type: posthog:index:Annotation/g)).toHaveLength(2);
});

test("TypeScript: the written program adopts the organization; up changes nothing in PostHog; then no change", async () => {
  const dir = path.join(session.workDir, "typescript");
  const { stdout } = await importer(["--out", dir]);
  expect(stdout).toContain("npm install");
  expect(fs.readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "index.ts", "package.json", "tsconfig.json"]);
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  expect(program).toContain('export const webAppFeatureFlagNewCheckout = new posthog.FeatureFlag("web_app_feature_flag_new_checkout", {');
  expect(program).toContain("  projectId: webApp.projectId,");
  // The flag's cohort condition names the imported cohort's output, not its number.
  expect(program).toMatch(/value: webAppCohortBetaTesters\.cohortId/);
  // And an insight's dashboard names the imported Dashboard.
  expect(program).toMatch(/dashboards: \[\s*webAppDashboardMyAppDashboard\.dashboardId,\s*\]/);
  // An experiment names its flag by key; a hog function with a secret input is left out (PostHog never answers it).
  expect(program).toContain("featureFlagKey: webAppFeatureFlagCheckoutSpeed.key,");
  expect(program).not.toContain('name: "Hook"');
  // Defaults and what PostHog computes are not declared.
  expect(program).not.toMatch(/active: true|evaluationRuntime|apiToken|createdAt/);
  // What `npm install` of package.json's dependencies gives: this checkout as pulumi-posthog.
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(repoRoot, path.join(dir, "node_modules", "pulumi-posthog"));
  await adoptsWithNoChange(dir, "typescript");
});

test("YAML: the plugin's types, adopted by up; then no change", async () => {
  const dir = path.join(session.workDir, "yaml");
  await importer(["--out", dir, "--language", "yaml"]);
  const imports = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as { resources: Array<{ type: string; id: string }> };
  expect(imports.resources.map((r) => r.type)).toContain("posthog:index:FeatureFlag");
  await adoptsWithNoChange(dir, "yaml");
});

test("Python: the plugin's generated SDK, adopted by up; then no change", async () => {
  const dir = path.join(session.workDir, "python");
  await importer(["--out", dir, "--language", "python"]);
  const sdk = await session.pythonSdk(dir);
  // The shared virtualenv holds Pulumi's Python SDK; this project's own virtualenv reads it, and the SDK generated
  // here, through .pth files (nothing is installed in the shared one, which test/e2e/languages.test.ts installs into).
  const shared = await pythonVirtualenv();
  await session.ok(dir, ["-m", "venv", "--without-pip", "venv"], "python3");
  const sitePackages = (venv: string) => {
    const lib = path.join(venv, "lib");
    return path.join(lib, fs.readdirSync(lib).find((d) => d.startsWith("python"))!, "site-packages");
  };
  fs.writeFileSync(path.join(sitePackages(path.join(dir, "venv")), "0-sdk.pth"), `${sdk}\n`);
  fs.writeFileSync(path.join(sitePackages(path.join(dir, "venv")), "1-pulumi.pth"), `${sitePackages(shared)}\n`);
  await adoptsWithNoChange(dir, "python");
});
