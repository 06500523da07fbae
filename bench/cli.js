/**
 * The benchmark through the real Pulumi CLI (scripts/ensure-pulumi.sh), against the local PostHog server in its own
 * process: `count` projects (programs/posthog), the floor (programs/bare: the same stack as bare dynamic resources,
 * no HTTP), a plain script sending the same requests (raw.js) and the peer, Terraform with PostHog's official
 * provider (terraform.js), each command timed, its requests counted in the server's request log, the peak memory of
 * its whole process tree sampled (process-tree.js), its program process measured (measure.js, preloaded through
 * NODE_OPTIONS) and the state exported. Programs are type-checked as Pulumi does by default (no
 * PULUMI_NODEJS_TRANSPILE_ONLY). Where Pulumi's time goes: the real program and the floor again with
 * PULUMI_SKIP_CHECKPOINTS=true (programs `posthog-skip-checkpoints`, `bare-skip-checkpoints`), and the fixed cost of
 * a one-project YAML program through the provider plugin (`yaml`). With `flags`: one stack of that
 * many feature flags in a project of their own (programs/flags), its floor (programs/bare with declaredFlag) and
 * Terraform's posthog_feature_flag, the same five commands. With `organization`: an organization of that
 * many projects with `perProject` flags, cohorts, actions and dashboards each (programs/organization), and Terraform's.
 *
 *   node bench/cli.js [--sizes 10,100] [--programs posthog,bare,raw,terraform] [--rate-limit N] [--flags N]
 *     [--organization N --per-project 100,20,20,10] [--repeat 3] [--interleave N] [--flag-programs flags,bare-flags,terraform]
 *     [--package DIR]
 * prints the results as JSON; --interleave runs the flag stack's drift checks and its floor's N times in turn
 * (benchInterleaved), --flag-programs which of the flag stack's programs run their five commands (none: only the turns), --no-drift leaves out their drift checks (up, preview, refresh, update and destroy only); --package measures another checkout's built lib/ (e.g. a worktree of an older commit).
 */
const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const readline = require("node:readline");
const { performance } = require("node:perf_hooks");
const { declaredFlag, declaredProject } = require("./declared");
const { cpuMsOf, runMeasured } = require("./process-tree");
const { ALL_AT_ONCE, AT_LIMITS, benchTerraform, terraformBin } = require("./terraform");

const root = path.resolve(__dirname, "..");

/** The commands of each size, in order (bench/report.js names the fewest requests each needs). */
const COMMANDS = ["up", "preview", "refresh", "update", "destroy"];

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr, ms: performance.now() - started }));
  });
}

/**
 * A copy of the built package (lib/, package.json and schema.json, its dependencies linked from this repository's
 * node_modules), so that a rebuild of lib/ in the working tree during the run does not change what is measured.
 */
function snapshotPackage(work, from = root) {
  const pkg = path.join(work, "pulumi-posthog");
  fs.mkdirSync(pkg);
  fs.cpSync(path.join(from, "lib"), path.join(pkg, "lib"), { recursive: true });
  // The plugin serves the schema.json the package ships beside lib/.
  for (const file of ["package.json", "schema.json"]) fs.copyFileSync(path.join(from, file), path.join(pkg, file));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(pkg, "node_modules"), "dir");
  return pkg;
}

