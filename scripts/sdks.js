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
 * Java: pulumi-java's code generation (pkg v1.13.0, the Java host scripts/ensure-language-hosts.sh builds) with
 * `--local`, which writes the sources and src/main/resources/com/pulumi/posthog/version.txt (the version their
 * Utilities reads) and no build files; without it, a Gradle project whose build writes version.txt and plugin.json.
 * The Maven build is ours (javaBuild): pom.xml and the plugin.json Pulumi's Java runtime finds the plugin by.
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
/** The languages `pulumi package gen-sdk` writes, each with the flags it is generated with. */
const LANGUAGES = { python: [], go: [], java: ["--local"] };
/** Pulumi's Java runtime on Maven Central sdk/java compiles against (the newest that resolved with its dependencies). */
const JAVA_RUNTIME_VERSION = "1.36.1";
/** JUnit for the SDK's tests under Pulumi's mocks (test scope). */
const JUNIT_VERSION = "5.10.2";

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

/**
 * sdk/java's Maven build, what the Gradle build pulumi-java writes without `--local` does for a Gradle user: the
 * project com.pulumi:posthog at the schema's version on Java 11, the runtime and javax.annotation's @Nullable (jsr305,
 * as pulumi-java's build files name it), JUnit for tests under mocks, the build's plugins pinned (so that `mvn -o`
 * finds what one online run fetched); and plugin.json, the plugin's name, version and download URL, which the
 * runtime's plugin discovery (`com.pulumi.bootstrap.internal.Main packages`) reads from the jar.
 */
function javaBuild(dir) {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8"));
  const groupId = schema.language.java.basePackage;
  const xmlText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const plugins = [
    ["maven-compiler-plugin", "3.13.0"],
    ["maven-surefire-plugin", "3.2.5"],
    ["maven-jar-plugin", "3.4.1"],
    ["maven-resources-plugin", "3.3.1"],
    ["maven-install-plugin", "3.1.2"],
  ];
  const pom = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by scripts/sdks.js (\`npm run sdks\`): the Maven build of the SDK pulumi-java generates. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
    <modelVersion>4.0.0</modelVersion>

    <groupId>${groupId}</groupId>
    <artifactId>${schema.name}</artifactId>
    <version>${schema.version}</version>
    <packaging>jar</packaging>
    <name>${schema.name}</name>
    <description>${xmlText(schema.description ?? "")}</description>

    <properties>
        <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
        <maven.compiler.release>11</maven.compiler.release>
    </properties>

    <dependencies>
        <dependency>
            <groupId>com.pulumi</groupId>
            <artifactId>pulumi</artifactId>
            <version>${JAVA_RUNTIME_VERSION}</version>
        </dependency>
        <dependency>
            <groupId>com.google.code.findbugs</groupId>
            <artifactId>jsr305</artifactId>
            <version>3.0.2</version>
        </dependency>
        <dependency>
            <groupId>org.junit.jupiter</groupId>
            <artifactId>junit-jupiter</artifactId>
            <version>${JUNIT_VERSION}</version>
            <scope>test</scope>
        </dependency>
    </dependencies>

    <build>
        <plugins>
${plugins
  .map(
    ([artifactId, version]) => `            <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>${artifactId}</artifactId>
                <version>${version}</version>
            </plugin>
`,
  )
  .join("")}        </plugins>
    </build>
</project>
`;
  fs.writeFileSync(path.join(dir, "pom.xml"), pom);
  const resources = path.join(dir, "src", "main", "resources", ...`${groupId}.${schema.name}`.split("."));
  const plugin = { resource: true, name: schema.name, version: schema.version, server: schema.pluginDownloadURL };
  fs.writeFileSync(path.join(resources, "plugin.json"), `${JSON.stringify(plugin, null, 2)}\n`);
}

function generate() {
  const [cli] = bashDirs("ensure-pulumi.sh", []).slice(-1);
  const languages = Object.keys(LANGUAGES);
  const hosts = bashDirs("ensure-language-hosts.sh", languages).slice(-languages.length);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-sdks-"));
  try {
    const env = {
      ...process.env,
      PATH: [...hosts, cli, process.env.PATH].join(path.delimiter),
      PULUMI_HOME: path.join(work, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    for (const [language, flags] of Object.entries(LANGUAGES)) {
      const result = spawnSync(
        path.join(cli, "pulumi"),
        ["package", "gen-sdk", path.join(root, "schema.json"), "--language", language, ...flags, "--out", path.join(work, "sdk")],
        { cwd: work, env, encoding: "utf8" },
      );
      if (result.status !== 0) throw new Error(`gen-sdk --language ${language} failed:\n${result.stdout}${result.stderr}`);
    }
    goModule(path.join(work, "sdk"));
    javaBuild(path.join(work, "sdk", "java"));
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.cpSync(path.join(work, "sdk"), out, { recursive: true });
    fs.writeFileSync(path.join(out, ".schema-sha256"), `${schemaHash()}\n`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

module.exports = { schemaHash, JAVA_RUNTIME_VERSION };

if (require.main === module) {
  generate();
  console.log(`${path.relative(process.cwd(), out) || "."}: ${Object.keys(LANGUAGES).join(", ")} from schema.json`);
}
