#!/usr/bin/env node
/**
 * `npm test`: everything CI needs from a fresh clone, in order. Installs nothing by hand: npm packages come from
 * `npm ci` (run here when node_modules is missing), the Pulumi CLI from scripts/ensure-pulumi.sh, and the local
 * PostHog server is started by the tests themselves.
 */
const path = require("node:path");
const {
  root,
  step,
  run,
  runTogether,
  ensureNpmPackages,
  pulumiBin: providePulumi,
  languageHostBins,
  pulumiEnv,
  runJest,
} = require("./setup");

async function main() {
  step("npm packages (npm ci when node_modules is missing)", ensureNpmPackages);
  run("lint and format check (npm run lint)", "npm", ["run", "--silent", "lint"]);
  // The type check writes nothing and the build reads src/ only: on 2 cores, side by side; the SDK range runs on the
  // build (its dynamic-provider tests load lib/) while the type check goes on.
  await runTogether([
    ["type check (npm run typecheck)", "npm", ["run", "--silent", "typecheck"]],
    [
      "build lib/ (npm run build), then the oldest and newest @pulumi/pulumi accepted (scripts/test-sdk-range.js)",
      "sh",
      ["-c", `npm run --silent build && "${process.execPath}" "${path.join(root, "scripts", "test-sdk-range.js")}"`],
    ],
  ]);
  const pulumiBin = step("Pulumi CLI (scripts/ensure-pulumi.sh)", providePulumi);
  process.stderr.write(`  using ${pulumiBin}\n`);
  const hostBins = step("Pulumi YAML and Python language hosts (scripts/ensure-language-hosts.sh)", languageHostBins);
  process.stderr.write(`  using ${hostBins.yaml} and ${hostBins.python}\n`);

  const status = runJest(process.argv.slice(2), pulumiEnv(pulumiBin, hostBins));
  process.exit(status);
}

main();
