/**
 * What a kind's field table is made of (src/kinds/<kind>/fields.ts): per PostHog field, its zod input rule, how a
 * declared value compares with what PostHog stores, and its doc; and the comparisons several kinds' fields share. The
 * kit (src/kit/field-model.ts) derives check, diff, drift and schema from it.
 */
import { z } from "zod";
import { canonicalJson, isPlainObject, own } from "./json";
import { camelCase } from "./names";

/** How a declared value compares with PostHog's (after PostHog has rewritten it). */
export type Equality = (declared: unknown, live: unknown) => boolean;

export interface FieldDef {
  readonly input: z.ZodType;
  /**
   * The program's name for the field where it is not PostHog's field name camelCased: a subscription's `insight` (an
   * insight's numeric id) is `insightId`, as an early access feature's flag is `featureFlagId`.
   */
  readonly arg?: string;
  /**
   * PostHog's field that carries the value where the row is the program's own, no field of PostHog's (an insight's
   * `query_sql` is sent as its `query`): the reference pages name it instead of the row.
   */
  readonly sentAs?: string;
  readonly equal?: Equality;
  /**
   * A drifted live value as the program would write it, for the `old => new` a refresh shows: PostHog's additions that
   * mean nothing (defaults it fills in) left out where the declared value has none. Default: the live value; for a
   * field compared by `sameWithin`, the live value in the declared value's shape (`withinForm`).
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
  /**
   * The PostHog versions that answer the field but take it read-only (DRF drops a written value unread), and how
   * their answer tells them apart: a value declared there is one this PostHog cannot apply, said as for `lackedBy`
   * rather than left as drift that never settles.
   */
  readonly readOnlyIn?: { readonly versions: readonly string[]; readonly answer: (record: object) => boolean };
  /**
   * How PostHog answers the field, where a kind derives its record's shape from its table (Project's) rather than
   * from its record.ts.
   */
  readonly answer?: z.ZodType;
  /**
   * Fields whose write makes PostHog rewrite this one unless it comes along (a transformation enabled again goes last
   * unless its `execution_order` is sent with it): a declared value is sent whenever one of them is.
   */
  readonly sentWith?: readonly string[];
  /** PostHog refuses the field on create, or drops it: it is left out of the POST and set by a PATCH right after. */
  readonly afterCreate?: true;
  /**
   * PostHog takes the field on create and update but never answers it (DRF's `write_only`), and it is no secret: the
   * declared value stands for PostHog's (the outputs hold it as declared; a refresh shows no drift), sent on create,
   * whenever it changes, and with the fields of `sentWith`.
   */
  readonly writeOnly?: true;
  /**
   * The plan feature without which PostHog answers a write with 200 but shows its own value (posthog/api/team.py
   * `TeamSerializer.to_representation`; tags without `tagging`): only then is a value PostHog did not apply blamed on
   * the plan.
   */
  readonly planFeature?: string;
  /**
   * A dictionary PostHog merges into the stored one on update, so that keys set elsewhere survive: only the declared
   * keys are managed (compared, and shown in drift).
   */
  readonly merged?: true;
  /**
   * A merged dictionary that some PostHog replaces whole instead (the 2025-08-04 one `modifiers`): it is sent with its
   * live keys under the declared ones, read for the update, so that keys set elsewhere survive on both.
   */
  readonly sendMerged?: true;
  /**
   * Keys of a dictionary that other PostHog objects write into it (a flag's `super_groups`, written by its early
   * access feature): unless the program declares them, they are PostHog's, left out of the comparison and sent with
   * their live values (read for the update: they may have been written since the last refresh), so that an update of
   * the dictionary does not take them away.
   */
  readonly othersKeys?: readonly string[];
  /**
   * Why the row is no writable field of PostHog's generated API types (test/fixtures/posthog-api-facts.json): a value
   * the kind sends in another field's name or by an action of its own, or a field PostHog's viewset reads from the
   * request apart from its serializer.
   */
  readonly beyondApiTypes?: string;
  /**
   * Why the row's rule differs from the enum or length limit PostHog's generated API types state for the field (the
   * types say less than PostHog's serializer checks, or the program names a value PostHog takes as a number), with
   * the rule it follows instead.
   */
  readonly apiTypesDiffer?: string;
}

