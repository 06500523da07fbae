/**
 * The root program through the real Pulumi CLI, as users run it: up, outputs, preview, refresh after changes made
 * in "the PostHog UI", replacement, token rotation, adoption and destroy; and, in a program of its own, secret inputs
 * and a plain `posthog:apiKey`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { liveProjects } from "../helpers/projects";
import { changedSettings, pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";
import type { OutputMap, Stack, UpOptions } from "@pulumi/pulumi/automation";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let stack: Stack;
let http: Transport;

type Declared = Record<string, unknown>;
const declared: Declared[] = [
  {
    resourceName: "web",
    name: "Web app",
    timezone: "Europe/Amsterdam",
    anonymizeIps: true,
    sessionRecordingOptIn: true,
    sessionRecordingSampleRate: 0.5,
    appUrls: ["https://app.example.com"],
  },
  { resourceName: "marketing", name: "Marketing site", timezone: "America/New_York", surveysOptIn: true },
  { resourceName: "docs", name: "Docs", weekStartDay: 1 },
];

const setProjects = (list: Declared[]) => stack.setConfig("projects", { value: JSON.stringify(list) });
const writes = async () => (await server.requests()).filter((r) => r.method !== "GET");
/** The stack's outputs as the last up left them (the Automation API reads them after each up). */
let outputs: OutputMap = {};
const upStack = async (options?: UpOptions) => {
  const result = await stack.up(options);
  outputs = result.outputs;
  return result;
};
const ids = () => outputs["projectIds"]!.value as Record<string, number>;
const live = () => liveProjects(http, server.organizationId);