async function startLocalServer(pkg) {
  const { controlClient } = require(path.join(pkg, "lib", "server"));
  const child = spawn(process.execPath, [path.join(pkg, "lib", "server", "cli.js"), "--port", "0", "--deletion-purge-ms", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the local PostHog server exited with ${code}`)));
  });
  const info = JSON.parse(line);
  child.on("exit", (code, signal) => {
    if (!closing) console.error(`the local PostHog server stopped (${signal ?? code})`);
  });
  let closing = false;
  const close = () => {
    closing = true;
    child.kill("SIGTERM");
  };
  return { child, ...info, control: controlClient(info.url, info.controlToken), close };
}

/** A Pulumi project as `pulumi new typescript` makes it, with its packages linked from this repository. */
function writeProgram(dir, pkg, name, source, extraFiles = {}) {
  fs.mkdirSync(path.join(dir, "node_modules", "@pulumi"), { recursive: true });
  fs.mkdirSync(path.join(dir, "node_modules", "@types"), { recursive: true });
  const link = (target, at) => fs.symlinkSync(target, path.join(dir, "node_modules", at), "dir");
  link(pkg, "pulumi-posthog");
  link(path.join(root, "node_modules", "@pulumi", "pulumi"), "@pulumi/pulumi");
  link(path.join(root, "node_modules", "typescript"), "typescript");
  link(path.join(root, "node_modules", "@types", "node"), "@types/node");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime:\n  name: nodejs\n`);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(
      {
        name,
        main: "index.ts",
        devDependencies: { "@types/node": "*", typescript: "*" },
        dependencies: { "@pulumi/pulumi": "*", "pulumi-posthog": "*" },
      },
      null,
      2,
    ),
  );
  // Pulumi's TypeScript template (pulumi new typescript).
  const compilerOptions = {
    strict: true,
    outDir: "bin",
    target: "es2020",
    module: "commonjs",
    moduleResolution: "node",
    sourceMap: true,
    experimentalDecorators: true,
    pretty: true,
    noFallthroughCasesInSwitch: true,
    noImplicitReturns: true,
    forceConsistentCasingInFileNames: true,
  };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["index.ts"] }, null, 2));
  fs.copyFileSync(source, path.join(dir, "index.ts"));
  fs.copyFileSync(path.join(__dirname, "declared.js"), path.join(dir, "declared.js"));
  for (const [file, text] of Object.entries(extraFiles)) fs.writeFileSync(path.join(dir, file), text);
}

const camel = (name) => name.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/**
 * The outputs of one real record that a resource of the package keeps in its state: its output names and the live
 * values of what the program declares (src/kit/recorded.ts). The floor's resources return these, so that the floor is
 * a dynamic resource of the same shape as the real one, inputs, outputs and state alike: what Pulumi itself costs for
 */
function keptOutputs(record, idOutput, outputNames, declared) {
  const kept = new Set([...outputNames, ...Object.keys(declared)]);
  return Object.fromEntries(
    Object.entries(record)
      .map(([field, value]) => [field === "id" ? idOutput : camel(field), value])
      .filter(([output]) => kept.has(output)),
  );
}

/**
 * The floor's program (programs/bare) for one resource: `names` (its output names, secrets, declared inputs and id,
 * as names.json) and `outputs`, what its resources return (keptOutputs), beside the floor's provider.
 */
function writeFloor(dir, pkg, name, names, outputs) {
  const bare = path.join(__dirname, "programs", "bare");
  writeProgram(dir, pkg, name, path.join(bare, "index.ts"), {
    "names.json": JSON.stringify(names),
    "record.json": JSON.stringify(outputs),
    "provider.js": fs.readFileSync(path.join(bare, "provider.js"), "utf8"),
  });
}

/**
 * Sets up the work directory: the two programs, and what the floor needs to be the same shape as the real stack
 * (the outputs posthog.Project keeps, from one real record of the server).
 */
async function prepare(work, pkg, server, env) {
  const { outputNames, secretOutputNames } = require(path.join(pkg, "lib", "provider"));
  const created = await run(process.execPath, [path.join(__dirname, "raw.js"), "up", "1", "0", path.join(work, "sample-ids.json")], {
    env,
  });
  if (created.status !== 0) throw new Error(`raw.js up failed: ${created.stderr}`);
  const [id] = JSON.parse(fs.readFileSync(path.join(work, "sample-ids.json"), "utf8"));
  const response = await fetch(`${server.url}/api/organizations/${server.organizationId}/projects/${id}/`, {
    headers: { authorization: `Bearer ${server.apiKey}` },
  });
  const record = await response.json();
  await run(process.execPath, [path.join(__dirname, "raw.js"), "destroy", "1", "0", path.join(work, "sample-ids.json")], { env });
  const outputs = keptOutputs(record, "projectId", outputNames, declaredProject("Bench", 0, 0));
  writeProgram(path.join(work, "posthog"), pkg, "bench-posthog", path.join(__dirname, "programs", "posthog", "index.ts"));
  writeFloor(
    path.join(work, "bare"),
    pkg,
    "bench-bare",
    { outputs: outputNames, secrets: secretOutputNames, declare: "declaredProject", id: "projectId" },
    outputs,
  );
  return { recordBytes: Buffer.byteLength(JSON.stringify(record)) };
}

