/**
 * The PostHog the acceptance tier (`npm run test:acceptance`) runs against: a real PostHog, never the bundled
 * imitation.
 *
 * - `POSTHOG_ACCEPTANCE_HOST`, `POSTHOG_ACCEPTANCE_API_KEY` and `POSTHOG_ACCEPTANCE_ORGANIZATION_ID` set: that PostHog
 *   (Cloud or any self-hosted one), assumed to be nothing more than its API and a key of `ACCEPTANCE_SCOPES`. The
 *   tests that need a project of their own use `POSTHOG_ACCEPTANCE_PROJECT_ID`, else a project made for the run (and
 *   deleted with the rest). Which PostHog version answers is `POSTHOG_ACCEPTANCE_VERSION`, else detected (`detectVersion`).
 * - Otherwise PostHog's own backend from the `shared/posthog` scripts beside this checkout (or in a parent of it; or
 *   the directory `POSTHOG_BACKEND_DIR` names), built from its bundled source (2025-08-04) or from the source
 *   `POSTHOG_SOURCE` names: setup.sh (idempotent) and start.sh when /_health does not answer, and stop.sh at the end
 *   for what this run started. One already answering is reused and left running.
 *
 * Jest's globalSetup (./global-setup.ts) provisions the target once and hands it to the test files in the
 * environment; `acceptanceTarget()` reads it there. Everything a run creates carries the run's `prefix` and is
 * deleted afterwards: by each file's afterAll, then by `sweep` in globalTeardown, which also deletes what runs that
 * died more than six hours ago left behind.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { PostHogError, type ProjectRecord, Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import type { PostHogEndpoint } from "../helpers/pulumi-cli";

/** The PostHog versions the tier knows apart: the 2025-08-04 one (its backend's source), and today's (PostHog Cloud). */
export const VERSIONS = ["2025-08-04", "current"] as const;
export type PostHogVersion = (typeof VERSIONS)[number];

/**
 * The scopes of the key an external target is given (docs/guide.md lists them): what the test files call with it, each
 * the `scope_object` of PostHog's viewsets (posthog/scopes.py; a `:write` scope also grants `:read`,
 * posthog/permissions.py `APIScopePermission`). Not organization:read: the provider asks for the organization only
 * to tell a deleted project from a hidden one when the organization lists no project, and the run's own is listed.
 */
export const ACCEPTANCE_SCOPES = [
  // Projects and their environments: create, read, change, delete (posthog/api/project.py, posthog/api/team.py).
  "project:write",
  // Group types and groups: the lookups (ee/clickhouse/views/groups.py, posthog/api/group_type_mapping.py).
  "group:read",
  // The kinds the provider manages, each under its own scope object.
  "feature_flag:write",
  "cohort:write",
  "action:write",
  "annotation:write",
  "dashboard:write",
  "insight:write",
  "survey:write",
  "experiment:write",
  "hog_function:write",
  "warehouse_view:write",
  // Self-managed warehouse tables (TableViewSet: `scope_object = "warehouse_table"`).
  "warehouse_table:write",
  "session_recording_playlist:write",
  "notebook:write",
  // Refused by a plan without `subscriptions` before any scope is looked at (402).
  "subscription:write",
  // Error tracking rules (products/error_tracking/backend/api/: `scope_object = "error_tracking"`).
  "error_tracking:write",
  // The current user, whom an alert notifies (posthog/api/user.py): read where alerts are tried (2025-08-04).
  "user:read",
] as const;

export interface AcceptanceTarget extends PostHogEndpoint {
  /**
   * The project the tests that need one of their own use: `POSTHOG_ACCEPTANCE_PROJECT_ID`, the local backend's
   * first project, else one made for this run.
   */
  projectId: number;
  /**
   * Personal API keys by scope: `projectWrite` is `apiKey`. The local backend makes three: `projectWrite` with
   * project:read, project:write and group:read, `organizationRead` with organization:read too, `all` with `*`. An
   * external target has `apiKey` alone.
   */
  keys: { projectWrite: string; organizationRead?: string; all?: string };
  /** The scopes of `apiKey`, as PostHog shows them (`*` for all), else those it was asked to have (`ACCEPTANCE_SCOPES`). */
  keyScopes: string[];
  /** Starts the name of everything this run creates: `acc-<time>-<random>-`. */
  prefix: string;
  /** The PostHog version that answers: its rules are the ones the tests expect. */
  version: PostHogVersion;
  /** How the version was found, for the run's first line. */
  versionFrom: string;
  /** `projectId` was made for this run (named with its prefix: deleted by `sweep`). */
  projectMadeForRun: boolean;
  /** The local backend seeded group type `company` (index 0) with group `acme` ("Acme Inc") on `projectId` (bootstrap.py). */
  seededGroups: boolean;
  /** Whether this PostHog has ClickHouse (event queries): false for the local backend, unknown for an external one. */
  clickhouse?: boolean;
  /** The local backend's user, who can mint keys in a session (personal API keys cannot: posthog/api/personal_api_key.py). */
  account?: { email: string; password: string };
}

