#!/usr/bin/env node
/**
 * `npm run docs`: what is generated from the registry of kinds (needs lib/: npm run build): package.json's description,
 * each kind's reference page docs/resources/<kind>.md (its notes written by hand kept) and the README's list of kinds
 * (src/generate/reference.ts),
 * schema.json, the provider plugin's Pulumi package schema (`pulumi package get-schema` prints the same),
 * every kind's src/resources/<kind>-types.ts and class (src/generate/types.ts), their types as plain TypeScript
 * (rebuild after they change).
 */
const fs = require("node:fs");
const path = require("node:path");
const { kindsList, KINDS_START, KINDS_END, referencePage, referencePath, notesOf } = require("../lib/generate/reference");
const { kinds } = require("../lib/kinds");
const { packageSchema } = require("../lib/plugin/schema");

const root = path.join(__dirname, "..");

/** Writes a generated file only when its text differs, and says which it did; `after`: what to do when it changed. */
function write(file, text, after = "") {
  const at = path.join(root, file);
  if (fs.existsSync(at) && fs.readFileSync(at, "utf8") === text) {
    console.log(`${file} unchanged`);
    return;
  }
  fs.writeFileSync(at, text);
  console.log(`${file} updated${after}`);
}

const text = fs.readFileSync(path.join(root, "README.md"), "utf8");
const start = text.indexOf(KINDS_START);
const end = text.indexOf(KINDS_END);
if (start < 0 || end < 0) throw new Error(`README.md needs the markers ${KINDS_START} and ${KINDS_END}`);
write("README.md", text.slice(0, start) + kindsList() + text.slice(end + KINDS_END.length), " (its list of kinds)");

fs.mkdirSync(path.join(root, "docs", "resources"), { recursive: true });
for (const kind of kinds) {
  const file = referencePath(kind);
  const at = path.join(root, file);
  write(file, referencePage(kind, notesOf(fs.existsSync(at) ? fs.readFileSync(at, "utf8") : undefined)));
}

// package.json's description names what the registry manages (src/kinds/index.ts `packageDescription`).
const { packageDescription } = require("../lib/kinds");
const manifest = fs.readFileSync(path.join(root, "package.json"), "utf8");
const described = JSON.parse(manifest).description;
write(
  "package.json",
  manifest.replace(`"description": ${JSON.stringify(described)}`, `"description": ${JSON.stringify(packageDescription())}`),
);

const { version } = require("../package.json");
write("schema.json", `${JSON.stringify(packageSchema(version), null, 2)}\n`);

// Every kind's types and class (src/generate/types.ts), one file each.
const { generatedTypes, fieldTableTypes, fieldTableClass, classPath } = require("../lib/generate/types");
for (const entry of generatedTypes) {
  write(entry.path, fieldTableTypes(entry), ": run `npm run build` again");
  write(classPath(entry), fieldTableClass(entry), ": run `npm run build` again");
}

// What lists every kind (src/generate/entries.ts): the entries' modules and each kind's lookups, from the registry.
const { derivedFiles } = require("../lib/generate/entries");
for (const file of derivedFiles()) write(file.path, file.text, ": run `npm run build` again");

// The local server's list of its areas (src/server/pipeline/area-index.ts), from its folders.
const { areaFolders, areasModule } = require("../lib/server/pipeline/area-index");
write("src/server/areas.ts", areasModule(areaFolders(path.join(root, "src", "server"))), ": run `npm run build` again");
