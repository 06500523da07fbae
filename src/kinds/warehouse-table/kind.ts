/**
 * WarehouseTable (a self-managed data warehouse table: files in an S3-compatible bucket, read in place), declared once
 * for the kit (src/kit): project-scoped (`/api/projects/<projectId>/warehouse_tables/`), keyed by UUID, deleted by
 * DELETE (204: TableViewSet.destroy marks it deleted, with the joins naming it; then a 404), identified as
 * `<projectId>/<uuid>`. The same endpoints in PostHog 2025-08-04 (posthog/warehouse/api/table.py) and today
 * (products/data_warehouse/backend/api/table.py); scope `warehouse_table` in both. Its field table is ./fields.ts.
 *
 * PostHog's create reads the files before it stores the table (DataWarehouseTable.get_columns: chdb, else ClickHouse's
 * `s3` table function) to learn the table's columns, and refuses the table when that read fails; an update stores what
 * it is sent and reads nothing, so a new URL or format would keep the old columns: a change of either makes a new
 * table, the old one deleted first (the new one needs its name, which the old one holds). The credential's key and
 * secret are write-only in PostHog: a Pulumi secret here, compared with the values the program declared last (kept in
 * the state as a Pulumi secret), never an output; an adopted table keeps the key PostHog holds until the program
 * changes it. A name is unique in the project's HogQL database: after an unclear answer the table of the sent name is
 * taken only if this create made it.
 */
