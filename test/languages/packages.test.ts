/**
 * The provider as Pulumi users install a provider, through the real CLI against the local server: `pulumi package
 * add` of this repository's plugin/ (a plugin project the CLI runs with its Node.js host) in a YAML, a Python, a
 * TypeScript, a Go and a Java program (the last two examples/go's and examples/java's, with the SDK `pulumi package
 * add` generates instead of the repository's sdk/go and sdk/java, which test/languages/sdks.test.ts builds them on),
 * each declaring a project, a flag and a dashboard (up, a preview with no change, drift made by hand shown and put
 * back by one up --refresh --diff, destroy); the same from a git URL with a version tag, the checkout's commit served
 * by a git host over HTTPS on loopback (test/helpers/git-https.ts), in a YAML, a Python, a TypeScript, a Go and a Java
 * program (up, no change, destroy: the clone's install and build are what is new); and the plugin archive `npm run
 * plugin-artifacts` writes, installed by `pulumi plugin install --file` and run by a YAML program and by examples/go's
 * program on sdk/ (through go.mod's replace directive) with no plugin on PATH.
 *
 * The plugin's executable is never on PATH here: each program gets the plugin the way it names it. Commands run as
 * asynchronous child processes, since the local server answers from this process's event loop.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { Transport } from "../../src/client-entry";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { type GitHttpsServer, startGitHttpsServer } from "../helpers/git-https";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { liveProjects } from "../helpers/projects";
import { PYTHON_PULUMI, pythonVirtualenv } from "../helpers/python-venv";
import { cacheDir, cliEnvironment, repoRoot } from "../helpers/pulumi-cli";
import { command } from "./command";

const { version } = require("../../package.json") as { version: string };
const { JAVA_RUNTIME_VERSION } = require("../../scripts/sdks") as { JAVA_RUNTIME_VERSION: string };

let server: LocalPostHog;
let http: Transport;
let stateDir: string;
let workDir: string;

/**
 * The CLI, the Node.js host front that answers RunPlugin, the YAML host behind its front (Link), the Python host, the
 * Go and Java hosts behind their fronts: never the plugin itself.
 */
function env(extra: Record<string, string> = {}): Record<string, string> {
  const names = [
    "PULUMI_POSTHOG_CLI_BIN",
    "PULUMI_POSTHOG_NODEJS_BIN",
    "PULUMI_POSTHOG_YAML_FRONT_BIN",
    "PULUMI_POSTHOG_PYTHON_BIN",
    "PULUMI_POSTHOG_GO_BIN",
    "PULUMI_POSTHOG_JAVA_BIN",
  ];
  const dirs = names.map((name) => {
    const dir = process.env[name];
    if (!dir) throw new Error(`${name} is not set: run this tier with npm run test:languages`);
    return dir;
  });
  // The CLI looks for a language host on PATH before beside itself: the front (nodejs) comes first.
  const [cli, nodejs, ...hosts] = dirs;
  return { ...process.env, ...cliEnvironment(server, stateDir, [nodejs!, cli!, ...hosts]), ...extra } as Record<string, string>;
}

/** A command with env()'s environment and these variables besides. */
const sh = (cwd: string, file: string, args: string[], extra: Record<string, string> = {}) => command(cwd, file, args, env(extra));
const pulumiIn = (cwd: string, args: string[], extra: Record<string, string> = {}) =>
  sh(cwd, path.join(process.env.PULUMI_POSTHOG_CLI_BIN ?? "", "pulumi"), args, extra);

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-languages-"));
  workDir = cacheDir("languages");
});

afterAll(async () => {
  await server?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
});

