import * as fs from "node:fs";
import * as path from "node:path";
import { settingsReference } from "../../src/schema/reference";
import { settingNames } from "../../src/schema/project";

const readme = fs.readFileSync(path.join(__dirname, "..", "..", "README.md"), "utf8");

test("the README's settings reference is the one the field table generates (run `npm run docs`)", () => {
  expect(readme).toContain(settingsReference());
});

test("every writable setting is documented", () => {
  for (const { arg } of settingNames) expect(readme).toContain(`| \`${arg}\` |`);
});

test("the README names the test command that .ci/run runs", () => {
  expect(fs.readFileSync(path.join(__dirname, "..", "..", ".ci", "run"), "utf8")).toMatch(/\nnpm test\n/);
  expect(readme).toContain("npm test ");
});
