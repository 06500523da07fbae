/**
 * Every kind's field table against today's PostHog as its generated API types state it
 * (test/fixtures/posthog-api-facts.json, written by scripts/refresh-posthog-facts.js from PostHog/posthog's
 * `products/<product>/frontend/generated/api.schemas.ts` and its core one, at the commits it names, for the file and
 * schemas each kind's folder names in its `…ApiTypes`): each writable
 * field is a row of the table or is left out with its reason (the kind's `LeftOut`); each row is a writable field or
 * says why not (`beyondApiTypes`); where both state an enum or a length limit, they agree, or the row says why not
 * (`apiTypesDiffer`). Below, the local server's serializers against the same facts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { z } from "zod";
import type { ApiTypes, FieldDef, FieldTable, LeftOut } from "../../src/kit/field-table";
import { kinds } from "../../src/kinds";
import { kebabCase } from "../../src/kit/names";
import { FieldFailure, type FieldRule } from "../../src/server/drf/fields";
import type { SerializerFields } from "../../src/server/pipeline/nested-viewset";
import type { Json } from "../../src/server/state/json";

interface FieldFacts {
  readonly readOnly: boolean;
  readonly nullable: boolean;
  readonly type: string;
  readonly enum?: readonly (string | number | boolean)[];
  readonly maxLength?: number;
  readonly in?: readonly string[];
  readonly writableIn?: readonly string[];
}
interface KindFacts {
  readonly file?: string;
  readonly schemas?: readonly string[];
  readonly fields?: Readonly<Record<string, FieldFacts>>;
  readonly missing?: string;
}
const facts = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "posthog-api-facts.json"), "utf8")) as {
  readonly sources: Readonly<Record<string, string>>;
  readonly kinds: Readonly<Record<string, KindFacts>>;
};

const KINDS = path.join(__dirname, "..", "..", "src", "kinds");

/** A kind's folder's field table and the fields it leaves out (its exports: the one table, the one `…LeftOut`). */
function tableOf(folder: string): { table: FieldTable; leftOut: LeftOut } {
  const exports = require(path.join(KINDS, folder, "fields")) as Record<string, unknown>;
  const isRow = (row: unknown) => typeof row === "object" && row !== null && "input" in row && "doc" in row;
  const tables = Object.values(exports).filter(
    (value): value is FieldTable =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0 &&
      Object.values(value).every(isRow),
  );
  if (tables.length !== 1) throw new Error(`${folder}/fields.ts exports ${tables.length} field tables`);
  const leftOuts = Object.entries(exports).filter(([name]) => name.endsWith("LeftOut"));
  const own = (leftOuts[0]?.[1] as LeftOut | undefined) ?? {};
  // `deleted` of a kind deleted by soft delete is its deletion's (the Kind's `deletion` fact), not a row's.
  const softDeleted = kinds.find((kind) => kebabCase(kind.name) === folder)?.deletion === "soft-delete";
  return {
    table: tables[0]!,
    leftOut: softDeleted ? { deleted: "sent by the kind's deletion (soft delete: PATCH `deleted: true`), not an input", ...own } : own,
  };
}

/** Where the kind's folder says PostHog's generated types state it (its fields.ts's one `…ApiTypes`). */
function apiTypesOf(folder: string): ApiTypes {
  const exports = require(path.join(KINDS, folder, "fields")) as Record<string, unknown>;
  const named = Object.entries(exports).filter(([name]) => name.endsWith("ApiTypes"));
  if (named.length !== 1) throw new Error(`${folder}/fields.ts exports ${named.length} …ApiTypes`);
  return named[0]![1] as ApiTypes;
}

type ZodDef = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): ZodDef => (schema as z.ZodType)._zod.def as unknown as ZodDef;

/** The values a zod rule takes when it is an enum (through optional, nullable, pipes and unions), or undefined. */
function enumOf(schema: unknown): Set<string | number | boolean> | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case "enum":
      return new Set(Object.values(def["entries"] as Record<string, string | number>));
    case "literal":
      return new Set(def["values"] as (string | number | boolean)[]);
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return enumOf(def["innerType"]);
    case "pipe":
      return enumOf(def["in"]) ?? enumOf(def["out"]);
    case "union": {
      const parts = (def["options"] as unknown[]).map(enumOf);
      return parts.some((p) => p === undefined) ? undefined : new Set(parts.flatMap((p) => [...p!]));
    }
    default:
      return undefined;
  }
}

