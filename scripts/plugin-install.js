#!/usr/bin/env node
/**
 * What the Pulumi CLI runs (`npm install` in plugin/, its Node.js host's InstallDependencies) when it installs the
 * plugin project plugin/ from a git URL or a path: the package's own dependencies and lib/ built, unless they are
 * there already (a checkout that was built, such as a developer's, is left as it is).
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!fs.existsSync(path.join(root, "node_modules", "@pulumi", "pulumi", "package.json"))) run(["ci", "--no-audit", "--no-fund"]);
if (!fs.existsSync(path.join(root, "lib", "plugin", "serve.js"))) run(["run", "-s", "build"]);
