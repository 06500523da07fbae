/**
 * ExperimentHoldout, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/experiment_holdouts/`),
 * deleted with DELETE (ExperimentHoldoutViewSet is a ModelViewSet, ee/clickhouse/views/experiment_holdouts.py: its
 * experiments stay, their flags lose the holdout's groups), identified as `<projectId>/<id>`.
 */
import { experimentHoldoutExample } from "./example";
import type { Transport } from "../../client";
import * as holdouts from "./endpoints";
import type { Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import type { ExperimentHoldout } from "./record";
import { experimentHoldoutFields } from "./fields";
import { type ExperimentHoldoutRecord, experimentHoldoutModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

export const experimentHoldoutKind: Kind<"project", ExperimentHoldoutRecord> = {
  ...kindNames("ExperimentHoldout"),
  example: experimentHoldoutExample,
  noun: "experiment holdout",
  scope: "project",
  identity: { output: "holdoutId" },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({
    get: holdouts.getExperimentHoldout,
    update: holdouts.updateExperimentHoldout,
    remove: holdouts.deleteExperimentHoldout,
  }),
  // ExperimentHoldoutViewSet lists with ExperimentHoldoutSerializer, as it retrieves.
  listReads: listedPages(holdouts.experimentHoldoutPages),
  schema: () => ({
    description:
      "A PostHog experiment holdout: users kept out of the experiments that name it (an Experiment's `holdoutId`). Declared fields are managed; deleted with DELETE (its experiments stay, without it); one deleted by hand is created again.",
    inputs: tableInputs(experimentHoldoutFields, "experiment holdout"),
    outputs: tableOutputs(experimentHoldoutFields, "experiment holdout", {
      holdoutId: { type: "integer", description: "Numeric id of the holdout in PostHog." },
    }),
    required: ["holdoutId", "projectId", "name"],
  }),
  lookups: {
    list: (http, projectId) => holdouts.listExperimentHoldouts(http, projectId),
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true },
      filters: { type: "array", items: { type: "object", additionalProperties: ANY } },
    },
  },
  model: experimentHoldoutModel,
  lifecycle: () => new ExperimentHoldoutLifecycle(),
  // The list answers every field: no GET each.
  importer: projectScopedImport<ExperimentHoldout>(experimentHoldoutFields, {
    list: (http, projectId) => holdouts.listExperimentHoldouts(http, projectId),
    defaults: { description: null },
    label: (holdout) => holdout.name,
  }),
};

/**
 * The ExperimentHoldout lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly: after an
 * unclear answer holdouts of its name are looked for and one is taken only if this create made it (recent, holding
 * what was sent, made by this key's user).
 */
export class ExperimentHoldoutLifecycle extends FieldTableLifecycle<ExperimentHoldout> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(experimentHoldoutKind, experimentHoldoutModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<ExperimentHoldoutRecord> {
    const name = body["name"];
    const made = await this.createOnce(projectId, body, () => holdouts.createExperimentHoldout(this.http(), projectId, body), {
      find: async () => (await holdouts.listExperimentHoldouts(this.http(), projectId)).filter((h) => h.name === name),
      described: `named ${JSON.stringify(name)}`,
    });
    return { ...made, project_id: projectId };
  }
}
