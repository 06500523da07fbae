import * as fs from "node:fs";
import * as path from "node:path";
import { experimentReference, hogFunctionReference, settingsReference, surveyReference } from "../../src/generate/reference";
import { settingNames } from "../../src/kinds/project/fields";

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

test("the README's Survey, Experiment and HogFunction references are the ones their field tables generate (run `npm run docs`)", () => {
  for (const reference of [surveyReference, experimentReference, hogFunctionReference]) expect(readme).toContain(reference());
});
