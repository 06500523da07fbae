/**
 * BatchExport, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/batch_exports/`), keyed
 * by UUID, deleted with DELETE (204: BatchExportViewSet.perform_destroy marks it deleted and deletes its Temporal
 * schedule, posthog/batch_exports/http.py), identified as `<projectId>/<uuid>`. Its destination's credentials are
 * Pulumi secrets, never answered by PostHog and never in an output.
 *
 * Its field table is ./fields.ts, with what is its own: `name`, `destination` and `interval` required
 * (BatchExportSerializer: required fields of its model without defaults, `interval` a required ChoiceField), an S3
 * destination's format rules, and the destination's secrets. PostHog never answers a destination's credentials, so a
 * secret is compared with the value the program declared last, kept in the state as a Pulumi secret: one changed in
 * the program is sent, one unchanged is not, and refresh never shows one as drift.
 * Names are not unique and PostHog does not say who made a batch export, so a create whose answer was lost takes
 * nothing over: the error names what it finds. `paused` is written with PostHog's pause and unpause actions, after a
 * PATCH of the rest.
 */
import { batchExportExample } from "./example";
import { PostHogError } from "../../client";
import * as batchExports from "./endpoints";
import { defineKind } from "../../kit/define-kind";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject, own } from "../../kit/json";
import { secretConfigFields } from "./record";
import { BATCH_EXPORT_SERIALIZER, batchExportFields, destinationProblems } from "./fields";
import { listedPages } from "../../kit/list-reads";

/**
 * PostHog's refusal of a batch export to an organization without the Data Pipelines addon
 * (BatchExportSerializer.validate: `AvailableFeature.DATA_PIPELINES`, posthog/batch_exports/http.py), said with what
 * to do; any other error as it is.
 */
function planRefusal(error: unknown): Error | undefined {
  if (!(error instanceof PostHogError && error.status === 400 && /Data Pipelines addon is required/i.test(error.detail ?? "")))
    return undefined;
  return new Error(
    `${error.message} Batch exports need the organization's plan to include the \`data_pipelines\` feature (PostHog's Data Pipelines addon): add it to the organization's billing plan, or remove the batch export from the program.`,
  );
}

/**
 * The outputs with the secrets of `destination.config` PostHog does not answer filled in from the destination the
 * program declared last, when its type is the same: what the declared values are compared with.
 */
function withDeclaredSecrets(outputs: object): object {
  const live = own(outputs, "destination");
  const recorded = own(outputs, "declaredInputs");
  const declared = isPlainObject(recorded) ? recorded["destination"] : undefined;
  if (!isPlainObject(live) || !isPlainObject(declared) || declared["type"] !== live["type"]) return outputs;
  const liveConfig = isPlainObject(live["config"]) ? live["config"] : {};
  const declaredConfig = isPlainObject(declared["config"]) ? declared["config"] : {};
  const secrets = secretConfigFields(live["type"]).filter((key) => !Object.hasOwn(liveConfig, key) && Object.hasOwn(declaredConfig, key));
  if (secrets.length === 0) return outputs;
  const config = { ...liveConfig, ...Object.fromEntries(secrets.map((key) => [key, declaredConfig[key]])) };
  return { ...outputs, destination: { ...live, config } };
}

/** Where the secret values are among the inputs: `destination.config.<key>` of each secret key of its type declared. */
function secretInputPaths(inputs: Json): string[][] {
  const destination = inputs["destination"];
  if (!isPlainObject(destination) || !isPlainObject(destination["config"])) return [];
  const config = destination["config"];
  return secretConfigFields(destination["type"])
    .filter((key) => Object.hasOwn(config, key))
    .map((key) => ["destination", "config", key]);
}