/**
 * PostHog's writable fields (as its generated API types state them, test/fixtures/posthog-api-facts.json) that a
 * kind's table has no row of, each with why: the input that carries it under another name or the mechanism that
 * sends it, or a gap, "not yet managed: …". test/kinds/posthog-api-facts.test.ts holds every table to it.
 */
export type LeftOut = Readonly<Record<string, string>>;

/**
 * Where PostHog's generated API types state a kind: the file (`products/<product>/frontend/generated/api.schemas.ts`
 * or `frontend/src/generated/core/api.schemas.ts` in PostHog/posthog) and its schemas (request and answer types) that
 * describe it, or why none does. A kind's `fields.ts` exports it as `…ApiTypes`; scripts/refresh-posthog-facts.js
 * reads what they state into test/fixtures/posthog-api-facts.json, against which its table is tested.
 */
export type ApiTypes = { readonly file: string; readonly schemas: readonly string[] } | { readonly missing: string };

/** The create-only folder of PostHog's project tree (`_create_in_folder`), which the kinds leave to PostHog's default. */
export const CREATE_IN_FOLDER: LeftOut = {
  _create_in_folder: "not yet managed: the project-tree folder PostHog files a new object in (create only; PostHog's default folder)",
};

/**
 * A whole number at least `min`, as DRF's `IntegerField(min_value=…)` takes one (a number with no fraction; its text
 * is not taken here, since the program's value is sent as it is), each failure naming `source`, PostHog's serializer.
 */
export function integerAtLeast(min: number, source: string): z.ZodNumber {
  const rule = `must be a whole number of at least ${min} (${source})`;
  return z.number({ error: rule }).int({ error: rule }).min(min, { error: rule });
}

/** The input a program declares a field by: its row's `arg`, else PostHog's name camelCased. */
export function inputNameOf(fields: FieldTable, field: string): string {
  return (Object.hasOwn(fields, field) ? fields[field]!.arg : undefined) ?? camelCase(field);
}

export type FieldTable = Readonly<Record<string, FieldDef>>;

/**
 * A field PostHog answers with and never takes (ids, tokens, state), where a kind derives its record's shape from its
 * table: its shape, its doc, and whether it is a secret (stored as a Pulumi secret).
 */
export interface AnswerDef {
  readonly answer: z.ZodType;
  readonly doc: string;
  readonly secret?: true;
}

export type AnswerTable = Readonly<Record<string, AnswerDef>>;

/** The plan feature PostHog's tags need (TaggedItemSerializerMixin, ee/api/tagged_item.py): without it they are dropped. */
export const TAGGING = "the `tagging` feature (AvailableFeature.TAGGING)";

/** A table's row of a field, if it has one (own rows only: a field named by a program may be any string). */
export function rowOf(fields: FieldTable, field: string): FieldDef | undefined {
  return Object.hasOwn(fields, field) ? fields[field] : undefined;
}

export const sameJson: Equality = (a, b) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** A CharField's value as DRF stores it: surrounding whitespace trimmed (`trim_whitespace`, on by default). */
export const sameTrimmed: Equality = (a, b) => sameJson(typeof a === "string" ? a.trim() : a, typeof b === "string" ? b.trim() : b);

/** PostHog's `tagify`: tags are trimmed, lower-cased and deduplicated; their order is not kept. */
const tagSet = (tags: unknown) => (Array.isArray(tags) ? [...new Set(tags.map((t) => String(t).trim().toLowerCase()))].sort() : tags);
export const sameTags: Equality = (a, b) => sameJson(tagSet(a ?? []), tagSet(b ?? []));