/** The maximum length a zod string rule states (through optional, nullable and pipes), or undefined. */
function maxLengthOf(schema: unknown): number | undefined {
  const def = defOf(schema);
  if (def.type === "string") {
    const checks = (def["checks"] as { _zod: { def: { check: string; maximum?: number } } }[] | undefined) ?? [];
    return checks.map((c) => c._zod.def).find((c) => c.check === "max_length")?.maximum;
  }
  if (["optional", "nullable", "default", "readonly"].includes(def.type)) return maxLengthOf(def["innerType"]);
  if (def.type === "pipe") return maxLengthOf(def["in"]) ?? maxLengthOf(def["out"]);
  if (def.type === "union") {
    const limits = (def["options"] as unknown[]).map(maxLengthOf).filter((n) => n !== undefined);
    return limits.length > 0 ? Math.max(...limits) : undefined;
  }
  return undefined;
}

/** A PostHog enum's values but the blank and null ones (a rule's nullability and blankness are checked apart). */
const namedValues = (values: readonly (string | number | boolean)[]) => values.filter((v) => v !== "" && v !== null);
const sorted = (values: Iterable<string | number | boolean>) => [...values].map(String).sort();

const folders = fs.readdirSync(KINDS).filter((name) => fs.statSync(path.join(KINDS, name)).isDirectory());
const withTypes = Object.entries(facts.kinds).filter(([, kind]) => kind.fields !== undefined) as [
  string,
  Required<Pick<KindFacts, "fields" | "schemas" | "file">>,
][];

test("the fixture holds every kind of the registry, as its folder names its generated types or why it has none (else run scripts/refresh-posthog-facts.js)", () => {
  expect(kinds.map((kind) => kebabCase(kind.name)).sort()).toEqual(folders.sort());
  const named = Object.fromEntries(folders.map((folder) => [folder, apiTypesOf(folder)]));
  const read = Object.fromEntries(
    Object.entries(facts.kinds).map(([folder, kind]) => [
      folder,
      kind.file === undefined ? { missing: kind.missing } : { file: kind.file, schemas: kind.schemas },
    ]),
  );
  expect(read).toEqual(named);
  for (const [, kind] of Object.entries(facts.kinds)) expect(kind.fields !== undefined || typeof kind.missing === "string").toBe(true);
  for (const [, kind] of withTypes) expect(facts.sources[kind.file]).toMatch(/^[0-9a-f]{40}$/);
});

describe.each(withTypes)("%s", (folder, kind) => {
  const { table, leftOut } = tableOf(folder);
  const writable = Object.entries(kind.fields).filter(([, f]) => !f.readOnly);
  const schemas = (f: FieldFacts) => (f.writableIn ?? f.in ?? kind.schemas).join(", ");

  test("every writable field of PostHog's types is a row of the table or left out with its reason", () => {
    const unaccounted = writable
      .filter(([field]) => !Object.hasOwn(table, field) && !Object.hasOwn(leftOut, field))
      .map(([field, f]) => `${field} (writable in ${schemas(f)})`);
    expect(unaccounted).toEqual([]);
  });

  test("what is left out is a writable field without a row, with a reason", () => {
    const stale = Object.entries(leftOut)
      .filter(([field, why]) => Object.hasOwn(table, field) || !writable.some(([name]) => name === field) || why.trim() === "")
      .map(([field]) => field);
    expect(stale).toEqual([]);
  });

  test("every row is a writable field of PostHog's types, or says why it is not", () => {
    const wrong = Object.entries(table as Readonly<Record<string, FieldDef>>)
      .filter(([field, row]) =>
        writable.some(([name]) => name === field) ? row.beyondApiTypes !== undefined : row.beyondApiTypes === undefined,
      )
      .map(
        ([field, row]) =>
          `${field}: ${row.beyondApiTypes === undefined ? (kind.fields[field] ? "read-only" : "absent") : "writable, yet said beyond"}`,
      );
    expect(wrong).toEqual([]);
  });

  /**
   * Where PostHog states an enum, the row takes its values (compared as sets where the rule is an enum, else it must
   * refuse a value outside them); where PostHog states a length limit, the row refuses a longer string and states no
   * other limit. A row whose rule knowingly differs says why (`apiTypesDiffer`).
   */
  test("the table's enums and length limits are PostHog's", () => {
    const differing = Object.entries(table as Readonly<Record<string, FieldDef>>).flatMap(([field, row]) => {
      const theirs = kind.fields[field];
      if (!theirs) return [];
      const problems: string[] = [];
      const values = theirs.enum ? namedValues(theirs.enum) : [];
      const ours = enumOf(row.input);
      if (values.length > 0 && ours && sorted(namedValues([...ours])).join() !== sorted(values).join())
        problems.push(`${field}: ours ${sorted(ours).join("|")}, PostHog's ${sorted(values).join("|")}`);
      if (values.length > 0 && !ours && row.input.safeParse("\u0000 none of PostHog's").success)
        problems.push(`${field}: takes values outside PostHog's ${sorted(values).join("|")}`);
      const limit = maxLengthOf(row.input);
      if (theirs.maxLength !== undefined && row.input.safeParse("a".repeat(theirs.maxLength + 1)).success)
        problems.push(`${field}: takes more than PostHog's ${theirs.maxLength} characters`);
      if (limit !== undefined && limit !== theirs.maxLength)
        problems.push(`${field}: ours at most ${limit}, PostHog's ${theirs.maxLength ?? "none"}`);
      if (row.apiTypesDiffer !== undefined) return problems.length > 0 ? [] : [`${field}: says it differs, yet agrees`];
      return problems;
    });
    expect(differing).toEqual([]);
  });
});

