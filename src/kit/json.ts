/**
 * JSON helpers shared by diff, drift detection and tests. PostHog stores settings in JSON columns whose key order
 * is not preserved, so equality must not depend on it.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON text with object keys sorted at every depth: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * The length of Python's `json.dumps(value)` (PostHog measures some settings by it) for strings and lists and
 * dictionaries of them: separators ", " and ": ", and `ensure_ascii=True`, which escapes every UTF-16 unit outside
 * space..tilde: `\uXXXX`, or two characters for `\"`, `\\`, `\n`, `\r`, `\t`, `\b` and `\f`.
 */
export function pythonJsonLength(value: unknown): number {
  if (typeof value === "string") return 2 + value.split("").reduce((n, unit) => n + escapedLength(unit), 0);
  const parts = Array.isArray(value)
    ? value.map(pythonJsonLength)
    : isPlainObject(value)
      ? Object.entries(value).map(([key, inner]) => pythonJsonLength(key) + 2 + pythonJsonLength(inner))
      : undefined;
  if (parts === undefined) return (JSON.stringify(value) ?? "null").length;
  return 2 + parts.reduce((a, b) => a + b, 0) + Math.max(0, parts.length - 1) * 2;
}

function escapedLength(unit: string): number {
  if ('"\\\n\r\t\b\f'.includes(unit)) return 2;
  const code = unit.charCodeAt(0);
  return code < 0x20 || code > 0x7e ? 6 : 1;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The names every JavaScript object answers to through Object.prototype (`constructor`, `toString`, `__proto__`,
 * `hasOwnProperty`, `valueOf`, …). As keys of a dictionary they would read a function instead of a value
 * (`record["constructor"]`) or set an object's prototype instead of a key (`out["__proto__"] = …`).
 */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** `value[key]` when `key` is the object's own property, else undefined: a key never reaches the prototype. */
export function own(value: object, key: string): unknown {
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The deepest nesting of lists and objects an input's value may have (`{}` is 1 deep, `{"a": []}` 2), one level
 * inside the request's body. PostHog parses and renders JSON with Python's json module, whose C code counts each
 * level against the recursion limit (1000) less the frames of the request around it, and its serializers walk some
 * values again (a flag's payloads are dumped to text). Measured on the 2025-08-04 backend (Python 3.11) with a flag
 * whose `filters` nest a payload: 200 levels are stored and read back; 250 killed the worker (signal 6, "realloc():
 * invalid next size"); 300 and 500 answered 500, at 500 after writing the flag, whose every read then failed.
 */
export const MAX_JSON_DEPTH = 200;

/** Where a JSON value is not what it seems, or not what PostHog takes, with its path (`filters.groups[0].variant`). */
export type JsonValueProblem =
  | { readonly kind: "prototype-key"; readonly path: string; readonly key: string }
  | { readonly kind: "non-finite"; readonly path: string; readonly value: number }
  | { readonly kind: "too-deep"; readonly path: string };

/** A place in the walk: the segments to it are read back through `parent` only when a problem is reported there. */
interface Place {
  readonly value: unknown;
  readonly segment: string | number;
  readonly parent: Place | undefined;
  readonly depth: number;
  /** A key named like a property of every JavaScript object: reported in its place in document order. */
  readonly prototypeKey?: true;
}

/** `a.b[0]["c d"]`: the path a program writes to reach a place. */
function pathOf(place: Place): string {
  const segments: (string | number)[] = [];
  for (let at: Place | undefined = place; at; at = at.parent) segments.push(at.segment);
  return segments
    .reverse()
    .map((s, i) =>
      typeof s === "number" ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) || i === 0 ? `${i === 0 ? "" : "."}${s}` : `[${JSON.stringify(s)}]`,
    )
    .join("");
}

/**
 * The problems of a JSON value that would not reach PostHog as declared, each with its path from `root` (at most
 * `limit`, in document order): a key named like a property of every JavaScript object (PROTOTYPE_NAMES: read as that
 * built-in, or, for `__proto__`, dropped by the assignments on the way, such as the SDK's serialization), NaN or
 * ±Infinity (JSON has none: they are sent as null, and PostHog stores null), and nesting deeper than MAX_JSON_DEPTH.
 * An object whose prototype is not Object's had a `__proto__` key assigned on the way (the plugin's decoding of the
 * engine's struct does `object[key] = value`), unless `opaque` says it is a value still to come (an Output). The walk
 * is iterative and does not descend past the limit, so that a value thousands of levels deep is refused in
 * milliseconds.
 */
export function jsonValueProblems(
  value: unknown,
  root: string,
  options: { readonly opaque?: (value: object) => boolean; readonly limit?: number } = {},
): JsonValueProblem[] {
  const { opaque, limit = 5 } = options;
  const problems: JsonValueProblem[] = [];
  const stack: Place[] = [{ value, segment: root, parent: undefined, depth: 0 }];
  while (stack.length > 0 && problems.length < limit) {
    const place = stack.pop()!;
    const here = place.value;
    if (place.prototypeKey) {
      problems.push({ kind: "prototype-key", path: pathOf(place), key: String(place.segment) });
      continue;
    }
    if (typeof here === "number") {
      if (!Number.isFinite(here)) problems.push({ kind: "non-finite", path: pathOf(place), value: here });
      continue;
    }
    if (here === null || typeof here !== "object" || opaque?.(here)) continue;
    const depth = place.depth + 1;
    if (depth > MAX_JSON_DEPTH) {
      problems.push({ kind: "too-deep", path: pathOf(place) });
      continue;
    }
    const list = Array.isArray(here);
    const prototype: unknown = Object.getPrototypeOf(here);
    if (!list && prototype !== Object.prototype && prototype !== null) {
      problems.push({
        kind: "prototype-key",
        path: pathOf({ value: prototype, segment: "__proto__", parent: place, depth }),
        key: "__proto__",
      });
      continue;
    }
    const children = Object.entries(here).map(
      ([key, inner]): Place => ({
        value: inner,
        segment: list ? Number(key) : key,
        parent: place,
        depth,
        ...(!list && PROTOTYPE_NAMES.has(key) ? { prototypeKey: true as const } : {}),
      }),
    );
    // Pushed in reverse, so that the stack gives them back in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return problems;
}

/** What a program is told of a problem of `jsonValueProblems`, beginning with its path. */
export function jsonValueReason(problem: JsonValueProblem): string {
  switch (problem.kind) {
    case "prototype-key":
      return (
        `${problem.path} is a key named like a property every JavaScript object has (Object.prototype: constructor, ` +
        "__proto__, toString, valueOf, …): it would be read as that built-in, or dropped, instead of your value. Rename it."
      );
    case "non-finite":
      return (
        `${problem.path} is ${problem.value}: JSON cannot carry NaN or ±Infinity (it would be sent as null, and ` +
        "PostHog would store null). Use a finite number, or null."
      );
    case "too-deep":
      return (
        // The path to that depth is as long as the value is deep: its beginning names the place.
        `${problem.path.length > 100 ? `${problem.path.slice(0, 100).replace(/\[[^\]]*$/, "")}…` : problem.path} is nested deeper than ${MAX_JSON_DEPTH} levels of lists and objects: PostHog fails on deeper values ` +
        "(Python's json module runs out of its recursion limit: a 500, or the worker killed, sometimes after writing). Flatten it."
      );
  }
}

/**
 * Where a value cannot travel as JSON, which is what Pulumi's engine and state hold: a function, symbol or bigint,
 * `undefined` in a list, NaN or ±Infinity, a cycle, an object that is not a plain one. `undefined` as an object's
 * value is allowed (JSON leaves the key out). Returns the path and what is there, or undefined when all is JSON.
 */
export function nonJsonPath(value: unknown, path: string[] = [], seen: Set<object> = new Set()): string | undefined {
  const at = () => (path.length > 0 ? ` at ${path.join(".")}` : "");
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : `${value}${at()}`;
    case "undefined":
      return `undefined${at()}`;
    case "object": {
      if (value === null) return undefined;
      if (seen.has(value)) return `a cycle${at()}`;
      const prototype = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null)
        return `a ${value.constructor?.name ?? "non-plain"} object${at()}`;
      seen.add(value);
      try {
        for (const [key, item] of Object.entries(value)) {
          if (item === undefined && !Array.isArray(value)) continue;
          const problem = nonJsonPath(item, [...path, key], seen);
          if (problem !== undefined) return problem;
        }
      } finally {
        seen.delete(value);
      }
      return undefined;
    }
    default:
      return `a ${typeof value}${at()}`;
  }
}
