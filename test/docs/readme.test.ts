/**
 * The front door: the README's generated list of kinds is fresh, its commands are the ones that exist, its first
 * program is the one `npm run demo` deploys, and every link of the README and docs/ leads somewhere.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { kindsList } from "../../src/generate/reference";
import { settingNames } from "../../src/kinds/project/fields";

const root = path.join(__dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");

test("the README's list of kinds is the one the registry generates (run `npm run docs`)", () => {
  expect(readme).toContain(kindsList());
});

test("every writable project setting is in Project's reference page", () => {
  const page = read("docs/resources/project.md");
  for (const { arg } of settingNames) expect(page).toContain(`| \`${arg}\` |`);
});

test("the README names the test command that .ci/run runs, and both of its commands are package scripts", () => {
  expect(read(".ci/run")).toMatch(/\nnpm test\n/);
  expect(readme).toContain("npm test ");
  expect(readme).toContain("npm run demo ");
  const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
  expect(scripts["demo"]).toBe("node scripts/demo.js");
  expect(scripts["test"]).toBeDefined();
});

test("the README's first program is examples/first-program, the one `npm run demo` deploys", () => {
  const program = read("examples/first-program/index.ts");
  const code = program.slice(program.indexOf("import "));
  expect(readme).toContain(`\`\`\`ts\n${code}\`\`\``);
  expect(read("scripts/demo.js")).toContain('"examples", "first-program"');
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const documents = [
  "README.md",
  "docs/guide.md",
  "docs/architecture.md",
  "CONTRIBUTING.md",
  ...fs.readdirSync(path.join(root, "docs", "resources")).map((f) => `docs/resources/${f}`),
];

test.each(documents)("every relative link of %s leads to a file, and to a heading of it", (document) => {
  const text = read(document).replace(/```[\s\S]*?```/g, "");
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    const [file, hash] = target!.split("#") as [string, string | undefined];
    const at = file === "" ? path.join(root, document) : path.resolve(path.dirname(path.join(root, document)), file);
    if (!fs.existsSync(at)) {
      broken.push(target!);
      continue;
    }
    if (hash === undefined) continue;
    const headings = [
      ...fs
        .readFileSync(at, "utf8")
        .replace(/```[\s\S]*?```/g, "")
        .matchAll(/^#+ (.+)$/gm),
    ].map(([, h]) => anchor(h!));
    if (!headings.includes(hash)) broken.push(target!);
  }
  expect(broken).toEqual([]);
});
