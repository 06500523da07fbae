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

/** The path (`a.b`) of the first object key, at any depth, that is one of PROTOTYPE_NAMES. */
export function prototypeKeyPath(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const inner = prototypeKeyPath(item);
      if (inner !== undefined) return `${index}.${inner}`;
    }
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (PROTOTYPE_NAMES.has(key)) return key;
      const inner = prototypeKeyPath(item);
      if (inner !== undefined) return `${key}.${inner}`;
    }
  }
  return undefined;
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
