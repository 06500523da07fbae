#!/usr/bin/env node
/**
 * `npm run build`: lib/ from src/, and the package's executables made executable so that they run from a checkout as
 * they do from an install.
 *
 * Incremental: tsc keeps what it knows of the last build in .cache/tsc/build.tsbuildinfo and emits only what changed
 * since (a warm `npm test` re-runs the build). Two things tsc's incremental mode does not do are done here: a file left
 * in lib/ by a source that is gone (lib/server/control.js beside lib/server/control/ would shadow the new one) is
 * removed first, and an output missing since the last build (lib/ deleted or cleaned by hand) sends the build back to
 * a full one, from scratch.
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const src = path.join(root, "src");
const lib = path.join(root, "lib");
const buildInfo = path.join(root, ".cache", "tsc", "build.tsbuildinfo");
/** What tsc writes for one src/<x>.ts, as suffixes of lib/<x>. */
const OUTPUTS = [".js", ".js.map", ".d.ts", ".d.ts.map"];

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

/** src/<x>.ts for lib/<x>.<output>, or undefined for a file tsc does not write. */
function sourceOf(output) {
  const suffix = OUTPUTS.find((s) => output.endsWith(s));
  return suffix && path.join(src, `${path.relative(lib, output).slice(0, -suffix.length)}.ts`);
}

function tsc() {
  const result = spawnSync(
    process.execPath,
    [require.resolve("typescript/bin/tsc"), "-p", path.join(root, "tsconfig.build.json"), "--incremental", "--tsBuildInfoFile", buildInfo],
    { stdio: "inherit" },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

for (const output of files(lib)) {
  const source = sourceOf(output);
  if (!source || !fs.existsSync(source)) fs.rmSync(output);
}
tsc();
const missing = files(src).filter(
  (f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !fs.existsSync(path.join(lib, path.relative(src, f).replace(/\.ts$/, ".js"))),
);
if (missing.length > 0) {
  fs.rmSync(lib, { recursive: true, force: true });
  fs.rmSync(buildInfo, { force: true });
  tsc();
}
const { bin } = require(path.join(root, "package.json"));
for (const file of Object.values(bin)) fs.chmodSync(path.join(root, file), 0o755);
