/**
 * The provider plugin (`pulumi-resource-posthog`) from other Pulumi languages, through the real CLI against the local
 * PostHog server: the YAML example deployed, refreshed after a change made by hand and destroyed; `pulumi import`
 * with the code the YAML host generates, and with a matching TypeScript program; `pulumi refresh
 * --import-pending-creates` after a hard kill; and a Python SDK made by `pulumi package gen-sdk` running the Python
 * example. The language hosts come from scripts/ensure-language-hosts.sh (npm test passes their directories).
 *
 * The local server answers from this process's event loop: every command goes through the Automation API or an
 * asynchronous child process, never a synchronous one.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import { parse } from "yaml";
import { actions, alerts, annotations, dashboards, featureFlags, insights, projects, Transport } from "../../src/client";
import { groupIdentify, startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { liveProjects } from "../helpers/projects";
import { pythonVirtualenv } from "../helpers/python-venv";
import { cliEnvironment, repoRoot } from "../helpers/pulumi-cli";

const setup = require("../../scripts/setup") as {
  pulumiBin(): string;
  pluginBin(): string;
  languageHostBins(): { yaml: string; python: string };
};

jest.setTimeout(300_000);

let server: LocalPostHog;
let http: Transport;
let env: Record<string, string>;
let command: PulumiCommand;
let stateDir: string;
/** Programs live under the checkout, so that a Node.js program finds @pulumi/pulumi in its node_modules. */
let workDir: string;
const stacks: Stack[] = [];

beforeAll(async () => {
  const cli = setup.pulumiBin();
  const hosts = setup.languageHostBins();
  const plugin = setup.pluginBin();
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-languages-state-"));
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  workDir = fs.mkdtempSync(path.join(repoRoot, ".cache", "e2e-languages-"));
  env = cliEnvironment(server, stateDir, [cli, hosts.yaml, hosts.python, plugin]);
  command = await PulumiCommand.get({ root: path.dirname(cli), skipVersionCheck: false });
});

afterAll(async () => {
  for (const stack of stacks) {
    await run(stack.workspace.workDir, ["state", "unprotect", "--all", "--yes", "--stack", stack.name]).done;
    await stack.destroy().catch(() => undefined);
    await stack.workspace.removeStack(stack.name, { force: true }).catch(() => undefined);
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
  await server?.close();
});

/** A program directory holding these files (copied from an example when given a path). */
function program(name: string, files: Record<string, string | { from: string }>): string {
  const dir = path.join(workDir, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, file), typeof content === "string" ? content : fs.readFileSync(content.from));
  }
  return dir;
}

async function stackIn(dir: string, name: string): Promise<Stack> {
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: `${name}-${process.pid}`, workDir: dir },
    { envVars: env, pulumiCommand: command },
  );
  stacks.push(stack);
  return stack;
}

/** A command as a user types it, in its own process group (so that it can be killed as a terminal would). */
function run(cwd: string, args: string[], file = "pulumi") {
  const child = spawn(file, args, { cwd, env: { ...process.env, ...env }, detached: true });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
  return { child, done };
}

/** Runs a command to its end and fails with its output unless it succeeded. */
async function ok(cwd: string, args: string[], file = "pulumi"): Promise<string> {
  const { status, output } = await run(cwd, args, file).done;
  if (status !== 0) throw new Error(`${file} ${args.join(" ")} exited ${status}:\n${output}`);
  return output;
}

/** The processes started, directly or not, by process `pid` (Linux: from /proc). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

const live = () => liveProjects(http, server.organizationId);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** `~ setting: old => new` lines of a preview --diff, spaced as the README shows them. */
const changedSettings = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => /^\s*~ \w+\s*: .* => /.test(line))
    .map((line) => line.trim().replace(/\s+:/, ":"));
type StateResource = { urn: string; type: string; id?: string; protect?: boolean };
type Deployment = { resources?: StateResource[]; pending_operations?: Array<{ type: string; resource: StateResource }> };
const deployment = async (stack: Stack) => (await stack.exportStack()).deployment as Deployment;

/**
 * `up` of an example (YAML or Python, the same project in each): one project with its settings in PostHog, the
 * API token a secret output, the lookups' results plain ones. Returns the project's id.
 */