const ENV_TARGET = "POSTHOG_ACCEPTANCE_TARGET";
const PREFIX_ROOT = "acc-";
/** A run that left projects behind this long ago has ended, however it ended. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const repoRoot = path.resolve(__dirname, "..", "..");

/** The target provisioned by globalSetup for this run. */
export function acceptanceTarget(): AcceptanceTarget {
  const raw = process.env[ENV_TARGET];
  if (!raw) throw new Error(`No acceptance target: run \`npm run test:acceptance\` (or jest -c jest.acceptance.config.js).`);
  return JSON.parse(raw) as AcceptanceTarget;
}

/** A client for the target, with this key (default the target's own). */
export function transport(target: AcceptanceTarget, apiKey = target.apiKey): Transport {
  return new Transport({ host: target.url, apiKey, rateLimits: false });
}

/**
 * The target's own project with the all-access key where the target has one (flags, cohorts, actions, dashboards,
 * surveys… each need scopes of their own): the key, a client, and a provider connection configured for it.
 */
export function inTargetProject(target: AcceptanceTarget) {
  const apiKey = target.keys.all ?? target.apiKey;
  const client = transport(target, apiKey);
  const projectId = target.projectId;
  const config = { host: target.url, apiKey, organizationId: target.organizationId, projectId: String(projectId) };
  return { apiKey, client, projectId, connection: { config, transport: client } };
}

/** A name for something this run creates: the run's prefix, then `name`. */
export function named(target: AcceptanceTarget, name: string): string {
  return `${target.prefix}${name}`;
}

/**
 * The projects of this run whose names start with `namePrefix` (default: the run's prefix) that PostHog has and is not
 * deleting (today's PostHog lists a deleted project for a while). Only those are read one by one: the other test
 * files, running alongside, delete theirs meanwhile or leave one that cannot be read (versions.test.ts breaks one).
 */
export async function runProjects(target: AcceptanceTarget, namePrefix = target.prefix): Promise<ProjectRecord[]> {
  if (!namePrefix.startsWith(target.prefix)) throw new Error(`${namePrefix} is not a name of this run (${target.prefix}…)`);
  const http = transport(target);
  const listed = (await projects.listProjects(http, target.organizationId)).filter((p) => p.name.startsWith(namePrefix));
  const records = await Promise.all(
    listed.map((p) =>
      projects.getProject(http, target.organizationId, p.id).catch((error: unknown) => {
        if (error instanceof PostHogError && error.status === 404) return undefined;
        throw error;
      }),
    ),
  );
  return records.filter((r): r is ProjectRecord => r !== undefined && r.is_pending_deletion !== true);
}

/** What globalSetup did, for globalTeardown: the target, and the backend scripts if this run started the backend. */
export interface Provisioned {
  target: AcceptanceTarget;
  startedBackend?: { stopScript: string; env: NodeJS.ProcessEnv };
}

