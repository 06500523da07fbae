/** JSON values as stored and served by the local server. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep copy of a JSON value (also turns `unknown` that came from JSON.parse into `Json`). */
export function cloneJson<T extends Json>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  return stableStringify(a) === stableStringify(b);
}

function stableStringify(value: Json | undefined): string {
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * `object[key]` for a key that came from a request: only the object's own property, never one every JavaScript
 * object inherits (`constructor`, `toString`, `__proto__`, …), which PostHog's Python dictionaries do not have.
 */
export function ownValue<T>(object: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** `object[key] = value` that stores a key named `__proto__` as a key, as Python would, instead of a prototype. */
export function setKey<T>(object: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}
