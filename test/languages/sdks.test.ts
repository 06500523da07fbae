/**
 * The SDKs of sdk/ are what `npm run sdks` makes of schema.json today, file for file, and each builds as its
 * ecosystem builds it: the Python package into a wheel and an sdist that pip installs and imports, the Go module vet
 * clean. (Java: no SDK, see scripts/sdks.js.)
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
