/**
 * ExternalDataSource, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/external_data_sources/`), keyed by UUID, deleted with DELETE (ExternalDataSourceViewSet
 * .destroy marks it, its tables and schemas deleted and removes its schedules; then a 404), identified as
 * `<projectId>/<uuid>`. Its credentials are Pulumi secrets, never answered by PostHog and never in an output. PostHog
 * 2025-08-04 refuses every personal API key here (`scope_object = "INTERNAL"`); a later one's scope is
 * `external_data_source`.
 */
import { externalDataSourceExample } from "./example";
import type { Transport } from "../../client";
import * as sources from "./endpoints";
import type { Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import { sameJson } from "../../kit/field-table";
import type { ExternalDataSource } from "./record";
import { answeredFrequency, externalDataSourceFields, SYNC_FREQUENCY } from "./fields";
import { isPlainObject } from "../../kit/json";
import { type ExternalDataSourceRecord, externalDataSourceModel, secretInputPaths } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";
import { internalRefusal } from "../../kit/internal-viewsets";
import type * as pulumi from "@pulumi/pulumi";

/** What PostHog fixes at create (read-only to its serializer): a change makes a new source. */
const FIXED = ["sourceType", "prefix", "schemas"] as const;

/** A fixed input as the create fixes it: the tables without their sync frequency, which an update sets. */
function fixedAtCreate(input: string, value: unknown): unknown {
  if (input !== "schemas" || !Array.isArray(value)) return value;
  return value.map((table) =>
    isPlainObject(table) ? Object.fromEntries(Object.entries(table).filter(([key]) => key !== SYNC_FREQUENCY)) : table,
  );
}

const replaceOnChange = (name: string) => ({
  ...tableInputs(externalDataSourceFields, "external data source", { key: "uuid" })[name]!,
  willReplaceOnChanges: true,
});

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

export const externalDataSourceKind: Kind<"project", ExternalDataSourceRecord> = {
  ...kindNames("ExternalDataSource"),
  example: externalDataSourceExample,
  noun: "external data source",
  scope: "project",
  identity: { output: "externalDataSourceId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "sourceType", "prefix", "jobInputs", "schemas"],
  api: projectScopedApi<ExternalDataSource, string>({
    get: sources.getExternalDataSource,
    update: sources.updateExternalDataSource,
    remove: sources.deleteExternalDataSource,
  }),
  // ExternalDataSourceViewSet lists with ExternalDataSourceSerializers, as it retrieves.
  listReads: listedPages(sources.externalDataSourcePages, withFullTables),
  schema: () => ({
    description:
      "A PostHog data warehouse source: a Stripe account, a database or a SaaS whose tables PostHog syncs into the warehouse. Its credentials are Pulumi secrets, never answered by PostHog nor kept in an output. PostHog checks the settings and lists the source's tables when it is created (connecting to it for most types). Deleted with DELETE (its tables with it). PostHog 2025-08-04 refuses personal API keys here; a later one needs the `external_data_source` scope.",
    inputs: {
      ...tableInputs(externalDataSourceFields, "external data source", { key: "uuid" }),
      ...Object.fromEntries(FIXED.map((input) => [input, replaceOnChange(input)])),
    },
    outputs: tableOutputs(
      externalDataSourceFields,
      "external data source",
      {
        externalDataSourceId: { type: "string", description: "The source's UUID in PostHog." },
        status: { type: "string", description: "Its sync status, as PostHog sums up its tables'." },
      },
      { key: "uuid" },
    ),
    required: ["externalDataSourceId", "projectId", "sourceType", "jobInputs", "schemas"],
  }),
  secretInputPaths,
  lookups: {
    list: (http, projectId) => sources.listExternalDataSources(http, projectId),
    outputs: {
      sourceType: { type: "string" },
      prefix: { type: "string", nullable: true },
      status: { type: "string", nullable: true },
      jobInputs: { type: "object", additionalProperties: ANY },
    },
  },
  model: externalDataSourceModel,
  lifecycle: () => new ExternalDataSourceLifecycle(),
  // The list answers the whole record, without the credentials: an import declares the job inputs without them, and
  // PostHog keeps those it holds (it merges job inputs on update).
  importer: projectScopedImport(externalDataSourceFields, {
    defaults: {},
    label: (source) => (source.prefix ? `${source.source_type}-${source.prefix}` : source.source_type),
  }),
};

/**
 * The ExternalDataSource lifecycle: the kit's field-table lifecycle with PostHog's own create and what it fixes at
 * create. A project's sources of one type are told apart by their prefix (PostHog refuses a second source of a type
 * without one, or with a prefix taken), so a source of that type and prefix is found first and never made twice;
 * after an unclear answer the source found under them is taken only if this create made it. A replacement deletes the
 * old source first: the new one needs its type and prefix.
 */
export class ExternalDataSourceLifecycle extends FieldTableLifecycle<ExternalDataSource> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(externalDataSourceKind, externalDataSourceModel, connection);
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const fixed = FIXED.filter((input) => {
      const before = (olds["declaredInputs"] as Json | undefined)?.[input] ?? olds[input];
      return (
        news[input] !== undefined && before !== undefined && !sameJson(fixedAtCreate(input, news[input]), fixedAtCreate(input, before))
      );
    });
    return [...super.replaces(olds, news), ...fixed];
  }

  /**
   * A PATCH of the source (its job inputs) and, for each declared table whose sync frequency PostHog does not show as
   * declared, one of that table (ExternalDataSchemaSerializer.update). With the frequency go the table's sync type and
   * incremental field and type as PostHog holds them, as PostHog's own data warehouse settings send them: PostHog
   * 2025-08-04 sets them from the request whether given or not, so a PATCH of the frequency alone would clear them.
   */
  protected override async write(projectId: number, id: string, body: Json, declared: readonly string[]) {
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
    return this.complete(record, declared);
  }

  override async diff(id: string, olds: Json, news: Json): Promise<pulumi.dynamic.DiffResult> {
    const result = await super.diff(id, olds, news);
    return (result.replaces ?? []).length > 0 ? { ...result, deleteBeforeReplace: true } : result;
  }

  protected override async obtain(projectId: number, body: Json): Promise<ExternalDataSourceRecord> {
    const { source_type: type, prefix = null, job_inputs: jobInputs, schemas } = body;
    const sourceType = String(type);
    const find = async () =>
      (await sources.listExternalDataSources(this.http(), projectId)).filter(
        (found) => found.source_type === sourceType && (found.prefix ?? null) === (prefix ?? null),
      );
    const payload = { ...(jobInputs as Json), schemas };
    try {
      const made = await this.createOnce(
        projectId,
        { source_type: sourceType, prefix },
        async () =>
          sources.getExternalDataSource(
            this.http(),
            projectId,
            (
              await sources.createExternalDataSource(this.http(), projectId, {
                source_type: sourceType,
                prefix: (prefix ?? null) as string | null,
                payload,
              })
            ).id,
          ),
        {
          find,
          described: `of type ${JSON.stringify(sourceType)} with prefix ${JSON.stringify(prefix)}`,
          lookFirst: true,
          // PostHog names the creator by email only.
          maker: async (candidate) => (candidate.created_by ? { email: candidate.created_by } : null),
          otherwise: "choose another prefix (PostHog keeps a type's prefixes unique in a project)",
        },
      );
      return { ...made, project_id: projectId };
    } catch (error) {
      throw internalRefusal(error, { what: "external data sources", viewSet: "ExternalDataSourceViewSet", scope: "external_data_source" });
    }
  }
}
