/**
 * The external data source's field table: what ExternalDataSourceViewSet.create takes (posthog/warehouse/api/
 * external_data_source.py in PostHog 2025-08-04, products/data_warehouse/backend/api/external_data_source.py today:
 * `source_type`, `prefix`, and a `payload` of the job inputs and the tables to sync, `schemas`) and what its serializer
 * lets an update change (`job_inputs`, merged into the stored ones: ExternalDataSourceSerializers.update). The type,
 * the prefix and the tables are fixed at create (read-only to the serializer): a change replaces the source. A table's
 * `sync_frequency` is not: the create takes none (each table is made with PostHog's default, "6hour"), and it is the
 * table's own ExternalDataSchema's, set with a PATCH of `…/external_data_schemas/<uuid>/` after the create and on any
 * update (ExternalDataSchemaSerializer.update, products/data_warehouse/backend/api/external_data_schema.py; the
 * source's answer holds each table's), so a change neither replaces the source nor goes unseen.
 *
 * PostHog never answers a credential among the job inputs (`to_representation` keeps an allowlist, ./record.ts): a
 * declared job input PostHog does not answer compares equal to what the program declared last, so that a refresh
 * never shows a secret as drift and a change to one made outside Pulumi cannot be seen.
 */
import { z } from "zod";
import { type Equality, type FieldDef, type LeftOut, sameJson, type ApiTypes } from "../../kit/field-table";
import { isPlainObject, own } from "../../kit/json";
import { ANSWERED_JOB_INPUTS } from "./record";

export const CREATE = "ExternalDataSourceViewSet.create, posthog/warehouse/api/external_data_source.py";
/** ExternalDataSchema.SyncType (the kinds of sync a table takes; `cdc` is a later PostHog's, Postgres only). */
export const SYNC_TYPES = ["full_refresh", "incremental", "append", "cdc"] as const;

/**
 * `sync_frequency_to_sync_frequency_interval`'s frequencies (products/data_warehouse/backend/models/
 * external_data_schema.py; "1min" for a CDC table only, ExternalDataSchemaSerializer.update). PostHog 2025-08-04 knows
 * neither "1min" nor "15min": it fails on them (a ValueError, its 500). It also updates the table's Temporal schedule
 * before saving a new frequency, which fails (a 500, nothing saved; measured) for a table that does not sync (it has
 * no schedule) and for "never": those are its refusals, today's PostHog takes both.
 */
export const SYNC_FREQUENCIES = ["never", "1min", "5min", "15min", "30min", "1hour", "6hour", "12hour", "24hour", "7day", "30day"] as const;
/** The key a table's sync frequency is declared by, and the only one of a table's keys an update changes. */
export const SYNC_FREQUENCY = "sync_frequency";
/** A sync frequency as PostHog answers it: a table that never syncs on schedule has none (null). */
export const answeredFrequency = (frequency: unknown) => (frequency === "never" ? null : (frequency ?? null));

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/** A scalar as PostHog's config stores and answers it: a port given as 5432 may come back "5432". */
const sameScalar = (declared: unknown, live: unknown) =>
  sameJson(declared ?? null, live ?? null) || (typeof declared === "number" && String(declared) === live);

/**
 * Declared job inputs against PostHog's: each declared key holds the same, but a key PostHog never answers and that
 * is absent compares equal (what it holds cannot be seen; the model puts the program's last declared value in the
 * live form it compares, so that a changed one is sent).
 */
export const sameJobInputs: Equality = (declared, live) => {
  if (!isPlainObject(declared)) return sameJson(declared ?? null, live ?? null);
  const shown = isPlainObject(live) ? live : {};
  return Object.entries(declared).every(
    ([key, value]) => (!ANSWERED_JOB_INPUTS.includes(key) && !Object.hasOwn(shown, key)) || sameScalar(value, own(shown, key)),
  );
};

/** Drifted job inputs as the program would write them: the declared keys, each PostHog's where it answers it. */
export function jobInputsLiveForm(declared: unknown, live: unknown): unknown {
  if (!isPlainObject(declared)) return live;
  const shown = isPlainObject(live) ? live : {};
  return Object.fromEntries(
    Object.entries(declared).map(([key, value]) => [
      key,
      !ANSWERED_JOB_INPUTS.includes(key) || sameScalar(value, own(shown, key)) ? value : (own(shown, key) ?? null),
    ]),
  );
}

/** The declared tables against PostHog's: the same names, each syncing (and how) as declared. */
const sameSchemas: Equality = (declared, live) => {
  if (!Array.isArray(declared) || !Array.isArray(live)) return sameJson(declared ?? null, live ?? null);
  const byName = new Map(live.filter(isPlainObject).map((table) => [table["name"], table]));
  return (
    declared.length === live.length &&
    declared.every((table) => {
      if (!isPlainObject(table)) return false;
      const found = byName.get(table["name"]);
      if (!found) return false;
      const form = (key: string, value: unknown) => (key === SYNC_FREQUENCY ? answeredFrequency(value) : (value ?? null));
      return ["should_sync", "sync_type", "incremental_field", "incremental_field_type", SYNC_FREQUENCY].every(
        (key) => !Object.hasOwn(table, key) || sameJson(form(key, table[key]), form(key, found[key])),
      );
    })
  );
};

