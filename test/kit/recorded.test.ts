/**
 * The slim record of the declared inputs (src/kit/recorded.ts): the state keeps only the forms its outputs do not
 * hold, and the lifecycles get the full map back, from a compact record or from one an earlier version wrote.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PartialSuccess } from "../../src/kit/outcome";
import { compactRecord, expandRecord, withCompactRecord } from "../../src/kit/recorded";

const inputNames = ["organizationId", "projectId", "name", "timezone", "sessionRecordingSampleRate", "filters", "appUrls"];

const outputs = {
  projectId: 7,
  organizationId: "org-uuid",
  uuid: "project-uuid",
  name: "Web",
  timezone: "Europe/Amsterdam",
  sessionRecordingSampleRate: "0.50",
  appUrls: ["https://a.example.com"],
};
const declared = { name: "Web", timezone: "Europe/Amsterdam", sessionRecordingSampleRate: 0.5, appUrls: ["https://a.example.com"] };

test("only the forms the outputs do not hold are kept, with the outputs named like an input that were not declared", () => {
  const compact = compactRecord({ ...outputs, declaredInputs: declared }, inputNames);
  expect(compact["declaredInputs"]).toEqual({ "-": ["organizationId", "projectId"], sessionRecordingSampleRate: 0.5 });
  expect(expandRecord(compact, inputNames)).toEqual({ ...outputs, declaredInputs: declared });
  // Already compact: unchanged.
  expect(compactRecord(compact, inputNames)).toEqual(compact);
});

test("a full map written by an earlier version, and outputs without one, are read as they are", () => {
  const full = { ...outputs, declaredInputs: declared };
  expect(expandRecord(full, inputNames)).toEqual(full);
  expect(expandRecord(outputs, inputNames)).toEqual(outputs);
  expect(compactRecord(outputs, inputNames)).toEqual(outputs);
});

test("key order does not count; null outputs, absent outputs and names no output has keep their form", () => {
  const flag = {
    projectId: 3,
    filters: { groups: [{ rollout_percentage: 20, properties: [] }], aggregation_group_type_index: null },
    name: null,
  };
  const forms = {
    projectId: "3",
    filters: { aggregation_group_type_index: null, groups: [{ properties: [], rollout_percentage: 20 }] },
    name: null,
    timezone: "UTC",
    notAnInputName: 1,
  };
  const compact = compactRecord({ ...flag, declaredInputs: forms }, inputNames);
  // projectId "3" is the project 3 the output holds.
  expect(compact["declaredInputs"]).toEqual({ "-": [], name: null, timezone: "UTC", notAnInputName: 1 });
  expect(expandRecord(compact, inputNames)["declaredInputs"]).toEqual({ ...forms, projectId: 3, filters: flag.filters });
});

test("the wrapped lifecycle gets full maps and answers compact ones, a partial success's outputs included", async () => {
  const seen: unknown[] = [];
  const lifecycle: pulumi.dynamic.ResourceProvider = {
    async create() {
      return { id: "7", outs: { ...outputs, declaredInputs: declared } };
    },
    async read(_id, props) {
      seen.push(props?.declaredInputs);
      return { id: "7", props: { ...outputs, declaredInputs: declared }, inputs: declared };
    },
    async update(_id, olds) {
      seen.push(olds.declaredInputs);
      throw new PartialSuccess("half done", "7", { ...outputs, declaredInputs: declared }, {});
    },
    async delete(_id, props) {
      seen.push(props.declaredInputs);
    },
  };
  const wrapped = withCompactRecord(lifecycle, () => inputNames);
  const created = await wrapped.create({});
  const compact = { "-": ["organizationId", "projectId"], sessionRecordingSampleRate: 0.5 };
  expect(created.outs.declaredInputs).toEqual(compact);
  const read = await wrapped.read!("7", created.outs);
  expect(read.props.declaredInputs).toEqual(compact);
  expect(read.inputs).toEqual(declared);
  const failed = await wrapped.update!("7", created.outs, {}).catch((error: PartialSuccess) => error);
  expect((failed as PartialSuccess).properties["declaredInputs"]).toEqual(compact);
  await wrapped.delete!("7", created.outs);
  expect(seen).toEqual([declared, declared, declared]);
});