beforeAll(async () => {
  // PostHog purges deleted projects in the background; here it waits long enough to see them pending.
  server = await startLocalPostHog({ deletionPurgeMs: 120_000 });
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
  stack = await session.stack(repoRoot, `e2e-projects-${process.pid}`);
  await setProjects(declared);
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

test("up creates every declared project; ids are outputs and tokens are secret", async () => {
  const result = await upStack();
  expect(result.summary.resourceChanges).toMatchObject({ create: 4 });
  const projectIds = ids();
  expect(Object.keys(projectIds).sort()).toEqual(["docs", "marketing", "web"]);

  const created = await live();
  expect(created.map((p) => p.name).sort()).toEqual(["Docs", "Marketing site", "Web app"]);
  const web = await projects.getProject(http, server.organizationId, projectIds["web"]!);
  expect(web).toMatchObject({ timezone: "Europe/Amsterdam", anonymize_ips: true, session_recording_sample_rate: "0.50" });

  // Neither the state (as stored: `pulumi stack export` without --show-secrets) nor the plain stack output holds
  // a token or the API key; the tokens are there encrypted.
  const exported = session.cli(repoRoot, ["stack", "export", "--stack", stack.name]);
  expect(exported.status).toBe(0);
  const state = JSON.parse(exported.stdout) as { deployment: { resources: Array<{ type: string; outputs?: Record<string, unknown> }> } };
  for (const project of created) expect(exported.stdout).not.toContain(project.api_token);
  expect(exported.stdout).not.toContain(server.apiKey);
  const stored = state.deployment.resources.filter((r) => r.type === "pulumi-nodejs:dynamic/posthog:Project");
  expect(stored).toHaveLength(3);
  for (const resource of stored)
    expect(resource.outputs!["apiToken"]).toEqual({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: expect.any(String),
    });
  const shown = session.cli(repoRoot, ["stack", "output", "--stack", stack.name]);
  expect(shown.status).toBe(0);
  expect(shown.stdout).toContain("[secret]");
  for (const project of created) expect(shown.stdout).not.toContain(project.api_token);
  const revealed = session.cli(repoRoot, ["stack", "output", "apiTokens", "--show-secrets", "--json", "--stack", stack.name]);
  expect(JSON.parse(revealed.stdout)["web"]).toBe(created.find((p) => p.name === "Web app")!.api_token);
});

/** The organization the marketing project moves to. */
let secondOrganizationId: string;

/** What a `--diff` run shows of the resource named `name`: each block from its URN to the next resource's. */
function shownFor(stdout: string, name: string): string {
  const blocks = stdout.split(/^(?=\s*\[urn=)/m).filter((block) => block.trimStart().split("\n")[0]!.endsWith(`::${name}]`));
  expect(blocks.length).toBeGreaterThan(0);
  return blocks.join("\n");
}

test("settings changed by hand, a changed organizationId and a new apiTokenRotation: up --refresh --diff shows each setting as old => new and restores them with one PATCH; the project is replaced; the token rotated", async () => {
  const other = await server.control.createOrganization({ name: "Second organization" });
  secondOrganizationId = other.id;
  await server.control.createKey({ organizationId: other.id, userEmail: "local@posthog.localhost", level: "owner" });
  const before = ids();
  const tokenBefore = outputs["apiTokens"]!.value as Record<string, string>;
  const webId = before["web"]!;

  // Changed by hand, without a refresh first: `up --refresh` finds and restores them.
  await server.control.patchProject(webId, { anonymize_ips: false, session_recording_sample_rate: "0.20", heatmaps_opt_in: true });
  await setProjects([declared[0]!, { ...declared[1]!, organizationId: other.id }, { ...declared[2]!, apiTokenRotation: "2026-11" }]);
  await server.clearRequests();
  const up = await upStack({ refresh: true, diff: true });
  expect(up.summary.resourceChanges).toMatchObject({ replace: 1, update: 2 });
  // Setting by setting: what the refresh found (the state's outputs, as PostHog answers them, => PostHog's), then the
  // update, normalised as the diff compares them (PostHog => declared); the undeclared heatmapsOptIn shows nothing.
  // (The stack's outputs, and their changes, follow the last resource.)
  const web = changedSettings(shownFor(up.stdout.split(/^Outputs:/m)[0]!, "web"));
  expect(web.slice(0, 4)).toEqual([
    "~ anonymizeIps: true => false",
    '~ sessionRecordingSampleRate: "0.50" => "0.20"',
    "~ anonymizeIps: false => true",
    "~ sessionRecordingSampleRate: 0.2 => 0.5",
  ]);
  // Then, where the CLI prints them with it, the outputs the update left: the same two settings, nothing else. (When
  // web is the last resource shown, the stack's own outputs follow its block without a header of their own: maps keyed
  // by resource name, such as projectIds' `~ marketing: 2 => 4` for the replaced project. Not web's.)
  const stackOutput = new RegExp(`^~ (${Object.keys(before).join("|")}): `);
  expect(web.slice(4).filter((line) => !/^~ (anonymizeIps|sessionRecordingSampleRate): /.test(line) && !stackOutput.test(line))).toEqual(
    [],
  );
  expect(up.stdout).not.toMatch(/heatmapsOptIn/);
  const toWeb = (await writes()).filter((r) => r.path.includes(`/projects/${webId}/`));
  expect(toWeb.map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["anonymize_ips", "session_recording_sample_rate"]]]);
  // heatmapsOptIn is not declared: it stays as it was set by hand.
  expect(await projects.getProject(http, server.organizationId, webId)).toMatchObject({ anonymize_ips: true, heatmaps_opt_in: true });
  // That what up put back compares equal to what is declared (no change after) is the lifecycle's through the real
  // host (resources/dynamic-provider), and that a preview writes nothing the contract's.

  const after = ids();
  expect(after["marketing"]).not.toBe(before["marketing"]);
  expect(after["web"]).toBe(webId);
  expect((await projects.listProjects(http, other.id)).map((p) => p.name)).toEqual(["Marketing site"]);
  expect((await live()).map((p) => p.name)).not.toContain("Marketing site");
  const tokenAfter = outputs["apiTokens"]!.value as Record<string, string>;
  expect(tokenAfter["docs"]).not.toBe(tokenBefore["docs"]);
  expect(tokenAfter["web"]).toBe(tokenBefore["web"]);
});

test("a setting PostHog accepts but does not apply fails up by name, and the state keeps the live value", async () => {
  const current = [
    declared[0]!,
    { ...declared[1]!, organizationId: secondOrganizationId },
    { ...declared[2]!, apiTokenRotation: "2026-11" },
  ];
  const webId = ids()["web"]!;
  await server.control.patchOrganization(server.organizationId, { ignoredSettings: ["heatmaps_opt_in"] });
  try {
    await setProjects([{ ...current[0]!, heatmapsOptIn: false }, current[1]!, current[2]!]);
    const failure = await upStack().then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/PostHog accepted but did not apply heatmapsOptIn \(declared false, PostHog kept true\)/);
    const exported = JSON.parse(session.cli(repoRoot, ["stack", "export", "--stack", stack.name]).stdout) as {
      deployment: { resources: Array<{ urn: string; outputs?: Record<string, unknown> }> };
    };
    const web = exported.deployment.resources.find((r) => r.urn.endsWith("::web"))!;
    expect(web.outputs).toMatchObject({ heatmapsOptIn: true, projectId: webId });
  } finally {
    await server.control.patchOrganization(server.organizationId, { ignoredSettings: [] });
  }
});