/**
 * The flag stack: a project of its own for the flags (POSTHOG_PROJECT_ID of the flag programs and Terraform's), the
 * flag program and its floor, whose outputs are those FeatureFlag keeps of one real flag record of the server (created
 * and deleted here).
 */
async function prepareFlags(work, pkg, server) {
  const api = async (method, url, body) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const project = await api("POST", `/api/organizations/${server.organizationId}/projects/`, { name: "Bench flags" });
  const flags = `/api/projects/${project.id}/feature_flags/`;
  const sample = await api("POST", flags, { ...declaredFlag(0, 0), key: "bench-sample" });
  await api("PATCH", `${flags}${sample.id}/`, { deleted: true });
  const { outputNames } = require(path.join(pkg, "lib", "resources", "feature-flag-types"));
  const outputs = keptOutputs(sample, "flagId", outputNames, declaredFlag(0, 0));
  writeProgram(path.join(work, "flags"), pkg, "bench-flags", path.join(__dirname, "programs", "flags", "index.ts"));
  writeFloor(
    path.join(work, "bare-flags"),
    pkg,
    "bench-bare-flags",
    { outputs: outputNames, secrets: [], declare: "declaredFlag", id: "flagId" },
    outputs,
  );
  return { projectId: project.id };
}

/** The organization: its program (projects of their own, made by the stack). */
function prepareOrganization(work, pkg) {
  writeProgram(path.join(work, "organization"), pkg, "bench-organization", path.join(__dirname, "programs", "organization", "index.ts"));
}

/** The profiles measure.js left of a command (BENCH_CPU_PROFILE, BENCH_HEAP_PROFILE), kept apart before the next. */
function keepProfiles(from, to, prefix) {
  const profiles = fs.readdirSync(from).filter((file) => /\.(cpuprofile|heapprofile|heapsnapshot)$/.test(file));
  if (profiles.length > 0) fs.mkdirSync(to, { recursive: true });
  for (const file of profiles) fs.renameSync(path.join(from, file), path.join(to, `${prefix}-${file}`));
}

function readMeasures(dir) {
  const measures = { program: undefined, provider: undefined };
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith(".json")) continue;
    const sample = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    // One program process per command (up runs it once with --skip-preview); keep the largest if there were more.
    if (!measures[sample.role] || measures[sample.role].cpuMs < sample.cpuMs) measures[sample.role] = sample;
  }
  return measures;
}

async function requestsSince(server) {
  const logged = await server.control.requests();
  await server.control.clearRequests();
  return { requests: logged.length, throttled: logged.filter((r) => r.status === 429).length };
}

/**
 * How each Pulumi stack of the benchmark is made: its program's directory, the environment it adds, how it declares
 * the update's variant, and the type of the resources whose state is measured.
 */
const PULUMI_PROGRAMS = {
  posthog: { dir: "posthog" },
  bare: { dir: "bare" },
  "posthog-skip-checkpoints": { dir: "posthog", env: { PULUMI_SKIP_CHECKPOINTS: "true" } },
  "bare-skip-checkpoints": { dir: "bare", env: { PULUMI_SKIP_CHECKPOINTS: "true" } },
  flags: { dir: "flags" },
  "bare-flags": { dir: "bare-flags" },
  organization: { dir: "organization" },
  yaml: { dir: "yaml", setVariant: writeYamlProgram, resourceType: "posthog:index:Project" },
};