export async function provision(): Promise<Provisioned> {
  const prefix = `${PREFIX_ROOT}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}-`;
  const host = process.env["POSTHOG_ACCEPTANCE_HOST"];
  const apiKey = process.env["POSTHOG_ACCEPTANCE_API_KEY"];
  const organizationId = process.env["POSTHOG_ACCEPTANCE_ORGANIZATION_ID"];
  if (host || apiKey || organizationId) {
    if (!host || !apiKey || !organizationId)
      throw new Error(
        "Set all three of POSTHOG_ACCEPTANCE_HOST, POSTHOG_ACCEPTANCE_API_KEY and POSTHOG_ACCEPTANCE_ORGANIZATION_ID (or none, to run PostHog's backend here).",
      );
    const url = host.replace(/\/+$/, "");
    const http = new Transport({ host: url, apiKey, rateLimits: false });
    const keyScopes = await shownScopes(http);
    const lacking = ACCEPTANCE_SCOPES.filter((scope) => keyScopes && !grants(keyScopes, scope));
    if (lacking.length > 0)
      throw new Error(`POSTHOG_ACCEPTANCE_API_KEY lacks ${lacking.join(", ")}: the tier needs ${ACCEPTANCE_SCOPES.join(", ")}.`);
    const givenProject = process.env["POSTHOG_ACCEPTANCE_PROJECT_ID"];
    // Made before the version is told by the project list, which then holds one.
    const projectId = givenProject
      ? Number(givenProject)
      : (await projects.createProject(http, organizationId, { name: `${prefix}target` })).id;
    const target: AcceptanceTarget = {
      url,
      apiKey,
      organizationId,
      projectId,
      projectMadeForRun: !givenProject,
      keys: { projectWrite: apiKey },
      keyScopes: keyScopes ?? [...ACCEPTANCE_SCOPES],
      prefix,
      ...(givenVersion() ?? (await detectVersion(http, organizationId))),
      seededGroups: false,
    };
    return { target };
  }
  return provisionLocalBackend(prefix);
}

/** Whether these scopes grant `scope`: itself, or for `:read` the object's `:write` (posthog/permissions.py `APIScopePermission`). */
export function grants(scopes: readonly string[], scope: string | undefined): boolean {
  if (scope === undefined) return false;
  return scopes.includes("*") || scopes.includes(scope) || (scope.endsWith(":read") && scopes.includes(scope.replace(/:read$/, ":write")));
}

/** `POSTHOG_ACCEPTANCE_VERSION`, when set: one of `VERSIONS`. */
function givenVersion(): Pick<AcceptanceTarget, "version" | "versionFrom"> | undefined {
  const given = process.env["POSTHOG_ACCEPTANCE_VERSION"];
  if (!given) return undefined;
  if (!(VERSIONS as readonly string[]).includes(given))
    throw new Error(
      `POSTHOG_ACCEPTANCE_VERSION=${given}: the tier knows ${VERSIONS.join(" and ")} (today's PostHog, as PostHog Cloud runs).`,
    );
  return { version: given as PostHogVersion, versionFrom: "POSTHOG_ACCEPTANCE_VERSION" };
}

/**
 * Which of `VERSIONS` answers, from the organization's project list (project:read): today's rows carry `project_id`
 * (posthog/api/shared.py `ProjectBackwardCompatBasicSerializer` declares it, "ID of the project this environment
 * belongs to"); the 2025-08-04 rows do not (the same serializer's Meta.fields there, upstream 29dbf9d). A PostHog
 * older than that lacks it too and is judged by the 2025-08-04 rules, the nearest the tier knows.
 */
async function detectVersion(http: Transport, organizationId: string): Promise<Pick<AcceptanceTarget, "version" | "versionFrom">> {
  const page = await http.request({
    method: "GET",
    path: `/api/organizations/${organizationId}/projects/?limit=1`,
    schema: z.object({ results: z.array(z.record(z.string(), z.unknown())) }),
    subject: `the projects of organization ${organizationId}`,
  });
  const row = page.results[0];
  if (row === undefined)
    throw new Error(`Organization ${organizationId} lists no project to tell PostHog's version by: set POSTHOG_ACCEPTANCE_VERSION.`);
  return "project_id" in row
    ? { version: "current", versionFrom: "detected: its project list rows carry project_id" }
    : { version: "2025-08-04", versionFrom: "detected: its project list rows lack project_id" };
}

/**
 * The key's scopes as PostHog shows them to the key itself (`/api/personal_api_keys/@current/`: any key in PostHog
 * 2025-08-04, one with personal_api_key:read today, posthog/api/personal_api_key.py), else undefined.
 */
async function shownScopes(http: Transport): Promise<string[] | undefined> {
  try {
    const key = await http.request({
      method: "GET",
      path: "/api/personal_api_keys/@current/",
      schema: z.object({ scopes: z.array(z.string()).nullable().optional() }),
      subject: "this personal API key",
    });
    // An empty list is a key from before scopes: it may do anything (posthog/permissions.py APIScopePermission).
    return key.scopes && key.scopes.length > 0 ? key.scopes : ["*"];
  } catch (error) {
    if (error instanceof PostHogError && (error.status === 403 || error.status === 404)) return undefined;
    throw error;
  }
}