async function upExample(stack: Stack, name: string): Promise<number> {
  const up = await stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: 2 });
  const outputs = await stack.outputs();
  const id = outputs["projectId"]!.value as number;
  const record = await projects.getProject(http, server.organizationId, id);
  expect(record).toMatchObject({
    name,
    timezone: "Europe/Amsterdam",
    anonymize_ips: true,
    session_recording_opt_in: true,
    session_recording_sample_rate: "0.50",
    app_urls: ["https://app.example.com"],
  });
  expect(outputs["apiToken"]).toEqual({ value: record.api_token, secret: true });
  expect(outputs["timezone"]).toEqual({ value: "Europe/Amsterdam", secret: false });
  expect(outputs["groupTypes"]).toEqual({ value: [], secret: false });
  return id;
}

describe("Pulumi YAML", () => {
  test("examples/yaml: up, lookups, drift made by hand shown as old => new, up restores it, destroy", async () => {
    const dir = program("yaml-example", { "Pulumi.yaml": { from: path.join(repoRoot, "examples", "yaml", "Pulumi.yaml") } });
    const stack = await stackIn(dir, "yaml");

    const id = await upExample(stack, "Web app (YAML)");
    const stored = (await deployment(stack)).resources!.filter((r) => r.type === "posthog:index:Project");
    expect(stored.map((r) => r.id)).toEqual([String(id)]);
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });

    await server.control.patchProject(id, { anonymize_ips: false });
    expect((await stack.refresh()).summary.resourceChanges).toMatchObject({ update: 1 });
    const preview = await stack.preview({ diff: true });
    expect(preview.changeSummary).toEqual({ update: 1, same: 1 });
    expect(changedSettings(preview.stdout)).toEqual(["~ anonymizeIps: false => true"]);

    await server.clearRequests();
    await stack.up();
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["anonymize_ips"]]);
    expect(await projects.getProject(http, server.organizationId, id)).toMatchObject({ anonymize_ips: true });

    expect((await stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
    expect((await live()).map((p) => p.id)).not.toContain(id);
  });
});

describe("the YAML examples of flags, actions and annotations, through the plugin", () => {
  test("examples/flags-for-companies-yaml: listGroups' groupKeys in a flag condition on $group_key; no change after", async () => {
    const project = await projects.createProject(http, server.organizationId, { name: "Companies (YAML)" });
    await server.capture(project.api_token, [
      groupIdentify("company", "acme", { name: "Acme Inc" }),
      groupIdentify("company", "acme-labs", { name: "Acme Labs" }),
      groupIdentify("company", "initech", { name: "Initech" }),
    ]);
    const from = path.join(repoRoot, "examples", "flags-for-companies-yaml", "Pulumi.yaml");
    const stack = await stackIn(program("yaml-companies", { "Pulumi.yaml": { from } }), "yaml-companies");
    await stack.setConfig("projectId", { value: String(project.id) });
    await stack.setConfig("search", { value: "acme" });
    await stack.up();
    const outputs = await stack.outputs();
    expect([...(outputs["companies"]!.value as string[])].sort()).toEqual(["acme", "acme-labs"]);
    const flag = await featureFlags.getFeatureFlag(http, project.id, outputs["flagId"]!.value as number);
    expect(flag.filters).toMatchObject({ aggregation_group_type_index: 0, groups: [{ rollout_percentage: 100 }] });
    expect(flag.filters.groups[0]!.properties).toEqual([
      { key: "$group_key", type: "group", group_type_index: 0, operator: "exact", value: outputs["companies"]!.value },
    ]);
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
    expect(await featureFlags.getFeatureFlag(http, project.id, flag.id)).toMatchObject({ deleted: true });
  });

  test("examples/flags-actions-annotations-yaml: a multivariate flag with payloads, an action and an annotation", async () => {
    const project = await projects.createProject(http, server.organizationId, { name: "Checkout test (YAML)" });
    const from = path.join(repoRoot, "examples", "flags-actions-annotations-yaml", "Pulumi.yaml");
    const stack = await stackIn(program("yaml-checkout", { "Pulumi.yaml": { from } }), "yaml-checkout");
    await stack.setConfig("posthog:projectId", { value: String(project.id) });
    expect((await stack.up()).summary.resourceChanges).toEqual({ create: 4 });
    const outputs = await stack.outputs();
    const flag = await featureFlags.getFeatureFlag(http, project.id, outputs["flagId"]!.value as number);
    expect(flag.filters.multivariate?.variants.map((v) => v.key)).toEqual(["control", "one-page"]);
    expect(JSON.parse(String(flag.filters.payloads?.["control"]))).toEqual({ steps: 3 });
    expect(await actions.getAction(http, project.id, outputs["actionId"]!.value as number)).toMatchObject({
      steps: [{ event: "$pageview", url: "/checkout/done", url_matching: "contains" }, { event: "purchase" }],
    });
    const note = await annotations.getAnnotation(http, project.id, outputs["annotationId"]!.value as number);
    expect(Date.parse(note.date_marker!)).toBe(Date.parse("2026-12-01T09:00:00Z"));
    await stack.preview({ expectNoChanges: true });
    expect((await stack.destroy()).summary.resourceChanges).toEqual({ delete: 4 });
    expect(await featureFlags.getFeatureFlag(http, project.id, flag.id)).toMatchObject({ deleted: true });
  });
});

