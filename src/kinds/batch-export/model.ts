/**
 * Between Pulumi's view of a batch export and PostHog's: the kit's field-table model over the batch export's table
 * (src/kinds/batch-export/fields.ts), with what is its own: `name`, `destination` and `interval` required
 * (BatchExportSerializer: required fields of its model without defaults, `interval` a required ChoiceField), an S3
 * destination's format rules, and the destination's secrets. PostHog never answers a destination's credentials, so a
 * secret is compared with the value the program declared last, kept in the state as a Pulumi secret: one changed in
 * the program is sent, one unchanged is not, and refresh never shows one as drift.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject, own } from "../../kit/json";
import { type BatchExport, secretConfigFields } from "./record";
import { BATCH_EXPORT_SERIALIZER, batchExportFields, destinationProblems } from "./fields";

export type BatchExportRecord = InProject<BatchExport>;

const base = fieldModel<BatchExport>({
  className: "BatchExport",
  noun: "batch export",
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
});

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

export const batchExportModel: typeof base = {
  ...base,
  settingsChanged: (olds: Json, news: Json) => base.settingsChanged(withDeclaredSecrets(olds) as Json, news),
  outputValue: (outputs: object, field: string) =>
    base.outputValue(field === "destination" ? withDeclaredSecrets(outputs) : outputs, field),
};

/** Where the secret values are among the inputs: `destination.config.<key>` of each secret key of its type declared. */
export function secretInputPaths(inputs: Json): string[][] {
  const destination = inputs["destination"];
  if (!isPlainObject(destination) || !isPlainObject(destination["config"])) return [];
  const config = destination["config"];
  return secretConfigFields(destination["type"])
    .filter((key) => Object.hasOwn(config, key))
    .map((key) => ["destination", "config", key]);
}
