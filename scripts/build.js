#!/usr/bin/env node
/**
 * `npm run build`: lib/ from src/, from scratch (a file left from an earlier layout, such as lib/server/control.js
 * beside lib/server/control/, would shadow the new one), and the package's executables made executable so that they
 * run from a checkout as they do from an install.
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const lib = path.join(root, "lib");
fs.rmSync(lib, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(root, "tsconfig.build.json")], {
  stdio: "inherit",
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
const { bin } = require(path.join(root, "package.json"));
for (const file of Object.values(bin)) fs.chmodSync(path.join(root, file), 0o755);