test("examples/dashboard/yaml: a project, a dashboard with a text tile, two insights placed on it and an alert; no change after", async () => {
  const from = path.join(repoRoot, "examples", "dashboard", "yaml", "Pulumi.yaml");
  const stack = await stackIn(program("yaml-dashboard", { "Pulumi.yaml": { from } }), "yaml-dashboard");
  expect((await stack.up()).summary.resourceChanges).toEqual({ create: 6 });
  const outputs = await stack.outputs();
  const projectId = outputs["projectId"]!.value as number;
  const dashboard = await dashboards.getDashboard(http, projectId, outputs["dashboardId"]!.value as number);
  expect(dashboard).toMatchObject({ name: "Traffic", pinned: true });
  // The text tile and both insights, where the program placed them.
  expect(dashboard.tiles?.map((t) => [t.text ? "text" : "insight", (t.layouts?.["sm"] as { x?: number } | undefined)?.x]).sort()).toEqual([
    ["insight", 0],
    ["insight", 8],
    ["text", 0],
  ]);
  const views = (await insights.listInsights(http, projectId)).find((i) => i.short_id === outputs["viewsShortId"]!.value);
  expect(views?.dashboards).toEqual([dashboard.id]);
  expect(await alerts.getAlert(http, projectId, outputs["alertId"]!.value as string)).toMatchObject({ insight: { id: views?.id } });
  await stack.preview({ expectNoChanges: true });
  expect((await stack.destroy()).summary.resourceChanges).toEqual({ delete: 6 });
});