export const externalDataSourceFields = {
  source_type: {
    beyondApiTypes: "taken by ExternalDataSourceViewSet.create from the request's body (read-only to the serializer): fixed at create",
    apiTypesDiffer:
      "PostHog's source types grow with its releases (the generated enum at the fixture's commit names 33): an unknown one is left to PostHog's create",
    input: z.string({ error: "must be a string" }).refine((value) => value.trim() !== "", { error: `may not be blank (${CREATE})` }),
    doc: 'What it syncs from, as PostHog names its source types: "Stripe", "Postgres", "MySQL", "Snowflake", "BigQuery", "Hubspot", "Zendesk", … Fixed at create: a change replaces the source.',
  },
  prefix: {
    beyondApiTypes: "taken by ExternalDataSourceViewSet.create from the request's body (read-only to the serializer): fixed at create",
    input: z.string({ error: "must be a string" }).nullable(),
    doc: "What its tables' names begin with in the warehouse. PostHog requires one, unique, for a second source of a type the project has. Fixed at create: a change replaces the source.",
  },
  job_inputs: {
    input: z.record(z.string(), z.unknown(), { error: "must be an object of the source's settings" }),
    equal: sameJobInputs,
    liveForm: jobInputsLiveForm,
    doc: "Its settings and credentials as its source type takes them (Stripe: `stripe_secret_key`, `stripe_account_id`; Postgres: `host`, `port`, `database`, `user`, `password`, `schema`, …). A Pulumi secret: PostHog never answers the credentials, so a change made to them outside Pulumi cannot be seen. PostHog merges them into the ones it holds.",
  },
  schemas: {
    beyondApiTypes: "taken by ExternalDataSourceViewSet.create from the request's body (read-only to the serializer): fixed at create",
    type: "ExternalDataSourceTable[]",
    input: z.array(z.unknown(), { error: "must be a list of the tables to sync" }),
    equal: sameSchemas,
    doc: 'The source\'s tables PostHog makes warehouse tables of: each `name` (one the source has), `should_sync`, and how (`sync_type`: "full_refresh", "incremental" or "append", the last two with `incremental_field` and `incremental_field_type`; `sync_time_of_day`), and how often (`sync_frequency`: "never", "5min", "30min", "1hour", "6hour" — PostHog\'s default —, "12hour", "24hour", "7day" or "30day"; today\'s PostHog also "15min", and "1min" for a "cdc" table; PostHog 2025-08-04 changes it only for a table that syncs, and not to "never"). Fixed at create, a change replacing the source, but for `sync_frequency`: PostHog keeps it per table, and it is set there after the create and on update.',
  },
} as const satisfies Record<string, FieldDef>;

/** ExternalDataSourceViewSet.create's checks of the tables that need nothing stored, as `schemas[i]…` problems. */
export function schemasProblems(schemas: readonly unknown[]): string[] {
  if (schemas.length === 0) return [`schemas must name at least one table: PostHog says "Schemas not given" (${CREATE})`];
  const problems: string[] = [];
  for (const [i, table] of schemas.entries()) {
    const at = `schemas[${i}]`;
    if (!isPlainObject(table) || typeof table["name"] !== "string" || table["name"] === "") {
      problems.push(`${at} must be an object with the table's name (${CREATE})`);
      continue;
    }
    const syncType = table["sync_type"];
    if (syncType !== undefined && syncType !== null && !(SYNC_TYPES as readonly unknown[]).includes(syncType))
      problems.push(`${at}.sync_type must be one of ${quoted(SYNC_TYPES)} (ExternalDataSchema.SyncType)`);
    const frequency = table[SYNC_FREQUENCY];
    if (frequency !== undefined && !(SYNC_FREQUENCIES as readonly unknown[]).includes(frequency))
      problems.push(`${at}.sync_frequency must be one of ${quoted(SYNC_FREQUENCIES)} (sync_frequency_to_sync_frequency_interval)`);
    else if (frequency === "1min" && syncType !== "cdc")
      problems.push(
        `${at}.sync_frequency "1min" is for a "cdc" table only: PostHog says "A 1-minute sync frequency is only available for CDC schemas" (ExternalDataSchemaSerializer.update)`,
      );
    // Today's PostHog asks for the incremental field of a table it syncs only (2025-08-04 of every table).
    if (table["should_sync"] === true && (syncType === "incremental" || syncType === "append"))
      for (const key of ["incremental_field", "incremental_field_type"])
        if (table[key] === undefined || table[key] === null)
          problems.push(
            `${at}.${key} is required for an ${String(syncType)} sync: PostHog says "Incremental schemas given do not have an ${key === "incremental_field" ? "incremental field" : "incremental field type"} set" (${CREATE})`,
          );
  }
  return problems;
}

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const externalDataSourceLeftOut: LeftOut = {
  client_secret: "not yet managed: a serializer field outside the job inputs (a source's credentials are its job inputs)",
  account_id: "not yet managed: a serializer field outside the job inputs (a source's credentials are its job inputs)",
  description: "not yet managed: the source's description",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const externalDataSourceApiTypes: ApiTypes = {
  file: "products/data_warehouse/frontend/generated/api.schemas.ts",
  schemas: ["ExternalDataSourceSerializersApi"],
};