export const {
  kind: batchExportKind,
  model: batchExportModel,
  Lifecycle: BatchExportLifecycle,
} = defineKind({
  name: "BatchExport",
  noun: "batch export",
  description:
    "A PostHog batch export: a project's events, persons or sessions exported on a schedule to S3, a warehouse or an HTTP endpoint. The destination's credentials are Pulumi secrets, never answered by PostHog nor kept in an output. Needs the organization's `data_pipelines` plan feature. Deleted with DELETE (its schedule with it); one deleted by hand is created again.",
  example: batchExportExample,
  scope: "project",
  identity: { output: "batchExportId", key: "uuid", doc: "The batch export's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "destination", "interval"],
  endpoints: {
    get: batchExports.getBatchExport,
    update: batchExports.updateBatchExport,
    remove: batchExports.deleteBatchExport,
    create: batchExports.createBatchExport,
  },
  // BatchExportViewSet lists with BatchExportSerializer, as it retrieves (posthog/batch_exports/http.py).
  listReads: listedPages(batchExports.batchExportPages),
  alwaysPresent: ["batchExportId", "projectId", "name", "interval", "paused"],
  secretInputPaths,
  // Its config holds the destination's credentials (a Postgres `user` and `password`, AWS keys, a BigQuery private
  // key, an HTTP token), which a program may give as plain strings: secret always.
  secretInProgram: {
    inputs: [{ input: "destination" }],
    doc: "The destination, which holds its credentials, becomes a Pulumi secret",
  },
  summary: "A scheduled export of a project's events, persons or sessions to a warehouse, bucket or endpoint.",
  fields: batchExportFields,
  exampleInput: "destination",
  required: {
    name: `its name (${BATCH_EXPORT_SERIALIZER})`,
    destination: `where it exports to, {type, config} (${BATCH_EXPORT_SERIALIZER})`,
    interval: `how often it runs (${BATCH_EXPORT_SERIALIZER})`,
  },
  // The destination always (without its credentials, which PostHog never answers): what an import declares.
  fixedOutputs: (record) => ({ name: record.name, interval: record.interval, paused: record.paused, destination: record.destination }),
  outputTypes: {
    name: { type: "string", doc: "Its name." },
    interval: { type: "BatchExportInterval", doc: "How often it runs." },
    paused: { type: "boolean", doc: "Whether its schedule is paused." },
    destination: { type: "BatchExportDestination", doc: "Where it exports to, without the credentials PostHog never answers." },
  },
  types: {
    BatchExportModel: { type: '"events" | "persons" | "sessions"', doc: "What a batch export exports." },
    BatchExportInterval: {
      type: '"hour" | "day" | "week" | "every 5 minutes" | "every 15 minutes"',
      doc: "How often a batch export runs.",
    },
    BatchExportDestination: {
      type: '{\n  type:\n    | "S3"\n    | "Snowflake"\n    | "Postgres"\n    | "Redshift"\n    | "BigQuery"\n    | "HTTP"\n    | "NoOp"\n    | "Databricks"\n    | "AzureBlob"\n    | "Workflows"\n    | "FileDownload";\n  /** The destination\'s settings; its credentials are never answered by PostHog (a Pulumi secret here). */\n  config: Record<string, unknown>;\n}',
      doc: "Where a batch export exports to.",
    },
  },
  moreFailures(_inputs, known, failed) {
    const failures: Failure[] = [];
    if (!failed("destination"))
      for (const reason of destinationProblems(known["destination"])) failures.push({ property: "destination", reason });
    return failures;
  },
  modelHooks: (kit) => ({
    settingsChanged: (olds: Json, news: Json) => kit.settingsChanged(withDeclaredSecrets(olds) as Json, news),
    outputValue: (outputs: object, field: string) =>
      kit.outputValue(field === "destination" ? withDeclaredSecrets(outputs) : outputs, field),
  }),
  lookups: {
    list: (http, projectId) => batchExports.listBatchExports(http, projectId),
    outputs: {
      name: { type: "string" },
      interval: { type: "string" },
      paused: { type: "boolean" },
      model: { type: "string", nullable: true },
    },
  },
  // The list answers the whole record (no GET each), without the destination's secrets: an import declares the
  // destination without them, and PostHog keeps those it holds (it merges a config on update).
  importer: {
    // The BatchExport model's defaults (posthog/batch_exports/models.py).
    defaults: { model: "events", paused: false, start_at: null, end_at: null },
    label: (batchExport) => batchExport.name,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) => (await batchExports.listBatchExports(http, projectId)).filter((found) => found.name === name),
    otherwise: "delete it in PostHog and run `pulumi up` again to create one",
  },
  createRefusal: planRefusal,
  hooks: {
    async write(projectId, id, body, declared) {
      const { paused, ...rest } = body;
      const http = this.http();
      try {
        let record = Object.keys(rest).length > 0 ? await this.kind.api.update(http, projectId, id, rest) : undefined;
        if (typeof paused === "boolean") {
          await batchExports.setPaused(http, projectId, String(id), paused);
          record = await this.kind.api.get(http, projectId, id);
        }
        return this.kit.complete(record ?? (await this.kind.api.get(http, projectId, id)), declared);
      } catch (error) {
        throw planRefusal(error) ?? error;
      }
    },
  },
});