/** The scripts that run PostHog's backend: `POSTHOG_BACKEND_DIR`, else `shared/posthog` beside this checkout or above. */
export function backendScripts(): string {
  const given = process.env["POSTHOG_BACKEND_DIR"];
  if (given) return path.resolve(given);
  for (let dir = path.dirname(repoRoot); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "shared", "posthog");
    if (fs.existsSync(path.join(candidate, "setup.sh"))) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(
    "No PostHog to test against: set POSTHOG_ACCEPTANCE_HOST, POSTHOG_ACCEPTANCE_API_KEY and POSTHOG_ACCEPTANCE_ORGANIZATION_ID, or POSTHOG_BACKEND_DIR to the directory of PostHog's backend scripts (setup.sh, start.sh, stop.sh).",
  );
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/_health`, { signal: AbortSignal.timeout(5_000) })).status === 200;
  } catch {
    return false;
  }
}

/**
 * Runs one of the backend's scripts with its output in `log`, not in a pipe: the services start.sh leaves running
 * inherit its descriptors, and a pipe they hold open would never end (spawnSync waits for it).
 */
function script(file: string, args: string[], env: NodeJS.ProcessEnv, log: string): void {
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const out = fs.openSync(log, "a");
  try {
    const result = spawnSync("bash", [file, ...args], { env, stdio: ["ignore", out, out] });
    if (result.status !== 0) {
      const tail = fs.readFileSync(log, "utf8").split("\n").slice(-30).join("\n");
      throw new Error(`${file} ${args.join(" ")} failed (exit ${result.status ?? result.signal}); the end of ${log}:\n${tail}`);
    }
  } finally {
    fs.closeSync(out);
  }
}

async function provisionLocalBackend(prefix: string): Promise<Provisioned> {
  const scripts = backendScripts();
  const env: NodeJS.ProcessEnv = { ...process.env };
  const source = process.env["POSTHOG_SOURCE"];
  // A checked-out tree is used where it is (setup.sh and start.sh must agree on it); archives and git directories are
  // unpacked by setup.sh into its own tree.
  if (source && fs.existsSync(path.join(source, "manage.py"))) env["PH_SRC"] = path.resolve(source);
  const realDir = env["REAL_POSTHOG_DIR"] ?? "/var/tmp/real-posthog";
  const dataDir = path.join(realDir, "data");
  const log = path.join(realDir, "logs", "acceptance.log");
  const url = `http://127.0.0.1:${env["HTTP_PORT"] ?? "8010"}`;

  let startedBackend: Provisioned["startedBackend"];
  if (!(await healthy(url))) {
    // setup.sh is idempotent but costs about a minute even when all is done (Django starts to find no migration to
    // apply): skipped when it last succeeded for these scripts and this source, as a marker in its data directory says.
    const fingerprint = setupFingerprint(scripts, source);
    const marker = path.join(dataDir, `.acceptance-setup-${fingerprint}`);
    // PostHog's 521 migrations take 2.5 to 13 minutes on 2 cores (759 s measured here, under load). A database this
    // setup migrated is kept beside the venv, keyed like the marker, and restored instead when the database is gone
    // (setup.sh then took 140 s instead of 878 s).
    const snapshot = path.join(realDir, "snapshots", `database-${fingerprint}.tar.zst`);
    const setup = () => {
      const cold = !fs.existsSync(path.join(dataDir, "pg", "PG_VERSION"));
      if (cold && fs.existsSync(snapshot)) {
        process.stderr.write(`PostHog's backend: the migrated database from ${snapshot}\n`);
        fs.mkdirSync(dataDir, { recursive: true });
        shell(`zstd -q -dc "$1" | tar -C "$2" -xpf -`, [snapshot, dataDir]);
      }
      process.stderr.write(`PostHog's backend: ${scripts}/setup.sh ${source ?? ""} (output in ${log}; minutes the first time)\n`);
      script(path.join(scripts, "setup.sh"), source ? [source] : [], env, log);
      // Taken only of a stopped PostgreSQL (setup.sh stops what it started), so that its files are consistent; with
      // the keys, whose hashes the database holds.
      if (cold && !fs.existsSync(snapshot) && !fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))) {
        fs.mkdirSync(path.dirname(snapshot), { recursive: true });
        shell(`tar -C "$1" -cf - pg key.json | zstd -q -o "$2.partial" && mv "$2.partial" "$2"`, [dataDir, snapshot]);
      }
      fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
    };
    const ready = fs.existsSync(marker) && fs.existsSync(path.join(dataDir, "key.json"));
    if (!ready) setup();
    startedBackend = { stopScript: path.join(scripts, "stop.sh"), env };
    process.stderr.write(`PostHog's backend: ${scripts}/start.sh (output in ${log})\n`);
    try {
      script(path.join(scripts, "start.sh"), [], env, log);
    } catch (error) {
      script(startedBackend.stopScript, [], env, log);
      if (ready) {
        // Something setup.sh makes (the venv, a service) went missing since: make it again, once.
        fs.rmSync(marker, { force: true });
        setup();
        script(path.join(scripts, "start.sh"), [], env, log);
      } else throw error;
    }
  }
  const keys = JSON.parse(fs.readFileSync(path.join(dataDir, "key.json"), "utf8")) as {
    key: string;
    key_org_read: string;
    key_all: string;
    org_id: string;
    project_id: number;
    scopes: string[];
    email: string;
    password: string;
  };
  const http = new Transport({ host: url, apiKey: keys.key, rateLimits: false });
  const target: AcceptanceTarget = {
    url,
    apiKey: keys.key,
    organizationId: keys.org_id,
    projectId: keys.project_id,
    projectMadeForRun: false,
    keys: { projectWrite: keys.key, organizationRead: keys.key_org_read, all: keys.key_all },
    keyScopes: keys.scopes,
    prefix,
    // PostHog's backend as bundled beside the scripts; another source is told as an external one's is.
    ...(givenVersion() ??
      (source ? await detectVersion(http, keys.org_id) : { version: "2025-08-04", versionFrom: "the backend's bundled source" })),
    seededGroups: true,
    clickhouse: false,
    account: { email: keys.email, password: keys.password },
  };
  return { target, ...(startedBackend ? { startedBackend } : {}) };
}

