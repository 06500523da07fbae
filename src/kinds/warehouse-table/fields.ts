/**
 * The warehouse table's field table: the writable fields of TableSerializer (posthog/warehouse/api/table.py in
 * PostHog 2025-08-04, products/data_warehouse/backend/api/table.py today; model DataWarehouseTable and
 * DataWarehouseCredential, …/models/table.py and credential.py), each with the rule both versions apply. What only
 * today's PostHog checks (a URL on https with a public host, `options`) is left to it: PostHog 2025-08-04 takes any
 * URL and has no options. What needs PostHog's HogQL database (a name no table of the project holds yet) or the files
 * themselves (their columns) is PostHog's to refuse.
 */
import { z } from "zod";
import { type ApiTypes, type Equality, type FieldDef, sameJson } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

export const TABLE_SERIALIZER = "TableSerializer, products/data_warehouse/backend/api/table.py";

/** DataWarehouseTable.TableFormat, the same six in both versions (TableFormatEnumApi in PostHog's generated types). */
export const TABLE_FORMATS = ["CSV", "CSVWithNames", "Parquet", "JSONEachRow", "Delta", "DeltaS3Wrapper"] as const;

/** The credential's keys PostHog keeps write-only (CredentialSerializer's `extra_kwargs`): never answered. */
export const CREDENTIAL_KEYS = ["access_key", "access_secret"] as const;

/** A DRF CharField without `allow_blank`: trimmed, then "This field may not be blank.", then its max_length. */
const text = (what: string, maxLength: number, model: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${what} is required (${model}, ${TABLE_SERIALIZER})` : `${what} must be a string`),
    })
    .refine((value) => value.trim() !== "", { error: `${what} must not be blank ("This field may not be blank.", ${TABLE_SERIALIZER})` })
    .refine((value) => [...value.trim()].length <= maxLength, {
      error: `${what} must be at most ${maxLength} characters (${model}, ${TABLE_SERIALIZER})`,
    });

/**
 * A declared credential against PostHog's answer, which holds no key or secret: what PostHog holds of them cannot be
 * seen, so an absent one compares equal (the model compares with the values the program declared last, put in the live
 * value it compares: a new key or secret in the program is sent). A table with no credential at all (made from an
 * upload) is no credential declared.
 */
export const sameCredential: Equality = (declared, live) => {
  if (!isPlainObject(declared) || !isPlainObject(live)) return sameJson(declared ?? null, live ?? null);
  return CREDENTIAL_KEYS.every((key) => !Object.hasOwn(live, key) || sameJson(declared[key] ?? null, live[key] ?? null));
};

export const warehouseTableFields = {
  name: {
    input: text("the name", 128, "DataWarehouseTable.name"),
    doc: "The name HogQL queries the table by (`SELECT … FROM <name>`): at most 128 characters, and no table of the project's HogQL database may hold it yet (PostHog's own tables such as `events`, its other warehouse tables and views).",
  },
  format: {
    input: z.enum(TABLE_FORMATS, {
      error: `must be one of ${TABLE_FORMATS.join(", ")} (DataWarehouseTable.TableFormat, ${TABLE_SERIALIZER})`,
    }),
    doc: 'The format of every file the URL matches: "CSV", "CSVWithNames" (a CSV whose first row names the columns), "Parquet", "JSONEachRow" (one JSON object a line), "Delta" (a Delta Lake table) or "DeltaS3Wrapper". Changing it replaces the table: PostHog learns a table\'s columns from its files when it is created only.',
  },
  url_pattern: {
    input: text("the URL pattern", 500, "DataWarehouseTable.url_pattern"),
    doc: "The files' URL, `*` matching any part of a path segment (`https://<bucket>.s3.<region>.amazonaws.com/orders/*.parquet`; Google Cloud Storage's and Cloudflare R2's S3 endpoints alike): every file it matches is read as one table. At most 500 characters; today's PostHog takes only an https URL whose host resolves to a public address. Changing it replaces the table: PostHog learns a table's columns from its files when it is created only.",
  },
  credential: {
    input: z.object(
      {
        access_key: text("credential.access_key", 500, "DataWarehouseCredential.access_key"),
        access_secret: text("credential.access_secret", 500, "DataWarehouseCredential.access_secret"),
      },
      { error: `must be an object {access_key, access_secret} (CredentialSerializer, ${TABLE_SERIALIZER})` },
    ),
    equal: sameCredential,
    type: { input: "WarehouseTableCredential", output: "WarehouseTableCredentialAnswer | null" },
    doc: "The key that reads the bucket: `access_key` (an AWS access key id, a Google Cloud HMAC key, an R2 access key id) and `access_secret`. A Pulumi secret, never an output: PostHog keeps both encrypted and never answers them, so a key changed outside Pulumi cannot be seen, and an adopted table keeps the one PostHog holds until the program changes it; a new key or secret in the program is sent.",
  },
  options: {
    input: z.record(z.string(), z.unknown(), { error: `must be an object ("Options must be a JSON object.", ${TABLE_SERIALIZER})` }),
    merged: true,
    sendMerged: true,
    lackedBy: ["2025-08-04"],
    doc: "How the files are read (today's PostHog; PostHog 2025-08-04 has none): `csv_allow_double_quotes` (true or false) for a CSV format, whether a field may be quoted with double quotes (RFC 4180), which PostHog tries on the files when it changes. PostHog may set it itself when it reads a CSV table's files: only the declared keys are managed.",
  },
} as const satisfies Record<string, FieldDef>;

/**
 * Where PostHog's generated API types state this kind. TableApi and PatchedTableApi are in
 * products/data_warehouse/frontend/generated/api.schemas.ts at 00833b65, not at 3b73bc16, the commit the fixture reads
 * that file at for the other warehouse kinds; read at 00833b65 they state: `name` at most 128, `format`
 * TableFormatEnumApi (the six of TABLE_FORMATS), `url_pattern` at most 500, `credential` CredentialApi (`access_key`,
 * `access_secret` at most 500 each), `options` a dictionary, `deleted` nullable (left to the kind's delete); the rest read-only.
 */
export const warehouseTableApiTypes: ApiTypes = {
  missing:
    "TableApi is in products/data_warehouse/frontend/generated/api.schemas.ts at 00833b65 but not at 3b73bc16, the commit this fixture reads that file at; the facts it states are in fields.ts",
};
