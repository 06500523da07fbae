/**
 * The Experiment lifecycle: the kit's field-table lifecycle with its create (never sent twice blindly: after an
 * unclear answer the experiment is looked up by its flag key, name and creation time), a flag key naming another flag
 * replacing it (PostHog keeps an experiment's flag for life), and no replacement of a launched experiment unless the
 * program allows it: the replacement would delete the running experiment with its start date and results.
 */
import type * as pulumi from "@pulumi/pulumi";
import { experiments, featureFlags, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { experimentBody, experimentDeclaration, experimentRecord } from "./kind";
import { ALLOW_REPLACE_WHILE_LAUNCHED, type ExperimentRead, type ExperimentRecord, experimentState } from "./state";
import { isUnknown } from "../project/state";

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

  /**
   * A replacement of a launched experiment is refused unless the program allows it. A new flag key is no replacement
   * when it is the experiment's own flag's, renamed: PostHog keeps the experiment on its flag (by id), so the key
   * follows. Whether it is cannot be told while the key is not known, nor before the flag's rename when no flag has
   * the key yet (a preview): then it is an update, and the update refuses if the experiment's flag does not carry the
   * key by then, before anything is written.
   */
  override async diff(id: string, olds: Json, news: Json): Promise<pulumi.dynamic.DiffResult> {
    const result = await super.diff(id, olds, news);
    const replaces = result.replaces ?? [];
    if (replaces.length === 0 || !launched(olds) || news[ALLOW_REPLACE_WHILE_LAUNCHED] === true) return result;
    const others = replaces.filter((input) => input !== "featureFlagKey");
    if (others.length > 0) throw new Error(refusal(id, olds, `changing ${others.join(", ")}`));
    const key = news["featureFlagKey"];
    if (typeof key === "string" && !isUnknown(key)) {
      const holder = await featureFlags.findFeatureFlagByKey(this.http(), Number(olds["projectId"]), key);
      if (holder && holder.id !== olds["featureFlagId"])
        throw new Error(refusal(id, olds, `changing featureFlagKey to "${key}", the key of another flag (${holder.id}),`));
    }
    return { ...result, replaces: [] };
  }

  /** A launched experiment whose declared flag key its flag does not carry would need replacing: refused. */
  override async update(id: string, olds: Json, news: Json): Promise<pulumi.dynamic.UpdateResult> {
    const key = news["featureFlagKey"];
    if (typeof key === "string" && key !== olds["featureFlagKey"] && launched(olds)) {
      const live = await experiments.getExperiment(this.http(), Number(olds["projectId"]), Number(olds["experimentId"] ?? id));
      if (live.feature_flag_key !== key) throw new Error(refusal(id, olds, `changing featureFlagKey to "${key}"`));
    }
    return super.update(id, olds, news);
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

/** Whether the outputs show the experiment launched (a start date: running, or stopped with its results). */
function launched(olds: Json): boolean {
  return typeof olds["startDate"] === "string" && olds["startDate"] !== "";
}

function refusal(id: string, olds: Json, change: string): string {
  return (
    `Experiment ${id} is launched (since ${String(olds["startDate"])}): ${change} would replace it, deleting the experiment ` +
    "with its start date and results and launching a new one. Nothing was changed. To replace it all the same, set " +
    `\`${ALLOW_REPLACE_WHILE_LAUNCHED}: true\` on it; to keep it, undo the change (or list the input in the resource option \`ignoreChanges\`).`
  );
}