describe("secrets through the plugin", () => {
  /** Every file of the file backend that belongs to `project`, by name: its checkpoint, backups and history. */
  const backendFiles = (project: string) =>
    fs
      .readdirSync(path.join(stateDir, ".pulumi"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.parentPath.split(path.sep).includes(project))
      .map((entry) => ({ name: entry.name, text: fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8") }));

  test("examples/feedback-yaml: a flag, a survey on it, an experiment and a destination whose token stays secret; no change after", async () => {
    const from = path.join(repoRoot, "examples", "feedback-yaml", "Pulumi.yaml");
    const stack = await stackIn(program("yaml-feedback", { "Pulumi.yaml": { from } }), "yaml-feedback");
    const token = `hook-token-${process.pid}`;
    await stack.setConfig("hookToken", { value: token, secret: true });
    expect((await stack.up()).summary.resourceChanges).toEqual({ create: 6 });
    const outputs = await stack.outputs();
    expect(outputs["experimentStarted"]?.value).toEqual(expect.any(String));
    // Secret in every file of the backend (the checkpoint, its backups and history), never in plain text.
    const files = backendFiles("posthog-feedback-yaml");
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.text.includes(token))).toEqual([]);
    await stack.preview({ expectNoChanges: true });
    expect((await stack.destroy()).summary.resourceChanges).toEqual({ delete: 6 });
  });

  test("pulumi.secret inputs are in no file in plain text, a posthog:apiKey set without --secret in no checkpoint; drift still shows", async () => {
    const plaintexts = ["PLAIN-YAML-DESCRIPTION-61c2", "PLAIN-YAML-EXTRA-0e5d"];
    const leaks = (text: string) => [...plaintexts, server.apiKey].filter((p) => text.includes(p));
    const dir = program("secrets", {
      "Pulumi.yaml": [
        "name: posthog-secrets-yaml",
        "runtime: yaml",
        "resources:",
        "  secretive:",
        "    type: posthog:index:Project",
        "    properties:",
        "      name: Secretive (YAML)",
        "      productDescription:",
        `        fn::secret: ${plaintexts[0]}`,
        "      anonymizeIps: true",
        "      additionalSettings:",
        "        brand_new_setting:",
        `          fn::secret: ${plaintexts[1]}`,
        "outputs:",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's own interpolation, not JavaScript's
        "  projectId: ${secretive.projectId}",
        "",
      ].join("\n"),
    });
    const stack = await stackIn(dir, "secrets");
    // Set as users often do: without --secret. The schema says it is secret; CheckConfig makes it so in the state.
    await stack.setConfig("posthog:apiKey", { value: server.apiKey });
    await server.control.patchOrganization(server.organizationId, { newerFields: ["brand_new_setting"] });
    try {
      const up = await stack.up({ diff: true });
      expect(up.summary.resourceChanges).toEqual({ create: 2 });
      expect(leaks(up.stdout)).toEqual([]);
      const id = (await stack.outputs())["projectId"]!.value as number;
      expect(await projects.getProject(http, server.organizationId, id)).toMatchObject({
        product_description: plaintexts[0],
        brand_new_setting: plaintexts[1],
      });

      await server.control.patchProject(id, { anonymize_ips: false });
      expect(leaks((await stack.refresh()).stdout)).toEqual([]);
      const preview = await stack.preview({ diff: true });
      expect(changedSettings(preview.stdout)).toEqual(["~ anonymizeIps: false => true"]);
      expect(leaks(preview.stdout)).toEqual([]);

      expect(leaks(await ok(dir, ["stack", "export", "--stack", stack.name]))).toEqual([]);
      const files = backendFiles("posthog-secrets-yaml");
      expect(files.length).toBeGreaterThan(3);
      // The secret inputs are in no file; the key in no checkpoint. Each update's record (*.history.json) copies the
      // stack's configuration as set, which a key set without --secret is also in Pulumi.<stack>.yaml: Pulumi's.
      expect(files.flatMap(({ text }) => plaintexts.filter((p) => text.includes(p)))).toEqual([]);
      const checkpoints = files.filter(({ name }) => !name.endsWith(".history.json"));
      expect(checkpoints.length).toBeGreaterThan(2);
      expect(checkpoints.filter(({ text }) => text.includes(server.apiKey)).map(({ name }) => name)).toEqual([]);
      expect(files.filter(({ name }) => name.endsWith(".history.json")).some(({ text }) => text.includes(server.apiKey))).toBe(true);
      // They are in the state, encrypted: --show-secrets reveals them.
      expect(leaks(await ok(dir, ["stack", "export", "--show-secrets", "--stack", stack.name]))).toEqual([...plaintexts, server.apiKey]);
      await stack.destroy();
    } finally {
      await server.control.patchOrganization(server.organizationId, { newerFields: [] });
    }
  });
});

describe("pulumi import of what was made by hand", () => {
  test("a feature flag made by hand: `pulumi import posthog:index:FeatureFlag <name> <projectId>/<id>` reads only; with the code printed, no change", async () => {
    const project = await projects.createProject(http, server.organizationId, { name: "Flag import" });
    const made = await featureFlags.createFeatureFlag(http, project.id, {
      key: "made-by-hand",
      name: "Made by hand",
      filters: { groups: [{ properties: [], rollout_percentage: 40 }] },
    });
    const header = "name: posthog-import-flag\nruntime: yaml\n";
    const dir = program("yaml-import-flag", { "Pulumi.yaml": header });
    const stack = await stackIn(dir, "yaml-import-flag");

    await server.clearRequests();
    const output = await ok(dir, [
      "import",
      "posthog:index:FeatureFlag",
      "checkout",
      `${project.id}/${made.id}`,
      "--yes",
      "--stack",
      stack.name,
    ]);
    expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    const code = output.slice(output.indexOf("\nresources:") + 1);
    expect(parse(code)).toEqual({
      resources: {
        checkout: {
          type: expect.stringMatching(/^posthog:(index:)?FeatureFlag$/),
          properties: { projectId: project.id, key: "made-by-hand", name: "Made by hand" },
          options: { protect: true },
        },
      },
    });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), header + code);
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });

    await ok(dir, ["state", "unprotect", "--all", "--yes", "--stack", stack.name]);
    await stack.destroy();
    expect(await featureFlags.getFeatureFlag(http, project.id, made.id)).toMatchObject({ deleted: true });
  });

  test("in a YAML project: the code printed declares it; with that code the preview shows no change", async () => {
    const made = await projects.createProject(http, server.organizationId, { name: "Made by hand", timezone: "Asia/Tokyo" });
    const header = "name: posthog-import-yaml\nruntime: yaml\n";
    const dir = program("yaml-import", { "Pulumi.yaml": header });
    const stack = await stackIn(dir, "yaml-import");

    await server.clearRequests();
    const output = await ok(dir, [
      "import",
      "posthog:index:Project",
      "web",
      `${server.organizationId}/${made.id}`,
      "--yes",
      "--stack",
      stack.name,
    ]);
    // An import reads only.
    expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    expect(output).toContain("Please copy the following code into your Pulumi application");
    const code = output.slice(output.indexOf("\nresources:") + 1);
    // The YAML host writes the resource with its name and the import's protect option, and nothing else declared.
    expect(parse(code)).toEqual({
      resources: {
        web: {
          type: expect.stringMatching(/^posthog:(index:)?Project$/),
          properties: { name: "Made by hand" },
          options: { protect: true },
        },
      },
    });
    const [imported] = (await deployment(stack)).resources!.filter((r) => r.type === "posthog:index:Project");
    expect(imported).toMatchObject({ id: String(made.id), protect: true });

    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), header + code);
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });
    // Not declared, so not managed: the timezone set by hand stays.
    expect(await projects.getProject(http, server.organizationId, made.id)).toMatchObject({ timezone: "Asia/Tokyo" });

    await ok(dir, ["state", "unprotect", "--all", "--yes", "--stack", stack.name]);
    await stack.destroy();
    expect((await live()).map((p) => p.id)).not.toContain(made.id);
  });

  test("in a TypeScript project: --generate-code=false, then a matching program previews with no change", async () => {
    const made = await projects.createProject(http, server.organizationId, { name: "Typed by hand" });
    const dir = program("typescript-import", {
      "Pulumi.yaml": "name: posthog-import-typescript\nruntime: nodejs\n",
      "package.json": JSON.stringify({ name: "posthog-import-typescript", main: "index.ts" }),
      "index.ts": [
        `import * as pulumi from "@pulumi/pulumi";`,
        ``,
        `// What \`pulumi import posthog:index:Project web <organizationId>/<projectId>\` recorded: the name, protected.`,
        `new pulumi.CustomResource("posthog:index:Project", "web", { name: "Typed by hand" }, { protect: true });`,
        ``,
      ].join("\n"),
    });
    const stack = await stackIn(dir, "typescript-import");

    const output = await ok(dir, [
      "import",
      "posthog:index:Project",
      "web",
      `${server.organizationId}/${made.id}`,
      "--yes",
      "--generate-code=false",
      "--stack",
      stack.name,
    ]);
    expect(output).toMatch(/= 1 imported/);
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });

    await ok(dir, ["state", "unprotect", "--all", "--yes", "--stack", stack.name]);
    await stack.destroy();
    expect((await live()).map((p) => p.id)).not.toContain(made.id);
  });
});

