#!/usr/bin/env node
/**
 * `npm run demo`: the whole story against the bundled local PostHog server, with a file state backend inside the
 * repository (.pulumi-state/, git-ignored): up, outputs, a change made by hand in "the PostHog UI", refresh showing
 * the drift, up restoring it, destroy. It installs what it needs and leaves nothing running.
 */
const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");
const { root, ensureNpmPackages, pulumiBin } = require("./setup");

const stack = "demo";
const stateDir = path.join(root, ".pulumi-state");

const say = (text) => process.stdout.write(`\n\x1b[1m==> ${text}\x1b[0m\n`);
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
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
  const pulumi = (...args) => run("pulumi", [...args, "--stack", stack], { env });
  const control = require(path.join(root, "lib", "server")).controlClient(server.url, server.controlToken);

  try {
    // A demo stopped half-way may have left its stack behind: start from a clean one.
    run("pulumi", ["stack", "rm", stack, "--yes", "--force", "--preserve-config"], { env, stdio: "ignore", allowFailure: true });
    run("pulumi", ["stack", "init", stack], { env });

    say("pulumi up: create the projects declared in Pulumi.demo.yaml");
    pulumi("up", "--yes");

    say("pulumi stack output: ids, and the API tokens kept secret");
    pulumi("stack", "output");
    say("pulumi stack output --show-secrets: the tokens the SDKs need");
    pulumi("stack", "output", "apiTokens", "--show-secrets");

    const ids = JSON.parse(
      run("pulumi", ["stack", "output", "projectIds", "--json", "--stack", stack], { env, stdio: ["ignore", "pipe", "inherit"] }).stdout,
    );
    say(`Someone turns IP anonymization off for project ${ids.web} in the PostHog UI`);
    await control.patchProject(ids.web, { anonymize_ips: false });

    say("pulumi refresh: the drift shows");
    pulumi("refresh", "--yes");
    say("pulumi preview --diff: what up will put back");
    pulumi("preview", "--diff");
    say("pulumi up: the declared setting is restored");
    pulumi("up", "--yes");

    say("pulumi destroy: the projects are deleted");
    pulumi("destroy", "--yes");
    run("pulumi", ["stack", "rm", stack, "--yes", "--preserve-config"], { env });
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