function shell(command: string, args: string[]): void {
  const result = spawnSync("bash", ["-c", `set -o pipefail; ${command}`, "shell", ...args], { stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} failed (exit ${result.status ?? result.signal})`);
}

/** What setup.sh's result depends on: its scripts and the PostHog source (an archive's size and time, a tree's commit). */
function setupFingerprint(scripts: string, source: string | undefined): string {
  const hash = createHash("sha256");
  for (const file of ["setup.sh", "env.sh", "bootstrap.py"]) hash.update(fs.readFileSync(path.join(scripts, file)));
  const bundled = fs.readdirSync(scripts).find((file) => /^posthog-backend-.*\.tar\.zst$/.test(file));
  const where = source ? path.resolve(source) : bundled && path.join(scripts, bundled);
  if (where) {
    const stat = fs.statSync(where);
    const commit = stat.isDirectory() ? spawnSync("git", ["-C", where, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout : "";
    hash.update(`${where}|${stat.size}|${stat.mtimeMs}|${commit}`);
  }
  return hash.digest("hex").slice(0, 16);
}

/** Makes the target visible to the test files (Jest's workers inherit the environment of globalSetup). */
export function publish(target: AcceptanceTarget): void {
  process.env[ENV_TARGET] = JSON.stringify(target);
}

/**
 * Deletes the projects of this run (named with its prefix) and those of runs that started more than six hours ago;
 * returns the names deleted. Projects of other runs still going are left alone.
 */
export async function sweep(target: AcceptanceTarget): Promise<string[]> {
  const http = transport(target);
  const listed = await projects.listProjects(http, target.organizationId);
  const leftovers = listed.filter((p) => p.name.startsWith(target.prefix) || isStale(p.name));
  for (const project of leftovers) {
    // Gone meanwhile (a test's own afterAll, or PostHog's deferred deletion) is fine.
    await projects.deleteProject(http, target.organizationId, project.id).catch(() => undefined);
  }
  return leftovers.map((p) => p.name);
}

/** Named by a run that started more than six hours ago. */
export function isStale(name: string): boolean {
  const match = /^acc-([0-9a-z]+)-[0-9a-z]{4}-/.exec(name);
  return match !== null && Date.now() - Number.parseInt(match[1]!, 36) > STALE_AFTER_MS;
}

export { repoRoot };