/**
 * The CLI v3.274.1 (and v3.206.0, which pulumi-yaml builds against) turns each pending create named by
 * `--import-pending-creates` into a pending import, but no part of its engine reads pending imports: the refresh
 * drops it with the pending create, and the resource is not recorded (checked below, so that a CLI that fixes it is
 * noticed). `pulumi import` of the same name then records it, with reads only, and the program goes on unchanged.
 */
test("a create whose pulumi up was killed: refresh --import-pending-creates, then pulumi import; up creates nothing", async () => {
  const dir = program("pending-create", {
    "Pulumi.yaml": [
      "name: posthog-pending-create",
      "runtime: yaml",
      "resources:",
      "  killed:",
      "    type: posthog:index:Project",
      "    properties:",
      "      name: Killed mid-up",
      "",
    ].join("\n"),
  });
  const stack = await stackIn(dir, "pending-create");

  // The server holds the POST for 3 s, then commits it whatever became of the client. It takes the fault when the
  // request arrives, so the fault's disappearing says the create is in flight.
  await server.fault({ method: "POST", path: "/projects/?$", delayMs: 3_000 });
  const up = run(dir, ["up", "--yes", "--skip-preview", "--stack", stack.name]);
  let exited: { status: number | null; output: string } | undefined;
  void up.done.then((result) => (exited = result));
  for (let waited = 0; (await server.control.faults()).length > 0; waited += 100) {
    if (exited) throw new Error(`pulumi up ended (${exited.status}) before it sent the create:\n${exited.output}`);
    if (waited > 120_000) throw new Error("pulumi up never sent the create");
    await sleep(100);
  }
  // The CLI and everything it started, at once (its plugins and language host run in process groups of their own,
  // and the plugin served with @pulumi/pulumi/provider does not end when its engine is gone).
  // A process may be gone already, with the group killed before it: that is what is wanted.
  for (const pid of [up.child.pid!, ...descendants(up.child.pid!)]) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      try {
        process.kill(pid, "SIGKILL");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
      }
    }
  }
  expect((await up.done).status).not.toBe(0);
  let made = (await live()).filter((p) => p.name === "Killed mid-up");
  for (let waited = 0; made.length === 0 && waited < 15_000; waited += 200) {
    await sleep(200);
    made = (await live()).filter((p) => p.name === "Killed mid-up");
  }
  expect(made).toHaveLength(1);
  const id = made[0]!.id;

  // The killed CLI left its lock and a pending create: the URN, without the id PostHog gave the project.
  await ok(dir, ["cancel", "--yes", "--stack", stack.name]);
  const pending = (await deployment(stack)).pending_operations ?? [];
  expect(pending.map((op) => [op.type, op.resource.type, op.resource.id ?? ""])).toEqual([["creating", "posthog:index:Project", ""]]);
  const urn = pending[0]!.resource.urn;

  // The flag takes URN and id as two values of its own (a list of pairs).
  await server.clearRequests();
  const refreshed = await ok(dir, [
    "refresh",
    "--yes",
    "--import-pending-creates",
    urn,
    "--import-pending-creates",
    String(id),
    "--stack",
    stack.name,
  ]);
  expect(refreshed).not.toMatch(/did not correspond to a pending create/);
  const afterRefresh = await deployment(stack);
  expect(afterRefresh.pending_operations ?? []).toEqual([]);
  expect(afterRefresh.resources!.filter((r) => r.type === "posthog:index:Project")).toEqual([]);

  await ok(dir, [
    "import",
    "posthog:index:Project",
    "killed",
    `${server.organizationId}/${id}`,
    "--yes",
    "--protect=false",
    "--generate-code=false",
    "--stack",
    stack.name,
  ]);
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  const state = await deployment(stack);
  expect(state.resources!.filter((r) => r.type === "posthog:index:Project").map((r) => [r.urn, r.id])).toEqual([[urn, String(id)]]);

  const upAgain = await stack.up();
  expect(upAgain.summary.resourceChanges).toEqual({ same: 2 });
  expect((await live()).filter((p) => p.name === "Killed mid-up").map((p) => p.id)).toEqual([id]);

  await stack.destroy();
  expect((await live()).map((p) => p.id)).not.toContain(id);
});

