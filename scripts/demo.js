#!/usr/bin/env node
/**
 * `npm run demo`: the README's first program (examples/first-program: a project, a feature flag, a dashboard with an
 * insight) against the bundled local PostHog server, with a file state backend inside the repository (.pulumi-state/,
 * git-ignored): up, outputs, the flag changed by hand through PostHog's API (as its UI does), `pulumi preview
 * --refresh --diff` showing the drift as `old => new`, up putting it back, destroy. It installs what it needs and
 * leaves nothing running.
 */
const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");
const { root, ensureNpmPackages, pulumiBin } = require("./setup");

const stack = "demo";
const stateDir = path.join(root, ".pulumi-state");
const program = path.join(root, "examples", "first-program");

const say = (text) => process.stdout.write(`\n\x1b[1m==> ${text}\x1b[0m\n`);
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
  return result;
}

async function startServer() {
  const child = spawn(
    process.execPath,
    [path.join(root, "lib", "server", "cli.js"), "--port", "0", "--state", path.join(stateDir, "posthog-server.json")],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the local PostHog server exited with ${code}`)));
  });
  return { child, ...JSON.parse(line) };
}

async function main() {
  say("Checking npm packages (npm ci when node_modules is missing)");
  ensureNpmPackages();
  say("Building pulumi-posthog (lib/)");
  run("npm", ["run", "--silent", "build"]);

  say("Providing the Pulumi CLI (scripts/ensure-pulumi.sh)");
  const bin = pulumiBin();

  say("Starting the local PostHog server on 127.0.0.1");
  fs.mkdirSync(stateDir, { recursive: true });
  fs.rmSync(path.join(stateDir, "posthog-server.json"), { force: true });
  const server = await startServer();
  console.log(`    ${server.url} (organization ${server.organizationId})`);

  const env = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    PULUMI_BACKEND_URL: `file://${stateDir}`,
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "local demo passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    POSTHOG_HOST: server.url,
    POSTHOG_ORGANIZATION_ID: server.organizationId,
    POSTHOG_API_KEY: server.apiKey,
  };
  const pulumi = (...args) => run("pulumi", [...args, "--stack", stack], { env, cwd: program });
  const output = (name) =>
    JSON.parse(
      run("pulumi", ["stack", "output", name, "--json", "--stack", stack], { env, cwd: program, stdio: ["ignore", "pipe", "inherit"] })
        .stdout,
    );
  // PostHog's own API with the demo's key, as PostHog's UI calls it for a user (the package's HTTP client, which
  // retries a connection the server closed while Pulumi ran).
  const { Transport, featureFlags } = require(path.join(root, "lib", "client-entry"));
  const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const rollout = (flag) => flag.filters.groups[0].rollout_percentage;

  try {
    // A demo stopped half-way may have left its stack behind: start from a clean one.
    run("pulumi", ["stack", "rm", stack, "--yes", "--force"], { env, cwd: program, stdio: "ignore", allowFailure: true });
    run("pulumi", ["stack", "init", stack], { env, cwd: program });

    say("pulumi up: a project, a feature flag, a dashboard and an insight on it (examples/first-program)");
    pulumi("up", "--yes");

    say("pulumi stack output: ids, and the project's API token kept secret");
    pulumi("stack", "output");

    const projectId = output("projectId");
    const flagId = output("flagId");
    const flag = await featureFlags.getFeatureFlag(http, projectId, flagId);
    say(`Someone rolls the flag "${flag.key}" out to everyone in the PostHog UI (${rollout(flag)}% => 100%)`);
    await featureFlags.updateFeatureFlag(http, projectId, flagId, {
      filters: { ...flag.filters, groups: [{ ...flag.filters.groups[0], rollout_percentage: 100 }] },
    });

    say("pulumi preview --refresh --diff: the drift, as PostHog has it => as the program declares it");
    pulumi("preview", "--refresh", "--diff");
    say("pulumi up --refresh: the declared rollout is put back");
    pulumi("up", "--refresh", "--yes");
    const restored = await featureFlags.getFeatureFlag(http, projectId, flagId);
    console.log(`    the flag in PostHog: rollout ${rollout(restored)}%`);
    if (rollout(restored) !== rollout(flag)) throw new Error(`the rollout is ${rollout(restored)}%, not the declared ${rollout(flag)}%`);

    say("pulumi destroy: the project and its objects are deleted");
    pulumi("destroy", "--yes");
    run("pulumi", ["stack", "rm", stack, "--yes"], { env, cwd: program });
  } finally {
    say("Stopping the local PostHog server");
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
  say("Done: nothing is left running.");
}

main().catch((error) => {
  console.error(`\ndemo failed: ${error.message}`);
  process.exit(1);
});
