/**
 * The SDKs in sdk/ (`npm run sdks`) are those of today's schema.json, with the metadata each ecosystem reads: the
 * schema they were generated from (sdk/.schema-sha256), the Python package's name, version and typing marker, the Go
 * module's path. The languages tier regenerates them and compares every file (test/languages/sdks.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "..", "..");
const { schemaHash } = require("../../scripts/sdks") as { schemaHash(file?: string): string };
const { version } = require("../../package.json") as { version: string };
const read = (file: string) => fs.readFileSync(path.join(root, "sdk", file), "utf8");

test("sdk/ was generated from today's schema.json (run `npm run docs`, then `npm run sdks`, after a change of the schema)", () => {
  expect(read(".schema-sha256").trim()).toBe(schemaHash());
});

test("sdk/python is the typed package pulumi_posthog at package.json's version, needing the pulumi it was generated for", () => {
  const setup = read("python/setup.py");
  expect(setup).toContain("setup(name='pulumi_posthog',");
  expect(setup).toMatch(new RegExp(`^VERSION = "${version.replace(/\./g, "\\.")}"$`, "m"));
  expect(setup).toContain("'pulumi>=3.269.0,<4.0.0'");
  expect(setup).toContain("'py.typed'");
  expect(fs.existsSync(path.join(root, "sdk", "python", "pulumi_posthog", "py.typed"))).toBe(true);
});

test("sdk/go is the package posthog under the import path schema.json names", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as { language: { go: { importBasePath: string } } };
  expect(schema.language.go.importBasePath).toBe("github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthog");
  expect(read("go/posthog/provider.go")).toMatch(/^package posthog$/m);
  expect(read("go.mod")).toMatch(/^module github\.com\/pulumi-posthog\/pulumi-posthog\/sdk$/m);
});
