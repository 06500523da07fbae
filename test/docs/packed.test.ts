/**
 * What `npm pack` ships is what users run: the entries, the bins and what they load, never the generators `npm run
 * docs` runs in a checkout (it reads lib/ there), the Go language-host front, tests or sources.
 * Read from npm's own answer (`npm pack --dry-run --json`) on the built lib/ (npm test builds before jest runs).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.join(__dirname, "..", "..");

function packedFiles(): string[] {
  const result = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm pack --dry-run failed: ${result.stderr}`);
  const [pack] = JSON.parse(result.stdout) as Array<{ files: Array<{ path: string }> }>;
  return pack!.files.map((file) => file.path);
}

test("the packed package holds every entry and bin, and no build-time generator, script, test or source", () => {
  const files = packedFiles();
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    bin: Record<string, string>;
    exports: Record<string, string | { types: string; default: string }>;
  };
  const targets = [
    ...Object.values(manifest.bin),
    ...Object.values(manifest.exports).flatMap((target) => (typeof target === "string" ? [target] : [target.types, target.default])),
  ].map((target) => target.replace(/^\.\//, ""));
  for (const target of targets) expect(files).toContain(target);
  // The plugin's schema renders each kind's example (lib/generate/example.js): it ships; nothing else of lib/generate,
  // whatever generator is added there, does.
  expect(files).toContain("lib/generate/example.js");
  expect(files.filter((file) => file.startsWith("lib/generate/") && !file.startsWith("lib/generate/example."))).toEqual([]);
  expect(files.filter((file) => /^(src|test|scripts|sdk|bench|examples|plugin)\//.test(file) || file.endsWith(".go"))).toEqual([]);
});
