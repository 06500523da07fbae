/**
 * `pulumi-posthog import` against a real PostHog: a project of this run with a flag, an action and an annotation,
 * imported (`--project`, YAML), then the written project through the real CLI and the provider plugin: `pulumi up`
 * adopts every object without changing any, and `pulumi preview --expect-no-changes` passes. The stack is removed,
 * not destroyed (it adopted what it found, organization-wide annotations of others included); the project is deleted.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";
import { acceptanceTarget, named, transport, type AcceptanceTarget } from "./real-posthog";

const setup = require("../../scripts/setup") as { pluginBin(): string; languageHostBins(): { yaml: string; python: string } };

let target: AcceptanceTarget;
let session: PulumiSession;
let http: Transport;
let workDir: string;
let apiKey: string;
let projectId: number | undefined;

beforeAll(async () => {
  target = acceptanceTarget();
  // Flags, actions and annotations need their own scopes: the all-access key where the target has one.
  apiKey = target.keys.all ?? target.apiKey;
  http = transport(target, apiKey);
  session = await pulumiSession({ ...target, apiKey }, [setup.languageHostBins().yaml, setup.pluginBin()]);
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  workDir = fs.mkdtempSync(path.join(repoRoot, ".cache", "acceptance-import-"));
});
afterAll(async () => {
  await session?.cleanup();
  if (projectId !== undefined) await projects.deleteProject(http, target.organizationId, projectId);
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** The package's executable, asynchronously (as a user runs it), configured by the environment. */
function importer(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [path.join(repoRoot, "lib", "import", "cli.js"), "import", ...args], {
    cwd: repoRoot,
    env: { ...process.env, POSTHOG_HOST: target.url, POSTHOG_API_KEY: apiKey, POSTHOG_ORGANIZATION_ID: target.organizationId },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) =>
      status === 0 ? resolve(output) : reject(new Error(`pulumi-posthog import exited ${status}:\n${output}`)),
    );
  });
}

test("a project with a flag, an action and an annotation: imported in YAML, up adopts without a change, then no change", async () => {
  const project = await projects.createProject(http, target.organizationId, { name: named(target, "Imported") });
  projectId = project.id;
  await projects.updateProject(http, target.organizationId, project.id, { timezone: "Europe/Amsterdam", anonymize_ips: true });
  const flag = await featureFlags.createFeatureFlag(http, project.id, {
    key: `${target.prefix}import-checkout`,
    name: "Checkout",
    filters: {
      groups: [{ properties: [{ key: "email", value: "@example.com", operator: "icontains", type: "person" }], rollout_percentage: 30 }],
      payloads: { true: '{"theme": "dark"}' },
    },
  });
  const action = await actions.createAction(http, project.id, {
    name: named(target, "Signed up"),
    steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }],
  });
  const note = await annotations.createAnnotation(http, project.id, {
    content: named(target, "Released"),
    date_marker: "2025-01-02T09:00:00Z",
    scope: "project",
  });
  const before = {
    flag: await featureFlags.getFeatureFlag(http, project.id, flag.id),
    action: await actions.getAction(http, project.id, action.id),
    project: await projects.getProject(http, target.organizationId, project.id),
  };

  const dir = path.join(workDir, "yaml");
  const output = await importer(["--out", dir, "--language", "yaml", "--project", String(project.id)]);
  expect(output).toContain(`[1/1] project ${project.id}`);
  // Every value this PostHog answered passes the provider's own check: nothing had to be left out.
  expect(output).not.toContain("note:");
  const program = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  expect(program).toContain('      timezone: "Europe/Amsterdam"');
  expect(program).toContain(`      adoptId: ${flag.id}`);

  const stack = await session.stack(dir, `import-${process.pid}`);
  try {
    const up = await stack.up();
    expect(Object.keys(up.summary.resourceChanges ?? {})).toEqual(["create"]);
    const adopted = (await stack.exportStack()).deployment.resources.map((r: { id?: string }) => r.id);
    expect(adopted).toEqual(expect.arrayContaining([project.id, flag.id, action.id, note.id].map(String)));
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: up.summary.resourceChanges!["create"] });
    // Adopted, not written: PostHog's records are as they were.
    expect(await featureFlags.getFeatureFlag(http, project.id, flag.id)).toMatchObject({ version: before.flag.version });
    expect((await actions.getAction(http, project.id, action.id)).steps).toEqual(before.action.steps);
    expect((await projects.getProject(http, target.organizationId, project.id)).updated_at).toBe(before.project.updated_at);
  } finally {
    // The state only: what it adopted stays as it is.
    await stack.workspace.removeStack(stack.name, { force: true });
  }
});
