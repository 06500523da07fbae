/**
 * Comparisons of JSON settings PostHog stores with additions of its own (a null for every key not given, ids it
 * assigns, derived keys): what the program declared compares equal to PostHog's form of it, a changed value does not.
 */
import { type Equality, sameJson } from "./field-table";
import { isPlainObject } from "./json";

/** The value with every null or absent object key left out, at any depth (PostHog answers unset keys as null). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null && inner !== undefined)
      .map(([key, inner]) => [key, withoutNulls(inner)]),
  );
}

/** JSON equality with null and absent keys alike. */
export const sameSansNulls: Equality = (a, b) => sameJson(withoutNulls(a ?? null), withoutNulls(b ?? null));

/**
 * The live value less the keys PostHog adds to objects (`added`, at any depth) that the declared value does not
 * give itself: a key the program gives is compared as usual.
 */
export function withoutAdded(declared: unknown, live: unknown, added: readonly string[]): unknown {
  if (Array.isArray(declared) && Array.isArray(live))
    return live.map((item, i) => (i < declared.length ? withoutAdded(declared[i], item, added) : item));
  if (!isPlainObject(declared) || !isPlainObject(live)) return live;
  return Object.fromEntries(
    Object.entries(live)
      .filter(([key]) => Object.hasOwn(declared, key) || !added.includes(key))
      .map(([key, inner]) => [key, Object.hasOwn(declared, key) ? withoutAdded(declared[key], inner, added) : inner]),
  );
}
