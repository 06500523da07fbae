/**
 * The root program's flow (examples/projects-from-config) against a real PostHog, through the real Pulumi CLI:
 * up, outputs (the API token secret), settings changed by hand shown as `old => new` after a refresh and put back by
 * up, a project deleted by hand, adoption of a project whose settings differ, rotation, `@current` and destroy. A
 * preview right after up, a name changed by hand, adoption of an identical project and import are the contract's
 * Project cases (contract.test.ts), against the same PostHog.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { PostHogError, type Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { changedSettings, pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";
import { acceptanceTarget, named, runProjects, transport, type AcceptanceTarget } from "./real-posthog";

let target: AcceptanceTarget;
let session: PulumiSession;
let stack: Stack;
let http: Transport;

type Declared = Record<string, unknown>;
let web: Declared;
let docs: Declared;
/** The project adopted by hand, declared from its test on. */
let adopted: Declared;

const setProjects = (list: Declared[]) => stack.setConfig("projects", { value: JSON.stringify(list) });
const ids = async () => (await stack.outputs())["projectIds"]!.value as Record<string, number>;
const get = (id: number) => projects.getProject(http, target.organizationId, id);
/** The names of this file's projects: the run's prefix, then `main `, as the other files run alongside. */
const main = (name: string) => named(target, `main ${name}`);
/** The projects of this file that PostHog has and is not deleting, by name. */
const ours = async () => (await runProjects(target, main(""))).map((p) => p.name).sort();
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => "",
    (error: Error) => error.message,
  );

beforeAll(async () => {
  target = acceptanceTarget();
  http = transport(target);
  session = await pulumiSession(target);
  stack = await session.stack(repoRoot, `acceptance-projects-${process.pid}`);
  web = {
    resourceName: "web",
    name: main("Web app"),
    timezone: "Europe/Amsterdam",
    anonymizeIps: true,
    sessionRecordingOptIn: true,
    sessionRecordingSampleRate: 0.5,
    appUrls: ["https://app.example.com"],
  };
  docs = { resourceName: "docs", name: main("Docs"), weekStartDay: 1 };
  await setProjects([web, docs]);
});
afterAll(async () => {
  await session?.cleanup();
});

test("up creates the declared projects; ids are outputs, API tokens secret and absent from the state", async () => {
  const up = await stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 3 });
  const projectIds = await ids();
  expect(Object.keys(projectIds).sort()).toEqual(["docs", "web"]);
  expect(await ours()).toEqual([main("Docs"), main("Web app")]);
  const record = await get(projectIds["web"]!);
  expect(record).toMatchObject({ timezone: "Europe/Amsterdam", anonymize_ips: true, session_recording_opt_in: true });
  expect(Number(record.session_recording_sample_rate)).toBe(0.5);

  const exported = session.cli(repoRoot, ["stack", "export", "--stack", stack.name]);
  expect(exported.status).toBe(0);
  expect(exported.stdout).not.toContain(record.api_token);
  expect(exported.stdout).not.toContain(target.apiKey);
  const shown = session.cli(repoRoot, ["stack", "output", "--stack", stack.name]);
  expect(shown.stdout).toContain("[secret]");
  expect(shown.stdout).not.toContain(record.api_token);
  const revealed = session.cli(repoRoot, ["stack", "output", "apiTokens", "--show-secrets", "--json", "--stack", stack.name]);
  expect(JSON.parse(revealed.stdout)["web"]).toBe(record.api_token);
});

test("a change made by hand: refresh, preview --diff shows old => new, up puts it back", async () => {
  const webId = (await ids())["web"]!;
  await projects.updateProject(http, target.organizationId, webId, {
    anonymize_ips: false,
    session_recording_sample_rate: "0.20",
    heatmaps_opt_in: true,
  });
  expect((await stack.refresh()).summary.resourceChanges).toMatchObject({ update: 1 });
  const preview = await stack.preview({ diff: true });
  expect(preview.changeSummary).toMatchObject({ update: 1, same: 2 });
  // heatmapsOptIn is not declared: not managed, no diff.
  expect(changedSettings(preview.stdout)).toEqual(["~ anonymizeIps: false => true", "~ sessionRecordingSampleRate: 0.2 => 0.5"]);

  await stack.up();
  const record = await get(webId);
  expect(record).toMatchObject({ anonymize_ips: true, heatmaps_opt_in: true });
  expect(Number(record.session_recording_sample_rate)).toBe(0.5);
  await stack.preview({ expectNoChanges: true });
});

test("a project deleted by hand leaves the state on refresh, and up creates it again", async () => {
  const docsId = (await ids())["docs"]!;
  await projects.deleteProject(http, target.organizationId, docsId);
  expect((await stack.refresh()).summary.resourceChanges).toMatchObject({ delete: 1 });
  expect((await stack.up()).summary.resourceChanges).toMatchObject({ create: 1 });
  const again = (await ids())["docs"]!;
  expect(again).not.toBe(docsId);
  expect(await get(again)).toMatchObject({ name: main("Docs"), week_start_day: 1 });
});