/**
 * The five commands on a new stack of `count` resources of one program (`config`: its further stack configuration;
 * `resources`: how many resources the stack holds, when more than `count`), and with `drift` the drift checks.
 */
async function benchProgram(program, count, { work, server, env: baseEnv, log }, { drift = false, config = {}, resources = count } = {}) {
  const { dir: name, env: extra = {}, setVariant, resourceType } = PULUMI_PROGRAMS[program];
  const dir = path.join(work, name);
  const env = { ...baseEnv, ...extra };
  const stack = `${program}-${count}-${process.pid}`;
  const measureDir = path.join(work, "measure");
  const variant = async (value) => {
    if (setVariant) setVariant(dir, value);
    else await run("pulumi", ["config", "set", "--stack", stack, "variant", String(value)], { cwd: dir, env });
  };
  const pulumi = async (args, what, commandEnv = env) => {
    fs.rmSync(measureDir, { recursive: true, force: true });
    fs.mkdirSync(measureDir);
    const serverCpu = cpuMsOf(server.child.pid);
    const result = await runMeasured("pulumi", [...args, "--stack", stack, "--non-interactive"], { cwd: dir, env: commandEnv });
    fs.appendFileSync(log, `\n$ pulumi ${args.join(" ")} (${program}, ${count})\n${result.stdout}${result.stderr}`);
    if (result.status !== 0)
      throw new Error(`pulumi ${args.join(" ")} (${program}, ${count}) failed: see ${log}\n${result.stderr.slice(-2000)}`);
    keepProfiles(measureDir, path.join(work, "profiles"), `${program}-${count}-${what.replace(/\W+/g, "-")}`);
    return {
      what,
      ms: result.ms,
      peakKb: result.peakKb,
      treeKb: result.byName,
      treeCount: result.countByName,
      cpuMs: result.cpuMs,
      treeCpuMs: result.cpuByName,
      // The local server's work for the command: the floor sends it nothing.
      serverCpuMs: cpuMsOf(server.child.pid) - serverCpu,
      ...readMeasures(measureDir),
    };
  };
  /** The state of one resource of the stack, as compact JSON (what `pulumi stack export` holds for it), on average. */
  const stateBytes = async () => {
    const exported = await run("pulumi", ["stack", "export", "--stack", stack], { cwd: dir, env });
    if (exported.status !== 0) throw new Error(`pulumi stack export failed: ${exported.stderr}`);
    const resources = JSON.parse(exported.stdout).deployment.resources.filter((r) =>
      resourceType ? r.type === resourceType : r.type.startsWith("pulumi-nodejs:dynamic/"),
    );
    return resources.reduce((sum, r) => sum + Buffer.byteLength(JSON.stringify(r)), 0) / resources.length;
  };
  if (setVariant) setVariant(dir, 0);
  await run("pulumi", ["stack", "init", stack], { cwd: dir, env });
  if (!setVariant) {
    await run("pulumi", ["config", "set", "--stack", stack, "count", String(count)], { cwd: dir, env });
    for (const [key, value] of Object.entries(config))
      await run("pulumi", ["config", "set", "--stack", stack, key, value], { cwd: dir, env });
    await variant(0);
  }

  const rows = [];
  const step = async (name, args, before, commandEnv) => {
    if (before) await before();
    await server.control.clearRequests();
    const measured = await pulumi(args, name, commandEnv);
    const requests = await requestsSince(server);
    const state = name === "destroy" ? undefined : await stateBytes();
    rows.push({ command: name, ...measured, ...requests, stateBytesPerResource: state });
  };
  await step("up", ["up", "--yes", "--skip-preview"]);
  await step("preview", ["preview", "--expect-no-changes"]);
  await step("refresh", ["refresh", "--yes", "--skip-preview"]);
  if (drift) {
    // The drift check as users run it, with the CLI's defaults (`--parallel` 4 per CPU): the refresh just above, and
    // preview --refresh.
    await step("preview --refresh", ["preview", "--refresh", "--expect-no-changes"]);
    // Both checks again with every read let through at once, then at PostHog Cloud's limits, the server throttling
    // at 480/minute and the provider keeping them (posthog:rateLimited). The floor sends nothing.
    const all = ["--parallel", String(resources + 1)];
    await step(`refresh ${ALL_AT_ONCE}`, ["refresh", "--yes", "--skip-preview", ...all]);
    await step(`preview --refresh ${ALL_AT_ONCE}`, ["preview", "--refresh", "--expect-no-changes", ...all]);
    if (program !== "bare-flags") {
      const limited = { ...env, POSTHOG_RATE_LIMITED: "true" };
      await server.control.setThrottle({ enabled: true });
      try {
        await step(`refresh ${AT_LIMITS}`, ["refresh", "--yes", "--skip-preview", ...all], undefined, limited);
        await step(`preview --refresh ${AT_LIMITS}`, ["preview", "--refresh", "--expect-no-changes", ...all], undefined, limited);
      } finally {
        await server.control.setThrottle({ enabled: false });
      }
    }
  }
  await step("update", ["up", "--yes", "--skip-preview"], () => variant(1));
  await step("destroy", ["destroy", "--yes", "--skip-preview"]);
  await run("pulumi", ["stack", "rm", "--yes", "--force", "--stack", stack], { cwd: dir, env });
  return rows;
}

