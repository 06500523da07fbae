#!/usr/bin/env node
/**
 * `npm run test:languages`: the languages tier (jest.languages.config.js). Prepares what `npm test` prepares (npm
 * packages, lib/, the Pulumi CLI, the YAML and Python language hosts), the host fronts `pulumi package add` needs
 * (scripts/ensure-language-hosts.sh nodejs yaml_front: RunPlugin, which runs plugin/, and YAML's Link) and the Go SDK
 * generator (go), Maven's artifacts for sdk/java (one online `mvn package` of a copy, so that the tier's `mvn -o
 * package` finds the runtime, JUnit and the build's plugins: `mvn dependency:go-offline` leaves out what the resources
 * and surefire plugins load), and ends with the same closing line, `N passed, N failed`. Java programs end to end need
 * pulumi-java's language host, which no registry this machine reaches serves: the tier says so last when
 * pulumi-language-java is not on PATH (not a pass: nothing ran).
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

step("Maven artifacts for sdk/java (mvn package of a copy, online)", () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-maven-"));
  try {
    fs.cpSync(path.join(root, "sdk", "java"), copy, { recursive: true });
    const tests = path.join(copy, "src", "test", "java", "com", "pulumi", "posthog");
    fs.mkdirSync(tests, { recursive: true });
    fs.copyFileSync(path.join(root, "test", "languages", "java", "PosthogSdkTest.java"), path.join(tests, "PosthogSdkTest.java"));
    const result = spawnSync("mvn", ["-B", "-q", "package", "dependency:build-classpath"], {
      cwd: copy,
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (result.status !== 0) throw new Error(`mvn package of sdk/java failed (exit ${result.status ?? result.signal})`);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

/** Whether pulumi-language-java is on PATH: Java programs end to end need it. */
const javaHost = () =>
  (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, "pulumi-language-java")));

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
if (!javaHost())
  process.stderr.write(
    "\nJava programs end to end: NOT RUN. pulumi-language-java (pulumi-java's language host) is not on PATH and no registry " +
      "this machine reaches serves it (the Go module proxy refuses github.com/pulumi/pulumi-java); sdk/java was built and " +
      "run under Pulumi's Java mocks instead (test/languages/sdks.test.ts).\n",
  );
process.exit(status);
