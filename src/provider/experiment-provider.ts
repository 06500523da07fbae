/**
 * The Experiment lifecycle: the kit's field-table lifecycle with its create (never sent twice blindly: after an
 * unclear answer the experiment is looked up by its flag key, name and creation time) and a new flag key replacing it
 * (PostHog keeps an experiment's flag for life).
 */
import { experiments, PostHogError, projects, type Transport } from "../client";
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
      const since = new Date(started - projects.CLOCK_SKEW_MS).toISOString();
      const recent = (await experiments.findExperimentsByFlagKey(this.http(), projectId, key)).filter(
        (e) => e.name === name && Date.parse(e.created_at) >= started - projects.CLOCK_SKEW_MS,
      );
      if (recent.length === 1) return { ...experimentRecord(recent[0]!), project_id: projectId };
      if (recent.length > 1) {
        const ids = recent.map((e) => `${e.id} (created ${e.created_at})`).join(", ");
        throw new Error(
          `${error.message} PostHog has ${recent.length} experiments named ${JSON.stringify(name)} on the flag "${key}" created since ${since}: ${ids}. None was taken over, since any could be another program's: \`pulumi import posthog:index:Experiment <name> ${projectId}/<id>\` takes over the right one; delete the others in PostHog.`,
        );
      }
      throw new Error(
        `${error.message} No experiment named ${JSON.stringify(name)} was created on the flag "${key}"; run \`pulumi up\` again.`,
      );
    }
  }
}