/**
 * Whether every key the program wrote has PostHog's value; keys only PostHog's answer has (`version`, defaults a
 * migration adds, an id and a creation time) are PostHog's. Lists compare item by item and must have the same length.
 */
export const sameWithin: Equality = (declared, live) => within(declared ?? null, live ?? null);

/**
 * A live value in the shape of the declared one, as `sameWithin` compares them: in objects the declared keys only (the
 * others are PostHog's), lists item by item (items beyond the declared ones kept whole, so that an added one shows).
 * The engine then shows a drifted document by the paths that differ (`content[2].attrs.query: old => new`), not as
 * the whole value with everything PostHog added to it.
 */
export function withinForm(declared: unknown, live: unknown): unknown {
  if (Array.isArray(declared) && Array.isArray(live))
    return live.map((item, i) => (i < declared.length ? withinForm(declared[i], item) : item));
  if (!isPlainObject(declared) || !isPlainObject(live)) return live;
  const form: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(declared)) {
    const liveValue = own(live, key);
    if (liveValue !== undefined) form[key] = withinForm(value, liveValue);
    else if (value === null) form[key] = null;
  }
  return form;
}

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

/** A merged dictionary's comparison: every declared key (in nested dictionaries too) has PostHog's value. */
const sameDeclaredKeys: Equality = (declared, live) => {
  if (!isPlainObject(declared) || !isPlainObject(live)) return sameJson(declared, live);
  return Object.entries(declared).every(([key, value]) => {
    const liveValue = own(live, key);
    return isPlainObject(value) && isPlainObject(liveValue) ? sameDeclaredKeys(value, liveValue) : sameJson(value, liveValue ?? null);
  });
};

/** A merged dictionary's live value as the program would write it: the declared keys only. */
function declaredKeysOf(declared: unknown, live: unknown): unknown {
  if (!isPlainObject(declared) || !isPlainObject(live)) return live;
  return Object.fromEntries(Object.entries(declared).map(([key, value]) => [key, declaredKeysOf(value, own(live, key) ?? null)]));
}

/** A live dictionary without the keys other objects write into it (`othersKeys`) that the program does not declare. */
function withoutOthersKeys(row: FieldDef | undefined, declared: unknown, live: unknown): unknown {
  if (!row?.othersKeys || !isPlainObject(live)) return live;
  const dropped = row.othersKeys.filter((key) => !(isPlainObject(declared) && Object.hasOwn(declared, key)));
  return Object.fromEntries(Object.entries(live).filter(([key]) => !dropped.includes(key)));
}

/** The keys other objects wrote into a live dictionary (`othersKeys`) that a declared value lacks: sent along. */
export function othersKeysOf(fields: FieldTable, field: string, declared: unknown, live: unknown): Record<string, unknown> {
  const row = rowOf(fields, field);
  if (!row?.othersKeys || !isPlainObject(declared) || !isPlainObject(live)) return {};
  return Object.fromEntries(
    row.othersKeys.filter((key) => !Object.hasOwn(declared, key) && Object.hasOwn(live, key)).map((key) => [key, live[key]]),
  );
}

/** The comparison of a table's field (JSON equality for a field it lacks; the declared keys of a merged dictionary). */
export function tableValuesEqual(fields: FieldTable, field: string, declared: unknown, live: unknown): boolean {
  const row = rowOf(fields, field);
  return (row?.equal ?? (row?.merged ? sameDeclaredKeys : sameJson))(declared, withoutOthersKeys(row, declared, live));
}

/** A drifted live value of a table's field as the program would write it (`liveForm`; a merged dictionary's declared keys). */
export function tableLiveForm(fields: FieldTable, field: string, declared: unknown, live: unknown): unknown {
  const row = rowOf(fields, field);
  const own = withoutOthersKeys(row, declared, live);
  if (row?.liveForm) return row.liveForm(declared, own);
  if (row?.equal === sameWithin) return withinForm(declared, own);
  return row?.merged ? declaredKeysOf(declared, own) : own;
}
