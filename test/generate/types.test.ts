/**
 * The field-table resources' types (src/resources/<resource>-types.ts) are generated from their tables and states
 * (src/generate/types.ts, `npm run docs`), and so are their classes (src/resources/<resource>.ts): each file must be what its
 * table generates, and name the outputs its state has.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { classPath, fieldTableClass, fieldTableTypes, generatedTypes, kindOutputTypes } from "../../src/generate/types";
import { kindOutputs } from "../../src/kit/field-model";
import { outputNames as flagOutputs } from "../../src/resources/feature-flag-types";
import { outputNames as actionOutputs } from "../../src/resources/action-types";
import { outputNames as annotationOutputs } from "../../src/resources/annotation-types";

test.each(generatedTypes.map((entry) => [entry.path, entry] as const))(
  "%s is what its table generates (run `npm run docs`)",
  (file, entry) => {
    expect(fs.readFileSync(path.join(__dirname, "..", "..", file), "utf8")).toBe(fieldTableTypes(entry));
  },
);

test.each(generatedTypes.map((entry) => [classPath(entry), entry] as const))(
  "%s, the resource's class, is what its table and facts generate (run `npm run docs`)",
  (file, entry) => {
    expect(fs.readFileSync(path.join(__dirname, "..", "..", file), "utf8")).toBe(fieldTableClass(entry));
  },
);

test.each(generatedTypes.map((entry) => [entry.path, entry] as const))(
  "%s types every output the state always has",
  (_file, { state, kind }) => {
    // The outputs of a record, its kind's and its model's fixed ones: their names are what the types declare. (A
    // project's state keeps the fields PostHog sent of those programs reference: this record has them.)
    const record = { id: 1, project_id: 2, uuid: "a-uuid", name: "A name", api_token: "phc_token" };
    const outputs = { ...kindOutputs(kind, record), ...state.spec.fixedOutputs(record as never) };
    expect(Object.keys({ ...kindOutputTypes(kind), ...state.spec.outputTypes })).toEqual(Object.keys(outputs));
  },
);

test("each resource registers the outputs its state always has", () => {
  expect([flagOutputs, actionOutputs, annotationOutputs]).toEqual([
    ["flagId", "projectId", "key", "name"],
    ["actionId", "projectId", "name"],
    ["annotationId", "projectId", "content", "dateMarker", "scope"],
  ]);
});