/**
 * The drift checks' target "within 1 s of the floor" on a shared machine, where load moves a command's time by more than that
 * from one minute to the next: the flag stack and its floor both up, their drift checks (no limits) run in turn,
 * `repeat` rounds, the order swapped each round, so that a moment of load falls on both alike. Each command's runs
 * (wall time and requests) and the median of their times, by program.
 */
async function benchInterleaved(count, { work, server, env, log }, repeat) {
  const stacks = ["flags", "bare-flags"].map((program) => ({
    program,
    dir: path.join(work, PULUMI_PROGRAMS[program].dir),
    stack: `interleaved-${program}-${process.pid}`,
  }));
  const pulumi = async ({ program, dir, stack }, args) => {
    const result = await run("pulumi", [...args, "--stack", stack, "--non-interactive"], { cwd: dir, env });
    fs.appendFileSync(log, `\n$ pulumi ${args.join(" ")} (${program}, ${count}, interleaved)\n${result.stdout}${result.stderr}`);
    if (result.status !== 0) throw new Error(`pulumi ${args.join(" ")} (${program}, ${count}, interleaved) failed: see ${log}`);
    return result.ms;
  };
  // The same instrument as the other runs (measure.js, through NODE_OPTIONS), whose samples are not read here.
  fs.mkdirSync(env.BENCH_MEASURE_DIR, { recursive: true });
  for (const s of stacks) {
    await run("pulumi", ["stack", "init", s.stack], { cwd: s.dir, env });
    await run("pulumi", ["config", "set", "--stack", s.stack, "count", String(count)], { cwd: s.dir, env });
    await pulumi(s, ["up", "--yes", "--skip-preview"]);
  }
  const all = ["--parallel", String(count + 1)];
  const commands = {
    [`refresh ${ALL_AT_ONCE}`]: ["refresh", "--yes", "--skip-preview", ...all],
    [`preview --refresh ${ALL_AT_ONCE}`]: ["preview", "--refresh", "--expect-no-changes", ...all],
  };
  const runs = Object.fromEntries(stacks.map((s) => [s.program, Object.fromEntries(Object.keys(commands).map((c) => [c, []]))]));
  for (let round = 0; round < repeat; round++) {
    for (const [command, args] of Object.entries(commands)) {
      for (const s of round % 2 ? [...stacks].reverse() : stacks) {
        await server.control.clearRequests();
        const ms = await pulumi(s, args);
        runs[s.program][command].push({ ms, ...(await requestsSince(server)) });
      }
    }
  }
  for (const s of stacks) {
    await pulumi(s, ["destroy", "--yes", "--skip-preview"]);
    await run("pulumi", ["stack", "rm", "--yes", "--force", "--stack", s.stack], { cwd: s.dir, env });
  }
  const medians = Object.fromEntries(
    Object.entries(runs).map(([program, byCommand]) => [
      program,
      Object.fromEntries(Object.entries(byCommand).map(([command, rows]) => [command, median(rows.map((r) => r.ms))])),
    ]),
  );
  return { count, repeat, runs, medians };
}

