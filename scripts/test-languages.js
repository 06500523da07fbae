#!/usr/bin/env node
/**
 * `npm run test:languages`: the languages tier (jest.languages.config.js). Prepares what `npm test` prepares (npm
 * packages, lib/, the Pulumi CLI, the YAML and Python language hosts), the host fronts `pulumi package add` needs
 * (scripts/ensure-language-hosts.sh nodejs yaml_front: RunPlugin, which runs plugin/, and YAML's Link) and the Go SDK
 * generator (go), Maven's artifacts for sdk/java (one online `mvn install` of a copy, so that the tier's `mvn -o
 * package` and `mvn -o install` find the runtime, JUnit and the build's plugins: `mvn dependency:go-offline` leaves
 * out what the resources and surefire plugins load), and ends with the same closing line, `N passed, N failed`. Go
 * and Java programs end to end need Pulumi's Go host and pulumi-java's, which no registry this machine reaches
 * serves: their tests run where the CLI finds them (test/languages/packages.test.ts) and are skipped otherwise, which
 * the tier says last (not a pass: nothing ran).
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { root, step, ensureNpmPackages, pulumiBin: providePulumi, languageHostBins, pulumiEnv, runJest } = require("./setup");

step("npm packages (npm ci when node_modules is missing)", ensureNpmPackages);
step("build lib/ (npm run build)", () => {
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
});
const pulumiBin = step("Pulumi CLI (scripts/ensure-pulumi.sh)", providePulumi);
const hostBins = step("Pulumi YAML and Python language hosts (scripts/ensure-language-hosts.sh)", languageHostBins);
const fronts = step("language host fronts (scripts/ensure-language-hosts.sh nodejs yaml_front go)", () => {
  const result = spawnSync("bash", [path.join(root, "scripts", "ensure-language-hosts.sh"), "nodejs", "yaml_front", "go"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error(`scripts/ensure-language-hosts.sh failed (exit ${result.status ?? result.signal})`);
  const [nodejs, yaml, go] = result.stdout.trim().split("\n").slice(-3);
  return { nodejs, yaml, go };
});

step("Maven artifacts for sdk/java (mvn install of a copy, online)", () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-maven-"));
  try {
    fs.cpSync(path.join(root, "sdk", "java"), copy, { recursive: true });
    const tests = path.join(copy, "src", "test", "java", "com", "pulumi", "posthog");
    fs.mkdirSync(tests, { recursive: true });
    fs.copyFileSync(path.join(root, "test", "languages", "java", "PosthogSdkTest.java"), path.join(tests, "PosthogSdkTest.java"));
    const result = spawnSync("mvn", ["-B", "-q", "install", "dependency:build-classpath"], {
      cwd: copy,
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (result.status !== 0) throw new Error(`mvn install of sdk/java failed (exit ${result.status ?? result.signal})`);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

/** Whether the CLI finds pulumi-language-<language>: on PATH or beside the CLI (test/languages/packages.test.ts). */
const languageHost = (language) =>
  [pulumiBin, ...(process.env.PATH ?? "").split(path.delimiter)].some(
    (dir) => dir && fs.existsSync(path.join(dir, `pulumi-language-${language}`)),
  );

const status = runJest(
  ["-c", path.join(root, "jest.languages.config.js"), ...process.argv.slice(2)],
  {
    ...pulumiEnv(pulumiBin, hostBins),
    PULUMI_POSTHOG_NODEJS_BIN: fronts.nodejs,
    PULUMI_POSTHOG_YAML_FRONT_BIN: fronts.yaml,
    PULUMI_POSTHOG_GO_BIN: fronts.go,
  },
  path.join(root, ".cache", "jest-languages-results.json"),
);
/** Why a language's programs did not run end to end here, and what ran instead. */
const notRun = {
  go:
    "Go's language host (github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3) is refused by the Go module proxy; " +
    "sdk/go was built and vetted, examples/go built, vetted and tested under Pulumi's Go mocks instead",
  java:
    "pulumi-java's language host is refused by the Go module proxy (github.com/pulumi/pulumi-java); sdk/java was built " +
    "and tested under Pulumi's Java mocks and examples/java compiled against it instead",
};
for (const [language, why] of Object.entries(notRun))
  if (!languageHost(language))
    process.stderr.write(
      `\n${language === "go" ? "Go" : "Java"} programs end to end: NOT RUN (skipped). pulumi-language-${language} is not on PATH ` +
        `nor beside the CLI: ${why} (test/languages/sdks.test.ts).\n`,
    );
process.exit(status);
