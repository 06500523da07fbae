/**
 * What `npm test`, `npm run demo` and the end-to-end tests need before they start, done the same way for all three:
 * npm packages from the lock file, the directory of a real Pulumi CLI (scripts/ensure-pulumi.sh), and a directory
 * that puts this checkout's provider plugin on PATH as a global npm install would.
 */
const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

/** Prints `▶ what`, then does it; a thrown error is printed as `✖ message` and ends the process (exit 1). */
function step(what, action) {
  process.stderr.write(`\n▶ ${what}\n`);
  try {
    return action();
  } catch (error) {
    process.stderr.write(`✖ ${error.message}\n`);
    process.exit(1);
  }
}

/** Prints `▶ what`, then runs the command in the checkout; a failure is printed and ends the process with its status. */
function run(what, command, args, options = {}) {
  process.stderr.write(`\n▶ ${what}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], ...options });
  if (result.status !== 0) {
    process.stderr.write(`✖ ${what} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status || 1);
  }
  return result;
}

/**
 * Like run() for each [what, command, args], all started at once; waits for every one, then ends the process with the
 * first failure's status, each failure printed.
 */
function runTogether(commands) {
  for (const [what] of commands) process.stderr.write(`\n▶ ${what}\n`);
  // A child started with spawn() runs while this process waits for the last one with spawnSync().
  const started = commands.slice(0, -1).map(([what, command, args]) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    return { what, status: new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? signal))) };
  });
  const [what, command, args] = commands[commands.length - 1];
  const last = spawnSync(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  return Promise.all(started.map(async (s) => ({ what: s.what, status: await s.status }))).then((results) => {
    results.push({ what, status: last.status ?? last.signal });
    const failed = results.filter((r) => r.status !== 0);
    for (const r of failed) process.stderr.write(`✖ ${r.what} failed (exit ${r.status})\n`);
    if (failed.length > 0) process.exit(typeof failed[0].status === "number" ? failed[0].status : 1);
  });
}

/** Runs `npm ci` when node_modules is missing or was not installed from the lock file; true if it did. */
function ensureNpmPackages() {
  if (fs.existsSync(path.join(root, "node_modules", ".package-lock.json"))) return false;
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`npm ci failed (exit ${result.status ?? result.signal})`);
  return true;
}

/** The directory holding pulumi, its Node.js language host and the dynamic-provider host script. */
function pulumiBin() {
  if (process.env.PULUMI_POSTHOG_CLI_BIN) return process.env.PULUMI_POSTHOG_CLI_BIN;
  const result = spawnSync("bash", [path.join(root, "scripts", "ensure-pulumi.sh"), root], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error(`scripts/ensure-pulumi.sh failed (exit ${result.status ?? result.signal}): no Pulumi CLI`);
  return result.stdout.trim().split("\n").pop();
}

/**
 * A directory holding `pulumi-resource-posthog` (a link to the built lib/plugin/serve.js), for PATH: the Pulumi CLI
 * finds provider plugins there, where `npm install --global pulumi-posthog` would put the package's bin.
 */
function pluginBin() {
  const dir = path.join(root, ".cache", "plugin-bin");
  const link = path.join(dir, "pulumi-resource-posthog");
  const target = path.join(root, "lib", "plugin", "serve.js");
  if (!fs.existsSync(target)) throw new Error("lib/plugin/serve.js is missing: run `npm run build` first");
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(link)) fs.symlinkSync(target, link);
  return dir;
}

/**
 * The directories holding the Pulumi YAML and Python language hosts (scripts/ensure-language-hosts.sh), for PATH
 * after pulumiBin(): `{ yaml, python }`. `npm test` passes them in PULUMI_POSTHOG_YAML_BIN and
 * PULUMI_POSTHOG_PYTHON_BIN; without those the script is run for the hosts missing.
 */
function languageHostBins() {
  const bins = { yaml: process.env.PULUMI_POSTHOG_YAML_BIN, python: process.env.PULUMI_POSTHOG_PYTHON_BIN };
  const missing = Object.keys(bins).filter((host) => !bins[host]);
  if (missing.length === 0) return bins;
  const result = spawnSync("bash", [path.join(root, "scripts", "ensure-language-hosts.sh"), ...missing], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0)
    throw new Error(
      `scripts/ensure-language-hosts.sh failed (exit ${result.status ?? result.signal}): no ${missing.join(" or ")} language host`,
    );
  const dirs = result.stdout.trim().split("\n").slice(-missing.length);
  for (const [i, host] of missing.entries()) bins[host] = dirs[i];
  return bins;
}

/** The environment the end-to-end tests read the Pulumi CLI and the language hosts from (pulumiBin, languageHostBins). */
function pulumiEnv(pulumiBin, hostBins) {
  return {
    PATH: `${pulumiBin}${path.delimiter}${process.env.PATH}`,
    PULUMI_POSTHOG_CLI_BIN: pulumiBin,
    PULUMI_POSTHOG_YAML_BIN: hostBins.yaml,
    PULUMI_POSTHOG_PYTHON_BIN: hostBins.python,
  };
}

/**
 * Runs jest with these arguments and environment, then prints the closing line CI reads, whatever the runner printed
 * above it: `N passed, N failed`. Returns jest's exit status (1 as well when no test ran). `beside`: a run started
 * before jest and going on beside it (startBeside), waited for and printed before the closing line; its failure fails
 * the whole.
 */
async function runJest(args, env, report = path.join(root, ".cache", "jest-results.json"), beside = undefined) {
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  const jestArgs = [path.join(root, "node_modules", "jest", "bin", "jest.js"), "--json", `--outputFile=${report}`, ...args];
  const jest = spawnSync(process.execPath, jestArgs, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const besideFailed = beside ? !(await beside.passed()) : false;
  if (!fs.existsSync(report)) return jest.status || 1;
  const results = JSON.parse(fs.readFileSync(report, "utf8"));
  const skipped = results.numPendingTests + results.numTodoTests;
  console.log(`${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
  if (results.numTotalTests === 0) {
    console.error("No test ran.");
    return 1;
  }
  return besideFailed ? 1 : (jest.status ?? 1);
}

/**
 * Starts `what` (command and args in the checkout) to run beside the next step, its output kept in a file (this
 * process waits for jest synchronously and reads no pipe meanwhile); `passed()` waits for it, prints its output under
 * `▶ what`, and says whether it exited 0.
 */
function startBeside(what, command, args) {
  const log = path.join(root, ".cache", `beside-${process.pid}.log`);
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const out = fs.openSync(log, "w");
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? signal)));
  return {
    async passed() {
      const status = await exited;
      process.stderr.write(`\n▶ ${what}\n${fs.readFileSync(log, "utf8")}`);
      fs.rmSync(log, { force: true });
      if (status !== 0) process.stderr.write(`✖ ${what} failed (exit ${status})\n`);
      return status === 0;
    },
  };
}

module.exports = {
  root,
  step,
  run,
  runTogether,
  startBeside,
  ensureNpmPackages,
  pulumiBin,
  pluginBin,
  languageHostBins,
  pulumiEnv,
  runJest,
};
