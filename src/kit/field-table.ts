/**
 * What a kind's field table is made of (src/kinds/<kind>/fields.ts): per PostHog field, its zod input rule, how a
 * declared value compares with what PostHog stores, and its doc; and the comparisons several kinds' fields share. The
 * kit (src/kit/field-model.ts) derives check, diff, drift and schema from it.
 */
import type { z } from "zod";
import { canonicalJson, isPlainObject } from "./json";

/** How a declared value compares with PostHog's (after PostHog has rewritten it). */
export type Equality = (declared: unknown, live: unknown) => boolean;

export interface FieldDef {
  readonly input: z.ZodType;
  readonly equal?: Equality;
  /**
   * A drifted live value as the program would write it, for the `old => new` a refresh shows: PostHog's additions that
   * mean nothing (defaults it fills in) left out where the declared value has none. Default: the live value.
   */
  readonly liveForm?: (declared: unknown, live: unknown) => unknown;
  readonly doc: string;
  /**
   * The TypeScript type a program writes, when the zod rule is looser than it (PostHog's finer rules are checked
   * apart, as `filters`' are): plain TypeScript, which may name the resource's declared `types`. Otherwise the
   * generated types (src/generate/types.ts) print the zod rule's. Where outputs differ (a secret PostHog answers as
   * `{secret: true}`, an Output allowed inside an input), the input's and the output's.
   */
  readonly type?: string | { readonly input: string; readonly output: string };
  /** The PostHog versions that have no such field (they drop it unread): named when a program declares it there. */
  readonly lackedBy?: readonly string[];
}

export type FieldTable = Readonly<Record<string, FieldDef>>;

export const sameJson: Equality = (a, b) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** PostHog's `tagify`: tags are trimmed, lower-cased and deduplicated; their order is not kept. */
const tagSet = (tags: unknown) => (Array.isArray(tags) ? [...new Set(tags.map((t) => String(t).trim().toLowerCase()))].sort() : tags);
export const sameTags: Equality = (a, b) => sameJson(tagSet(a ?? []), tagSet(b ?? []));

/**
 * Whether every key the program wrote has PostHog's value; keys only PostHog's answer has (`version`, defaults a
 * migration adds, an id and a creation time) are PostHog's. Lists compare item by item and must have the same length.
 */
export const sameWithin: Equality = (declared, live) => within(declared ?? null, live ?? null);

function within(declared: unknown, live: unknown): boolean {
  if (Array.isArray(declared)) {
    return Array.isArray(live) && live.length === declared.length && declared.every((item, i) => within(item, live[i]));
  }
  if (isPlainObject(declared)) {
    if (!isPlainObject(live)) return false;
    return Object.entries(declared).every(([key, value]) =>
      value === null || value === undefined ? live[key] === null || live[key] === undefined : within(value, live[key]),
    );
  }
  return sameJson(declared, live);
}

/** The comparison of a table's field (JSON equality for a field it lacks). */
export function tableValuesEqual(fields: FieldTable, field: string, declared: unknown, live: unknown): boolean {
  return (Object.hasOwn(fields, field) ? (fields[field]!.equal ?? sameJson) : sameJson)(declared, live);
}
