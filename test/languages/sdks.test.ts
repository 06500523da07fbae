/**
 * The SDKs of sdk/ are what `npm run sdks` makes of schema.json today, file for file, and each builds as its
 * ecosystem builds it: the Python package into a wheel and an sdist that pip installs and imports, the Go module vet
 * clean, the Maven project built offline with its tests under Pulumi's Java mocks; examples/go runs under Pulumi's
 * Go mocks and examples/java compiles against the installed SDK (what runs of those programs without their language
 * hosts, which this machine cannot have: packages.test.ts runs them end to end where the hosts are); and each kind's
 * Go and Java example (the schema's descriptions) compiles against them.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pythonVirtualenv } from "../helpers/python-venv";
import { repoRoot } from "../helpers/pulumi-cli";
import { command } from "./command";

const { version } = require("../../package.json") as { version: string };
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-sdks-test-"));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const sh = (cwd: string, file: string, args: string[], env: Record<string, string> = {}) =>
  command(cwd, file, args, { ...process.env, ...env });

/** Every file under `dir`, by its path relative to it. */
function files(dir: string, at = dir): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
    const full = path.join(at, entry.name);
    if (entry.isDirectory()) Object.assign(found, files(dir, full));
    else found[path.relative(dir, full)] = fs.readFileSync(full, "utf8");
  }
  return found;
}

test("npm run sdks regenerates sdk/ as it is in the repository, file for file", async () => {
  const out = path.join(work, "sdk");
  await sh(repoRoot, process.execPath, [path.join(repoRoot, "scripts", "sdks.js"), "--out", out]);
  expect(files(out)).toEqual(files(path.join(repoRoot, "sdk")));
});

test("sdk/python builds into a wheel and an sdist; the wheel installs and pulumi_posthog imports, with its type marker", async () => {
  const venv = await pythonVirtualenv();
  const python = path.join(venv, "bin", "python");
  const copy = path.join(work, "python");
  fs.cpSync(path.join(repoRoot, "sdk", "python"), copy, { recursive: true });
  const dist = path.join(work, "dist");
  await sh(copy, python, ["-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w", dist, "."]);
  await sh(copy, python, ["setup.py", "--quiet", "sdist", "-d", dist]);
  const built = fs.readdirSync(dist).sort();
  expect(built).toEqual([`pulumi_posthog-${version}-py3-none-any.whl`, `pulumi_posthog-${version}.tar.gz`]);
  const site = path.join(work, "site");
  await sh(work, python, ["-m", "pip", "install", "--no-deps", "--quiet", "--target", site, path.join(dist, built[0])]);
  const imported = await sh(
    work,
    python,
    [
      "-c",
      "import pulumi_posthog, os; print(pulumi_posthog.Project.__name__, os.path.exists(os.path.join(os.path.dirname(pulumi_posthog.__file__), 'py.typed')))",
    ],
    {
      PYTHONPATH: site,
    },
  );
  expect(imported.trim()).toBe("Project True");
});

test("sdk/go is a Go module that builds and is go vet clean", async () => {
  const output = await sh(path.join(repoRoot, "sdk"), "go", ["vet", "./..."], {
    GOFLAGS: "-mod=readonly",
    GOWORK: "off",
    GOTOOLCHAIN: "local",
  });
  expect(output).toBe("");
});

/** Maven in batch mode, offline: what `mvn -o package` has after the tier's one online run (scripts/test-languages.js). */
const mvn = (cwd: string, args: string[]) => sh(cwd, "mvn", ["-B", "-o", ...args]);

test("sdk/java builds offline with mvn -o package, and its tests under Pulumi's Java mocks pass: a project, a flag and a dashboard with their outputs, an invoke with its result", async () => {
  const copy = path.join(work, "java");
  fs.cpSync(path.join(repoRoot, "sdk", "java"), copy, { recursive: true });
  const tests = path.join(copy, "src", "test", "java", "com", "pulumi", "posthog");
  fs.mkdirSync(tests, { recursive: true });
  fs.copyFileSync(path.join(__dirname, "java", "PosthogSdkTest.java"), path.join(tests, "PosthogSdkTest.java"));
  const output = await mvn(copy, ["package"]);
  expect(output).toMatch(/Tests run: 2, Failures: 0, Errors: 0, Skipped: 0/);
  expect(output).toContain("BUILD SUCCESS");
  expect(fs.existsSync(path.join(copy, "target", `posthog-${version}.jar`))).toBe(true);
});

