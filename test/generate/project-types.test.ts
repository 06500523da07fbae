/**
 * src/resources/project-types.ts is generated from the field table (`npm run docs`): the file must be what the table
 * generates, and its types must equal the ones zod derives from the table. The type checks below run in
 * `npm run typecheck` (part of npm test); an error there names the property whose types differ.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { z } from "zod";
import { DECLARATIONS_PATH, outputNameList, projectDeclarations } from "../../src/generate/project-types";
import {
  type projectAnswerFields,
  type projectFields,
  writableFields,
  type ProjectField,
  type WritableField,
} from "../../src/kinds/project/fields";
import { camelCase, type CamelCase } from "../../src/kit/names";
import {
  outputNames,
  secretOutputNames,
  type ProjectArgs,
  type ProjectInputs,
  type ProjectRecordOutputs,
  type ProjectSettingsArgs,
} from "../../src/resources/project-types";
import type * as pulumi from "@pulumi/pulumi";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** For every property of either type: whether both have it with the same type. */
type Compare<A, B> = { [K in keyof A | keyof B]-?: K extends keyof A ? (K extends keyof B ? Same<A[K], B[K]> : "missing") : "extra" };
type AllTrue<T> = { [K in keyof T]: true };

/** What zod derives from the table. */
type SettingsFromTable = { [K in WritableField as CamelCase<K>]?: z.input<(typeof projectFields)[K]["input"]> };
type RecordFromTable = {
  [K in Exclude<ProjectField, "id"> as CamelCase<K>]: z.output<(typeof projectAnswerFields & typeof projectFields)[K]["answer"]>;
};
type RecordGenerated = {
  [K in Exclude<keyof ProjectRecordOutputs, "projectId" | "organizationId">]-?: Exclude<ProjectRecordOutputs[K], undefined>;
};
type ArgsFromInputs = { [K in keyof ProjectInputs]?: pulumi.Input<NonNullable<ProjectInputs[K]> | null> };

const settingsMatch: AllTrue<Compare<ProjectSettingsArgs, SettingsFromTable>> = null! as Compare<ProjectSettingsArgs, SettingsFromTable>;
const recordMatches: AllTrue<Compare<RecordGenerated, RecordFromTable>> = null! as Compare<RecordGenerated, RecordFromTable>;
const argsMatch: AllTrue<Compare<ProjectArgs, ArgsFromInputs>> = null! as Compare<ProjectArgs, ArgsFromInputs>;

test("project-types.ts is what the field table generates (run `npm run docs`)", () => {
  expect(fs.readFileSync(path.join(__dirname, "..", "..", DECLARATIONS_PATH), "utf8")).toBe(projectDeclarations());
});

test("its types equal zod's for the table (checked by `npm run typecheck`)", () => {
  expect([settingsMatch, recordMatches, argsMatch]).toHaveLength(3);
});

test("the output names every Project registers: its ids, the fields programs reference, the provider's outputs", () => {
  // Slim state: the other fields of the record are getProject's; a declared setting adds its own output.
  expect([...outputNames].sort()).toEqual(
    ["projectId", "organizationId", "uuid", "name", "apiToken", "apiTokenRotation", "adoptProjectId", "additionalSettings"].sort(),
  );
  expect(outputNames).toEqual(outputNameList().outputs);
  expect(secretOutputNames).toEqual(["apiToken"]);
  expect(writableFields.map((f) => camelCase(f)).filter((name) => (outputNames as readonly string[]).includes(name))).toEqual(["name"]);
});