/**
 * The local server's serializers (src/server/<area>/, the areas whose writable fields are one list) against the same
 * facts: it takes every field the kind's table sends in PostHog's name, refuses a string longer than PostHog's limit
 * and takes one as long, and takes PostHog's enum values but no other. Checked on its rules themselves (today's
 * behaviour, the server's default), a rule that needs a request's context left to the routes' own tests.
 */
const SERVER_SERIALIZERS: Readonly<Record<string, readonly [area: string, ...names: string[]]>> = {
  "feature-flag": ["feature-flags/routes", "FIELDS"],
  "warehouse-saved-query": ["warehouse-saved-queries/routes", "FIELDS"],
  action: ["actions/routes", "FIELDS"],
  cohort: ["cohorts/routes", "FIELDS"],
  notebook: ["notebooks/routes", "FIELDS"],
  "early-access-feature": ["early-access-features/routes", "CREATE_FIELDS"],
  annotation: ["annotations/routes", "FIELDS"],
  dashboard: ["dashboards/routes", "FIELDS"],
  "experiment-holdout": ["experiments/holdouts", "FIELDS"],
  "session-recording-playlist": ["session-recording-playlists/routes", "FIELDS"],
  "organization-invite": ["invites/routes", "FIELDS"],
  alert: ["alerts/routes", "FIELDS"],
  "event-definition": ["taxonomy/routes", "EVENT_FIELDS", "NAME_FIELD"],
  "property-definition": ["taxonomy/routes", "PROPERTY_FIELDS"],
  "error-tracking-settings": ["error-tracking-settings/routes", "SETTINGS_FIELDS"],
  "error-tracking-spike-detection-config": ["error-tracking-settings/routes", "SPIKE_FIELDS"],
  "llm-evaluation": ["llm-analytics/evaluations", "FIELDS"],
  "product-tour": ["product-tours/routes", "FIELDS"],
  "logs-view": ["logs-views/routes", "FIELDS"],
  "logs-sampling-rule": ["logs-sampling-rules/routes", "FIELDS"],
};

/**
 * What a rule's version-dependent checks read of its context: today's PostHog, in the two shapes the areas pass (the
 * request's context, or a context holding it as `ctx`).
 */
const TODAY = { services: { version: "current" }, ctx: { services: { version: "current" } } };

/** The code of the FieldFailure a rule raises for a value, "" when it takes it, undefined when it needs more context. */
function verdict(rule: FieldRule<unknown>, value: Json): string | undefined {
  try {
    rule.parse(value, TODAY);
    return "";
  } catch (error) {
    return error instanceof FieldFailure ? error.code : undefined;
  }
}

describe.each(Object.entries(SERVER_SERIALIZERS))("the local server's serializer of %s", (folder, [area, ...names]) => {
  const kind = facts.kinds[folder]!;
  const fields = kind.fields!;
  const serializers = require(path.join(__dirname, "..", "..", "src", "server", area)) as Record<string, SerializerFields<unknown>>;
  const serializer = new Map(names.flatMap((name) => serializers[name]!));

  test("takes every field the kind's table sends in PostHog's name", () => {
    const { table } = tableOf(folder);
    const missing = Object.keys(table).filter((field) => fields[field] && !fields[field].readOnly && !serializer.has(field));
    expect(missing).toEqual([]);
  });

  test("holds strings to PostHog's length limits and takes PostHog's enum values, no other", () => {
    const wrong = [...serializer].flatMap(([field, rule]) => {
      const theirs = fields[field];
      if (!theirs) return [];
      const problems: string[] = [];
      if (theirs.maxLength !== undefined) {
        const longer = verdict(rule, "a".repeat(theirs.maxLength + 1));
        if (longer !== undefined && longer !== "max_length") problems.push(`${field}: takes more than ${theirs.maxLength} characters`);
        if (verdict(rule, "a".repeat(theirs.maxLength)) === "max_length") problems.push(`${field}: refuses ${theirs.maxLength} characters`);
      }
      const values = theirs.enum ? namedValues(theirs.enum) : [];
      for (const value of values) if (verdict(rule, value) === "invalid_choice") problems.push(`${field}: refuses PostHog's ${value}`);
      if (values.length > 0 && verdict(rule, "\u0000 none of PostHog's") === "") problems.push(`${field}: takes a value outside PostHog's`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});