test("the next up applies what the failed one did not; adoptProjectId takes over a project made by hand without a POST; destroy removes every project", async () => {
  const handmade = await projects.createProject(http, server.organizationId, { name: "Made by hand" });
  const { web: webId, marketing: marketingId } = ids();
  const list = [
    { ...declared[0]!, heatmapsOptIn: false },
    declared[2]!,
    { resourceName: "adopted", name: "Made by hand", adoptProjectId: handmade.id, timezone: "Asia/Tokyo" },
  ];
  await setProjects(list);
  await server.clearRequests();
  const up = await upStack();
  expect(up.summary.resourceChanges).toMatchObject({ create: 1, delete: 1 });
  // The failed update's setting, the adopted project's, and the removed project: no POST.
  const byId = (await writes()).map((r) => [r.method, Number(/(\d+)\/?$/.exec(r.path)?.[1])]);
  expect(byId.sort()).toEqual(
    [
      ["DELETE", marketingId],
      ["PATCH", handmade.id],
      ["PATCH", webId],
    ].sort(),
  );
  expect(await projects.getProject(http, server.organizationId, webId)).toMatchObject({ heatmaps_opt_in: false });
  expect(ids()["adopted"]).toBe(handmade.id);
  expect(await projects.getProject(http, server.organizationId, handmade.id)).toMatchObject({ timezone: "Asia/Tokyo" });

  await stack.destroy();
  expect(await live()).toEqual([]);
});

test("PostHog deletes in the background: destroy then up reuses the names; a project deleted by hand (gone, or pending deletion) leaves the state on refresh and is created again", async () => {
  // Deleted projects stay listed as pending deletion (posthog/api/project.py ProjectViewSet.perform_destroy) and do
  // not hold their names (ProjectBackwardCompatSerializer.validate_name excludes them).
  const pending = await projects.listProjects(http, server.organizationId);
  expect(pending.length).toBeGreaterThan(0);
  for (const p of pending)
    expect(await projects.getProject(http, server.organizationId, p.id)).toMatchObject({ is_pending_deletion: true });

  const list = [declared[0]!, declared[2]!];
  await setProjects(list);
  const up = await upStack();
  expect(up.summary.resourceChanges).toMatchObject({ create: 3 });
  expect((await live()).map((p) => p.name).sort()).toEqual(["Docs", "Web app"]);

  // Deleted by hand: "web" gone (purged), "docs" through PostHog's API by someone else, so pending, not gone. The
  // refresh of `up --refresh` drops both (else the up would find them unchanged and write nothing), the up creates each
  // again with one POST, and destroy of a project PostHog is already deleting succeeds.
  const before = ids();
  await server.control.deleteProject(before["web"]!);
  await projects.deleteProject(http, server.organizationId, before["docs"]!);
  await server.clearRequests();
  expect((await upStack({ refresh: true })).summary.resourceChanges).toMatchObject({ create: 2 });
  expect((await writes()).map((r) => r.method)).toEqual(["POST", "POST"]);
  expect([ids()["web"] === before["web"], ids()["docs"] === before["docs"]]).toEqual([false, false]);
  const webId = ids()["web"]!;
  await projects.deleteProject(http, server.organizationId, webId);
  await stack.destroy();
  expect(await live()).toEqual([]);
});