/** The same three objects in each language: a project, a flag and a dashboard in it. */
const YAML_RESOURCES = `resources:
  web:
    type: posthog:index:Project
    properties:
      name: \${projectName}
  checkout:
    type: posthog:index:FeatureFlag
    properties:
      projectId: \${web.projectId}
      key: new-checkout
      filters:
        groups:
          - properties: []
            rollout_percentage: 20
  traffic:
    type: posthog:index:Dashboard
    properties:
      projectId: \${web.projectId}
      name: Web traffic
outputs:
  projectId: \${web.projectId}
  flagId: \${checkout.flagId}
  dashboardId: \${traffic.dashboardId}
`;

const PYTHON_PROGRAM = `import pulumi
import pulumi_posthog as posthog

config = pulumi.Config()
web = posthog.Project("web", name=config.require("projectName"))
checkout = posthog.FeatureFlag(
    "checkout",
    project_id=web.project_id,
    key="new-checkout",
    filters={"groups": [{"properties": [], "rollout_percentage": 20}]},
)
traffic = posthog.Dashboard("traffic", project_id=web.project_id, name="Web traffic")
pulumi.export("projectId", web.project_id)
pulumi.export("flagId", checkout.flag_id)
pulumi.export("dashboardId", traffic.dashboard_id)
`;

/**
 * The same three objects in TypeScript, on the SDK `pulumi package add` generates (the npm package
 * `@pulumi-posthog/sdk`, schema.json's language.nodejs.packageName), not on the dynamic classes of pulumi-posthog.
 */
const TYPESCRIPT_PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as posthog from "@pulumi-posthog/sdk";

const config = new pulumi.Config();
const web = new posthog.Project("web", { name: config.require("projectName") });
const checkout = new posthog.FeatureFlag("checkout", {
    projectId: web.projectId,
    key: "new-checkout",
    filters: { groups: [{ properties: [], rollout_percentage: 20 }] },
});
const traffic = new posthog.Dashboard("traffic", { projectId: web.projectId, name: "Web traffic" });
export const projectId = web.projectId;
export const flagId = checkout.flagId;
export const dashboardId = traffic.dashboardId;
`;

/**
 * up, the objects in PostHog, a preview with no change, the dashboard renamed by hand shown and put back by one up
 * --refresh --diff (what the refresh finds, then the update; unless `drift` is false: a run that only proves the
 * plugin is there), destroy: the objects gone.
 */
async function lifecycle(dir: string, stack: string, projectName: string, extra: Record<string, string> = {}, drift = true): Promise<void> {
  const pulumi = (cwd: string, args: string[]) => pulumiIn(cwd, args, extra);
  await pulumi(dir, ["stack", "init", stack]);
  await pulumi(dir, ["config", "set", "projectName", projectName, "--stack", stack]);
  await pulumi(dir, ["up", "--yes", "--skip-preview", "--stack", stack]);
  const outputs = JSON.parse(await pulumi(dir, ["stack", "output", "--json", "--stack", stack])) as Record<string, number>;
  const projectId = outputs.projectId;
  expect(await projects.getProject(http, server.organizationId, projectId)).toMatchObject({ name: projectName });
  expect(await featureFlags.getFeatureFlag(http, projectId, outputs.flagId)).toMatchObject({ key: "new-checkout", deleted: false });
  expect(await dashboards.getDashboard(http, projectId, outputs.dashboardId)).toMatchObject({ name: "Web traffic" });

  await pulumi(dir, ["preview", "--expect-no-changes", "--stack", stack]);

  if (drift) {
    await dashboards.updateDashboard(http, projectId, outputs.dashboardId, { name: "Renamed by hand" });
    const shown = await pulumi(dir, ["up", "--refresh", "--diff", "--yes", "--skip-preview", "--stack", stack]);
    expect(shown).toMatch(/~ name\s*: "Web traffic" => "Renamed by hand"/);
    expect(shown).toMatch(/~ name\s*: "Renamed by hand" => "Web traffic"/);
    expect(await dashboards.getDashboard(http, projectId, outputs.dashboardId)).toMatchObject({ name: "Web traffic" });
  }

  await pulumi(dir, ["destroy", "--yes", "--skip-preview", "--stack", stack]);
  // PostHog deletes a project in the background: gone from the live ones at once, listed until purged.
  expect((await liveProjects(http, server.organizationId)).map((project) => project.id)).not.toContain(projectId);
}

test("YAML: pulumi package add <checkout>/plugin records the plugin directory as the package posthog, and the CLI runs it with its Node.js host: a project, a flag and a dashboard up, no change after, drift shown and put back, destroyed", async () => {
  const dir = path.join(workDir, "yaml");
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: packages-yaml\nruntime: yaml\nconfig:\n  projectName:\n    type: string\n${YAML_RESOURCES}`,
  );
  await pulumiIn(dir, ["package", "add", path.join(repoRoot, "plugin")]);
  expectPackageRecorded(dir);
  await lifecycle(dir, "yaml", "Packages from YAML");
});

