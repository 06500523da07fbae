#!/usr/bin/env node
/**
 * `npm run sdks`: the SDKs in the repository, generated from schema.json (`npm run docs` writes it) by the pinned
 * Pulumi CLI's `pulumi package gen-sdk`, with the language hosts scripts/ensure-language-hosts.sh provides:
 *
 *   sdk/python   the package pulumi_posthog (pyproject.toml, typed: py.typed), `pip wheel`/`python -m build` ready
 *   sdk/go       the package posthog of the Go module github.com/pulumi-posthog/pulumi-posthog/sdk (sdk/go.mod)
 *   sdk/java     the Maven project com.pulumi:posthog (package com.pulumi.posthog), `mvn -o package` ready
 *
 * Each SDK's version is schema.json's, which is package.json's. sdk/.schema-sha256 records the schema.json they
 * were generated from: the unit tier checks it against schema.json (test/plugin/sdks.test.ts), the languages tier
 * regenerates and compares every file.
 *
 * Java: sdk/java is written by our own generator (src/generate/java-sdk.ts, built into lib/: run `npm run build`
 * first) in the shapes pulumi-java's writes, for the schema language we use. pulumi-java's own (pkg v1.13.0, the
 * Java host scripts/ensure-language-hosts.sh builds, `gen-sdk --language java`) writes the same 277 classes and
 * compiles against com.pulumi:pulumi 1.36.1, but a Gradle project, and its invoke results' optional lists and maps
 * as plain List/Map where ours are Optional: not switched yet.
 *
 * `--out DIR` writes the SDKs into DIR instead of sdk/ (the comparison of the languages tier).
 */
const { spawnSync } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const outArg = process.argv.indexOf("--out");
const out = path.resolve(outArg > 0 ? process.argv[outArg + 1] : path.join(root, "sdk"));
/** The languages `pulumi package gen-sdk` writes; Java is written by src/generate/java-sdk.ts. */
const LANGUAGES = ["python", "go"];

/** The directory printed last by a bash script, whose progress goes to stderr. */
function bashDirs(script, args) {
  const result = spawnSync("bash", [path.join(root, "scripts", script), ...args], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error(`scripts/${script} failed (exit ${result.status ?? result.signal})`);
  return result.stdout.trim().split("\n");
}

/** sha256 of schema.json: what sdk/.schema-sha256 holds. */
function schemaHash(file = path.join(root, "schema.json")) {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * The Go module gen-sdk leaves to the user (it writes the package only): go.mod and go.sum at sdk/, the module path
 * of schema.json's importBasePath less its `/go/posthog`, requiring the Go SDK of the pinned CLI's version, resolved
 * through the Go module proxy (most of it is in the module cache after the CLI's build). Its go directive is what
 * `go mod tidy` derives, go 1.26.6, and the SDK truly needs it: the generated resources call Context.ExistsResource,
 * which sdk/v3 has from v3.269.0 on (v3.259.0, the last sdk/v3 on go 1.25, lacks it; every sdk/v3 from v3.260.0 says
 * go 1.26.6). The CLI's version, not v3.269.0, because the proxy refuses a dependency of v3.269.0 (pulumi-cloud-sdk).
 */
function goModule(dir) {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8"));
  const modulePath = schema.language.go.importBasePath.replace(/\/go\/posthog$/, "");
  const cliVersion = fs
    .readFileSync(path.join(root, "scripts", "ensure-pulumi.sh"), "utf8")
    .match(/^readonly PULUMI_VERSION="(v[\d.]+)"/m)[1];
  fs.writeFileSync(path.join(dir, "go.mod"), `module ${modulePath}\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 ${cliVersion}\n`);
  const go = spawnSync("go", ["mod", "tidy"], {
    cwd: dir,
    env: { ...process.env, GOFLAGS: "-mod=mod", GOWORK: "off", GOTOOLCHAIN: "local" },
    encoding: "utf8",
  });
  if (go.status !== 0) throw new Error(`go mod tidy in the Go SDK failed:\n${go.stdout}${go.stderr}`);
}

/** sdk/java from schema.json, by the generator of lib/generate/java-sdk.js. */
function javaSdk(dir) {
  const { javaSdk: files } = require(path.join(root, "lib", "generate", "java-sdk.js"));
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8"));
  for (const [file, text] of Object.entries(files(schema))) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

function generate() {
  const [cli] = bashDirs("ensure-pulumi.sh", []).slice(-1);
  const hosts = bashDirs("ensure-language-hosts.sh", LANGUAGES).slice(-LANGUAGES.length);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-sdks-"));
  try {
    const env = {
      ...process.env,
      PATH: [...hosts, cli, process.env.PATH].join(path.delimiter),
      PULUMI_HOME: path.join(work, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    for (const language of LANGUAGES) {
      const result = spawnSync(
        path.join(cli, "pulumi"),
        ["package", "gen-sdk", path.join(root, "schema.json"), "--language", language, "--out", path.join(work, "sdk")],
        { cwd: work, env, encoding: "utf8" },
      );
      if (result.status !== 0) throw new Error(`gen-sdk --language ${language} failed:\n${result.stdout}${result.stderr}`);
    }
    goModule(path.join(work, "sdk"));
    javaSdk(path.join(work, "sdk", "java"));
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.cpSync(path.join(work, "sdk"), out, { recursive: true });
    fs.writeFileSync(path.join(out, ".schema-sha256"), `${schemaHash()}\n`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

module.exports = { schemaHash, LANGUAGES };

if (require.main === module) {
  generate();
  console.log(`${path.relative(process.cwd(), out) || "."}: ${[...LANGUAGES, "java"].join(", ")} from schema.json`);
}
