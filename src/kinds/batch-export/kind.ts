/**
 * BatchExport, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/batch_exports/`), keyed
 * by UUID, deleted with DELETE (204: BatchExportViewSet.perform_destroy marks it deleted and deletes its Temporal
 * schedule, posthog/batch_exports/http.py), identified as `<projectId>/<uuid>`. Its destination's credentials are
 * Pulumi secrets, never answered by PostHog and never in an output.
 */
import { batchExportExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as batchExports from "./endpoints";
import type { Kind, ObjectId } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import type { BatchExport } from "./record";
import { batchExportFields } from "./fields";
import { type BatchExportRecord, batchExportModel, secretInputPaths } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

/**
 * PostHog's refusal of a batch export to an organization without the Data Pipelines addon
 * (BatchExportSerializer.validate: `AvailableFeature.DATA_PIPELINES`, posthog/batch_exports/http.py), said with what
 * to do; any other error as it is.
 */
function planRefusal(error: unknown): unknown {
  if (!(error instanceof PostHogError && error.status === 400 && /Data Pipelines addon is required/i.test(error.detail ?? "")))
    return error;
  return new Error(
    `${error.message} Batch exports need the organization's plan to include the \`data_pipelines\` feature (PostHog's Data Pipelines addon): add it to the organization's billing plan, or remove the batch export from the program.`,
  );
}

export const batchExportKind: Kind<"project", BatchExportRecord> = {
  ...kindNames("BatchExport"),
  example: batchExportExample,
  noun: "batch export",
  scope: "project",
  identity: { output: "batchExportId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "destination", "interval"],
  api: projectScopedApi<BatchExport, string>({
    get: batchExports.getBatchExport,
    update: batchExports.updateBatchExport,
    remove: batchExports.deleteBatchExport,
  }),
  // BatchExportViewSet lists with BatchExportSerializer, as it retrieves (posthog/batch_exports/http.py).
  listReads: listedPages(batchExports.batchExportPages),
  schema: () => ({
    description:
      "A PostHog batch export: a project's events, persons or sessions exported on a schedule to S3, a warehouse or an HTTP endpoint. The destination's credentials are Pulumi secrets, never answered by PostHog nor kept in an output. Needs the organization's `data_pipelines` plan feature. Deleted with DELETE (its schedule with it); one deleted by hand is created again.",
    inputs: tableInputs(batchExportFields, "batch export", { key: "uuid" }),
    outputs: tableOutputs(
      batchExportFields,
      "batch export",
      { batchExportId: { type: "string", description: "The batch export's UUID in PostHog." } },
      { key: "uuid" },
    ),
    required: ["batchExportId", "projectId", "name", "interval", "paused"],
  }),
  secretInputPaths,
  lookups: {
    list: (http, projectId) => batchExports.listBatchExports(http, projectId),
    outputs: {
      name: { type: "string" },
      interval: { type: "string" },
      paused: { type: "boolean" },
      model: { type: "string", nullable: true },
    },
  },
  model: batchExportModel,
  lifecycle: () => new BatchExportLifecycle(),
  // The list answers the whole record (no GET each), without the destination's secrets: an import declares the
  // destination without them, and PostHog keeps those it holds (it merges a config on update).
  importer: projectScopedImport(batchExportFields, {
    // The BatchExport model's defaults (posthog/batch_exports/models.py).
    defaults: { model: "events", paused: false, start_at: null, end_at: null },
    label: (batchExport) => batchExport.name,
  }),
};

/**
 * The BatchExport lifecycle: the kit's field-table lifecycle with its create and its pause. Names are not unique and
 * PostHog does not say who made a batch export, so a create whose answer was lost takes nothing over: the error names
 * what it finds. `paused` is written with PostHog's pause and unpause actions, after a PATCH of the rest.
 */
export class BatchExportLifecycle extends FieldTableLifecycle<BatchExport> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(batchExportKind, batchExportModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<BatchExportRecord> {
    const name = String(body["name"]);
    try {
      const made = await this.createOnce(projectId, body, () => batchExports.createBatchExport(this.http(), projectId, body), {
        find: async () => (await batchExports.listBatchExports(this.http(), projectId)).filter((found) => found.name === name),
        described: `named ${JSON.stringify(name)}`,
        otherwise: "delete it in PostHog and run `pulumi up` again to create one",
      });
      return { ...made, project_id: projectId };
    } catch (error) {
      throw planRefusal(error);
    }
  }

  protected override async write(
    projectId: number,
    id: ObjectId,
    body: Json,
    declared: readonly string[],
  ): Promise<Placed<BatchExportRecord>> {
    const { paused, ...rest } = body;
    const http = this.http();
    try {
      let record = Object.keys(rest).length > 0 ? await this.kind.api.update(http, projectId, id, rest) : undefined;
      if (typeof paused === "boolean") {
        await batchExports.setPaused(http, projectId, String(id), paused);
        record = await this.kind.api.get(http, projectId, id);
      }
      return this.complete(record ?? (await this.kind.api.get(http, projectId, id)), declared);
    } catch (error) {
      throw planRefusal(error);
    }
  }
}
