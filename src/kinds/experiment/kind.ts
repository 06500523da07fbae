/**
 * Experiment, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/experiments/`),
 * soft-deleted (`PATCH {"deleted": true}`: EnterpriseExperimentsViewSet is a ForbidDestroyModel,
 * products/experiments/backend/presentation/views.py; ee/clickhouse/views/experiments.py in 2025-08-04), identified
 * as `<projectId>/<id>`. Deleting it leaves its feature flag as it is, as PostHog does.
 */
import { experimentExample } from "./example";
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, type Transport } from "../../client";
import * as experiments from "./endpoints";
import * as featureFlags from "../feature-flag/endpoints";
import { idField, type Kind, parseId, resolveWhere } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, providerInputsSchema, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import type { Experiment } from "./record";
import { experimentFields, normalVariants } from "./fields";
import { type ExperimentRead, type ExperimentRecord, experimentModel, ALLOW_REPLACE_WHILE_LAUNCHED } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { isUnknown } from "../../kit/unknown";
import { listedPages } from "../../kit/list-reads";

/**
 * PostHog's answer with `launched` and `stopped` (whether it has a start date and an end date), `paused` (today's
 * `status`; 2025-08-04 answers none, and has no pause) and its saved metrics as a program gives them
 * (`saved_metric_ids`: `saved_metrics_ids` is write-only, `saved_metrics` answered).
 */
export function experimentRecord(experiment: Experiment): ExperimentRead {
  return {
    ...experiment,
    launched: Boolean(experiment.start_date),
    stopped: Boolean(experiment.end_date),
    ...(experiment.status !== undefined && { paused: experiment.status === "paused" }),
    saved_metric_ids: (experiment.saved_metrics ?? []).map((link) => ({ id: link.saved_metric, metadata: link.metadata ?? null })),
  };
}

/**
 * A body as PostHog takes it: `launched` and `stopped` become `start_date` and `end_date`, now when set (PostHog's
 * launch and stop buttons do the same), null when unset (the kit sends them only when they differ from PostHog's);
 * each variant's `split_percent` is sent as `rollout_percentage`, which every version takes; `saved_metric_ids` is
 * PostHog's `saved_metrics_ids`.
 */
export function experimentBody(body: Record<string, unknown>, now: () => string = () => new Date().toISOString()): Record<string, unknown> {
  const { launched, stopped, saved_metric_ids: links, ...rest } = body;
  if (links !== undefined) rest["saved_metrics_ids"] = links;
  if (typeof launched === "boolean") rest["start_date"] = launched ? now() : null;
  if (typeof stopped === "boolean") rest["end_date"] = stopped ? now() : null;
  if (rest["parameters"] !== undefined) rest["parameters"] = normalVariants(rest["parameters"]);
  return rest;
}

/**
 * An update: the PATCH of the fields, and `paused` by PostHog's pause or resume action. A resume goes before the PATCH
 * and a pause after it: PostHog resumes only an experiment that has not ended and pauses only a launched one, and the
 * PATCH may stop or launch it. The action is taken only when the live experiment is not already so (it refuses to pause
 * a paused one), and not at all where PostHog answers no `status` (2025-08-04, which has no pause): the answer then
 * lacks `paused`, which the kit reports as a setting this PostHog does not have.
 */
async function writeExperiment(http: Transport, projectId: number, id: number, body: Record<string, unknown>): Promise<ExperimentRead> {
  const { paused, ...fields } = body;
  const setPaused = async (wanted: boolean) => {
    const live = experimentRecord(await experiments.getExperiment(http, projectId, id));
    if (live.paused === undefined || live.paused === wanted) return live;
    return experimentRecord(await (wanted ? experiments.pauseExperiment : experiments.resumeExperiment)(http, projectId, id));
  };
  const resumed = paused === false ? await setPaused(false) : undefined;
  const patched =
    Object.keys(fields).length > 0 || (paused === undefined && resumed === undefined)
      ? experimentRecord(await experiments.updateExperiment(http, projectId, id, experimentBody(fields)))
      : undefined;
  if (paused === true) return setPaused(true);
  return (patched ?? resumed)!;
}

/**
 * Every experiment, archived or not: two lists, as no one request answers both. The list keeps only `archived=true`
 * ones when asked so, and otherwise (no `archived`, or any other value) only those not archived: today's
 * `ExperimentService.filter_experiments_queryset` (products/experiments/backend/experiment_service.py) and 2025-08-04's
 * `EnterpriseExperimentsViewSet.safely_get_queryset` (ee/clickhouse/views/experiments.py) alike; no other filter
 * (`status=all` included) widens it.
 */
async function everyExperiment(http: Transport, projectId: number, query: Record<string, string> = {}) {
  return [
    ...(await experiments.listExperiments(http, projectId, { ...query, archived: "false" })),
    ...(await experiments.listExperiments(http, projectId, { ...query, archived: "true" })),
  ];
}

/**
 * The experiment `getExperiment({ featureFlagKey })` answers: the one running on that flag, preferring one not
 * archived. PostHog lets several run on one flag (an experiment is run on an existing flag by its key): when that leaves
 * more than one, the key names none, and the answer says which ids to choose from.
 */
async function experimentOnFlag(http: Transport, projectId: number, key: string) {
  const found = await experiments.findExperimentsByFlagKey(http, projectId, key);
  const live = found.filter((e) => !e.archived);
  const candidates = live.length > 0 ? live : found;
  if (candidates.length > 1) {
    const ids = candidates
      .map((e) => e.id)
      .sort((a, b) => a - b)
      .join(", ");
    throw new Error(`Project ${projectId} has ${candidates.length} experiments on the flag "${key}" (${ids}): give experimentId instead.`);
  }
  return candidates[0] ?? null;
}

