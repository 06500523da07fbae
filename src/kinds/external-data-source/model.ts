/**
 * Between Pulumi's view of an external data source and PostHog's: the kit's field-table model over its table
 * (src/kinds/external-data-source/fields.ts), with what is its own: `sourceType`, `jobInputs` and `schemas` required
 * (ExternalDataSourceViewSet.create reads them unchecked: `request.data["source_type"]`, `["payload"]`), the tables'
 * rules, and the credentials. PostHog never answers them, so a job input it does not answer is compared with the value
 * the program declared last, kept in the state as a Pulumi secret.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject, own } from "../../kit/json";
import { ANSWERED_JOB_INPUTS, type ExternalDataSource } from "./record";
import { CREATE, externalDataSourceFields, schemasProblems } from "./fields";

export type ExternalDataSourceRecord = InProject<ExternalDataSource>;

const base = fieldModel<ExternalDataSource>({
  className: "ExternalDataSource",
  noun: "external data source",
  // They hold the source's credentials (a Stripe key, a database password), which a program may give as plain
  // strings: secret always.
  secretInProgram: {
    inputs: [{ input: "jobInputs" }],
    doc: "The job inputs, which hold its credentials, become a Pulumi secret",
  },
  summary: "A source PostHog's data warehouse syncs tables from (Stripe, Postgres, Snowflake, …).",
  fields: externalDataSourceFields,
  exampleInput: "jobInputs",
  required: {
    sourceType: `what it syncs from (${CREATE})`,
    jobInputs: `its settings and credentials (${CREATE}: its \`payload\`)`,
    schemas: `the tables to sync (${CREATE}: "Schemas not given")`,
  },
  fixedOutputs: (record) => ({
    sourceType: record.source_type,
    prefix: record.prefix ?? null,
    status: record.status ?? null,
    // Without the credentials PostHog never answers: what an import declares.
    jobInputs: record.job_inputs,
    schemas: (record.schemas ?? []).map((table) => ({
      name: table.name,
      should_sync: table.should_sync ?? false,
      ...(table.sync_type ? { sync_type: table.sync_type } : {}),
      ...(table.incremental_field ? { incremental_field: table.incremental_field } : {}),
      ...(table.incremental_field_type ? { incremental_field_type: table.incremental_field_type } : {}),
    })),
  }),
  outputTypes: {
    sourceType: { type: "string", doc: "What it syncs from." },
    prefix: { type: "string | null", doc: "What its tables' names begin with." },
    status: {
      type: "string | null",
      doc: 'Its sync status as PostHog sums up its tables\' ("Running", "Completed", "Failed", "Paused", …).',
    },
    jobInputs: { type: "Record<string, unknown>", doc: "Its settings PostHog answers, without the credentials it never does." },
    schemas: { type: "ExternalDataSourceTable[]", doc: "Its tables, as PostHog holds them." },
  },
  types: {
    ExternalDataSourceTable: {
      type: '{\n  name: string;\n  should_sync?: boolean;\n  sync_type?: "full_refresh" | "incremental" | "append" | "cdc" | null;\n  incremental_field?: string | null;\n  incremental_field_type?: string | null;\n  sync_time_of_day?: string | null;\n  /** How often it syncs (the table\'s own setting; PostHog\'s default "6hour"). */\n  sync_frequency?: "never" | "1min" | "5min" | "15min" | "30min" | "1hour" | "6hour" | "12hour" | "24hour" | "7day" | "30day" | null;\n}',
      doc: "One of a source's tables PostHog syncs.",
    },
  },
  moreFailures(_inputs, known, failed) {
    const failures: Failure[] = [];
    if (!failed("schemas") && Array.isArray(known["schemas"]))
      for (const reason of schemasProblems(known["schemas"])) failures.push({ property: "schemas", reason });
    return failures;
  },
});

/** The outputs with the job inputs PostHog does not answer filled in from those the program declared last. */
function withDeclaredSecrets(outputs: object): object {
  const recorded = own(outputs, "declaredInputs");
  const declared = isPlainObject(recorded) ? recorded["jobInputs"] : undefined;
  const live = own(outputs, "jobInputs");
  if (!isPlainObject(declared)) return outputs;
  const unseen = Object.entries(declared).filter(([key]) => !ANSWERED_JOB_INPUTS.includes(key));
  return { ...outputs, jobInputs: { ...(isPlainObject(live) ? live : {}), ...Object.fromEntries(unseen) } };
}

export const externalDataSourceModel: typeof base = {
  ...base,
  settingsChanged: (olds: Json, news: Json) => base.settingsChanged(withDeclaredSecrets(olds) as Json, news),
  outputValue: (outputs: object, field: string) => base.outputValue(field === "job_inputs" ? withDeclaredSecrets(outputs) : outputs, field),
};

/** Where the secret values are among the inputs: each job input PostHog does not answer (`jobInputs.<key>`). */
export function secretInputPaths(inputs: Json): string[][] {
  const jobInputs = inputs["jobInputs"];
  if (!isPlainObject(jobInputs)) return [];
  return Object.keys(jobInputs)
    .filter((key) => !ANSWERED_JOB_INPUTS.includes(key))
    .map((key) => ["jobInputs", key]);
}
