import { jsonValueProblems, jsonValueReason, MAX_JSON_DEPTH, nonJsonPath, own, PROTOTYPE_NAMES } from "../../src/kit/json";

test("own reads own properties only: a prototype name gives undefined", () => {
  expect(own({ constructor: 1 }, "constructor")).toBe(1);
  for (const name of PROTOTYPE_NAMES) expect([name, own({}, name)]).toEqual([name, undefined]);
  expect(own(JSON.parse('{"__proto__": 5}'), "__proto__")).toBe(5);
});

/** A value `depth` lists and objects deep: `{a: {a: … {a: 1}}}`. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

test("jsonValueProblems names each key every JavaScript object has, NaN and ±Infinity, by the path a program writes, in order", () => {
  const value = JSON.parse('{"groups": [{"b": 1}, {"toString": 2}], "x": {"__proto__": {}}, "y": {"b": "constructor"}}');
  value.groups[0].rollout_percentage = Number.NaN;
  value.z = { "odd key": [1, Number.NEGATIVE_INFINITY] };
  expect(jsonValueProblems(value, "filters")).toEqual([
    { kind: "non-finite", path: "filters.groups[0].rollout_percentage", value: Number.NaN },
    { kind: "prototype-key", path: "filters.groups[1].toString", key: "toString" },
    { kind: "prototype-key", path: "filters.x.__proto__", key: "__proto__" },
    { kind: "non-finite", path: 'filters.z["odd key"][1]', value: Number.NEGATIVE_INFINITY },
  ]);
  expect(jsonValueProblems(value, "filters", { limit: 1 })).toHaveLength(1);
  expect(jsonValueProblems({ a: [1, "s", null, true, { b: 2.5 }] }, "x")).toEqual([]);
  expect(jsonValueReason(jsonValueProblems({ p: Number.POSITIVE_INFINITY }, "filters")[0]!)).toBe(
    "filters.p is Infinity: JSON cannot carry NaN or ±Infinity (it would be sent as null, and PostHog would store null). Use a finite number, or null.",
  );
});

test("an object whose prototype was set by a `__proto__` key assigned on the way is named as that key, unless opaque", () => {
  // What google-protobuf's Struct.toJavaScript did with `{payload: {__proto__: {a: 1}}}`: `object[key] = value`.
  const decoded = { payload: Object.setPrototypeOf({}, { a: 1 }) as unknown };
  expect(jsonValueProblems(decoded, "filters")).toEqual([{ kind: "prototype-key", path: "filters.payload.__proto__", key: "__proto__" }]);
  expect(jsonValueProblems({ when: new Date(0) }, "x", { opaque: (v) => v instanceof Date })).toEqual([]);
  expect(jsonValueProblems(Object.create(null), "x")).toEqual([]);
});

test(`nesting deeper than MAX_JSON_DEPTH (${MAX_JSON_DEPTH}) is named at the level it passes; 6,000 levels are refused in milliseconds`, () => {
  expect(jsonValueProblems(nested(MAX_JSON_DEPTH), "payload")).toEqual([]);
  const [problem] = jsonValueProblems(nested(MAX_JSON_DEPTH + 1), "payload");
  expect(problem).toMatchObject({ kind: "too-deep", path: expect.stringMatching(/^payload\.a\[0\]\.a/) });
  expect(jsonValueReason(problem!)).toMatch(new RegExp(`is nested deeper than ${MAX_JSON_DEPTH} levels of lists and objects`));
  const started = process.hrtime.bigint();
  expect(jsonValueProblems(nested(6_000), "payload")).toHaveLength(1);
  expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(200);
});

test("nonJsonPath names what JSON (Pulumi's state) cannot carry, and where", () => {
  const cycle: Record<string, unknown> = {};
  cycle["self"] = cycle;
  expect(nonJsonPath({ a: [1, { f: () => 1 }] })).toBe("a function at a.1.f");
  expect(nonJsonPath({ a: [1, undefined] })).toBe("undefined at a.1");
  expect(nonJsonPath({ a: Symbol("s") })).toBe("a symbol at a");
  expect(nonJsonPath({ a: 1n })).toBe("a bigint at a");
  expect(nonJsonPath({ a: Number.NaN })).toBe("NaN at a");
  expect(nonJsonPath({ a: new Date(0) })).toBe("a Date object at a");
  expect(nonJsonPath(cycle)).toBe("a cycle at self");
  // Shared, not cyclic: fine. An undefined value of an object is left out by JSON, also fine.
  const shared = { x: 1 };
  expect(nonJsonPath({ a: shared, b: [shared], c: undefined, d: null, e: "s", f: true })).toBeUndefined();
});
