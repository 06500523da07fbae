/**
 * `pulumi-posthog import --language yaml|python` end to end: the program written for the organization of
 * test/helpers/import-organization.ts, run through the provider plugin by the real Pulumi CLI (YAML's host, and
 * Python's on the SDK `pulumi package gen-sdk` generates): `pulumi up` adopts every object with reads only, and
 * `pulumi preview --expect-no-changes` passes; nothing Pulumi YAML would run is written. (TypeScript's:
 * test/e2e/import.test.ts.)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { importedOrganization, type ImportedOrganization } from "../helpers/import-organization";
import { pythonVirtualenv } from "../helpers/python-venv";

let org: ImportedOrganization;

beforeAll(async () => {
  org = await importedOrganization();
});

afterAll(async () => {
  await org?.close();
});

test("YAML: the plugin's types, adopted by up; then no change", async () => {
  const dir = path.join(org.session.workDir, "yaml");
  await org.importer(["--out", dir, "--language", "yaml"]);
  // No map Pulumi YAML would run: no key beginning fn:: anywhere.
  const keys = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(keys)
      : value !== null && typeof value === "object"
        ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)])
        : [];
  const program = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  expect(keys(parse(program)).filter((k) => k.toLowerCase().startsWith("fn::"))).toEqual([]);
  expect(program).not.toContain("remote-s3cret");
  const imports = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as { resources: Array<{ type: string; id: string }> };
  expect(imports.resources.map((r) => r.type)).toContain("posthog:index:FeatureFlag");
  await org.adoptsWithNoChange(dir, "yaml");
});

test("Python: the plugin's generated SDK, adopted by up; then no change", async () => {
  const dir = path.join(org.session.workDir, "python");
  await org.importer(["--out", dir, "--language", "python"]);
  expect(fs.readFileSync(path.join(dir, "__main__.py"), "utf8")).not.toContain("remote-s3cret");
  const sdk = await org.session.pythonSdk(dir);
  // The shared virtualenv holds Pulumi's Python SDK; this project's own virtualenv reads it, and the SDK generated
  // here, through .pth files (nothing is installed in the shared one, which test/languages/plugin.test.ts installs into).
  const shared = await pythonVirtualenv();
  await org.session.ok(dir, ["-m", "venv", "--without-pip", "venv"], "python3");
  const sitePackages = (venv: string) => {
    const lib = path.join(venv, "lib");
    return path.join(lib, fs.readdirSync(lib).find((d) => d.startsWith("python"))!, "site-packages");
  };
  const site = sitePackages(path.join(dir, "venv"));
  fs.writeFileSync(path.join(site, "0-sdk.pth"), `${sdk}\n`);
  fs.writeFileSync(path.join(site, "1-pulumi.pth"), `${sitePackages(shared)}\n`);
  // The SDK reads its version from its package's metadata (importlib.metadata, in its _utilities): what `pip install`
  // would record, since nothing is installed here.
  const metadata = path.join(site, "pulumi_posthog-1.0.0.dist-info");
  fs.mkdirSync(metadata);
  fs.writeFileSync(path.join(metadata, "METADATA"), "Metadata-Version: 2.1\nName: pulumi_posthog\nVersion: 1.0.0\n");
  await org.adoptsWithNoChange(dir, "python");
});
