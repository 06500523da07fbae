#!/usr/bin/env node
/**
 * `npm run test:languages`: the languages tier (jest.languages.config.js). Prepares what `npm test` prepares (npm
 * packages, lib/, the Pulumi CLI, the YAML and Python language hosts), the host fronts `pulumi package add` needs
 * (scripts/ensure-language-hosts.sh nodejs yaml_front: RunPlugin, which runs plugin/, and YAML's Link), the Go host
 * behind its front (go: Go programs, the Go SDK's generation and Link) and the Java host behind its (java: Java
 * programs, and Link), Maven's artifacts for sdk/java and examples/java (one online `mvn install` of a copy of
 * sdk/java, so that the tier's `mvn -o package` finds the runtime, JUnit and the build's plugins — `mvn
 * dependency:go-offline` leaves out what the resources and surefire plugins load — and examples/java this checkout's
 * com.pulumi:posthog; then, in a copy of examples/java, the Java host's own plugin discovery, which fetches the exec
 * plugin it runs programs with), and ends with the same closing line, `N passed, N failed`.
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
const fronts = step(
  "language host fronts, Go and Java hosts behind theirs (scripts/ensure-language-hosts.sh nodejs yaml_front go java)",
  () => {
    const result = spawnSync("bash", [path.join(root, "scripts", "ensure-language-hosts.sh"), "nodejs", "yaml_front", "go", "java"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    if (result.status !== 0) throw new Error(`scripts/ensure-language-hosts.sh failed (exit ${result.status ?? result.signal})`);
    const [nodejs, yaml, go, java] = result.stdout.trim().split("\n").slice(-4);
    return { nodejs, yaml, go, java };
  },
);

/** `mvn -B -q <args>` in `cwd`, online. */
function mvn(cwd, args) {
  const result = spawnSync("mvn", ["-B", "-q", ...args], { cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`mvn ${args.join(" ")} in ${cwd} failed (exit ${result.status ?? result.signal})`);
}

step("Maven artifacts for sdk/java and examples/java (mvn install of a copy, the Java host's plugin discovery; online)", () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-maven-"));
  try {
    const sdk = path.join(copy, "sdk");
    fs.cpSync(path.join(root, "sdk", "java"), sdk, { recursive: true });
    const tests = path.join(sdk, "src", "test", "java", "com", "pulumi", "posthog");
    fs.mkdirSync(tests, { recursive: true });
    fs.copyFileSync(path.join(root, "test", "languages", "java", "PosthogSdkTest.java"), path.join(tests, "PosthogSdkTest.java"));
    mvn(sdk, ["install", "dependency:build-classpath"]);
    const example = path.join(copy, "example");
    fs.cpSync(path.join(root, "examples", "java"), example, { recursive: true });
    mvn(example, ["compile", "exec:java", "-DmainClass=com.pulumi.bootstrap.internal.Main", "-DmainArgs=packages"]);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

runJest(
  ["-c", path.join(root, "jest.languages.config.js"), ...process.argv.slice(2)],
  {
    ...pulumiEnv(pulumiBin, hostBins),
    PULUMI_POSTHOG_NODEJS_BIN: fronts.nodejs,
    PULUMI_POSTHOG_YAML_FRONT_BIN: fronts.yaml,
    PULUMI_POSTHOG_GO_BIN: fronts.go,
    PULUMI_POSTHOG_JAVA_BIN: fronts.java,
  },
  path.join(root, ".cache", "jest-languages-results.json"),
).then((status) => process.exit(status));
