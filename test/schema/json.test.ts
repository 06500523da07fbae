import { nonJsonPath, own, PROTOTYPE_NAMES, prototypeKeyPath } from "../../src/schema/json";

test("own reads own properties only: a prototype name gives undefined", () => {
  expect(own({ constructor: 1 }, "constructor")).toBe(1);
  for (const name of PROTOTYPE_NAMES) expect([name, own({}, name)]).toEqual([name, undefined]);
  expect(own(JSON.parse('{"__proto__": 5}'), "__proto__")).toBe(5);
});

test("prototypeKeyPath finds a prototype name as a key at any depth, with its path", () => {
  expect(prototypeKeyPath({ a: [{ b: 1 }, { toString: 2 }] })).toBe("a.1.toString");
  expect(prototypeKeyPath(JSON.parse('{"x": {"__proto__": {}}}'))).toBe("x.__proto__");
  expect(prototypeKeyPath({ a: { b: "constructor" } })).toBeUndefined();
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
