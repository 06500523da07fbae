/**
 * ExperimentSavedMetric, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/experiment_saved_metrics/`), deleted with DELETE (ExperimentSavedMetricViewSet is a
 * ModelViewSet, ee/clickhouse/views/experiment_saved_metrics.py: experiments that used it lose it), identified as
 * `<projectId>/<id>`.
 */
import { experimentSavedMetricExample } from "./example";
import type { Transport } from "../../client";
import * as metrics from "./endpoints";
import type { Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import type { ExperimentSavedMetric } from "./record";
import { experimentSavedMetricFields } from "./fields";
import { type ExperimentSavedMetricRecord, experimentSavedMetricModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

export const experimentSavedMetricKind: Kind<"project", ExperimentSavedMetricRecord> = {
  ...kindNames("ExperimentSavedMetric"),
  example: experimentSavedMetricExample,
  noun: "experiment saved metric",
  scope: "project",
  identity: { output: "savedMetricId" },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({
    get: metrics.getExperimentSavedMetric,
    update: metrics.updateExperimentSavedMetric,
    remove: metrics.deleteExperimentSavedMetric,
  }),
  // ExperimentSavedMetricViewSet lists with ExperimentSavedMetricSerializer, as it retrieves.
  listReads: listedPages(metrics.experimentSavedMetricPages),
  schema: () => ({
    description:
      "A PostHog experiment saved metric: a metric kept once and used by experiments (an Experiment's `savedMetricIds`). Declared fields are managed; deleted with DELETE (experiments that used it lose it); one deleted by hand is created again.",
    inputs: tableInputs(experimentSavedMetricFields, "experiment saved metric"),
    outputs: tableOutputs(experimentSavedMetricFields, "experiment saved metric", {
      savedMetricId: { type: "integer", description: "Numeric id of the saved metric in PostHog." },
    }),
    required: ["savedMetricId", "projectId", "name"],
  }),
  lookups: {
    list: (http, projectId) => metrics.listExperimentSavedMetrics(http, projectId),
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true },
      query: { type: "object", additionalProperties: ANY },
    },
  },
  model: experimentSavedMetricModel,
  lifecycle: () => new ExperimentSavedMetricLifecycle(),
  // The list answers every field: no GET each.
  importer: projectScopedImport<ExperimentSavedMetric>(experimentSavedMetricFields, {
    list: (http, projectId) => metrics.listExperimentSavedMetrics(http, projectId),
    defaults: { description: null, tags: [] },
    label: (metric) => metric.name,
  }),
};

/**
 * The ExperimentSavedMetric lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly:
 * after an unclear answer metrics of its name are looked for and one is taken only if this create made it.
 */
export class ExperimentSavedMetricLifecycle extends FieldTableLifecycle<ExperimentSavedMetric> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(experimentSavedMetricKind, experimentSavedMetricModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<ExperimentSavedMetricRecord> {
    const name = body["name"];
    const made = await this.createOnce(projectId, body, () => metrics.createExperimentSavedMetric(this.http(), projectId, body), {
      find: async () => (await metrics.listExperimentSavedMetrics(this.http(), projectId)).filter((m) => m.name === name),
      described: `named ${JSON.stringify(name)}`,
    });
    return { ...made, project_id: projectId };
  }
}
