/**
 * What `npm test`, `npm run demo` and the end-to-end tests need before they start, done the same way for all three:
 * npm packages from the lock file, and the directory of a real Pulumi CLI (scripts/ensure-pulumi.sh).
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

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

module.exports = { root, ensureNpmPackages, pulumiBin };
