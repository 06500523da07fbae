/**
 * Every registered kind has its reference page, docs/resources/<kind>.md, and the page is what the registry generates
 * (src/generate/reference.ts, `npm run docs`), the notes written by hand in it kept.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { kinds } from "../../src/kinds/index";
import { NOTES_END, NOTES_START, kindFolder, notesOf, referencePage, referencePath } from "../../src/generate/reference";

const root = path.join(__dirname, "..", "..");

test.each(kinds.map((kind) => [referencePath(kind), kind] as const))("%s is what its kind generates (run `npm run docs`)", (file, kind) => {
  const at = path.join(root, file);
  if (!fs.existsSync(at)) throw new Error(`${kind.name} has no reference page ${file}: run \`npm run docs\`.`);
  const page = fs.readFileSync(at, "utf8");
  expect(page).toBe(referencePage(kind, notesOf(page)));
});

test("every page under docs/resources is a registered kind's", () => {
  const pages = fs.readdirSync(path.join(root, "docs", "resources")).sort();
  expect(pages).toEqual(kinds.map((kind) => `${kindFolder(kind)}.md`).sort());
});

test("each page is named after its kind's folder under src/kinds", () => {
  for (const kind of kinds) expect(fs.existsSync(path.join(root, "src", "kinds", kindFolder(kind), "kind.ts"))).toBe(true);
});

test("the notes written by hand survive a regeneration, and a page without notes has none", () => {
  const [kind] = kinds;
  const notes = "Written by hand: `pulumi up` does X.\n\n- and a list";
  const page = referencePage(kind!, notes);
  expect(page).toContain(`${NOTES_START}\n\n${notes}\n\n${NOTES_END}`);
  expect(notesOf(page)).toBe(notes);
  expect(notesOf(referencePage(kind!))).toBe("");
  expect(notesOf(undefined)).toBe("");
});

test("a page documents every input and output of its kind, its lookups and its import command", () => {
  const flag = kinds.find((kind) => kind.name === "FeatureFlag")!;
  const page = referencePage(flag);
  const { inputs, outputs } = flag.schema();
  for (const name of [...Object.keys(inputs), ...Object.keys(outputs)]) expect(page).toMatch(new RegExp(`^\\| \`${name}\` \\|`, "m"));
  expect(page).toContain("| `key` | string | `key` | updates |");
  expect(page).toContain("| `projectId` | integer | (path) | replaces |");
  expect(page).toContain("### `getFeatureFlag`");
  expect(page).toContain("### `listFeatureFlags`");
  expect(page).toContain("| `evaluationRuntime?` | string |");
  expect(page).toContain("pulumi import posthog:index:FeatureFlag <name> <projectId>/<id>");
  expect(page).toContain('`PATCH {"deleted": true}`');
  // Project's lookups are its own, written out in src/functions/projects.ts.
  const project = referencePage(kinds.find((kind) => kind.name === "Project")!);
  for (const lookup of ["listProjects", "getProject", "getProjectActivity", "isGeneratingDemoData"])
    expect(project).toContain(`### \`${lookup}\``);
  expect(project).toContain("pulumi import posthog:index:Project <name> <organizationId>/<id>");
});

test("an input the provider sends under another PostHog field names that field, not the row", () => {
  const page = (name: string) => referencePage(kinds.find((kind) => kind.name === name)!);
  expect(page("Insight")).toContain("| `querySql` | string | `query` | updates |");
  expect(page("Experiment")).toContain("| `launched` | boolean | `start_date` | updates |");
  expect(page("EventDefinition")).toContain("| `ownerId` | integer | `owner` | updates |");
});
