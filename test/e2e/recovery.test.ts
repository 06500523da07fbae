/**
 * Failures through the real CLI, as a hostile tester would cause them: creates that half succeed, answers that are
 * lost or garbled, a hard kill in the middle of `pulumi up`, input that must never reach PostHog, and answers that
 * must never be shown as they are. After each, the stack and PostHog agree: no project lost, none duplicated.
 */
import { spawn, spawnSync } from "node:child_process";
import type { Stack } from "@pulumi/pulumi/automation";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { liveProjects } from "../helpers/projects";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let stack: Stack;
let client: Transport;

type Declared = Record<string, unknown>;
const setProjects = (list: Declared[]) => stack.setConfig("projects", { value: JSON.stringify(list) });
const live = () => liveProjects(client, server.organizationId);
const liveNames = async () => (await live()).map((p) => p.name).sort();
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "",
    (error: Error) => error.message,
  );
type Resource = { urn: string; type: string; id?: string; outputs?: Record<string, unknown> };
const stateResources = async () =>
  ((await session.state(stack)).deployment as { resources?: Resource[] }).resources?.filter((r) => r.type.endsWith(":Project")) ?? [];

beforeAll(async () => {
  server = await startLocalPostHog();
  client = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
  stack = await session.stack(repoRoot, `e2e-recovery-${process.pid}`);
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});
afterEach(async () => {
  await server.control.clearFaults();
  await server.control.patchOrganization(server.organizationId, { ignoredSettings: [] });
});

/**
 * A stack with nothing in it and a PostHog with no project, for a case that starts from scratch: a `pulumi destroy` of
 * the previous case's stack would cost the CLI, its plugins and a DELETE per project, and check nothing.
 */
async function startAfresh(name: string): Promise<void> {
  for (const project of await live()) await server.control.deleteProject(project.id);
  stack = await session.stack(repoRoot, `e2e-recovery-${name}-${process.pid}`);
}

describe("keys every JavaScript object has", () => {
  test("additionalSettings { constructor: 1 } is refused at preview and at up, naming it; nothing is created; no hang", async () => {
    // Before: check let it through, PostHog made the project, and `pulumi up` never returned (the create's answer
    // held a function Pulumi's host could not encode): the lock stayed and the project was orphaned.
    await setProjects([{ resourceName: "prototype", name: "Prototype", additionalSettings: { constructor: 1 } }]);
    await server.clearRequests();
    // The program stops it first (the provider's check refuses it too, for programs in other languages).
    const refusal =
      /posthog\.Project "prototype": additionalSettings\.constructor is a key named like a property every JavaScript object has/;
    expect(await within(120_000, "pulumi preview", failureOf(stack.preview()))).toMatch(refusal);
    const { status, output } = await within(120_000, "pulumi up", pulumi(["up", "--yes", "--skip-preview"]).done);
    expect(status).not.toBe(0);
    expect(output).toMatch(refusal);
    expect(await server.requests()).toEqual([]);
    expect(await liveNames()).toEqual([]);
    expect(await stateResources()).toEqual([]);
  });
});

/**
 * One stack through one `up` in which every create meets its own fault (run with --continue-on-error, so that each
 * runs to its own outcome), one `up --refresh` that converges, and destroy. Each test reads what the one before left.
 * (Refreshes that fail, a key that cannot see the organization and a host that does not answer, are Read calls through
 * Pulumi's real dynamic-provider host: resources/dynamic-provider.)
 */
