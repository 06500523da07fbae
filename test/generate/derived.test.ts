/**
 * The modules that list every kind and each kind's typed lookups are generated from the registry (src/generate/
 * entries.ts, `npm run docs`): each file must be what the registry generates, so that registering a kind is what adds
 * it to the package's entries.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { derivedFiles } from "../../src/generate/entries";
import { packageDescription } from "../../src/kinds/index";

const root = path.join(__dirname, "..", "..");

test.each(derivedFiles().map((file) => [file.path, file] as const))(
  "%s is what the registry generates (run `npm run docs`)",
  (at, file) => {
    expect(fs.readFileSync(path.join(root, at), "utf8")).toBe(file.text);
  },
);

test("no lookups file is left from a kind no longer registered", () => {
  // The generator names itself in every file it writes; no hand-written lookups module names it.
  const marker = "src/generate/lookups.ts";
  const written = fs
    .readdirSync(path.join(root, "src", "functions"))
    .map((name) => `src/functions/${name}`)
    .filter((file) => fs.readFileSync(path.join(root, file), "utf8").includes(marker));
  const generated = derivedFiles()
    .filter((file) => file.text.includes(marker))
    .map((file) => file.path);
  expect(written.sort()).toEqual(generated.sort());
  expect(generated).toContain("src/functions/feature-flag.ts");
});

test("package.json's description names what the registry manages (run `npm run docs`)", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { description: string };
  expect(manifest.description).toBe(packageDescription());
  expect(manifest.description).toContain("feature flags");
  expect(manifest.description).toContain("error tracking suppression rules");
});