/** The YAML program: one project with the declared settings, through the provider plugin (pulumi-resource-posthog). */
function writeYamlProgram(dir, variant) {
  fs.mkdirSync(dir, { recursive: true });
  // YAML is a superset of JSON: the declared settings go in as they are.
  const properties = JSON.stringify(declaredProject("Yaml", 0, variant));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: bench-yaml\nruntime: yaml\nresources:\n  p0:\n    type: posthog:index:Project\n    properties: ${properties}\noutputs:\n  projectId: \${p0.projectId}\n`,
  );
}

/**
 * The directory of the Pulumi YAML language host: PULUMI_POSTHOG_YAML_BIN, else scripts/ensure-language-hosts.sh
 * (which builds it the first time, as npm test does).
 */
function yamlHostBin() {
  if (process.env.PULUMI_POSTHOG_YAML_BIN) return process.env.PULUMI_POSTHOG_YAML_BIN;
  const result = spawnSync("bash", [path.join(root, "scripts", "ensure-language-hosts.sh"), "yaml"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error(`scripts/ensure-language-hosts.sh yaml failed (exit ${result.status ?? result.signal})`);
  return result.stdout.trim().split("\n").pop();
}

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Repeated runs of the same commands as one: each number the median of its runs, request counts the largest. */
function medianRows(runs) {
  if (runs.length === 1) return runs[0];
  const medians = (rows) => {
    if (rows.every((r) => r === undefined)) return undefined;
    const keys = Object.keys(rows.find((r) => r) ?? {}).filter((k) => typeof rows.find((r) => r)[k] === "number");
    return Object.fromEntries(keys.map((k) => [k, median(rows.map((r) => r?.[k]))]));
  };
  return runs[0].map((first, i) => {
    const rows = runs.map((run) => run[i]);
    return {
      ...medians(rows),
      command: first.command,
      repeats: runs.length,
      requests: Math.max(...rows.map((r) => r.requests)),
      throttled: Math.max(...rows.map((r) => r.throttled)),
      program: medians(rows.map((r) => r.program)),
      provider: medians(rows.map((r) => r.provider)),
      treeKb: medians(rows.map((r) => r.treeKb)),
      treeCount: medians(rows.map((r) => r.treeCount)),
      treeCpuMs: medians(rows.map((r) => r.treeCpuMs)),
    };
  });
}

/** The same requests from a plain script. */
async function benchRaw(count, { work, server, env }) {
  const ids = path.join(work, `raw-${count}.json`);
  const rows = [];
  for (const name of COMMANDS) {
    const variant = name === "update" ? "1" : "0";
    await server.control.clearRequests();
    const result = await run(process.execPath, [path.join(__dirname, "raw.js"), name, String(count), variant, ids], { env });
    if (result.status !== 0) throw new Error(`raw.js ${name} failed: ${result.stderr}`);
    rows.push({ command: name, ms: result.ms, ...(await requestsSince(server)) });
  }
  return rows;
}

/**
 * Creates at PostHog's real limits (480/minute, 4800/hour per key, sliding windows as DRF keeps them): `up` of
 * `count` projects with the server's throttle on, as PostHog Cloud throttles. The provider keeps those limits for
 * PostHog Cloud's hosts, or where `posthog:rateLimited` says so, as here (the local server is not PostHog Cloud).
 * Up to 480 go at once; beyond, each waits for the window to move.
 */
async function benchRateLimit(count, context) {
  const { work, server, log } = context;
  const env = { ...context.env, POSTHOG_RATE_LIMITED: "true" };
  const dir = path.join(work, "posthog");
  const stack = `ratelimit-${count}-${process.pid}`;
  await run("pulumi", ["stack", "init", stack], { cwd: dir, env });
  await run("pulumi", ["config", "set", "--stack", stack, "count", String(count)], { cwd: dir, env });
  await server.control.setThrottle({ enabled: true });
  await server.control.clearRequests();
  const result = await run("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", stack], { cwd: dir, env });
  fs.appendFileSync(log, `\n$ pulumi up (rate limit, ${count})\n${result.stdout}${result.stderr}`);
  const requests = await requestsSince(server);
  await server.control.setThrottle({ enabled: false });
  if (result.status !== 0) throw new Error(`pulumi up at the rate limit failed: see ${log}`);
  // The local server goes away with the run: forgetting the stack is enough.
  await run("pulumi", ["stack", "rm", "--yes", "--force", "--stack", stack], { cwd: dir, env });
  return { count, ms: result.ms, ...requests, minimum: count };
}

/**
 * Every measurement of the CLI benchmark. `packageRoot`: a checkout whose built lib/ to measure (default this one),
 * e.g. a worktree of an earlier commit for a before-and-after comparison.
 */
async function benchCli({
  sizes = [10, 100, 300],
  programs = ["posthog", "bare", "raw", "terraform", "posthog-skip-checkpoints", "bare-skip-checkpoints", "yaml"],
  rateLimit = 0,
  flags = 0,
  organization = 0,
  perProject = [100, 20, 20, 10],
  repeat = 3,
  interleave = 0,
  flagPrograms = ["flags", "bare-flags", "terraform"],
  drift = true,
  packageRoot = root,
  progress = () => {},
} = {}) {
  const { pulumiBin } = require(path.join(root, "scripts", "setup"));
  const bin = pulumiBin();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-bench-"));
  const pkg = snapshotPackage(work, packageRoot);
  // The peer, and the YAML host with the provider plugin of the copied package, when asked for.
  let terraform;
  let peerMissing;
  if (programs.includes("terraform")) {
    const found = terraformBin();
    terraform = found.bin;
    peerMissing = found.missing;
    if (peerMissing) progress(`${peerMissing}: the Terraform columns stay empty`);
  }
  const perSize = programs.filter((p) => p !== "yaml" && (p !== "terraform" || terraform));
  const extraPath = [];
  if (programs.includes("yaml")) {
    const plugin = path.join(work, "plugin-bin");
    fs.mkdirSync(plugin);
    fs.symlinkSync(path.join(pkg, "lib", "plugin", "serve.js"), path.join(plugin, "pulumi-resource-posthog"));
    extraPath.push(yamlHostBin(), plugin);
  }
  const server = await startLocalServer(pkg);
  const env = {
    ...process.env,
    PATH: [bin, ...extraPath, process.env.PATH].join(path.delimiter),
    PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "benchmark",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    POSTHOG_HOST: server.url,
    POSTHOG_API_KEY: server.apiKey,
    POSTHOG_ORGANIZATION_ID: server.organizationId,
    BENCH_MEASURE_DIR: path.join(work, "measure"),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --expose-gc --require=${path.join(__dirname, "measure.js")}`.trim(),
  };
  delete env.PULUMI_NODEJS_TRANSPILE_ONLY;
  fs.mkdirSync(path.join(work, "state"));
  const log = path.join(work, "pulumi.log");
  const context = { work, server, env, log, terraform, requestsSince };
  const bench = (program, count) =>
    program === "raw"
      ? benchRaw(count, context)
      : program === "terraform"
        ? benchTerraform(count, context)
        : benchProgram(program, count, context);
  try {
    const { recordBytes } = await prepare(work, pkg, server, env);
    const results = { recordBytes, sizes: {}, yaml: undefined, rateLimit: undefined, peerMissing, log };
    for (const count of sizes) {
      // The smallest size measures the fixed cost: its commands run `repeat` times, the programs in turn, and each
      // measurement is the median, so that one slow moment of a shared machine does not decide it.
      const times = count === Math.min(...sizes) ? repeat : 1;
      const runs = Object.fromEntries(perSize.map((program) => [program, []]));
      for (let i = 0; i < times; i++) {
        for (const program of perSize) {
          progress(`${program}, ${count} projects${times > 1 ? ` (${i + 1} of ${times})` : ""}`);
          runs[program].push(await bench(program, count));
        }
      }
      results.sizes[count] = Object.fromEntries(perSize.map((program) => [program, medianRows(runs[program])]));
    }
    if (programs.includes("yaml")) {
      // One project: what a YAML program costs whatever its size, through the plugin.
      const runs = [];
      for (let i = 0; i < repeat; i++) {
        progress(`yaml through the provider plugin, 1 project${repeat > 1 ? ` (${i + 1} of ${repeat})` : ""}`);
        runs.push(await benchProgram("yaml", 1, context));
      }
      results.yaml = medianRows(runs);
    }
    if (flags > 0) {
      // One stack of `flags` feature flags, beside its floor and Terraform's posthog_feature_flag.
      const { projectId } = await prepareFlags(work, pkg, server);
      const flagContext = { ...context, env: { ...env, POSTHOG_PROJECT_ID: String(projectId) } };
      results.flags = { count: flags, projectId };
      for (const program of flagPrograms.filter((p) => p !== "terraform" || terraform)) {
        progress(`${program === "terraform" ? "terraform posthog_feature_flag" : program}, ${flags} feature flags`);
        results.flags[program] =
          program === "terraform"
            ? await benchTerraform(flags, flagContext, "flags")
            : await benchProgram(program, flags, flagContext, { drift });
      }
      if (interleave > 0) {
        progress(`flags and bare-flags in turn, ${flags} feature flags, their drift checks ${interleave} times each`);
        results.flags.interleaved = await benchInterleaved(flags, flagContext, interleave);
      }
    }
    if (organization > 0) {
      // An organization of `organization` projects, each with `perProject` flags, cohorts, actions and
      // dashboards, beside Terraform's projects, flags, actions and dashboards (its provider has no cohort).
      prepareOrganization(work, pkg);
      const resources = organization * (1 + perProject.reduce((sum, n) => sum + n, 0));
      results.organization = { count: organization, perProject, resources };
      progress(`organization, ${organization} projects of ${perProject.join(", ")} flags, cohorts, actions, dashboards`);
      results.organization.organization = await benchProgram("organization", organization, context, {
        drift: true,
        config: { perProject: perProject.join(",") },
        resources,
      });
      if (terraform) {
        progress(`terraform, the same organization without its cohorts`);
        results.organization.terraform = await benchTerraform(organization, context, "organization", perProject);
      }
    }
    if (rateLimit > 0) {
      progress(`${rateLimit} creates at 480/minute`);
      results.rateLimit = await benchRateLimit(rateLimit, context);
    }
    return results;
  } finally {
    server.close();
    if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

module.exports = { benchCli, COMMANDS };

if (require.main === module) {
  const option = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? process.argv[at + 1] : fallback;
  };
  benchCli({
    sizes: option("sizes", "10").split(",").filter(Boolean).map(Number),
    programs: option("programs", "posthog,bare,raw,terraform,posthog-skip-checkpoints,bare-skip-checkpoints,yaml").split(","),
    rateLimit: Number(option("rate-limit", "0")),
    flags: Number(option("flags", "0")),
    organization: Number(option("organization", "0")),
    perProject: option("per-project", "100,20,20,10").split(",").map(Number),
    repeat: Number(option("repeat", "3")),
    interleave: Number(option("interleave", "0")),
    flagPrograms: option("flag-programs", "flags,bare-flags,terraform").split(",").filter(Boolean),
    drift: !process.argv.includes("--no-drift"),
    packageRoot: path.resolve(option("package", root)),
    progress: (what) => process.stderr.write(`… ${what}\n`),
  })
    .then((results) => console.log(JSON.stringify(results, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
