/**
 * ExternalDataSource, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/external_data_sources/`), keyed by UUID, deleted with DELETE (ExternalDataSourceViewSet
 * .destroy marks it, its tables and schemas deleted and removes its schedules; then a 404), identified as
 * `<projectId>/<uuid>`. Its credentials are Pulumi secrets, never answered by PostHog and never in an output. PostHog
 * 2025-08-04 refuses every personal API key here (`scope_object = "INTERNAL"`); a later one's scope is
 * `external_data_source`. Its field table is ./fields.ts, with `sourceType`, `jobInputs` and `schemas` required
 * (ExternalDataSourceViewSet.create reads them unchecked: `request.data["source_type"]`, `["payload"]`) and the
 * tables' rules. PostHog never answers the credentials, so a job input it does not answer is compared with the value
 * the program declared last, kept in the state as a Pulumi secret. What PostHog fixes at create makes a new source
 * when it changes. A project's sources of one type are told apart by their prefix (PostHog refuses a second source of
 * a type without one, or with a prefix taken), so a source of that type and prefix is found first and never made
 * twice; after an unclear answer the source found under them is taken only if this create made it. A replacement
 * deletes the old source first: the new one needs its type and prefix.
 */
import { defineKind } from "../../kit/define-kind";
import { sameJson } from "../../kit/field-table";
import { internalRefusalOf } from "../../kit/internal-viewsets";
import { isPlainObject, own } from "../../kit/json";
import type { Failure, Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import * as sources from "./endpoints";
import { externalDataSourceExample } from "./example";
import { answeredFrequency, CREATE, externalDataSourceFields, SYNC_FREQUENCY, schemasProblems } from "./fields";
import { ANSWERED_JOB_INPUTS, type ExternalDataSource } from "./record";

/** What PostHog fixes at create (read-only to its serializer): a change makes a new source. */
const FIXED = ["sourceType", "prefix", "schemas"] as const;

/** A fixed input as the create fixes it: the tables without their sync frequency, which an update sets. */
function fixedAtCreate(input: string, value: unknown): unknown {
  if (input !== "schemas" || !Array.isArray(value)) return value;
  return value.map((table) =>
    isPlainObject(table) ? Object.fromEntries(Object.entries(table).filter(([key]) => key !== SYNC_FREQUENCY)) : table,
  );
}

/**
 * A listed source as a read takes it: without its tables where PostHog lists them trimmed, without their sync
 * frequency (a later PostHog's list, ExternalDataSourceSerializers.get_schemas with `schemas_list_only`), so that a
 * read of the tables is its GET's.
 */
export function withFullTables(source: ExternalDataSource): ExternalDataSource {
  if ((source.schemas ?? []).every((table) => Object.hasOwn(table, SYNC_FREQUENCY))) return source;
  const { schemas: _trimmed, ...rest } = source;
  return rest;
}

/** The outputs with the job inputs PostHog does not answer filled in from those the program declared last. */
function withDeclaredSecrets(outputs: object): object {
  const recorded = own(outputs, "declaredInputs");
  const declared = isPlainObject(recorded) ? recorded["jobInputs"] : undefined;
  const live = own(outputs, "jobInputs");
  if (!isPlainObject(declared)) return outputs;
  const unseen = Object.entries(declared).filter(([key]) => !ANSWERED_JOB_INPUTS.includes(key));
  return { ...outputs, jobInputs: { ...(isPlainObject(live) ? live : {}), ...Object.fromEntries(unseen) } };
}

/** Where the secret values are among the inputs: each job input PostHog does not answer (`jobInputs.<key>`). */
export function secretInputPaths(inputs: Json): string[][] {
  const jobInputs = inputs["jobInputs"];
  if (!isPlainObject(jobInputs)) return [];
  return Object.keys(jobInputs)
    .filter((key) => !ANSWERED_JOB_INPUTS.includes(key))
    .map((key) => ["jobInputs", key]);
}

export const {
  kind: externalDataSourceKind,
  model: externalDataSourceModel,
  Lifecycle: ExternalDataSourceLifecycle,
} = defineKind({
  name: "ExternalDataSource",
  noun: "external data source",
  summary: "A source PostHog's data warehouse syncs tables from (Stripe, Postgres, Snowflake, …).",
  description:
    "A PostHog data warehouse source: a Stripe account, a database or a SaaS whose tables PostHog syncs into the warehouse. Its credentials are Pulumi secrets, never answered by PostHog nor kept in an output. PostHog checks the settings and lists the source's tables when it is created (connecting to it for most types). Deleted with DELETE (its tables with it). PostHog 2025-08-04 refuses personal API keys here; a later one needs the `external_data_source` scope.",
  example: externalDataSourceExample,
  scope: "project",
  identity: { output: "externalDataSourceId", key: "uuid", doc: "The source's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "sourceType", "prefix", "jobInputs", "schemas"],
  endpoints: {
    get: sources.getExternalDataSource,
    update: sources.updateExternalDataSource,
    remove: sources.deleteExternalDataSource,
    // PostHog's own create: the job inputs and tables as its `payload`; it answers the id alone.
    create: async (http, projectId, body) => {
      const { source_type: type, prefix = null, job_inputs: jobInputs, schemas } = body;
      const made = await sources.createExternalDataSource(http, projectId, {
        source_type: String(type),
        prefix: prefix as string | null,
        payload: { ...(jobInputs as Json), schemas },
      });
      return sources.getExternalDataSource(http, projectId, made.id);
    },
  },
  // ExternalDataSourceViewSet lists with ExternalDataSourceSerializers, as it retrieves.
  listReads: listedPages(sources.externalDataSourcePages, withFullTables),
  inputs: (table) => ({ ...table, ...Object.fromEntries(FIXED.map((input) => [input, { ...table[input]!, willReplaceOnChanges: true }])) }),
  outputs: { status: { type: "string", description: "Its sync status, as PostHog sums up its tables'." } },
  secretInputPaths,
  // They hold the source's credentials (a Stripe key, a database password), which a program may give as plain
  // strings: secret always.
  secretInProgram: {
    inputs: [{ input: "jobInputs" }],
    doc: "The job inputs, which hold its credentials, become a Pulumi secret",
  },
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
  modelHooks: (kit) => ({
    settingsChanged: (olds: Json, news: Json) => kit.settingsChanged(withDeclaredSecrets(olds) as Json, news),
    outputValue: (outputs: object, field: string) =>
      kit.outputValue(field === "job_inputs" ? withDeclaredSecrets(outputs) : outputs, field),
  }),
  lookups: {
    list: (http, projectId) => sources.listExternalDataSources(http, projectId),
    outputs: {
      sourceType: { type: "string" },
      prefix: { type: "string", nullable: true },
      status: { type: "string", nullable: true },
      jobInputs: { type: "object", additionalProperties: ANY },
    },
  },
  // The list answers the whole record, without the credentials: an import declares the job inputs without them, and
  // PostHog keeps those it holds (it merges job inputs on update).
  importer: {
    defaults: {},
    label: (source) => (source.prefix ? `${source.source_type}-${source.prefix}` : source.source_type),
  },
  findBy: {
    field: "source_type",
    find: async (http, projectId, type, sent) =>
      (await sources.listExternalDataSources(http, projectId)).filter(
        (found) => found.source_type === String(type) && (found.prefix ?? null) === (sent["prefix"] ?? null),
      ),
    described: (type, sent) => `of type ${JSON.stringify(String(type))} with prefix ${JSON.stringify(sent["prefix"] ?? null)}`,
    // Found by what the create fixes, its type and prefix: the credentials PostHog never answers cannot be compared.
    alike: () => true,
    lookFirst: true,
    // PostHog names the creator by email only.
    maker: async (candidate) => (candidate.created_by ? { email: candidate.created_by } : null),
    otherwise: "choose another prefix (PostHog keeps a type's prefixes unique in a project)",
  },
  createRefusal: (error) =>
    internalRefusalOf(error, { what: "external data sources", viewSet: "ExternalDataSourceViewSet", scope: "external_data_source" }),
  deleteBeforeReplace: true,
  hooks: {
    replaces(olds, news) {
      const fixed = FIXED.filter((input) => {
        const before = (olds["declaredInputs"] as Json | undefined)?.[input] ?? olds[input];
        return (
          news[input] !== undefined && before !== undefined && !sameJson(fixedAtCreate(input, news[input]), fixedAtCreate(input, before))
        );
      });
      return [...this.kit.replaces(olds, news), ...fixed];
    },
    /**
     * A PATCH of the source (its job inputs) and, for each declared table whose sync frequency PostHog does not show as
     * declared, one of that table (ExternalDataSchemaSerializer.update). With the frequency go the table's sync type and
     * incremental field and type as PostHog holds them, as PostHog's own data warehouse settings send them: PostHog
     * 2025-08-04 sets them from the request whether given or not, so a PATCH of the frequency alone would clear them.
     */
    async write(projectId, id, body, declared) {
      const { schemas, ...rest } = body;
      const http = this.http();
      let record =
        Object.keys(rest).length > 0 ? await this.kind.api.update(http, projectId, id, rest) : await this.kind.api.get(http, projectId, id);
      const live = new Map((record.schemas ?? []).map((table) => [table.name, table]));
      let patched = false;
      for (const table of Array.isArray(schemas) ? schemas : []) {
        const frequency = isPlainObject(table) ? table[SYNC_FREQUENCY] : undefined;
        const found = isPlainObject(table) ? live.get(String(table["name"])) : undefined;
        if (frequency === undefined || frequency === null || !found?.id || answeredFrequency(frequency) === (found.sync_frequency ?? null))
          continue;
        await sources.updateExternalDataSchema(http, projectId, found.id, {
          sync_frequency: frequency,
          sync_type: found.sync_type ?? null,
          ...(found.sync_type === "incremental" || found.sync_type === "append"
            ? { incremental_field: found.incremental_field ?? null, incremental_field_type: found.incremental_field_type ?? null }
            : {}),
        });
        patched = true;
      }
      if (patched) record = await this.kind.api.get(http, projectId, id);
      return this.kit.complete(record, declared);
    },
  },
});
