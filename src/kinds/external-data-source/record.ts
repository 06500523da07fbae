/**
 * External data sources as PostHog answers them (ExternalDataSourceSerializers: posthog/warehouse/api/
 * external_data_source.py in PostHog 2025-08-04, products/data_warehouse/backend/api/external_data_source.py today).
 * `job_inputs` is answered only with the keys PostHog deems harmless (`to_representation`: an allowlist in 2025-08-04
 * and today's, the source's non-password fields in later ones); this shape keeps only the keys every one of them
 * answers, so that no read, list, lookup or import ever holds a credential, whatever the version. `created_by` is the
 * creator's email. Loose: fields a PostHog version adds pass through.
 */
import { z } from "zod";
import { isPlainObject } from "../../kit/json";

/**
 * The job input keys both allowlists answer (2025-08-04's `whitelisted_keys` and today's `job_inputs_allowed_keys`:
 * Stripe's account, SQL sources' connection, Zendesk's subdomain and email, Snowflake's account, BigQuery's dataset).
 * `ssh_tunnel` is answered with its password, passphrase and private key as null: it is kept out too.
 */
export const ANSWERED_JOB_INPUTS: readonly string[] = [
  "stripe_account_id",
  "database",
  "host",
  "port",
  "user",
  "schema",
  "using_ssl",
  "subdomain",
  "email_address",
  "account_id",
  "warehouse",
  "role",
  "dataset_id",
];

/** Job inputs without the keys some PostHog does not answer (a credential, or what one may hold). */
export function answeredJobInputs(jobInputs: unknown): Record<string, unknown> {
  if (!isPlainObject(jobInputs)) return {};
  return Object.fromEntries(Object.entries(jobInputs).filter(([key]) => ANSWERED_JOB_INPUTS.includes(key)));
}

export const externalDataSchemaSchema = z.looseObject({
  id: z.string().nullish(),
  name: z.string(),
  should_sync: z.boolean().nullish(),
  sync_type: z.string().nullish(),
  incremental_field: z.string().nullish(),
  incremental_field_type: z.string().nullish(),
  sync_frequency: z.string().nullish(),
  sync_time_of_day: z.string().nullish(),
});

export const externalDataSourceSchema = z
  .looseObject({
    id: z.string(),
    created_at: z.string().nullish(),
    created_by: z.string().nullish(),
    status: z.string().nullish(),
    source_type: z.string(),
    prefix: z.string().nullish(),
    latest_error: z.string().nullish(),
    last_run_at: z.string().nullish(),
    schemas: z.array(externalDataSchemaSchema).nullish(),
    job_inputs: z.record(z.string(), z.unknown()).nullish(),
  })
  .transform((record) => ({ ...record, job_inputs: answeredJobInputs(record.job_inputs) }));
export type ExternalDataSource = z.output<typeof externalDataSourceSchema>;
