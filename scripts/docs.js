#!/usr/bin/env node
/**
 * `npm run docs`: what is generated from the field table (needs lib/: npm run build): the settings reference in
 * README.md, schema.json, the provider plugin's Pulumi package schema (`pulumi package get-schema` prints the same),
 * src/resources/project-types.ts and the field-table resources' src/resources/<resource>-types.ts (src/generate/types.ts), their
 * types as plain TypeScript (rebuild after they change).
 */
const fs = require("node:fs");
const path = require("node:path");
const {
  settingsReference,
  REFERENCE_START,
  REFERENCE_END,
  featureFlagReference,
  FLAG_REFERENCE_START,
  FLAG_REFERENCE_END,
  annotationReference,
  ANNOTATION_REFERENCE_START,
  ANNOTATION_REFERENCE_END,
  actionReference,
  ACTION_REFERENCE_START,
  ACTION_REFERENCE_END,
  cohortReference,
  COHORT_REFERENCE_START,
  COHORT_REFERENCE_END,
  dashboardReference,
  DASHBOARD_REFERENCE_START,
  DASHBOARD_REFERENCE_END,
  insightReference,
  INSIGHT_REFERENCE_START,
  INSIGHT_REFERENCE_END,
  alertReference,
  ALERT_REFERENCE_START,
  ALERT_REFERENCE_END,
  surveyReference,
  SURVEY_REFERENCE_START,
  SURVEY_REFERENCE_END,
  experimentReference,
  EXPERIMENT_REFERENCE_START,
  EXPERIMENT_REFERENCE_END,
  hogFunctionReference,
  HOG_FUNCTION_REFERENCE_START,
  HOG_FUNCTION_REFERENCE_END,
} = require("../lib/generate/reference");
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

let text = fs.readFileSync(path.join(root, "README.md"), "utf8");
for (const [startMark, endMark, reference] of [
  [REFERENCE_START, REFERENCE_END, settingsReference],
  [FLAG_REFERENCE_START, FLAG_REFERENCE_END, featureFlagReference],
  [ANNOTATION_REFERENCE_START, ANNOTATION_REFERENCE_END, annotationReference],
  [ACTION_REFERENCE_START, ACTION_REFERENCE_END, actionReference],
  [COHORT_REFERENCE_START, COHORT_REFERENCE_END, cohortReference],
  [DASHBOARD_REFERENCE_START, DASHBOARD_REFERENCE_END, dashboardReference],
  [INSIGHT_REFERENCE_START, INSIGHT_REFERENCE_END, insightReference],
  [ALERT_REFERENCE_START, ALERT_REFERENCE_END, alertReference],
  [SURVEY_REFERENCE_START, SURVEY_REFERENCE_END, surveyReference],
  [EXPERIMENT_REFERENCE_START, EXPERIMENT_REFERENCE_END, experimentReference],
  [HOG_FUNCTION_REFERENCE_START, HOG_FUNCTION_REFERENCE_END, hogFunctionReference],
]) {
  const start = text.indexOf(startMark);
  const end = text.indexOf(endMark);
  if (start < 0 || end < 0) throw new Error(`README.md needs the markers ${startMark} and ${endMark}`);
  text = text.slice(0, start) + reference() + text.slice(end + endMark.length);
}
write("README.md", text, " (its settings references)");

const { version } = require("../package.json");
write("schema.json", `${JSON.stringify(packageSchema(version), null, 2)}\n`);

const { projectDeclarations, DECLARATIONS_PATH } = require("../lib/kinds/project/program-types");
write(DECLARATIONS_PATH, projectDeclarations(), ": run `npm run build` again");

// The field-table resources' types (src/generate/types.ts), one file each.
const { generatedTypes, fieldTableTypes, fieldTableClass, classPath } = require("../lib/generate/types");
for (const entry of generatedTypes) {
  write(entry.path, fieldTableTypes(entry), ": run `npm run build` again");
  write(classPath(entry), fieldTableClass(entry), ": run `npm run build` again");
}

// What lists every kind (src/generate/entries.ts): the entries' modules and each kind's lookups, from the registry.
const { derivedFiles } = require("../lib/generate/entries");
for (const file of derivedFiles()) write(file.path, file.text, ": run `npm run build` again");
