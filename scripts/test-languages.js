#!/usr/bin/env node
/**
 * `npm run test:languages`: the languages tier (jest.languages.config.js). Prepares what `npm test` prepares (npm
 * packages, lib/, the Pulumi CLI, the YAML and Python language hosts), the host fronts `pulumi package add` needs
 * (scripts/ensure-language-hosts.sh nodejs yaml_front: RunPlugin, which runs plugin/, and YAML's Link) and the Go SDK
 * generator (go), and ends with the same closing line, `N passed, N failed`.
 */
const { spawnSync } = require("node:child_process");
const path = require("node:path");
const { root, step, ensureNpmPackages, pulumiBin: providePulumi, languageHostBins, pulumiEnv, runJest } = require("./setup");

step("npm packages (npm ci when node_modules is missing)", ensureNpmPackages);
step("build lib/ (npm run build)", () => {
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
});
const pulumiBin = step("Pulumi CLI (scripts/ensure-pulumi.sh)", providePulumi);
const hostBins = step("Pulumi YAML and Python language hosts (scripts/ensure-language-hosts.sh)", languageHostBins);
const fronts = step("language host fronts (scripts/ensure-language-hosts.sh nodejs yaml_front go)", () => {
  const result = spawnSync("bash", [path.join(root, "scripts", "ensure-language-hosts.sh"), "nodejs", "yaml_front", "go"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error(`scripts/ensure-language-hosts.sh failed (exit ${result.status ?? result.signal})`);
  const [nodejs, yaml, go] = result.stdout.trim().split("\n").slice(-3);
  return { nodejs, yaml, go };
});

process.exit(
  runJest(
    ["-c", path.join(root, "jest.languages.config.js"), ...process.argv.slice(2)],
    {
      ...pulumiEnv(pulumiBin, hostBins),
      PULUMI_POSTHOG_NODEJS_BIN: fronts.nodejs,
      PULUMI_POSTHOG_YAML_FRONT_BIN: fronts.yaml,
      PULUMI_POSTHOG_GO_BIN: fronts.go,
    },
    path.join(root, ".cache", "jest-languages-results.json"),
  ),
);
