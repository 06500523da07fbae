/**
 * Project's types come from the generic generator (src/generate/types.ts, checked fresh with every kind's by
 * ./types.test.ts): its settings and its record must equal the types zod derives from its table, and the names
 * programs have imported since before the kit (`ProjectInputs`, `ProjectOutputs`, `ProjectRecordOutputs`) stay. The
 * type checks below run in `npm run typecheck` (part of npm test); an error there names the property whose types differ.
 */
import type { z } from "zod";
import { generatedTypes, registeredOutputs } from "../../src/generate/types";
import { projectKind } from "../../src/kinds/project/kind";
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
  type ProjectInputs,
  type ProjectOutputs,
  type ProjectRecordOutputs,
} from "../../src/resources/project-types";

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
/** The inputs that steer the provider rather than name a setting. */
type ProviderInputs = "organizationId" | "adoptProjectId" | "apiTokenRotation" | "additionalSettings";
type SettingsGenerated = Omit<ProjectInputs, ProviderInputs>;
/** A state a program reads: the ids and the fields programs reference are always there. */
type StateKept = Pick<ProjectOutputs, "projectId" | "organizationId" | "uuid" | "name" | "apiToken">;

const settingsMatch: AllTrue<Compare<SettingsGenerated, SettingsFromTable>> = null! as Compare<SettingsGenerated, SettingsFromTable>;
const recordMatches: AllTrue<Compare<RecordGenerated, RecordFromTable>> = null! as Compare<RecordGenerated, RecordFromTable>;
const stateKept: AllTrue<Compare<StateKept, { projectId: number; organizationId: string; uuid: string; name: string; apiToken: string }>> =
  null! as Compare<StateKept, { projectId: number; organizationId: string; uuid: string; name: string; apiToken: string }>;

test("its types equal zod's for the table (checked by `npm run typecheck`)", () => {
  expect([settingsMatch, recordMatches, stateKept]).toHaveLength(3);
});

test("the output names every Project registers: its ids, the fields programs reference, the provider's outputs", () => {
  // Slim state: the other fields of the record are getProject's; a declared setting adds its own output.
  expect([...outputNames].sort()).toEqual(
    ["projectId", "organizationId", "uuid", "name", "apiToken", "apiTokenRotation", "adoptProjectId", "additionalSettings"].sort(),
  );
  const entry = generatedTypes.find((generated) => generated.kind === projectKind)!;
  expect(outputNames).toEqual(registeredOutputs(entry).outputs);
  expect(secretOutputNames).toEqual(["apiToken"]);
  expect(writableFields.map((f) => camelCase(f)).filter((name) => (outputNames as readonly string[]).includes(name))).toEqual(["name"]);
});