test("adoptProjectId takes over a project made by hand, with its declared settings and no second project", async () => {
  const handmade = await projects.createProject(http, target.organizationId, { name: main("Made by hand") });
  adopted = { resourceName: "adopted", name: main("Made by hand"), adoptProjectId: handmade.id, timezone: "Asia/Tokyo" };
  await setProjects([web, docs, adopted]);
  expect((await stack.up()).summary.resourceChanges).toMatchObject({ create: 1 });
  expect((await ids())["adopted"]).toBe(handmade.id);
  expect(await get(handmade.id)).toMatchObject({ timezone: "Asia/Tokyo" });
  expect((await ours()).filter((name) => name === main("Made by hand"))).toHaveLength(1);
  await stack.preview({ expectNoChanges: true });
});

test("Project.get reads a project into another program without managing it", async () => {
  const webId = (await ids())["web"]!;
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(repoRoot, ".cache", "acceptance-get-"));
  try {
    // Inside the checkout, so that `pulumi-posthog` resolves to this package (lib/) as it does for the examples.
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: acceptance-get\nruntime: nodejs\nmain: index.ts\n");
    fs.writeFileSync(
      path.join(dir, "index.ts"),
      [
        `import * as pulumi from "@pulumi/pulumi";`,
        `import * as posthog from "pulumi-posthog";`,
        `const seen = posthog.Project.get("seen", new pulumi.Config().require("projectId"));`,
        `export const name = seen.name;`,
        `export const uuid = seen.uuid;`,
        `export const apiToken = seen.apiToken;`,
        ``,
      ].join("\n"),
    );
    const reader = await session.stack(dir, `acceptance-get-${process.pid}`, { projectId: `${target.organizationId}/${webId}` });
    // The stack is the one resource created; the project is read, and recorded as external (not managed).
    expect((await reader.up()).summary.resourceChanges).toEqual({ create: 1 });
    const state = (await reader.exportStack()).deployment as { resources: Array<{ type: string; id?: string; external?: boolean }> };
    expect(state.resources.filter((r) => r.type === "pulumi-nodejs:dynamic/posthog:Project")).toEqual([
      expect.objectContaining({ id: String(webId), external: true }),
    ]);
    const outputs = await reader.outputs();
    const record = await get(webId);
    expect(outputs["name"]!.value).toBe(main("Web app"));
    // A read project's outputs are its identity and token (the slim state); its settings are getProject's.
    expect(outputs["uuid"]!.value).toBe(record.uuid);
    expect(outputs["apiToken"]).toEqual({ value: record.api_token, secret: true });
    // Reading is not managing: destroying the reader leaves the project.
    await reader.destroy();
    expect(await get(webId)).toMatchObject({ name: main("Web app") });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("apiTokenRotation: a new token where PostHog allows it, else an error that says what this PostHog allows", async () => {
  const webId = (await ids())["web"]!;
  const before = (await get(webId)).api_token;
  await setProjects([{ ...web, apiTokenRotation: "2026-11" }, docs, adopted]);
  let rotated = false;
  try {
    const message = await failure(stack.up());
    const after = (await get(webId)).api_token;
    if (target.version === "2025-08-04" || message !== "") {
      // PostHog 2025-08-04 refuses reset_token to personal API keys of every scope (posthog/api/team.py
      // TeamViewSet.reset_token, not in its scope_object actions), so a key with more scopes would not help: the
      // error must say so and what to do instead, not send the user for another key.
      expect(message).toMatch(/reset_token/);
      expect(message).toMatch(/personal API keys? of (any|every) scope/i);
      expect(message).not.toMatch(/use a personal API key with no scope restrictions/i);
      expect(after).toBe(before);
    } else {
      expect(after).not.toBe(before);
      rotated = true;
    }
  } finally {
    // Without the rotation again: a failed up left the state as it was (the next test's up shows it: nothing but its
    // own create), a rotation is recorded by an up.
    await setProjects([web, docs, adopted]);
    if (rotated) await stack.up();
  }
});

test("organizationId @current works as the organization's UUID does: same project, no replacement", async () => {
  const created = { resourceName: "current", name: main("Current"), organizationId: "@current" };
  await setProjects([{ ...web, organizationId: "@current" }, docs, adopted, created]);
  // The project declared with @current instead of the UUID stays as it is: the one change is the new project.
  expect((await stack.up()).summary.resourceChanges).toEqual({ create: 1, same: 4 });
  expect(await get((await ids())["current"]!)).toMatchObject({ name: main("Current"), organization: target.organizationId });
  await stack.preview({ expectNoChanges: true });
});

test("destroy deletes every project; one deleted by hand first counts as deleted", async () => {
  const webId = (await ids())["web"]!;
  await projects.deleteProject(http, target.organizationId, webId);
  await stack.destroy();
  expect(await ours()).toEqual([]);
  const gone = await get(webId).then(
    (record) => record.is_pending_deletion,
    (error: unknown) => error instanceof PostHogError && error.status === 404,
  );
  expect(gone).toBe(true);
});