/**
 * A Python program's directory: a virtualenv of its own (what `pulumi package add` and pip install into), seeing the
 * shared one's packages (pulumi) through a .pth file (the shared one, which other test files install their
 * pulumi_posthog into, stays as it is); Pulumi.yaml naming it, the program, requirements.txt. Answers pip in it.
 */
async function pythonProject(dir: string, name: string): Promise<string> {
  fs.mkdirSync(dir);
  const shared = await pythonVirtualenv();
  const venv = path.join(dir, "venv");
  await sh(dir, "python3", ["-m", "venv", venv]);
  const purelib = ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"];
  const sharedSite = (await sh(dir, path.join(shared, "bin", "python"), purelib)).trim();
  const ownSite = (await sh(dir, path.join(venv, "bin", "python"), purelib)).trim();
  fs.writeFileSync(path.join(ownSite, "shared-pulumi.pth"), `${sharedSite}\n`);
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: ${name}\nruntime:\n  name: python\n  options:\n    virtualenv: venv\nconfig:\n  projectName:\n    type: string\n`,
  );
  fs.writeFileSync(path.join(dir, "__main__.py"), PYTHON_PROGRAM);
  fs.writeFileSync(path.join(dir, "requirements.txt"), `pulumi==${PYTHON_PULUMI}\n`);
  return path.join(venv, "bin", "pip");
}

/**
 * What `pulumi package add` leaves in a Python program (requirements.txt's new line, the typed SDK), and that line
 * installed as `pulumi install` installs it (its dependency pulumi is there already).
 */
async function installPythonSdk(dir: string, pip: string, sdk: string): Promise<void> {
  expect(fs.readFileSync(path.join(dir, "requirements.txt"), "utf8").split("\n")).toContain(`./${sdk}`);
  expect(fs.existsSync(path.join(dir, sdk, "pulumi_posthog", "py.typed"))).toBe(true);
  await sh(dir, pip, ["install", "--no-deps", "--no-build-isolation", "--quiet", `./${sdk}`]);
}

test("Python: pulumi package add <checkout>/plugin generates pulumi_posthog into sdks/posthog and names it in requirements.txt; the program runs on it: up, no change, drift put back, destroy", async () => {
  const dir = path.join(workDir, "python");
  const pip = await pythonProject(dir, "packages-python");
  await pulumiIn(dir, ["package", "add", path.join(repoRoot, "plugin")]);
  await installPythonSdk(dir, pip, "sdks/posthog");
  await lifecycle(dir, "python", "Packages from Python");
});

/**
 * An example of examples/ copied into `dir` as a program that has not added the package yet: Pulumi.yaml without its
 * `packages:`, and these edits of its build file (each part must be in the example as it is here).
 */
function exampleBeforeAdd(example: string, dir: string, edits: [file: string, part: string | RegExp, by: string][]): void {
  fs.cpSync(path.join(repoRoot, "examples", example), dir, { recursive: true });
  for (const [name, part, by] of [["Pulumi.yaml", "packages:\n  posthog: ../../plugin\n", ""] as const, ...edits]) {
    const text = fs.readFileSync(path.join(dir, name), "utf8");
    expect(text).toMatch(part);
    fs.writeFileSync(path.join(dir, name), text.replace(part, by));
  }
}

/** The package pulumi package add records in Pulumi.yaml: plugin/ of this checkout, as `posthog`. */
function expectPackageRecorded(dir: string): void {
  const project = parse(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")) as { packages?: Record<string, unknown> };
  expect(project.packages).toEqual({ posthog: path.join(repoRoot, "plugin") });
}

/** Go for the CLI and the Go host: no VCS stamp (the program is not in a repository), no workspace, the go of PATH. */
const GO_ENV = { GOFLAGS: "-buildvcs=false", GOWORK: "off", GOTOOLCHAIN: "local" };
/** ... and once the add has tidied go.sum (-mod=readonly): the host builds the program with the go of PATH. */
const GO_RUN_ENV = { ...GO_ENV, GOFLAGS: "-mod=readonly -buildvcs=false" };

/**
 * examples/go's program before the add: its go.mod without sdk/'s require and replace, its go.sum as it is (`go mod
 * tidy`, which the CLI has the host run after Link, adds what the SDK needs).
 */
function goProgram(dir: string): void {
  exampleBeforeAdd("go", dir, [
    ["go.mod", "\tgithub.com/pulumi-posthog/pulumi-posthog/sdk v0.0.0\n", ""],
    ["go.mod", /\n\/\/[^\n]*\nreplace github\.com\/pulumi-posthog\/pulumi-posthog\/sdk => [^\n]*\n/, "\n"],
  ]);
}

/**
 * What `pulumi package add` leaves in a Go program: the SDK in `sdk` as its own module (pkg/v3's Go code generation
 * for `pulumi package add`, its path from schema.json's importBasePath whatever the SDK's directory), go.mod requiring
 * it at the package's version and replacing it with that directory, and the import the add tells of.
 */
function expectGoSdkLinked(dir: string, added: string, sdk: string): void {
  const module = "github.com/pulumi-posthog/pulumi-posthog/sdk/go";
  expect(added).toContain(`import posthog "${module}/posthog"`);
  expect(fs.readFileSync(path.join(dir, sdk, "go.mod"), "utf8")).toMatch(new RegExp(`^module ${module}$`, "m"));
  const goMod = fs.readFileSync(path.join(dir, "go.mod"), "utf8");
  expect(goMod).toMatch(new RegExp(`^\\s*(require )?${module} v${version}$`, "m"));
  expect(goMod).toMatch(new RegExp(`^replace ${module} => \\./${sdk}$`, "m"));
}

test("Go: pulumi package add <checkout>/plugin in examples/go's program (its go.mod without sdk/) generates the Go SDK into sdks/posthog, requires its module in go.mod and replaces it with that directory; the program, built by pulumi-language-go v3.66.0 behind the front, runs on it: a project, a flag and a dashboard up, no change after, drift shown and put back, destroyed", async () => {
  const dir = path.join(workDir, "go");
  goProgram(dir);
  const added = await pulumiIn(dir, ["package", "add", path.join(repoRoot, "plugin")], GO_ENV);
  expectGoSdkLinked(dir, added, "sdks/posthog");
  expectPackageRecorded(dir);
  await lifecycle(dir, "go", "Packages from Go", GO_RUN_ENV);
});

/** examples/java's program before the add: its pom.xml on Pulumi's Java runtime (sdk/java's) instead of sdk/java. */
function javaProgram(dir: string): void {
  exampleBeforeAdd("java", dir, [
    [
      "pom.xml",
      /<!--[^>]*-->\s*<dependency>\s*<groupId>com\.pulumi<\/groupId>\s*<artifactId>posthog<\/artifactId>\s*<version>[^<]*<\/version>/,
      `<dependency>\n            <groupId>com.pulumi</groupId>\n            <artifactId>pulumi</artifactId>\n            <version>${JAVA_RUNTIME_VERSION}</version>`,
    ],
  ]);
}

/**
 * What `pulumi package add` leaves in a Java program: the SDK pulumi-language-java v1.13.0 generates, in `sdk`, its
 * classes in com.pulumi.posthog (the package examples/java imports), linked by the front as pulumi-java's Link says:
 * its sources copied into src/, gson and jsr305 added to pom.xml; then, since the host runs `mvn compile exec:java`
 * in the program's directory, Maven offline from here (the add's own `mvn compile` was online, for what the pom now
 * names).
 */
function expectJavaSdkLinked(dir: string, added: string, sdk: string): void {
  expect(added).toContain("The sources of the generated SDK of posthog are in src/.");
  const sources = path.join("src", "main", "java", "com", "pulumi", "posthog");
  for (const file of ["Project.java", "FeatureFlagArgs.java", "Dashboard.java"]) {
    expect(fs.existsSync(path.join(dir, sdk, sources, file))).toBe(true);
    expect(fs.readFileSync(path.join(dir, sources, file), "utf8")).toBe(fs.readFileSync(path.join(dir, sdk, sources, file), "utf8"));
  }
  const dependencies = [
    ...fs
      .readFileSync(path.join(dir, "pom.xml"), "utf8")
      .matchAll(/<dependency>\s*<groupId>([^<]+)<\/groupId>\s*<artifactId>([^<]+)<\/artifactId>\s*<version>([^<]+)<\/version>/g),
  ].map(([, group, artifact, v]) => `${group}:${artifact}:${v}`);
  expect(dependencies).toEqual([
    `com.pulumi:pulumi:${JAVA_RUNTIME_VERSION}`,
    "com.google.code.findbugs:jsr305:3.0.2",
    "com.google.code.gson:gson:2.8.9",
  ]);
  fs.mkdirSync(path.join(dir, ".mvn"));
  fs.writeFileSync(path.join(dir, ".mvn", "maven.config"), "-o\n");
}

test("Java: pulumi package add <checkout>/plugin in examples/java's program (its pom.xml on Pulumi's Java runtime instead of sdk/java) has pulumi-language-java v1.13.0 generate the Java SDK into sdks/posthog and the front link it as pulumi-java's Link says (its sources into src/, gson and jsr305 into pom.xml); Maven builds the program, which runs on it: a project, a flag and a dashboard up, no change after, drift shown and put back, destroyed", async () => {
  const dir = path.join(workDir, "java");
  javaProgram(dir);
  const added = await pulumiIn(dir, ["package", "add", path.join(repoRoot, "plugin")]);
  expectJavaSdkLinked(dir, added, "sdks/posthog");
  expectPackageRecorded(dir);
  await lifecycle(dir, "java", "Packages from Java");
});

/**
 * A TypeScript program's directory as `pulumi new typescript` lays one out: Pulumi.yaml (nodejs), package.json
 * wanting the @pulumi/pulumi the generated SDK is written for (3.269 or newer: its `exists` methods call the
 * runtime's existsResource), a strict tsconfig.json, the program.
 */
function typescriptProject(dir: string, name: string): void {
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\nconfig:\n  projectName:\n    type: string\n`);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    `${JSON.stringify({ name, private: true, main: "index.ts", dependencies: { "@pulumi/pulumi": "^3.269.0" } }, null, 2)}\n`,
  );
  const compilerOptions = { strict: true, target: "es2020", module: "commonjs", moduleResolution: "node", skipLibCheck: true };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), `${JSON.stringify({ compilerOptions, files: ["index.ts"] }, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, "index.ts"), TYPESCRIPT_PROGRAM);
}

/**
 * What `pulumi package add` leaves in a TypeScript program: package.json's `file:` dependency on the generated SDK,
 * installed by the CLI (npm install through the Node.js host) and compiled by the SDK's own install script, and a
 * program that type-checks against it (strict tsc, the program's every name and input type from the SDK).
 */
async function expectTypeScriptSdk(dir: string, sdk: string): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  expect(manifest.dependencies["@pulumi-posthog/sdk"]).toBe(`file:${sdk}`);
  expect(fs.realpathSync(path.join(dir, "node_modules", "@pulumi-posthog", "sdk"))).toBe(fs.realpathSync(path.join(dir, sdk)));
  expect(fs.existsSync(path.join(dir, sdk, "bin", "index.js"))).toBe(true);
  await sh(dir, process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", dir]);
}

test("TypeScript: pulumi package add <checkout>/plugin generates the Node.js SDK @pulumi-posthog/sdk into sdks/posthog, names it in package.json and installs it; the program, type-checked against it, runs on it: up, no change, drift put back, destroy", async () => {
  const dir = path.join(workDir, "typescript");
  typescriptProject(dir, "packages-typescript");
  const added = await pulumiIn(dir, ["package", "add", path.join(repoRoot, "plugin")]);
  expect(added).toContain('import * as posthog from "@pulumi-posthog/sdk";');
  await expectTypeScriptSdk(dir, "sdks/posthog");
  await lifecycle(dir, "typescript", "Packages from TypeScript");
});

describe("from a git URL", () => {
  let git: GitHttpsServer;
  let home: string;
  /** What users type: the repository's URL, the plugin project's directory in it, the release's tag. */
  let source: string;
  /**
   * The git host's proxy and certificate, a plugin cache of these tests' own (where the CLI installs the clone) and a
   * temporary directory.
   */
  let extra: Record<string, string>;

  beforeAll(async () => {
    git = await startGitHttpsServer(repoRoot, "pulumi-posthog/pulumi-posthog", `v${version}`);
    source = `${git.url}/plugin@v${version}`;
    home = path.join(workDir, "git-pulumi-home");
    // TMPDIR: the CLI leaves the clone's tarball in the temporary directory (pulumi-plugin-tar*), removed with workDir.
    const tmp = path.join(workDir, "git-tmp");
    fs.mkdirSync(tmp);
    extra = { ...git.env, PULUMI_HOME: home, TMPDIR: tmp };
  });
  afterAll(async () => {
    await git?.close();
  });

  /**
   * The plugin the CLI installed from `source`: the tagged commit, cloned whole into the plugin cache, with lib/ built
   * there by plugin/'s install (scripts/plugin-install.js), nothing taken from the checkout.
   */
  async function expectInstalledFromTheTag(): Promise<void> {
    const plugins = path.join(home, "plugins");
    const installed = fs
      .readdirSync(plugins, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith("resource-"))
      .map((entry) => entry.name);
    expect(installed).toEqual([`resource-${new URL(git.url).host}_pulumi-posthog_pulumi-posthog.git_plugin-v${version}`]);
    const clone = path.join(plugins, installed[0]);
    expect((await sh(clone, "git", ["rev-parse", "HEAD"])).trim()).toBe((await sh(repoRoot, "git", ["rev-parse", "HEAD"])).trim());
    expect(fs.existsSync(path.join(clone, "lib", "plugin", "serve.js"))).toBe(true);
  }

  /**
   * The package pulumi package add records in Pulumi.yaml: the URL without its scheme, as `posthog`, at its version
   * as typed (v<version>) on a first install, as the plugin cache has it (<version>) once installed.
   */
  function expectGitPackageRecorded(dir: string): void {
    const project = parse(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")) as { packages?: Record<string, unknown> };
    const recorded = `${new URL(git.url).host}${new URL(git.url).pathname}/plugin`;
    expect(Object.keys(project.packages ?? {})).toEqual(["posthog"]);
    expect([`${recorded}@v${version}`, `${recorded}@${version}`]).toContain(project.packages?.posthog);
  }

  test("Python: pulumi package add https://<host>/pulumi-posthog/pulumi-posthog.git/plugin@v<version> clones the tag, installs and builds the plugin in the fresh clone, generates pulumi_posthog into sdks/pulumi-posthog-posthog and names it in requirements.txt; the program runs the clone's plugin: a project, a flag and a dashboard up, no change after, destroyed", async () => {
    const dir = path.join(workDir, "git-python");
    const pip = await pythonProject(dir, "packages-git-python");
    await pulumiIn(dir, ["package", "add", source], extra);
    await expectInstalledFromTheTag();
    // The SDK's directory carries the package's namespace, which the CLI takes from the URL's owner.
    await installPythonSdk(dir, pip, "sdks/pulumi-posthog-posthog");
    await lifecycle(dir, "git-python", "Packages from git in Python", extra, false);
  });

  test("TypeScript: pulumi package add of the same git URL generates @pulumi-posthog/sdk into sdks/pulumi-posthog-posthog and installs it; the program runs the clone's plugin: a project, a flag and a dashboard up, no change after, destroyed", async () => {
    const dir = path.join(workDir, "git-typescript");
    typescriptProject(dir, "packages-git-typescript");
    await pulumiIn(dir, ["package", "add", source], extra);
    await expectInstalledFromTheTag();
    await expectTypeScriptSdk(dir, "sdks/pulumi-posthog-posthog");
    await lifecycle(dir, "git-typescript", "Packages from git in TypeScript", extra, false);
  });

  /**
   * The YAML host here takes its schemas from the CLI's loader (scripts/language-host-front/yaml/main.go): the one
   * pulumi-yaml v1.25.0 builds loads plugins itself with sdk v3.206.0, which looks for this plugin under
   * `…pulumi-posthog.git-v<version>`, where the CLI v3.274.1 installed `…pulumi-posthog.git_plugin-v<version>`.
   */
  test("YAML: pulumi package add of the same git URL records it, without its scheme, as the package posthog in Pulumi.yaml, from the tagged commit's plugin; the program runs the clone's plugin: a project, a flag and a dashboard up, no change after, destroyed", async () => {
    const dir = path.join(workDir, "git-yaml");
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, "Pulumi.yaml"),
      `name: packages-git-yaml\nruntime: yaml\nconfig:\n  projectName:\n    type: string\n${YAML_RESOURCES}`,
    );
    const added = await pulumiIn(dir, ["package", "add", source], extra);
    expect(added).toContain("Added package pulumi-posthog/PostHog");
    expectGitPackageRecorded(dir);
    await expectInstalledFromTheTag();
    await lifecycle(dir, "git-yaml", "Packages from git in YAML", extra, false);
  });

  test("Go: pulumi package add of the same git URL in examples/go's program generates the Go SDK into sdks/pulumi-posthog-posthog, the same module and import path as from a checkout, requires it in go.mod and replaces it with that directory; the program runs the clone's plugin: a project, a flag and a dashboard up, no change after, destroyed", async () => {
    const dir = path.join(workDir, "git-go");
    goProgram(dir);
    const added = await pulumiIn(dir, ["package", "add", source], { ...extra, ...GO_ENV });
    await expectInstalledFromTheTag();
    expectGoSdkLinked(dir, added, "sdks/pulumi-posthog-posthog");
    expectGitPackageRecorded(dir);
    await lifecycle(dir, "git-go", "Packages from git in Go", { ...extra, ...GO_RUN_ENV }, false);
  });

  /**
   * The CLI gives the package the URL's owner for a namespace, under which pulumi-java would put its classes
   * (com.pulumiposthog.posthog); schema.json's language.java.basePackage keeps them in com.pulumi.posthog, the package
   * examples/java imports.
   */
  test("Java: pulumi package add of the same git URL in examples/java's program generates the Java SDK into sdks/pulumi-posthog-posthog, its classes in com.pulumi.posthog as from a checkout, and the front links it (its sources into src/, gson and jsr305 into pom.xml); Maven builds the program, which runs the clone's plugin: a project, a flag and a dashboard up, no change after, destroyed", async () => {
    const dir = path.join(workDir, "git-java");
    javaProgram(dir);
    const added = await pulumiIn(dir, ["package", "add", source], extra);
    await expectInstalledFromTheTag();
    expectJavaSdkLinked(dir, added, "sdks/pulumi-posthog-posthog");
    expectGitPackageRecorded(dir);
    await lifecycle(dir, "git-java", "Packages from git in Java", extra, false);
  });
});

test("the plugin archive: npm run plugin-artifacts writes one per platform, pulumi plugin install resource posthog <version> --file installs it, and a YAML program runs it from the plugin cache, as does examples/go's program on sdk/ through its replace directive (the SDK asks for the plugin at the package's version, not v0.0.0)", async () => {
  const dist = path.join(workDir, "dist");
  await sh(repoRoot, process.execPath, [path.join(repoRoot, "scripts", "plugin-artifacts.js"), "--out", dist]);
  for (const platform of ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64", "windows-arm64"])
    expect(fs.existsSync(path.join(dist, `pulumi-resource-posthog-v${version}-${platform}.tar.gz`))).toBe(true);

  const home = path.join(workDir, "pulumi-home");
  const archive = path.join(dist, `pulumi-resource-posthog-v${version}-linux-amd64.tar.gz`);
  await pulumiIn(workDir, ["plugin", "install", "resource", "posthog", version, "--file", archive], { PULUMI_HOME: home });
  const listed = await pulumiIn(workDir, ["plugin", "ls", "--json"], { PULUMI_HOME: home });
  expect(JSON.parse(listed)).toEqual(expect.arrayContaining([expect.objectContaining({ name: "posthog", kind: "resource", version })]));

  const dir = path.join(workDir, "archive");
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: packages-archive\nruntime: yaml\nconfig:\n  projectName:\n    type: string\n${YAML_RESOURCES}`,
  );
  await pulumiIn(dir, ["stack", "init", "archive"], { PULUMI_HOME: home });
  await pulumiIn(dir, ["config", "set", "projectName", "From the archive", "--stack", "archive"], { PULUMI_HOME: home });
  await pulumiIn(dir, ["up", "--yes", "--skip-preview", "--stack", "archive"], { PULUMI_HOME: home });
  const { projectId } = JSON.parse(await pulumiIn(dir, ["stack", "output", "--json", "--stack", "archive"], { PULUMI_HOME: home })) as {
    projectId: number;
  };
  expect(await projects.getProject(http, server.organizationId, projectId)).toMatchObject({ name: "From the archive" });
  await pulumiIn(dir, ["destroy", "--yes", "--skip-preview", "--stack", "archive"], { PULUMI_HOME: home });
  expect((await liveProjects(http, server.organizationId)).map((project) => project.id)).not.toContain(projectId);

  // examples/go's program on sdk/ through go.mod's replace directive, with the same installed plugin: its module's
  // version is v0.0.0, so its resources ask for the plugin at the schema's version, the archive's (sdk/go's default
  // options pin it; before, they asked for v0.0.0, which no plugin installed is).
  const goDir = path.join(workDir, "archive-go");
  exampleBeforeAdd("go", goDir, [["go.mod", "=> ../../sdk\n", `=> ${path.join(repoRoot, "sdk")}\n`]]);
  await lifecycle(goDir, "archive-go", "From the archive in Go", { PULUMI_HOME: home, ...GO_RUN_ENV }, false);
  // The archives of six platforms, then a Go build of examples/go: on a loaded 2-core machine with a cold build cache
  // the two took about nine minutes, above the tier's ten-minute default with the YAML run beside them.
}, 1_200_000);