describe("Python", () => {
  test("an SDK made by pulumi package gen-sdk runs examples/python: up, lookups, no change after, destroy", async () => {
    const venv = await pythonVirtualenv();
    const example = path.join(repoRoot, "examples", "python");
    const dir = program("python-example", {
      "Pulumi.yaml": { from: path.join(example, "Pulumi.yaml") },
      "__main__.py": { from: path.join(example, "__main__.py") },
      "requirements.txt": { from: path.join(example, "requirements.txt") },
    });
    // The example's `virtualenv: venv`.
    fs.symlinkSync(venv, path.join(dir, "venv"));

    const generated = await ok(dir, [
      "package",
      "gen-sdk",
      path.join(setup.pluginBin(), "pulumi-resource-posthog"),
      "--language",
      "python",
      "--out",
      "sdk",
    ]);
    expect(generated).toContain("SDK has been written to");
    expect(fs.existsSync(path.join(dir, "sdk", "python", "pulumi_posthog", "project.py"))).toBe(true);
    await ok(
      dir,
      [
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--no-build-isolation",
        "--force-reinstall",
        "./sdk/python",
      ],
      path.join(venv, "bin", "python"),
    );

    const stack = await stackIn(dir, "python");
    const id = await upExample(stack, "Web app (Python)");
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });

    expect((await stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
    expect((await live()).map((p) => p.id)).not.toContain(id);
  });
});
