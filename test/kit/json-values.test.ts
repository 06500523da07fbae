/**
 * Every kind's every input, checked alike before anything is sent (src/kit/json.ts): NaN and ±Infinity, which
 * JSON sends as null; keys named like Object.prototype's, read as the built-in or dropped on the way (own, as
 * JSON.parse makes them, or already made a prototype, as the plugin's protobuf decoding did); nesting deeper than
 * PostHog keeps. Each refused naming the path, within milliseconds however deep (a kind's own rules may add theirs).
 */
import { generatedTypes } from "../../src/generate/types";
import { inputNameOf } from "../../src/kit/field-table";
import { MAX_JSON_DEPTH } from "../../src/kit/json";
import type { FieldModel } from "../../src/kit/field-model";

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

// Every kind with a generated class has a field-table model (src/kinds/<kind>/model.ts): its checks are the model's.
const inputs = generatedTypes.flatMap(({ state }) =>
  Object.keys(state.spec.fields).map(
    (field) => [state.spec.className, inputNameOf(state.spec.fields, field), state as FieldModel<never>] as const,
  ),
);

test.each(inputs)("%s.%s: NaN, a prototype key and a value too deep are refused, each by its path", (_, input, state) => {
  const reasons = (value: unknown) =>
    state
      .validate({ [input]: value })
      .filter((f) => f.property === input)
      .map((f) => f.reason);
  expect(reasons({ a: [1, Number.NaN] })).toContainEqual(
    expect.stringMatching(new RegExp(`^${input}\\.a\\[1\\] is NaN: JSON cannot carry NaN`)),
  );
  expect(reasons([{ b: Number.NEGATIVE_INFINITY }])).toContainEqual(expect.stringMatching(new RegExp(`^${input}\\[0\\]\\.b is -Infinity`)));
  expect(reasons(JSON.parse('{"x": {"__proto__": {"admin": true}}}'))).toContainEqual(
    expect.stringMatching(new RegExp(`^${input}\\.x\\.__proto__ is a key named like a property every JavaScript object has`)),
  );
  expect(reasons({ x: Object.setPrototypeOf({}, { admin: true }) })).toContainEqual(
    expect.stringMatching(new RegExp(`^${input}\\.x\\.__proto__ is a key`)),
  );
  expect(reasons({ constructor: 1, toString: 2 })).toContainEqual(
    expect.stringMatching(new RegExp(`^${input}\\.constructor is a key .* ${input}\\.toString is a key`)),
  );
  const started = process.hrtime.bigint();
  expect(reasons(nested(6_000))).toContainEqual(
    expect.stringMatching(new RegExp(`^${input}(\\[0\\])+… is nested deeper than ${MAX_JSON_DEPTH} levels`)),
  );
  expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
});

test.each(inputs)("%s.%s: a value as deep as PostHog keeps is not refused for its depth", (_, input, state) => {
  const reasons = state.validate({ [input]: nested(MAX_JSON_DEPTH) }).map((f) => f.reason);
  expect(reasons.filter((r) => r.includes("nested deeper"))).toEqual([]);
});