test("examples/go builds on sdk/go, is go vet clean, and its test under Pulumi's Go mocks passes: a project, a flag and a dashboard with their tokens, inputs and id outputs", async () => {
  const dir = path.join(repoRoot, "examples", "go");
  const goEnv = { GOFLAGS: "-mod=readonly", GOWORK: "off", GOTOOLCHAIN: "local" };
  expect(await sh(dir, "gofmt", ["-l", "."])).toBe("");
  expect(await sh(dir, "go", ["vet", "./..."], goEnv)).toBe("");
  expect(await sh(dir, "go", ["test", "-count=1", "./..."], goEnv)).toMatch(/^ok\s+posthog-go\s/m);
});

test("examples/java compiles against sdk/java installed into the local Maven repository (mvn -o install, then mvn -o compile)", async () => {
  // The SDK the test above built and tested, installed as a user's `mvn install` does.
  await mvn(path.join(work, "java"), ["-q", "install", "-DskipTests"]);
  const copy = path.join(work, "example-java");
  fs.cpSync(path.join(repoRoot, "examples", "java"), copy, { recursive: true });
  await mvn(copy, ["-q", "compile"]);
  expect(fs.existsSync(path.join(copy, "target", "classes", "myproject", "App.class"))).toBe(true);
});

test("every kind's Go and Java example of the schema's descriptions compiles against sdk/go and sdk/java (go vet, javac)", async () => {
  const { kinds } = require("../../src/kinds/index") as typeof import("../../src/kinds/index");
  const { goExample, javaExample } = require("../../src/generate/example") as typeof import("../../src/generate/example");
  const go = path.join(work, "examples-go");
  const java = path.join(work, "examples-java");
  for (const kind of kinds) {
    fs.mkdirSync(path.join(go, kind.name), { recursive: true });
    fs.writeFileSync(path.join(go, kind.name, "main.go"), goExample(kind));
    // Each in a package of its own (only that line changes), so that one javac compiles them all.
    const pkg = `example_${kind.name.toLowerCase()}`;
    fs.mkdirSync(path.join(java, pkg), { recursive: true });
    fs.writeFileSync(path.join(java, pkg, "App.java"), javaExample(kind).replace(/^package generated_program;$/m, `package ${pkg};`));
  }
  fs.writeFileSync(
    path.join(go, "go.mod"),
    `module examples.invalid/go\n\ngo 1.26.6\n\nrequire github.com/pulumi-posthog/pulumi-posthog/sdk v0.0.0\n\nreplace github.com/pulumi-posthog/pulumi-posthog/sdk => ${path.join(repoRoot, "sdk")}\n`,
  );
  fs.copyFileSync(path.join(repoRoot, "sdk", "go.sum"), path.join(go, "go.sum"));
  const goEnv = { GOFLAGS: "-mod=mod", GOWORK: "off", GOTOOLCHAIN: "local" };
  await sh(go, "go", ["mod", "tidy"], goEnv);
  expect(await sh(go, "gofmt", ["-l", "."])).toBe("");
  expect(await sh(go, "go", ["vet", "./..."], goEnv)).toBe("");

  // The SDK's classes (the test above built them) and the runtime's classpath.
  const sdk = path.join(work, "java");
  const classpathFile = path.join(work, "classpath.txt");
  await mvn(sdk, ["-q", "dependency:build-classpath", `-Dmdep.outputFile=${classpathFile}`]);
  const classpath = [path.join(sdk, "target", "classes"), fs.readFileSync(classpathFile, "utf8").trim()].join(path.delimiter);
  const sources = kinds.map((kind) => path.join(java, `example_${kind.name.toLowerCase()}`, "App.java"));
  await sh(java, "javac", ["-d", path.join(work, "examples-java-classes"), "-cp", classpath, ...sources]);
});