// The same list without resource names refused, naming them, and a rename that is one PATCH of the name: the root
// program's own (examples/projects-from-config, under mocks) and the lifecycle's through the real host
// (resources/dynamic-provider), without two more CLI runs here.
test("resource names: a stack made with derived names moves over without replacement; removing the first entry deletes only it", async () => {
  // The program as it was, on this very stack (same project name, same backend).
  const old = await session.stack(path.join(repoRoot, "test", "e2e", "fixtures", "derived-names"), stack.name);
  await old.setConfig("projects", { value: JSON.stringify([{ name: "Blog" }, { name: "Web" }, { name: "Docs" }]) });
  await old.up();
  const made = Object.fromEntries((await live()).map((p) => [p.name, p.id]));
  expect(Object.keys(made).sort()).toEqual(["Blog", "Docs", "Web"]);
  const urns = async () =>
    ((await session.state(stack)).deployment as { resources?: Array<{ urn: string; type: string }> }).resources
      ?.filter((r) => r.type.endsWith(":Project"))
      .map((r) => r.urn.replace(/.*::/, ""))
      .sort();
  expect(await urns()).toEqual(["blog", "docs", "web"]);

  // As a map under other resource names, without the first entry: the aliases move the two projects (nothing created,
  // replaced or written for them), and the first entry's project alone is deleted.
  const setMap = (map: Record<string, Declared>) => stack.setConfig("projects", { value: JSON.stringify(map) });
  await setMap({ site: { name: "Web" }, documentation: { name: "Docs" } });
  await server.clearRequests();
  const moved = await upStack();
  expect(moved.summary.resourceChanges).not.toHaveProperty("create");
  expect(moved.summary.resourceChanges).not.toHaveProperty("replace");
  expect(moved.summary.resourceChanges).toMatchObject({ delete: 1 });
  expect((await writes()).map((r) => [r.method, r.path])).toEqual([["DELETE", expect.stringContaining(`/projects/${made["Blog"]}/`)]]);
  expect(await urns()).toEqual(["documentation", "site"]);
  expect(ids()).toEqual({ site: made["Web"], documentation: made["Docs"] });
});

/** Every file under `dir`, as text. */
function filesUnder(dir: string): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, text: fs.readFileSync(file, "utf8") };
    });
}

/**
 * One program of its own on the same server, for what the root program does not declare: a project with secret inputs
 * (and a setting of a newer PostHog), and a feature flag, an annotation and an action in a project it makes. Each test
 * reads what the one before left.
 */
