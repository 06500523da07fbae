/**
 * The SDKs in sdk/ (`npm run sdks`) are those of today's schema.json, with the metadata each ecosystem reads: the
 * schema they were generated from (sdk/.schema-sha256), the Python package's name, version and typing marker, the Go
 * module's path, the Maven project's coordinates; and the schema's descriptions carry every language's example. The languages tier regenerates them and compares every file (test/languages/sdks.test.ts).
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

test("sdk/go asks for the plugin at package.json's version, whatever version go.mod gives its module (a replace directive: v0.0.0)", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as unknown;
  expect(schema).toMatchObject({ version, language: { go: { respectSchemaVersion: true } } });
  // The default options of every resource and every invoke, and what the Go host reports of the module.
  const pinned = read("go/posthog/internal/pulumiUtilities.go").match(/^\tversion := .*$/gm);
  expect(pinned).toEqual([`\tversion := semver.MustParse("${version}")`, `\tversion := semver.MustParse("${version}")`]);
  expect(JSON.parse(read("go/posthog/pulumi-plugin.json"))).toMatchObject({ name: "posthog", version });
});

test("sdk/java is the Maven project com.pulumi:posthog at package.json's version on Pulumi's Java runtime, its plugin.json naming the plugin", () => {
  const { JAVA_RUNTIME_VERSION } = require("../../src/generate/java-sdk") as typeof import("../../src/generate/java-sdk");
  const pom = read("java/pom.xml");
  expect(pom).toContain("<groupId>com.pulumi</groupId>\n    <artifactId>posthog</artifactId>");
  expect(pom).toContain(`<version>${version}</version>`);
  expect(pom).toContain(`<artifactId>pulumi</artifactId>\n            <version>${JAVA_RUNTIME_VERSION}</version>`);
  expect(JSON.parse(read("java/src/main/resources/com/pulumi/posthog/plugin.json"))).toMatchObject({
    resource: true,
    name: "posthog",
    version,
  });
  expect(read("java/src/main/java/com/pulumi/posthog/Dashboard.java")).toContain('@ResourceType(type="posthog:index:Dashboard")');
});

test("examples/java wants com.pulumi:posthog at package.json's version, and examples/go takes the module of sdk/", () => {
  const pom = fs.readFileSync(path.join(root, "examples", "java", "pom.xml"), "utf8");
  expect(pom).toContain(`<artifactId>posthog</artifactId>\n            <version>${version}</version>`);
  const goMod = fs.readFileSync(path.join(root, "examples", "go", "go.mod"), "utf8");
  expect(goMod).toContain("replace github.com/pulumi-posthog/pulumi-posthog/sdk => ../../sdk");
});

test("each resource's schema description carries its example in TypeScript, Python, Go, Java and YAML, within Pulumi's examples shortcodes", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as {
    resources: Record<string, { description: string }>;
  };
  for (const [token, { description }] of Object.entries(schema.resources)) {
    const blocks = [...description.matchAll(/^```(\w+)\n/gm)].map((match) => match[1]);
    expect({ token, blocks }).toEqual({ token, blocks: ["typescript", "python", "go", "java", "yaml"] });
    expect(description).toMatch(
      /\{\{% examples %\}\}\n## Example Usage\n\{\{% example %\}\}\n[\s\S]*\{\{% \/example %\}\}\n\{\{% \/examples %\}\}$/,
    );
  }
});
