/**
 * The Experiment lifecycle: the kit's field-table lifecycle with its create (never sent twice blindly: after an
 * unclear answer the experiment is looked up by its flag key, name and creation time) and a new flag key replacing it
 * (PostHog keeps an experiment's flag for life).
 */
import { experiments, PostHogError, type Transport } from "../client";
import { FieldTableLifecycle } from "../kit/field-lifecycle";
import type { Json } from "../kit/lifecycle";
import type { ProviderConfig } from "./config";
import { experimentBody, experimentDeclaration, experimentRecord } from "./experiment-declaration";
import { type ExperimentRead, type ExperimentRecord, experimentState } from "./experiment-state";

export class ExperimentProvider extends FieldTableLifecycle<ExperimentRead> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(experimentDeclaration, experimentState, connection);
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const key = news["featureFlagKey"];
    const changed = key !== undefined && olds["featureFlagKey"] !== undefined && key !== olds["featureFlagKey"];
    return [...super.replaces(olds, news), ...(changed ? ["featureFlagKey"] : [])];
  }

  protected override async obtain(projectId: number, body: Json): Promise<ExperimentRecord> {
    const key = body["feature_flag_key"];
    if (typeof key !== "string") throw new Error("featureFlagKey is required: every experiment runs on a feature flag");
    const started = Date.now();
    try {
      const created = await experiments.createExperiment(this.http(), projectId, { ...experimentBody(body), feature_flag_key: key });
      return { ...experimentRecord(created), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      // The POST may have reached PostHog: its experiment, if any, runs on this flag key, has this name and a recent
      // creation. Other experiments may run on the same flag (PostHog allows it), so the key alone names none.
      const name = body["name"];
      const made = await this.madeByCreate(error, projectId, started, {
        find: () => experiments.findExperimentsByFlagKey(this.http(), projectId, key),
        alike: (experiment) => experiment.name === name,
        described: `named ${JSON.stringify(name)} on the flag "${key}"`,
      });
      return { ...experimentRecord(made), project_id: projectId };
    }
  }
}