import { PostHogError } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { sameJson } from "../../kit/field-table";
import { isPlainObject, own } from "../../kit/json";
import type { Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import * as tables from "./endpoints";
import { warehouseTableExample } from "./example";
import { CREDENTIAL_KEYS, TABLE_SERIALIZER, warehouseTableFields } from "./fields";

/** What PostHog reads the files by when the table is made: a change of either makes a new table. */
const FIXED = ["format", "urlPattern"] as const;

/** DataWarehouseTable._safe_expose_ch_error's words for a failed read of the files (…/models/table.py), and its fallback. */
const READ_FAILURES = [
  "Could not get columns",
  "The Access Key you provided does not exist",
  "Access was denied when reading the provided file",
  "Access was denied to the provided bucket",
  "The provided file contains no data",
  "The provided file doesn't exist in the bucket",
  "The provided file or bucket doesn't exist",
  "The provided bucket doesn't exist",
  "The provided file is not in Parquet format",
  "The provided file has rows with different amount of values",
  "Some files in the bucket are archived",
];

/** PostHog's refusal when it could not read the files to learn the table's columns, said with what it needs. */
function explained(error: unknown): Error | undefined {
  if (!(error instanceof PostHogError && error.status === 400)) return undefined;
  const detail = error.detail ?? "";
  if (!READ_FAILURES.some((words) => detail.startsWith(words))) return undefined;
  return new Error(
    `${error.message} PostHog reads a warehouse table's files before it stores the table, to learn its columns (DataWarehouseTable.get_columns, through chdb or ClickHouse's s3 table function): the URL must match files of the format declared, the credential must be able to list the bucket and read them, and this PostHog must reach them. No table was stored (PostHog keeps the credential it stored before the read, TableSerializer.create, which its API does not show).`,
  );
}

/**
 * The outputs with the credential's key and secret (which PostHog never answers) filled in from those the program
 * declared last: what the declared credential is compared with, so that a new key or secret is sent.
 */
function withDeclaredCredential(outputs: object): object {
  const live = own(outputs, "credential");
  const recorded = own(outputs, "declaredInputs");
  const declared = isPlainObject(recorded) ? recorded["credential"] : undefined;
  if (!isPlainObject(live) || !isPlainObject(declared)) return outputs;
  const unseen = CREDENTIAL_KEYS.filter((key) => !Object.hasOwn(live, key) && Object.hasOwn(declared, key));
  return { ...outputs, credential: { ...live, ...Object.fromEntries(unseen.map((key) => [key, declared[key]])) } };
}

/** Where the secrets are among the inputs: the credential's key and secret. */
function secretInputPaths(inputs: Json): string[][] {
  const credential = inputs["credential"];
  if (!isPlainObject(credential)) return [];
  return CREDENTIAL_KEYS.filter((key) => Object.hasOwn(credential, key)).map((key) => ["credential", key]);
}

export const {
  kind: warehouseTableKind,
  model: warehouseTableModel,
  Lifecycle: WarehouseTableLifecycle,
} = defineKind({
  name: "WarehouseTable",
  noun: "warehouse table",
  summary: "A table of a project's data warehouse over files in an S3-compatible bucket (S3, Google Cloud Storage, R2), read in place.",
  description:
    "A PostHog self-managed data warehouse table: files in an S3-compatible bucket you control (Amazon S3, Google Cloud Storage through HMAC keys, Cloudflare R2), which HogQL queries in place by the table's name. PostHog reads the files when the table is created, to learn its columns: they must exist and the credential must read them. A change of the URL or the format makes a new table (the old one deleted first). The credential is a Pulumi secret, never answered by PostHog nor kept in an output. Deleted with DELETE (the joins naming it with it); one deleted by hand is created again.",
  example: warehouseTableExample,
  scope: "project",
  identity: { output: "warehouseTableId", key: "uuid", doc: "The table's UUID in PostHog." },
  deletion: "delete",
  // Not the credential: PostHog never answers its key or secret, so an import by id has none to give the program.
  importInputs: ["projectId", "name", "format", "urlPattern"],
  endpoints: {
    get: tables.getWarehouseTable,
    update: tables.updateWarehouseTable,
    remove: tables.deleteWarehouseTable,
    create: tables.createWarehouseTable,
  },
  // TableViewSet lists with TableSerializer, as it retrieves.
  listReads: listedPages(tables.warehouseTablePages),
  inputs: (table) => ({ ...table, ...Object.fromEntries(FIXED.map((input) => [input, { ...table[input]!, willReplaceOnChanges: true }])) }),
  deleteBeforeReplace: true,
  outputs: {
    columns: {
      type: "array",
      items: { type: "object", additionalProperties: ANY },
      description: "The columns PostHog learned from the files when the table was made.",
    },
  },
  secretInputPaths,
  // The bucket's key and secret, which a program may give as plain strings: secret always.
  secretInProgram: {
    inputs: [{ input: "credential" }],
    doc: "The credential, which holds the bucket's key and secret, becomes a Pulumi secret",
  },
  fields: warehouseTableFields,
  exampleInput: "name",
  // `name`, `format` and `url_pattern` are model fields without defaults; `credential` is a nested serializer
  // declared without `required=False` (TableSerializer), whose key and secret are required (CredentialSerializer).
  required: {
    name: `HogQL queries the table by its name (${TABLE_SERIALIZER})`,
    format: `the files' format (${TABLE_SERIALIZER})`,
    urlPattern: `where the files are (${TABLE_SERIALIZER})`,
    credential: `the key that reads the bucket (CredentialSerializer, ${TABLE_SERIALIZER})`,
  },
  fixedOutputs: (record) => ({
    name: record.name,
    format: record.format,
    urlPattern: record.url_pattern,
    columns: record.columns ?? [],
  }),
  outputTypes: {
    name: { type: "string", doc: "The table's name, as PostHog stores it." },
    format: { type: "string", doc: "The files' format." },
    urlPattern: { type: "string", doc: "The files' URL." },
    columns: { type: "Record<string, unknown>[]", doc: "The columns PostHog learned from the files when the table was made." },
  },
  types: {
    WarehouseTableCredential: {
      type: "{\n  /** The access key id (AWS), HMAC key (Google Cloud Storage) or access key id (R2). */\n  access_key: pulumi.Input<string>;\n  access_secret: pulumi.Input<string>;\n}",
      doc: "The key that reads a warehouse table's bucket.",
    },
    WarehouseTableCredentialAnswer: {
      type: "{\n  id?: string;\n  created_at?: string;\n  [key: string]: unknown;\n}",
      doc: "A warehouse table's credential as PostHog answers it: its id, never its key or secret.",
    },
  },
  modelHooks: (kit) => ({
    settingsChanged: (olds: Json, news: Json) => kit.settingsChanged(withDeclaredCredential(olds) as Json, news),
    outputValue: (outputs: object, field: string) =>
      kit.outputValue(field === "credential" ? withDeclaredCredential(outputs) : outputs, field),
  }),
  lookups: {
    list: (http, projectId, query) => tables.listWarehouseTables(http, projectId, query),
    uniqueBy: {
      input: "name",
      spec: { type: "string", description: "The table's name (exact)." },
      find: async (http, projectId, name) => (await tables.findWarehouseTablesByName(http, projectId, name))[0] ?? null,
    },
    filters: {
      search: {
        spec: { type: "string", description: "Words of the name (case-insensitive)." },
        query: (v) => ["search", String(v)],
      },
    },
    outputs: {
      name: { type: "string" },
      format: { type: "string" },
      urlPattern: { type: "string" },
      columns: { type: "array", items: { type: "object", additionalProperties: ANY }, nullable: true },
      createdAt: { type: "string", nullable: true },
    },
  },
  importer: {
    // DataWarehouseTable.options' default (today's PostHog).
    defaults: { options: {} },
    // PostHog answers the credential without its key and secret: the program reads both from the stack's secrets.
    inputValue: (field, value) => (field === "credential" ? { access_key: null, access_secret: null } : value),
    secrets: () =>
      CREDENTIAL_KEYS.map((key) => ({
        field: "credential",
        path: [key],
        what: key === "access_key" ? "the access key id that reads the table's bucket" : "the secret of that access key",
      })),
    // A table a source syncs is the source's (PostHog refuses to delete it: "Can't delete a sourced table"); one made
    // from an uploaded file lives in PostHog's own bucket and has no credential a program could declare.
    skip: (table) =>
      table.external_data_source
        ? "synced by an external data source (declare the ExternalDataSource instead)"
        : table.credential
          ? undefined
          : "made from an uploaded file, in PostHog's own bucket (no credential to declare)",
    label: (table) => table.name,
  },
  findBy: {
    field: "name",
    find: (http, projectId, name) => tables.findWarehouseTablesByName(http, projectId, String(name)),
    // TableSerializer.validate_name: the name is in the project's HogQL database already.
    taken: (error) => error.status === 400 && error.detail === "A table with this name already exists.",
    otherwise:
      "choose another name (no table of the project's HogQL database may hold it: PostHog's own such as `events`, its warehouse tables and views)",
  },
  createRefusal: explained,
  hooks: {
    /**
     * A URL or format other than the one declared last, or than PostHog's (changed by hand), makes a new table: PostHog
     * would keep the old one's columns.
     */
    replaces(olds, news) {
      const declared = isPlainObject(olds["declaredInputs"]) ? olds["declaredInputs"] : {};
      const fixed = FIXED.filter((input) => {
        const value = news[input];
        if (value === undefined) return false;
        return [declared[input], olds[input]].some((before) => before !== undefined && !sameJson(value, before));
      });
      return [...this.kit.replaces(olds, news), ...fixed];
    },
  },
});