describe("creates that half succeed, answers lost or garbled, refreshes that fail, then one up that converges", () => {
  // The provider sends JSON.stringify's body: no space after the colon.
  const named = (name: string) => `"name":"${name}"`;
  const halfMade = [
    { resourceName: "gated", name: "Gated", heatmapsOptIn: true },
    { resourceName: "dash", name: "Dashboards", primaryDashboard: 987654 },
  ];
  const faulted = [
    { resourceName: "proxied", name: "Behind a proxy" },
    { resourceName: "committed", name: "Committed then 500" },
    { resourceName: "answered", name: "Answered wrongly" },
    ...Array.from({ length: 10 }, (_, i) => ({ resourceName: `p${i}`, name: `Project ${i}` })),
  ];
  const noisy = { resourceName: "noisy", name: "Noisy" };
  const made = [...halfMade, ...faulted].map((p) => p.name);
  const token = "phc_LeakedTokenLeakedTokenLeakedToken0123";
  let other: { id: number };
  /** The faults answering one create each: the proxy's page, the 500 after the commit, the other project's record. */
  let once: string[];
  let noisyFault: string;
  let failure: string;

  beforeAll(async () => {
    other = await projects.createProject(client, server.organizationId, { name: "Somebody else's" });
    await server.control.patchOrganization(server.organizationId, { ignoredSettings: ["heatmaps_opt_in"] });
    await setProjects([...halfMade, ...faulted, noisy]);
    const create = { method: "POST", path: "/projects/?$", afterCommit: true };
    once = [
      await server.fault({ ...create, requestBody: named("Behind a proxy"), status: 201, body: "<html>proxy</html>" }),
      await server.fault({ ...create, requestBody: named("Committed then 500"), status: 500 }),
      await server.fault({ ...create, requestBody: named("Answered wrongly"), status: 201, body: other }),
    ];
    await server.fault({ method: "POST", path: "/projects/?$", requestBody: named("Project \\d"), status: 503, count: 10 });
    noisyFault = await server.fault({
      method: "POST",
      path: "/projects/?$",
      requestBody: named("Noisy"),
      status: 500,
      body: { type: "server_error", code: "error", detail: `crash near ${token}`, attr: null },
      // A 500 to a create is ambiguous: looked up and sent again, so every attempt has to fail for the create to fail.
      count: 100,
    });
    await server.clearRequests();
    // --continue-on-error: each create runs to its own failure (without it, Pulumi may stop at the first).
    failure = await failureOf(stack.up({ continueOnError: true }));
    await server.control.clearFaults();
  });

  test("one up: a plan-gated setting fails by name, a PATCH after create fails naming the project; both are in the state with __provider", async () => {
    expect(failure).toMatch(/PostHog accepted but did not apply heatmapsOptIn/);
    expect(failure).toMatch(/Project \d+ exists, but setting primaryDashboard failed/);
    const recorded = (await stateResources()).filter((r) => ["Gated", "Dashboards"].includes(String(r.outputs?.["name"])));
    expect(recorded.map((r) => r.outputs?.["name"]).sort()).toEqual(["Dashboards", "Gated"]);
    // Before, the state lacked __provider, and refresh, up and destroy (below) crashed with "code must be a string, not
    // undefined".
    expect(recorded.map((r) => r.outputs?.["__provider"])).toEqual([expect.any(String), expect.any(String)]);
  });

  test("one up where each create meets its own fault (a 2xx that does not parse, a 500 after PostHog committed, another project's record, a 503 on each of ten creates): every project is made once and recorded with its own id", async () => {
    const live = await liveProjects(client, server.organizationId);
    expect(live.map((p) => p.name).sort()).toEqual([...made, "Somebody else's"].sort());
    const idOf = (name: string) => live.find((p) => p.name === name)?.id;
    expect(Object.fromEntries((await stateResources()).map((r) => [r.outputs?.["name"], Number(r.id)]))).toEqual(
      Object.fromEntries(made.map((name) => [name, idOf(name)])),
    );
    // Each faulted create was answered by its fault once and never sent again; the ten were each sent again after
    // their 503: 3 + 10 + 10 creates, and one for each half-made project.
    const creates = await server.requests({ method: "POST", path: /\/projects\/?$/ });
    expect(once.map((id) => creates.filter((r) => r.fault === id).map((r) => r.status))).toEqual([[201], [500], [201]]);
    expect(creates.filter((r) => r.status === 503)).toHaveLength(10);
    expect(creates.filter((r) => r.fault !== noisyFault)).toHaveLength(25);
  });

  test("a token in an error body is redacted from everything the CLI prints", async () => {
    // The Automation API's error holds the CLI's whole stdout and stderr.
    expect(failure).toMatch(/crash near phc_…\[redacted\]/);
    expect(failure).not.toContain(token);
    expect(await liveNames()).not.toContain("Noisy");
  });

  test("then up --refresh with the settings corrected converges: the half-made projects are refreshed and updated, a project deleted by hand leaves the state and is created again", async () => {
    await server.control.patchOrganization(server.organizationId, { ignoredSettings: [] });
    const [gone] = (await stateResources()).filter((r) => r.outputs?.["name"] === "Project 0");
    await server.control.deleteProject(Number(gone!.id));
    await setProjects([halfMade[0]!, { resourceName: "dash", name: "Dashboards" }, ...faulted, noisy]);
    const up = await stack.up({ refresh: true });
    // The project deleted by hand and the one whose every create failed.
    expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
    const live = await liveProjects(client, server.organizationId);
    expect(live.map((p) => p.name).sort()).toEqual([...made, "Noisy", "Somebody else's"].sort());
    expect((await stateResources()).map((r) => Number(r.id)).sort()).toEqual(
      live
        .filter((p) => p.id !== other.id)
        .map((p) => p.id)
        .sort(),
    );
    expect(live.find((p) => p.name === "Project 0")!.id).not.toBe(Number(gone!.id));
    expect(live.find((p) => p.name === "Gated")).toMatchObject({ heatmaps_opt_in: true });
  });

  test("destroy then removes every project of the stack, the half-made ones too, and leaves the other project alone", async () => {
    await stack.destroy();
    expect(await liveNames()).toEqual(["Somebody else's"]);
    await projects.deleteProject(client, server.organizationId, other.id);
  });
});

