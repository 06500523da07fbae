#!/usr/bin/env node
/**
 * `npm run plugin-artifacts [-- --out DIR]`: the provider plugin as the archives the Pulumi CLI installs,
 * `pulumi-resource-posthog-v<version>-<os>-<arch>.tar.gz` for each platform Node.js runs on (DIR: dist/ by default).
 * `pulumi plugin install resource posthog <version> --file <archive>` installs one; published at a URL as
 * `<url>/pulumi-resource-posthog-v<version>-<os>-<arch>.tar.gz`, schema.json's pluginDownloadURL (or
 * `--server <url>`) lets the CLI fetch it by itself.
 *
 * Each archive holds the built package (lib/, package.json, LICENSE), its production dependencies with the
 * @pulumi/pulumi that serves the plugin (the versions package-lock.json pins), and the executable the CLI starts,
 * `pulumi-resource-posthog` (`.cmd` on Windows), which runs lib/plugin/serve.js with the `node` on PATH: the plugin
 * needs Node.js 20 or newer there, as the package does. Nothing is installed globally; every dependency is pure
 * JavaScript, so the archives differ only in their launcher.
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const pkg = require(path.join(root, "package.json"));
const outArg = process.argv.indexOf("--out");
const out = path.resolve(outArg > 0 ? process.argv[outArg + 1] : path.join(root, "dist"));

/** The platforms Pulumi's CLI is released for, as its plugin archives name them. */
const PLATFORMS = ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64", "windows-arm64"];

const LAUNCHER = `#!/bin/sh
# Started by the Pulumi CLI: the posthog provider plugin, run by the node on PATH (Node.js 20 or newer).
dir=$(dirname "$0")
exec node "$dir/lib/plugin/serve.js" "$@"
`;
const WINDOWS_LAUNCHER = `@echo off\r\nnode "%~dp0lib\\plugin\\serve.js" %*\r\n`;

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
}

/** The package as it runs: lib/ and its production dependencies, @pulumi/pulumi among them. */
function stage(dir) {
  if (!fs.existsSync(path.join(root, "lib", "plugin", "serve.js"))) throw new Error("lib/ is missing: run `npm run build` first");
  fs.cpSync(path.join(root, "lib"), path.join(dir, "lib"), { recursive: true });
  for (const file of ["LICENSE", "README.md", "schema.json", "package-lock.json"])
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  const pulumi = pkg.devDependencies["@pulumi/pulumi"];
  const manifest = {
    name: pkg.name,
    version: pkg.version,
    license: pkg.license,
    main: pkg.main,
    engines: pkg.engines,
    // The plugin serves with @pulumi/pulumi itself: the version this repository builds and tests with.
    dependencies: { ...pkg.dependencies, "@pulumi/pulumi": pulumi },
  };
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  run(npm, ["install", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], dir);
  fs.rmSync(path.join(dir, "package-lock.json"));
  const native = [];
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".node")) native.push(path.relative(dir, full));
    }
  };
  walk(path.join(dir, "node_modules"));
  // One archive serves every platform only while no dependency carries a compiled addon.
  if (native.length > 0) throw new Error(`native addons would tie the archive to this platform: ${native.join(", ")}`);
}

function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-resource-posthog-"));
  try {
    const staged = path.join(work, "package");
    fs.mkdirSync(staged);
    stage(staged);
    fs.mkdirSync(out, { recursive: true });
    for (const platform of PLATFORMS) {
      const windows = platform.startsWith("windows-");
      const launcher = path.join(staged, windows ? "pulumi-resource-posthog.cmd" : "pulumi-resource-posthog");
      fs.writeFileSync(launcher, windows ? WINDOWS_LAUNCHER : LAUNCHER, { mode: 0o755 });
      const archive = path.join(out, `pulumi-resource-posthog-v${pkg.version}-${platform}.tar.gz`);
      // Owner and times fixed, so that one version's archives are the same bytes wherever they are built.
      run(
        "tar",
        ["--sort=name", "--owner=0", "--group=0", "--numeric-owner", "--mtime=@0", "-I", "gzip -n", "-cf", archive, "-C", staged, "."],
        root,
      );
      fs.rmSync(launcher);
      console.log(path.relative(process.cwd(), archive));
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main();
