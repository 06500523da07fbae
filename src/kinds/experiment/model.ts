/**
 * Between Pulumi's view of an experiment and PostHog's: the kit's field-table model over the experiment's table
 * (src/kinds/experiment/fields.ts), with what is the experiment's own: `name` and `featureFlagKey` required, the
 * variants' rules, and `stopped` only after `launched` (validate_experiment_date_range: the end follows the start).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import type { Experiment } from "./record";
import { EXPERIMENT_SERIALIZER, experimentFields, linksOfType, MAX_METRICS, parametersProblems } from "./fields";
import { isPlainObject } from "../../kit/json";

/**
 * An experiment as the kit reads it: PostHog's answer with `launched` and `stopped` read from its dates, and `paused`
 * from today's `status` (absent where PostHog answers none: 2025-08-04 has no pause).
 */
export type ExperimentRead = Experiment & {
  launched: boolean;
  stopped: boolean;
  paused?: boolean;
  saved_metric_ids: Array<{ id: number; metadata: unknown }>;
};
export type ExperimentRecord = InProject<ExperimentRead>;

/** The input that lets a change replace a launched experiment (deleting it and its results). */
export const ALLOW_REPLACE_WHILE_LAUNCHED = "allowReplaceWhileLaunched";

export const experimentModel = fieldModel<ExperimentRead>({
  className: "Experiment",
  noun: "experiment",
  summary: "An A/B test on a feature flag.",
  outputTypes: {
    name: { type: "string", doc: "The experiment's name." },
    featureFlagKey: { type: "string", doc: "The key of the feature flag it runs on." },
    featureFlagId: { type: "number", doc: "Numeric id of its feature flag." },
    startDate: { type: "string | null", doc: "When it was launched (ISO 8601), or null." },
    endDate: { type: "string | null", doc: "When it was stopped (ISO 8601), or null." },
  },
  types: {
    ExperimentVariant: {
      type: "{\n  key: string;\n  name?: string;\n  /** Percent of the experiment's users (the variants sum to 100); `rollout_percentage` in older PostHog. */\n  split_percent?: number;\n  rollout_percentage?: number;\n}",
      doc: "One variant: its key (one is `control`) and its share of the experiment's users.",
    },
    ExperimentExposureCriteria: {
      type: '{\n  filterTestAccounts?: boolean;\n  exposure_config?:\n    | { kind?: "ExperimentEventExposureConfig"; event: string; properties: Array<Record<string, unknown>> }\n    | { kind: "ActionsNode"; id: number; [key: string]: unknown };\n  multiple_variant_handling?: "exclude" | "first_seen" | null;\n}',
      doc: "Who counts as exposed to an experiment (PostHog's ExperimentExposureCriteria).",
    },
    ExperimentSavedMetricLink: {
      type: '{\n  /** An ExperimentSavedMetric\'s savedMetricId. */\n  id: pulumi.Input<number>;\n  metadata: { type: "primary" | "secondary" | string; [key: string]: unknown };\n}',
      doc: "A saved metric as an experiment measures it: its id and whether it is a primary or secondary metric.",
    },
    ExperimentParameters: {
      type: "{\n  feature_flag_variants?: ExperimentVariant[];\n  /** Percent of users in the experiment at all (default 100). */\n  rollout_percentage?: number;\n  minimum_detectable_effect?: number;\n  [key: string]: unknown;\n}",
      doc: "An experiment's parameters (PostHog's ExperimentParameters).",
    },
  },
  fields: experimentFields,
  providerInputs: {
    [ALLOW_REPLACE_WHILE_LAUNCHED]: {
      doc: "Whether a change that replaces a launched experiment (a `featureFlagKey` naming another flag, another `projectId`) may go ahead: the replacement deletes the running experiment, with its start date and results, and launches a new one. Without it, such a change is refused before anything is changed. Renaming the key of the experiment's own flag replaces nothing: PostHog keeps the experiment on its flag, so its key follows.",
    },
  },
  exampleInput: "featureFlagKey",
  required: {
    name: "PostHog names every experiment",
    featureFlagKey: "every experiment runs on a feature flag (PostHog creates it, or uses the live flag with this key)",
  },
  fixedOutputs: (record) => ({
    name: record.name,
    featureFlagKey: record.feature_flag_key ?? record.feature_flag?.key ?? null,
    featureFlagId: record.feature_flag?.id ?? null,
    startDate: record.start_date ?? null,
    endDate: record.end_date ?? null,
  }),
  moreFailures(_inputs, known, failed) {
    const failures: Failure[] = [];
    if (isPlainObject(known["parameters"]) && !failed("parameters"))
      failures.push(...parametersProblems(known["parameters"]).map((reason) => ({ property: "parameters", reason })));
    // ExperimentService.pause_experiment refuses a draft ("Experiment has not been launched yet.") and an ended one
    // ("Experiment has already ended.").
    if (known["paused"] === true && (known["launched"] !== true || known["stopped"] === true) && !failed("paused"))
      failures.push({
        property: "paused",
        reason: `paused: true needs launched: true and stopped not true: PostHog pauses a running experiment only (${known["launched"] !== true ? "Experiment has not been launched yet." : "Experiment has already ended."}, ExperimentService.pause_experiment, products/experiments/backend/experiment_service.py)`,
      });
    if (known["stopped"] === true && known["launched"] !== true && !failed("stopped"))
      failures.push({
        property: "stopped",
        reason: `stopped: true needs launched: true: an experiment ends after it starts (validate_experiment_date_range, ${EXPERIMENT_SERIALIZER})`,
      });
    // ExperimentSerializer.validate: saved metrics count with the metrics of their type.
    for (const [type, field, input] of [
      ["primary", "metrics", "metrics"],
      ["secondary", "metrics_secondary", "metricsSecondary"],
    ] as const) {
      const own = known[field];
      const total = (Array.isArray(own) ? own.length : 0) + linksOfType(known["saved_metric_ids"], type);
      if (total > MAX_METRICS && !failed("savedMetricIds") && !failed(input))
        failures.push({
          property: "savedMetricIds",
          reason: `savedMetricIds: You can only have up to ${MAX_METRICS} ${type} metrics (including shared metrics): ${input} and the ${type} saved metrics make ${total} (${EXPERIMENT_SERIALIZER})`,
        });
    }
    return failures;
  },
});
