/**
 * Batch export records as PostHog answers them (BatchExportSerializer, posthog/batch_exports/http.py). The destination's
 * credentials are never kept: PostHog leaves out the secret fields of its type (BatchExportDestination.secret_fields,
 * posthog/batch_exports/models.py), except where a version fails to (2025-08-04 writes HTTP's as `set("token")`, the
 * letters of "token", and so answers the token): this shape drops them from every answer, whatever the version, so
 * that no read, list, lookup or import ever holds one. Loose: fields a PostHog version adds pass through.
 */
import { z } from "zod";
import { isPlainObject } from "../../kit/json";

/**
 * BatchExportDestination.secret_fields, by destination type: the union of today's PostHog and 2025-08-04 (today's adds
 * Redshift's AWS keys; its Databricks and AzureBlob keep their credentials in an integration).
 */
export const SECRET_CONFIG_FIELDS: Readonly<Record<string, readonly string[]>> = {
  S3: ["aws_access_key_id", "aws_secret_access_key"],
  Snowflake: ["user", "password", "private_key", "private_key_passphrase"],
  Postgres: ["user", "password"],
  Redshift: ["user", "password", "aws_access_key_id", "aws_secret_access_key"],
  BigQuery: ["private_key", "private_key_id", "client_email", "token_uri"],
  HTTP: ["token"],
};

/** The secret config keys of a destination type (none for a type without credentials in its config). */
export function secretConfigFields(type: unknown): readonly string[] {
  return typeof type === "string" && Object.hasOwn(SECRET_CONFIG_FIELDS, type) ? SECRET_CONFIG_FIELDS[type]! : [];
}

/** A destination without the secret keys of its type. */
export function withoutSecrets(destination: unknown): unknown {
  if (!isPlainObject(destination) || !isPlainObject(destination["config"])) return destination;
  const secret = secretConfigFields(destination["type"]);
  const config = Object.fromEntries(Object.entries(destination["config"]).filter(([key]) => !secret.includes(key)));
  return { ...destination, config };
}

const destinationSchema = z.looseObject({ type: z.string(), config: z.record(z.string(), z.unknown()) });

export const batchExportSchema = z
  .looseObject({
    id: z.string(),
    team_id: z.number().int().nullish(),
    name: z.string(),
    model: z.string().nullish(),
    destination: destinationSchema,
    interval: z.string(),
    paused: z.boolean(),
    created_at: z.string().nullish(),
    last_updated_at: z.string().nullish(),
    last_paused_at: z.string().nullish(),
    start_at: z.string().nullish(),
    end_at: z.string().nullish(),
  })
  .transform((record) => ({ ...record, destination: withoutSecrets(record.destination) as z.infer<typeof destinationSchema> }));
export type BatchExport = z.output<typeof batchExportSchema>;