export const experimentKind: Kind<"project", ExperimentRecord> = {
  ...kindNames("Experiment"),
  example: experimentExample,
  noun: "experiment",
  scope: "project",
  identity: { output: "experimentId" },
  deletion: "soft-delete",
  importInputs: ["projectId", "name", "featureFlagKey"],
  api: projectScopedApi({
    get: async (http, projectId, id) => experimentRecord(await experiments.getExperiment(http, projectId, id)),
    update: writeExperiment,
    remove: experiments.deleteExperiment,
  }),
  // EnterpriseExperimentsViewSet lists with ExperimentSerializer, as it retrieves
  // (products/experiments/backend/presentation/serializers.py; ee/clickhouse/views/experiments.py in 2025-08-04, whose
  // list and GET compared equal), read as a GET is; archived experiments, left out of the list, by their GET.
  listReads: listedPages(experiments.experimentPages, experimentRecord),
  schema: () => ({
    description:
      "A PostHog experiment on a feature flag: its variants, metrics, and whether it is launched or stopped. Declared fields are managed; deleted as PostHog deletes experiments (marked deleted), leaving the flag; one deleted by hand is created again.",
    // featureFlagKey is not marked as replacing: renaming the experiment's own flag replaces nothing (the provider's
    // diff decides), and a replacement the engine forced would pass by allowReplaceWhileLaunched.
    inputs: { ...tableInputs(experimentFields, "experiment"), ...providerInputsSchema(experimentModel.spec.providerInputs) },
    outputs: tableOutputs(experimentFields, "experiment", {
      experimentId: { type: "integer", description: "Numeric id of the experiment in PostHog." },
      featureFlagId: { type: "integer", description: "Numeric id of the experiment's feature flag." },
      startDate: { type: "string", description: "When it was launched (ISO 8601), or null for a draft." },
      endDate: { type: "string", description: "When it was stopped (ISO 8601), or null." },
    }),
    required: ["experimentId", "projectId", "name", "featureFlagKey"],
  }),
  lookups: {
    list: everyExperiment,
    uniqueBy: {
      input: "featureFlagKey",
      spec: { type: "string", description: "The key of the experiment's feature flag (one experiment runs on it)." },
      find: experimentOnFlag,
    },
    filters: {
      search: { spec: { type: "string", description: "Part of the name (case-insensitive)." }, query: (v) => ["search", String(v)] },
      status: {
        spec: { type: "string", description: 'PostHog\'s status: "draft", "running", "paused", "stopped", "complete" or "all".' },
        query: (v) => ["status", String(v)],
      },
    },
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true },
      featureFlagKey: { type: "string" },
      startDate: { type: "string", nullable: true },
      endDate: { type: "string", nullable: true },
      parameters: { type: "object", additionalProperties: ANY, nullable: true },
      archived: { type: "boolean" },
    },
  },
  model: experimentModel,
  lifecycle: () => new ExperimentLifecycle(),
  // ExperimentViewSet lists with ExperimentSerializer: every field, no GET each. Its flag is imported as a FeatureFlag
  // of its own and named by key.
  importer: projectScopedImport(experimentFields, {
    list: async (http, projectId) => (await everyExperiment(http, projectId)).map(experimentRecord),
    // The Experiment model's defaults (products/experiments/backend/models or posthog/models/experiment.py).
    defaults: {
      description: "",
      archived: false,
      launched: false,
      stopped: false,
      paused: false,
      metrics: [],
      metrics_secondary: [],
      exposure_criteria: {},
    },
    references: [{ ...idField("feature_flag_key", "FeatureFlag"), by: { field: "key", output: "key" } }],
    label: (experiment) => experiment.name,
  }),
};

/**
 * The Experiment lifecycle: the kit's field-table lifecycle with its create (never sent twice blindly: after an
 * unclear answer the experiment is looked up by its flag key, name and creation time), a flag key naming another flag
 * replacing it (PostHog keeps an experiment's flag for life), and no replacement of a launched experiment unless the
 * program allows it: the replacement would delete the running experiment with its start date and results.
 */
export class ExperimentLifecycle extends FieldTableLifecycle<ExperimentRead> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(experimentKind, experimentModel, connection);
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

  /**
   * A draft on a holdout leaves it before it is marked deleted. PostHog's holdout DELETE rewrites the flag of every
   * experiment on the holdout, deleted ones included, saving the whole flag as it read it (ExperimentHoldoutViewSet.
   * destroy: `instance.experiment_set.all()`, FeatureFlagSerializer(...).save(); ee/clickhouse/views/experiment_holdouts.py
   * in 2025-08-04, products/experiments/backend/ today). Once the experiment is gone Pulumi deletes its flag and its
   * holdout together, so a flag marked deleted between that read and that save came back live, `deleted: false`,
   * while destroy succeeded. Without the experiment the holdout's DELETE touches no flag of this program. PostHog
   * refuses a launched experiment's holdout change ("Can't update holdout on running Experiment"): such an experiment
   * keeps it.
   */
  override async delete(id: string, props: Json): Promise<void> {
    const parsed = parseId(this.kind, id);
    const projectId = resolveWhere<"project", number>(this.kind, this.config, props, parsed);
    try {
      const live = await this.kind.api.get(this.http(), projectId, parsed.id);
      if (typeof live.holdout_id === "number" && !live.launched)
        await this.kind.api.update(this.http(), projectId, parsed.id, { holdout_id: null });
    } catch (error) {
      // Gone already: the kit's delete proves it as it does for every kind.
      if (!(error instanceof PostHogError) || !error.isNotFound) throw error;
    }
    await super.delete(id, props);
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
