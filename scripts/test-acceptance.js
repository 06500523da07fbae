#!/usr/bin/env node
/**
 * `npm run test:acceptance`: the end-to-end scenarios against a real PostHog (test/acceptance/), through the real
 * Pulumi CLI. Which PostHog: test/acceptance/real-posthog.ts (POSTHOG_ACCEPTANCE_HOST, POSTHOG_ACCEPTANCE_API_KEY and
 * POSTHOG_ACCEPTANCE_ORGANIZATION_ID, else PostHog's backend started here). Prepares what `npm test` prepares (npm
 * packages, lib/ for the provider plugin, the Pulumi CLI and the YAML language host) and ends with the same closing
 * line, `N passed, N failed`.
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

runJest(
  ["-c", path.join(root, "jest.acceptance.config.js"), ...process.argv.slice(2)],
  pulumiEnv(pulumiBin, hostBins),
  path.join(root, ".cache", "jest-acceptance-results.json"),
).then((status) => process.exit(status));
