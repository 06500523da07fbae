#!/usr/bin/env node
/**
 * `npm test`: everything CI needs from a fresh clone, in order. Installs nothing by hand: npm packages come from
 * `npm ci` (run here when node_modules is missing), the Pulumi CLI from scripts/ensure-pulumi.sh, and the local
 * PostHog server is started by the tests themselves.
 */
const { spawnSync } = require("node:child_process");
const path = require("node:path");
const { root, ensureNpmPackages, pulumiBin: providePulumi, languageHostBins, runJest } = require("./setup");

const run = (what, command, args, options = {}) => {
  process.stderr.write(`\n▶ ${what}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], ...options });
  if (result.status !== 0) {
    process.stderr.write(`✖ ${what} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status || 1);
  }
  return result;
};
const step = (what, action) => {
  process.stderr.write(`\n▶ ${what}\n`);
  try {
    return action();
  } catch (error) {
    process.stderr.write(`✖ ${error.message}\n`);
    process.exit(1);
  }
};

step("npm packages (npm ci when node_modules is missing)", ensureNpmPackages);
run("lint and format check (npm run lint)", "npm", ["run", "--silent", "lint"]);
run("type check (npm run typecheck)", "npm", ["run", "--silent", "typecheck"]);
run("build lib/ (npm run build)", "npm", ["run", "--silent", "build"]);
run("the oldest and newest @pulumi/pulumi accepted (scripts/test-sdk-range.js)", process.execPath, [
  path.join(root, "scripts", "test-sdk-range.js"),
]);
const pulumiBin = step("Pulumi CLI (scripts/ensure-pulumi.sh)", providePulumi);
process.stderr.write(`  using ${pulumiBin}\n`);
const hostBins = step("Pulumi YAML and Python language hosts (scripts/ensure-language-hosts.sh)", languageHostBins);
process.stderr.write(`  using ${hostBins.yaml} and ${hostBins.python}\n`);

const status = runJest(process.argv.slice(2), {
  PATH: `${pulumiBin}${path.delimiter}${process.env.PATH}`,
  PULUMI_POSTHOG_CLI_BIN: pulumiBin,
  PULUMI_POSTHOG_YAML_BIN: hostBins.yaml,
  PULUMI_POSTHOG_PYTHON_BIN: hostBins.python,
});
process.exit(status);
