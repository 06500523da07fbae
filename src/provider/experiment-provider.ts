/**
 * The Experiment lifecycle: the kit's field-table lifecycle with its create (never sent twice blindly: after an
 * unclear answer the experiment is looked up by its flag key, name and creation time) and a new flag key replacing it
 * (PostHog keeps an experiment's flag for life).
 */
import { experiments, type Transport } from "../client";
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
    // The POST may have reached PostHog: its experiment, if any, runs on this flag key, has this name and a recent
    // creation. Other experiments may run on the same flag (PostHog allows it), so the key alone names none.
    const name = body["name"];
    const created = experimentBody(body);
    const made = await this.createOnce(
      projectId,
      created,
      () => experiments.createExperiment(this.http(), projectId, { ...created, feature_flag_key: key }),
      {
        find: async () => (await experiments.findExperimentsByFlagKey(this.http(), projectId, key)).filter((e) => e.name === name),
        // The body sent holds dates of this machine's clock: the name and the flag are what it can be known by.
        alike: () => true,
        described: `named ${JSON.stringify(name)} on the flag "${key}"`,
      },
    );
    return { ...experimentRecord(made), project_id: projectId };
  }
}
