#!/usr/bin/env node
/**
 * `npm test`: everything CI needs from a fresh clone, in order. Installs nothing by hand: npm packages come from
 * `npm ci` (run here when node_modules is missing), the Pulumi CLI from scripts/ensure-pulumi.sh, and the local
 * PostHog server is started by the tests themselves.
 */
const path = require("node:path");
const setup = require("./setup");

async function main() {
  setup.step("npm packages (npm ci when node_modules is missing)", setup.ensureNpmPackages);
  setup.run("lint and format check (npm run lint)", "npm", ["run", "--silent", "lint"]);
  // The type check writes nothing and the build reads src/ only: on 2 cores, side by side.
  await setup.runTogether([
    ["type check (npm run typecheck)", "npm", ["run", "--silent", "typecheck"]],
    ["build lib/ (npm run build)", "npm", ["run", "--silent", "build"]],
  ]);
  const pulumiBin = setup.step("Pulumi CLI (scripts/ensure-pulumi.sh)", setup.pulumiBin);
  process.stderr.write(`  using ${pulumiBin}\n`);
  const hostBins = setup.step("Pulumi YAML and Python language hosts (scripts/ensure-language-hosts.sh)", setup.languageHostBins);
  process.stderr.write(`  using ${hostBins.yaml} and ${hostBins.python}\n`);

  // The SDK range (test/resources on the oldest and newest @pulumi/pulumi, about 50 s) runs beside the main run, not
  // before it: the main run's end-to-end files wait on their CLI runs much of the time (it used about 155 % of the 2
  // cores alone), and the range's output is printed once both have ended.
  const range = setup.startBeside("the oldest and newest @pulumi/pulumi accepted (scripts/test-sdk-range.js)", process.execPath, [
    path.join(setup.root, "scripts", "test-sdk-range.js"),
  ]);
  process.exit(await setup.runJest(process.argv.slice(2), setup.pulumiEnv(pulumiBin, hostBins), undefined, range));
}

main();