describe("a project with secret inputs, and a feature flag, an annotation and an action, in a program of their own (same server)", () => {
  const plaintexts = ["PLAIN-DESCRIPTION-4f1c", "PLAIN-FLAG-MESSAGE-9d2e", "PLAIN-EXTRA-7b3a"];
  const leaks = (text: string) => plaintexts.filter((p) => text.includes(p));
  const warning =
    /posthog:apiKey is set without --secret, so Pulumi stores it in plain text in this stack's state .* Run `pulumi config set --secret posthog:apiKey <your phx_ key>` and then `pulumi up`/;
  let dir: string;
  let own: Stack;
  /** The stack's outputs as the last up left them. */
  let ownOutputs: OutputMap = {};
  const ownUp = async (options?: UpOptions) => {
    const result = await own.up(options);
    ownOutputs = result.outputs;
    return result;
  };
  const output = (name: string) => ownOutputs[name]!.value as number;
  /** What the CLI printed, for the secrets: up --diff, up --refresh --diff. */
  const printed: Record<string, string> = {};
  const exported = (...args: string[]) => session.cli(dir, ["stack", "export", ...args, "--stack", own.name]);

  beforeAll(async () => {
    dir = session.nodeProgram("posthog-own", [
      `import * as pulumi from "@pulumi/pulumi";`,
      `import * as posthog from "pulumi-posthog";`,
      ``,
      `const config = new pulumi.Config();`,
      `const secretive = new posthog.Project("secretive", {`,
      `  name: "Secretive",`,
      `  productDescription: pulumi.secret(${JSON.stringify(plaintexts[0])}),`,
      `  featureFlagConfirmationMessage: pulumi.secret(${JSON.stringify(plaintexts[1])}),`,
      `  anonymizeIps: true,`,
      `  additionalSettings: { brand_new_setting: pulumi.secret(${JSON.stringify(plaintexts[2])}) },`,
      `});`,
      `export const secretiveId = secretive.projectId;`,
      `const project = new posthog.Project("flags", { name: "Flags" });`,
      `const flag = new posthog.FeatureFlag("checkout", {`,
      `  projectId: project.projectId,`,
      `  key: config.require("flagKey"),`,
      `  name: "New checkout",`,
      `  active: true,`,
      `  tags: ["Web"],`,
      `  filters: {`,
      `    groups: [{ properties: [{ key: "email", type: "person", operator: "icontains", value: "@example.com" }], rollout_percentage: 25 }],`,
      `    payloads: { true: { theme: "dark" } },`,
      `  },`,
      `});`,
      `const beta = new posthog.FeatureFlag("beta", { projectId: project.projectId, key: "beta", name: "Beta" });`,
      // A naive date in ISO 8601's basic form, which DRF's DateTimeField reads (Python's fromisoformat): PostHog
      // answers the same instant as "2025-01-02T09:30:00Z", which compares equal.
      `const launch = new posthog.Annotation("launch", { projectId: project.projectId, content: "Launch", dateMarker: "20250102T0930", scope: "project" });`,
      `export const annotationId = launch.annotationId;`,
      `const signup = new posthog.Action("signup", { projectId: project.projectId, name: "Signed up", steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }] });`,
      `export const actionId = signup.actionId;`,
      `export const projectId = project.projectId;`,
      `export const flagId = flag.flagId;`,
      `export const flagKey = flag.key;`,
      `export const betaId = beta.flagId;`,
    ]);
    // A setting of a newer PostHog, which this server then knows.
    await server.control.patchOrganization(server.organizationId, { newerFields: ["brand_new_setting"] });
    own = await session.stack(dir, `e2e-own-${process.pid}`, { flagKey: "new-checkout" });
  });
  afterAll(async () => {
    await server.control.patchOrganization(server.organizationId, { newerFields: [] });
  });

  test("posthog:apiKey set without --secret: up warns with the command, and the engine keeps the key as set; up creates the project with secret inputs, the flags, the annotation (a basic-form date) and the action", async () => {
    await own.setConfig("posthog:apiKey", { value: server.apiKey });
    const up = await ownUp({ diff: true });
    // With --diff, the CLI prints diagnostics such as the warning on stderr.
    printed["up --diff"] = up.stdout + up.stderr;
    expect(up.summary.resourceChanges).toMatchObject({ create: 7 });
    expect(printed["up --diff"]).toMatch(warning);
    // What the warning says: the engine keeps it, as set, in the default pulumi-nodejs provider's inputs.
    expect(exported().stdout).toContain(server.apiKey);

    expect(await projects.getProject(http, server.organizationId, output("secretiveId"))).toMatchObject({
      product_description: plaintexts[0],
      brand_new_setting: plaintexts[2],
    });
    const projectId = output("projectId");
    expect(ownOutputs["flagKey"]!.value).toBe("new-checkout");
    const created = await featureFlags.getFeatureFlag(http, projectId, output("flagId"));
    expect(created).toMatchObject({ key: "new-checkout", active: true, tags: ["web"] });
    // PostHog's own forms of what was declared: payloads as JSON text, the condition set's aggregation added.
    expect(typeof created.filters.payloads?.["true"]).toBe("string");
    const note = await annotations.getAnnotation(http, projectId, output("annotationId"));
    expect(note).toMatchObject({ content: "Launch", scope: "project" });
    expect(Date.parse(note.date_marker!)).toBe(Date.parse("2025-01-02T09:30:00Z"));
    expect((await actions.getAction(http, projectId, output("actionId"))).steps).toMatchObject([{ event: "$pageview", url: "/welcome" }]);
  });

  test("changed by hand, a flag deleted by hand, the flag's key renamed and posthog:apiKey set --secret: one up --refresh --diff shows a boolean, a string and a nested step drifted as old => new, restores each with one PATCH, renames the key in the same PATCH, creates the deleted flag again under its key; no warning, and the state holds the key encrypted; the next preview has no changes", async () => {
    // A no-op preview writing nothing, and a string drifted by hand and put back, are the contract's for every kind
    // (test/e2e/contract.test.ts). Here: a boolean and a nested step drifted, and the PATCH each kind sends for it.
    const projectId = output("projectId");
    const id = output("flagId");
    const betaId = output("betaId");
    await server.control.patchProject(output("secretiveId"), { anonymize_ips: false });
    await featureFlags.updateFeatureFlag(http, projectId, id, { active: false });
    await annotations.updateAnnotation(http, projectId, output("annotationId"), { content: "Edited by hand" });
    await actions.updateAction(http, projectId, output("actionId"), { name: "Signed up", steps: [{ event: "$autocapture" }] });
    // Deleted by hand (PostHog marks it deleted): the refresh drops it, and the up creates it again.
    await featureFlags.deleteFeatureFlag(http, projectId, betaId);
    await own.setConfig("posthog:apiKey", { value: server.apiKey, secret: true });
    await own.setConfig("flagKey", { value: "checkout-v2" });
    await server.clearRequests();
    const up = await ownUp({ refresh: true, diff: true });
    printed["up --refresh --diff"] = up.stdout + up.stderr;
    // What the update changes (PostHog => declared); the refresh shows each the other way first.
    expect(up.stdout).toMatch(/~ anonymizeIps\s*: false => true/);
    expect(up.stdout).toMatch(/~ active\s*: false => true/);
    expect(up.stdout).toMatch(/~ content\s*: "Edited by hand" => "Launch"/);
    expect(up.stdout).toMatch(/~ event\s*: "\$autocapture" => "\$pageview"/);
    expect(up.stdout).toMatch(/~ key\s*: "new-checkout" => "checkout-v2"/);
    expect(up.stdout + up.stderr).not.toMatch(warning);
    expect(up.summary.resourceChanges).toMatchObject({ create: 1, update: 4, same: 2 });
    expect((await writes()).map((r) => [r.method, r.bodyKeys]).sort()).toEqual([
      ["PATCH", ["anonymize_ips"]],
      ["PATCH", ["content"]],
      ["PATCH", ["key", "active"]],
      ["PATCH", ["steps", "name"]],
      ["POST", expect.arrayContaining(["key"])],
    ]);
    // The same flag under its new key; the deleted one made again under its old key (PostHog frees a key held by a
    // deleted flag on create).
    expect(output("flagId")).toBe(id);
    expect(await featureFlags.getFeatureFlag(http, projectId, id)).toMatchObject({ key: "checkout-v2", active: true });
    expect(output("betaId")).not.toBe(betaId);
    expect(await featureFlags.getFeatureFlag(http, projectId, output("betaId"))).toMatchObject({ key: "beta", deleted: false });

    expect(exported().stdout).not.toContain(server.apiKey);
    const current = fs.readFileSync(path.join(session.stateDir, ".pulumi", "stacks", "posthog-own", `${own.name}.json`), "utf8");
    expect(current).not.toContain(server.apiKey);
    // Each value put back compares equal to the one declared (a boolean, a string, a nested step): nothing to change.
    await own.preview({ expectNoChanges: true });
  });

  test("pulumi.secret inputs are nowhere in plain text: stack export, the backend's files, up --diff, up --refresh --diff", async () => {
    expect(Object.keys(printed).sort()).toEqual(["up --diff", "up --refresh --diff"]);
    for (const [run, text] of Object.entries(printed)) expect({ run, leaks: leaks(text) }).toEqual({ run, leaks: [] });
    const stored = exported();
    expect(stored.status).toBe(0);
    expect(leaks(stored.stdout)).toEqual([]);
    // Every file of the file backend: the current checkpoint, its backups and the update history.
    const files = filesUnder(path.join(session.stateDir, ".pulumi"));
    expect(files.length).toBeGreaterThan(3);
    expect(files.filter(({ text }) => leaks(text).length > 0).map(({ file }) => file)).toEqual([]);
    // With --show-secrets they are there: the test looks in the right places.
    expect(leaks(exported("--show-secrets").stdout)).toEqual(plaintexts);
  });

  test("destroy marks the flags, the annotation and the action deleted, as PostHog deletes them, and sends no DELETE for any", async () => {
    const projectId = output("projectId");
    const noteId = output("annotationId");
    const signupId = output("actionId");
    const flagIds = [output("flagId"), output("betaId")];
    await server.clearRequests();
    await own.destroy();
    await expect(annotations.getAnnotation(http, projectId, noteId)).rejects.toThrow();
    expect((await writes()).filter((r) => /annotations/.test(r.path)).map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["deleted"]]]);
    expect((await actions.getAction(http, projectId, signupId)).deleted).toBe(true);
    expect((await writes()).filter((r) => /actions/.test(r.path)).map((r) => [r.method, r.bodyKeys])).toEqual([
      ["PATCH", ["deleted", "name"]],
    ]);
    for (const flagId of flagIds) expect((await featureFlags.getFeatureFlag(http, projectId, flagId)).deleted).toBe(true);
    expect((await writes()).filter((r) => /feature_flags/.test(r.path)).map((r) => [r.method, r.bodyKeys])).toEqual([
      ["PATCH", ["deleted"]],
      ["PATCH", ["deleted"]],
    ]);
  });
});