/**
 * `pulumi <args>` as a user types it, in a child process that this one does not wait for synchronously: the local
 * server answers from this process's event loop.
 */
function pulumi(
  args: string[],
  env: Record<string, string> = {},
): { child: ReturnType<typeof spawn>; done: Promise<{ status: number | null; output: string }> } {
  const child = spawn("pulumi", [...args, "--stack", stack.name], {
    cwd: repoRoot,
    env: { ...process.env, ...session.env, ...env },
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ status: number | null; output: string }>((resolve) =>
    child.on("exit", (status) => resolve({ status, output })),
  );
  return { child, done };
}

/** The processes below `pid`, children first. */
function descendants(pid: number): number[] {
  const children = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** What Pulumi prints while a killed run's pending creates are in the state. */
const PENDING_WARNING = /pending operations? from previous (deployment|update)/i;

describe("a hard kill in the middle of up", () => {
  /** Starts `pulumi up`, waits until a create has reached PostHog, and signals the process group as a terminal would. */
  async function interruptUp(signal: NodeJS.Signals, creates = 1): Promise<string> {
    // Each POST is held for 3 s by the server, then committed whatever became of the client. The server takes a
    // fault when the request arrives, so the fault's disappearing says the creates are in flight.
    await server.fault({ method: "POST", path: "/projects/?$", delayMs: 3_000, count: creates });
    const inFlight = async () => (await server.control.faults()).length === 0;
    const { child, done } = pulumi(["up", "--yes", "--skip-preview"]);
    for (let waited = 0; !(await inFlight()); waited += 100) {
      if (waited > 120_000) throw new Error("pulumi up never sent the create");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The CLI's plugins (language host, dynamic-provider host) run in process groups of their own: a SIGKILL of the
    // CLI's group leaves them running for minutes (README "Troubleshooting"). They are stopped here by id.
    const plugins = descendants(child.pid!);
    process.kill(-child.pid!, signal);
    const { output } = await done;
    if (signal === "SIGKILL") {
      for (const pid of plugins) {
        try {
          process.kill(pid, "SIGTERM");
        } catch {
          // Gone already.
        }
      }
    }
    // Let the held POST be committed.
    for (let waited = 0; (await live()).length < creates && waited < 10_000; waited += 200) await new Promise((r) => setTimeout(r, 200));
    return output;
  }

  test("SIGKILL leaves a project the state does not know; up --continue-on-error names it; clearing the pending create and adopting converge", async () => {
    await startAfresh("killed");
    await setProjects([
      { resourceName: "killed", name: "Killed mid-up" },
      { resourceName: "bystander", name: "Bystander" },
    ]);
    await interruptUp("SIGKILL", 2);
    const orphans = await live();
    expect(orphans.map((p) => p.name).sort()).toEqual(["Bystander", "Killed mid-up"]);
    // A killed CLI leaves its lock (`pulumi cancel` removes it, as the CLI says) and a pending create in the state.
    expect((await pulumi(["cancel", "--yes"]).done).status).toBe(0);
    expect(await stateResources()).toEqual([]);
    expect((await session.state(stack)).deployment).toHaveProperty("pending_operations");

    // --continue-on-error: every project the killed run made is named (without it, Pulumi stops at the first).
    const recovery = await pulumi(["up", "--yes", "--skip-preview", "--continue-on-error"]).done;
    expect(recovery.status).not.toBe(0);
    for (const orphan of orphans) {
      const record = await projects.getProject(client, server.organizationId, orphan.id);
      expect(recovery.output).toContain(
        `A project named "${orphan.name}" already exists in organization ${server.organizationId}: project ${orphan.id} (created ${record.created_at})`,
      );
      expect(recovery.output).toContain(`set \`adoptProjectId: ${orphan.id}\``);
    }
    // The killed run's pending creates are still recorded: Pulumi warns on every run until they are cleared.
    expect(recovery.output).toMatch(PENDING_WARNING);
    expect(await liveNames()).toEqual(["Bystander", "Killed mid-up"]);

    const cleared = await pulumi(["refresh", "--yes", "--skip-preview", "--clear-pending-creates"]).done;
    expect(cleared.status).toBe(0);
    const idOf = (name: string) => orphans.find((p) => p.name === name)!.id;
    await setProjects([
      { resourceName: "killed", name: "Killed mid-up", adoptProjectId: idOf("Killed mid-up") },
      { resourceName: "bystander", name: "Bystander", adoptProjectId: idOf("Bystander") },
    ]);
    const adopted = await pulumi(["up", "--yes", "--skip-preview"]).done;
    expect(adopted.status).toBe(0);
    expect(adopted.output).not.toMatch(PENDING_WARNING);
    expect(adopted.output).not.toMatch(/pending/i);

    expect((await live()).map((p) => p.id).sort()).toEqual((await stateResources()).map((r) => Number(r.id)).sort());
    expect(await liveNames()).toEqual(["Bystander", "Killed mid-up"]);
  });

  test("SIGINT waits for the create in flight and records it: nothing to recover", async () => {
    await startAfresh("interrupted");
    await setProjects([{ resourceName: "interrupted", name: "Interrupted" }]);
    await interruptUp("SIGINT");
    const made = await live();
    expect(made.map((p) => p.name)).toEqual(["Interrupted"]);
    expect((await stateResources()).map((r) => Number(r.id))).toEqual([made[0]!.id]);
    // Nothing pending for the next run to recover (a killed run leaves its create here: the SIGKILL case); that what is
    // recorded then previews with no change is the lifecycle's diff (resources/dynamic-provider).
    expect((await session.state(stack)).deployment).not.toHaveProperty("pending_operations");
  });
});

/** `promise`, or a failure naming `what` once `ms` have passed: a hang fails the test instead of stalling it. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Objects that are not this stack's, or no longer there, through one program of flags, an action, a survey, a cohort,
 * an annotation and a launched experiment: stack A (the default key's user) manages them; stack B (another user's
 * key) declares the same flag, action and survey.
 */
describe("objects that are not this stack's, or no longer there", () => {
  let dir: string;
  let a: Stack;
  let b: Stack;
  let projectId: number;
  let theirs: Record<string, unknown>;
  const shared = { flag: "shared-flag", action: "shared-action", survey: "shared-survey" };
  const resourcesOf = async (s: Stack) =>
    ((await session.state(s)).deployment as { resources?: Resource[] }).resources?.filter((r) => !r.type.startsWith("pulumi:")) ?? [];

  beforeAll(async () => {
    projectId = (await projects.createProject(client, server.organizationId, { name: "Shared objects" })).id;
    dir = session.nodeProgram("posthog-ownership", [
      `import * as pulumi from "@pulumi/pulumi";`,
      `import * as posthog from "pulumi-posthog";`,
      ``,
      `const config = new pulumi.Config();`,
      `const projectId = config.requireNumber("projectId");`,
      `const names = config.getObject<Record<string, string>>("names") ?? {};`,
      `const flag = new posthog.FeatureFlag("${shared.flag}", { projectId, key: "shared-key", name: names["flag"] });`,
      `const action = new posthog.Action("${shared.action}", { projectId, name: "Shared action" });`,
      `const survey = new posthog.Survey("${shared.survey}", {`,
      `  projectId,`,
      `  name: "Shared survey",`,
      `  type: "popover",`,
      `  questions: [{ type: "open", question: "Anything else?" }],`,
      `});`,
      `export const flagId = flag.flagId;`,
      `export const actionId = action.actionId;`,
      `export const surveyId = survey.surveyId;`,
      `const all = !config.getBoolean("sharedOnly");`,
      `const variants = [{ key: "control", rollout_percentage: 50 }, { key: "test", rollout_percentage: 50 }];`,
      `const experimentFlag = all`,
      `  ? new posthog.FeatureFlag("experiment-flag", { projectId, key: config.require("experimentFlagKey"), filters: { groups: [{ rollout_percentage: 100 }], multivariate: { variants } } })`,
      `  : undefined;`,
      `const experiment = experimentFlag`,
      `  ? new posthog.Experiment("running", { projectId, name: "Running", featureFlagKey: config.get("experimentKey") ?? experimentFlag.key, launched: true })`,
      `  : undefined;`,
      `const cohort = all`,
      `  ? new posthog.Cohort("cohort", { projectId, name: names["cohort"] ?? "Cohort", filters: { properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "plan", operator: "exact", value: ["pro"] }] }] } } })`,
      `  : undefined;`,
      `const note = all ? new posthog.Annotation("note", { projectId, content: names["note"] ?? "Note", dateMarker: "2026-01-01T00:00:00Z" }) : undefined;`,
      `export const experimentId = experiment?.experimentId;`,
      `export const experimentStart = experiment?.startDate;`,
      `export const cohortId = cohort?.cohortId;`,
      `export const noteId = note?.annotationId;`,
    ]);
    a = await session.stack(dir, `e2e-ownership-a-${process.pid}`, { projectId: String(projectId), experimentFlagKey: "running-v1" });
    b = await session.stack(dir, `e2e-ownership-b-${process.pid}`, { projectId: String(projectId), sharedOnly: "true" });
    await b.setConfig("posthog:apiKey", { value: await server.key({}), secret: true });
    theirs = (await a.up()).outputs as unknown as Record<string, unknown>;
  });

  const id = (name: string) => (theirs[name] as { value: unknown }).value;

  test("another stack's flag, action and survey: a lost create (a proxy's 502) names the flag and the survey with adoptId; a create PostHog refuses as taken names the action; none is recorded", async () => {
    // The lost create and the refusal, for each kind and both ways, are kit/lost-create's; here one of each through the
    // CLI, in one run.
    for (const kind of ["feature_flags", "surveys"]) await server.fault({ method: "POST", path: `/${kind}/?$`, status: 502 });
    const message = await failureOf(b.up());
    expect(message).toContain(`feature flag ${id("flagId")} (created `);
    expect(message).toContain(`set \`adoptId: ${id("flagId")}\``);
    expect(message).toContain(`survey ${id("surveyId")} (created `);
    // Made a minute before, they are told apart by PostHog's clock before who made them is asked.
    expect(message).toMatch(/it was created before this create was sent/);
    expect(message).toContain(`PostHog already has an action named "Shared action": action ${id("actionId")} (created `);
    expect(message).toContain(`set \`adoptId: ${id("actionId")}\``);
    expect(await resourcesOf(b)).toEqual([]);
    expect((await featureFlags.getFeatureFlag(client, projectId, Number(id("flagId")))).deleted).toBe(false);
  });

  test("the same flag key, action name and survey name in another stack of the same user: creates a proxy answers 502 (they never reach PostHog) take none of stack A's objects, seconds old, naming each with adoptId; nothing is recorded", async () => {
    // Made by this key's user and holding what B sends: only PostHog's clock, measured from its answers, shows them
    // older than B's creates (allowing minutes of clock difference took them, and B's destroy then deleted them).
    await b.removeConfig("posthog:apiKey");
    for (const kind of ["feature_flags", "actions", "surveys"]) await server.fault({ method: "POST", path: `/${kind}/?$`, status: 502 });
    await server.clearRequests();
    const message = await failureOf(b.up({ continueOnError: true }));
    for (const [output, noun] of [
      ["flagId", "feature flag"],
      ["actionId", "action"],
      ["surveyId", "survey"],
    ] as const) {
      expect(message).toContain(`${noun} ${id(output)} (created `);
      // Surveys are keyed by UUID, the others by number.
      expect(message).toContain(`set \`adoptId: ${JSON.stringify(id(output))}\``);
    }
    expect(message).toMatch(/it was created before this create was sent \(\S+ by PostHog's clock, at the earliest\)/);
    expect(await resourcesOf(b)).toEqual([]);
    const creates = await server.requests({ method: "POST" });
    expect(creates.map((r) => r.status)).toEqual([502, 502, 502]);
    expect((await featureFlags.getFeatureFlag(client, projectId, Number(id("flagId")))).deleted).toBe(false);
  });

  test("pointing a launched experiment at another flag's key is refused at preview, naming allowReplaceWhileLaunched", async () => {
    await a.setConfig("experimentKey", { value: "shared-key" });
    const refused = await failureOf(a.preview());
    await a.removeConfig("experimentKey");
    expect(refused).toContain(`Experiment ${id("experimentId")} is launched`);
    expect(refused).toContain(`changing featureFlagKey to "shared-key", the key of another flag (${id("flagId")})`);
    expect(refused).toContain("allowReplaceWhileLaunched: true");
    expect((await experiments.getExperiment(client, projectId, Number(id("experimentId")))).deleted).toBeFalsy();
  });

  test("one up: renaming the key of a launched experiment's flag keeps the experiment; a flag, a cohort and an annotation deleted by hand, then renamed, are each said gone instead of updated", async () => {
    await featureFlags.deleteFeatureFlag(client, projectId, Number(id("flagId")));
    await cohorts.deleteCohort(client, projectId, Number(id("cohortId")));
    await annotations.deleteAnnotation(client, projectId, Number(id("noteId")));
    await a.setConfig("names", { value: JSON.stringify({ flag: "Renamed flag", cohort: "Renamed cohort", note: "Renamed note" }) });
    await a.setConfig("experimentFlagKey", { value: "running-v2" });
    // Without it, Pulumi starts no step after the first failure, and which of the three fail first is the engine's choice.
    const message = await failureOf(a.up({ continueOnError: true }));
    expect(message).toContain(
      `Feature flag ${id("flagId")} no longer exists in PostHog (it was deleted outside Pulumi), so it was not updated`,
    );
    expect(message).toContain(
      `Cohort ${id("cohortId")} no longer exists in PostHog (it was deleted outside Pulumi), so it was not updated`,
    );
    expect(message).toContain(`Annotation ${id("noteId")} no longer exists in PostHog`);
    // The state keeps the old names: the next preview shows the change again.
    const outputsOf = async (name: string) => (await resourcesOf(a)).find((r) => r.urn.endsWith(`::${name}`))?.outputs;
    expect((await outputsOf(shared.flag))?.["name"]).not.toBe("Renamed flag");
    expect((await outputsOf("cohort"))?.["name"]).toBe("Cohort");
    expect((await outputsOf("note"))?.["content"]).toBe("Note");

    // The experiment followed its flag's new key: the same experiment (id, start date), updated, not replaced.
    expect((await outputsOf("experiment-flag"))?.["key"]).toBe("running-v2");
    expect(await outputsOf("running")).toMatchObject({ experimentId: id("experimentId"), startDate: id("experimentStart") });
    expect(await experiments.getExperiment(client, projectId, Number(id("experimentId")))).toMatchObject({
      feature_flag_key: "running-v2",
      start_date: id("experimentStart"),
    });
  });
});
