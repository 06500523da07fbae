/**
 * The experiment's field table: the writable fields of today's ExperimentSerializer
 * (products/experiments/backend/presentation/serializers.py in PostHog/posthog, its rules in
 * products/experiments/backend/experiment_service.py; ee/clickhouse/views/experiments.py in 2025-08-04) a program
 * manages, each with PostHog's rule and how a declared value compares with PostHog's answer. `launched` and `stopped`
 * are the provider's: they stand for `start_date` and `end_date`, which PostHog stamps when they are set.
 */
import { z } from "zod";
import { KEY_PATTERN, KEY_RULE } from "../feature-flag/fields";
import { CREATE_IN_FOLDER, type Equality, type FieldDef, type LeftOut, type ApiTypes } from "../../kit/field-table";
import { canonicalJson, isPlainObject } from "../../kit/json";
import { sameSansNulls, withoutAdded } from "../../kit/json-forms";

export const EXPERIMENT_SERIALIZER = "ExperimentSerializer, products/experiments/backend/presentation/serializers.py";
const MAX_VARIANTS = 20;
export const MAX_METRICS = 10;

/**
 * `validate_experiment_parameters` and the flag serializer's variant rules, as `parameters.…` problems. A share outside
 * 0 to 100 is today's flag rule (products/feature_flags/backend/api/feature_flag.py); 2025-08-04's flag serializer
 * (posthog/api/feature_flag.py, reached from ee/clickhouse/views/experiments.py) stores it.
 */
export function parametersProblems(parameters: Record<string, unknown>): string[] {
  const variants = parameters["feature_flag_variants"];
  if (variants === undefined || variants === null) return [];
  if (!Array.isArray(variants)) return ["parameters.feature_flag_variants must be a list of variants"];
  const problems: string[] = [];
  if (variants.length > MAX_VARIANTS) problems.push(`parameters.feature_flag_variants must be fewer than ${MAX_VARIANTS + 1}`);
  let sum = 0;
  for (const [i, v] of variants.entries()) {
    const at = `parameters.feature_flag_variants[${i}]`;
    if (!isPlainObject(v)) {
      problems.push(`${at} must be an object with key and split_percent (or rollout_percentage)`);
      continue;
    }
    // Both versions read `variant["key"]` (a KeyError without one) but check no pattern: 2025-08-04 stored "has space".
    if (typeof v["key"] !== "string") problems.push(`${at}.key must be a string`);
    const share = v["split_percent"] ?? v["rollout_percentage"];
    if (typeof share !== "number" || share < 0 || share > 100) problems.push(`${at}.split_percent must be a number from 0 to 100`);
    else sum += share;
  }
  if (variants.length > 0 && !variants.some((v) => isPlainObject(v) && v["key"] === "control"))
    problems.push('parameters.feature_flag_variants must contain a control variant (key "control")');
  if (problems.length === 0 && variants.length > 0 && Math.abs(sum - 100) > 1e-9)
    problems.push(`parameters.feature_flag_variants' split_percent must sum to 100 (they sum to ${sum})`);
  return problems.map((p) => `${p} (validate_experiment_parameters, ${EXPERIMENT_SERIALIZER})`);
}

/**
 * The variants in one form, each share as `rollout_percentage`: today's PostHog answers `split_percent` beside it and
 * takes either; PostHog 2025-08-04 knows only `rollout_percentage` (it refuses a variant with `split_percent` alone).
 */
export function normalVariants(parameters: unknown): unknown {
  if (!isPlainObject(parameters) || !Array.isArray(parameters["feature_flag_variants"])) return parameters;
  return {
    ...parameters,
    feature_flag_variants: parameters["feature_flag_variants"].map((v) => {
      if (!isPlainObject(v)) return v;
      const { split_percent: split, ...rest } = v;
      return split === undefined || split === null ? rest : { ...rest, rollout_percentage: split };
    }),
  };
}

const sameParameters: Equality = (a, b) => sameSansNulls(normalVariants(a ?? null), normalVariants(b ?? null));

/** Today's PostHog gives each metric a `uuid` (and answers a `fingerprint`): those compare equal when not declared. */
const sameMetrics: Equality = (a, b) => sameSansNulls(a ?? [], withoutAdded(a ?? [], b ?? [], ["uuid", "fingerprint"]));

const metrics = (kind: string) =>
  z
    .array(z.record(z.string(), z.unknown(), { error: "must be a list of metric objects" }), { error: "must be a list of metric objects" })
    .max(MAX_METRICS, { error: `may have at most ${MAX_METRICS} ${kind} metrics (${EXPERIMENT_SERIALIZER})` });

/** One saved metric as an experiment takes it: its id and `metadata.type` (primary or secondary). */
const savedMetricLink = z.looseObject(
  {
    id: z.number({ error: "must be a saved metric's numeric id" }).int({ error: "must be a saved metric's numeric id" }),
    // ExperimentToSavedMetric.metadata may not be null (measured on 2025-08-04: 400 "This field may not be null."), and
    // validate_saved_metrics_ids wants its `type`.
    metadata: z.looseObject(
      { type: z.string({ error: 'must have a type key: Metadata must have a type key ("primary" or "secondary")' }) },
      { error: 'must be an object with a type ("primary" or "secondary")' },
    ),
  },
  { error: "must be an object: Saved metric must be an object" },
);

/** The links in one order (PostHog answers them in its own): by id, then by type. */
const linkOrder = (links: unknown): unknown =>
  Array.isArray(links) ? [...links].sort((a, b) => canonicalJson(a ?? null).localeCompare(canonicalJson(b ?? null))) : links;
const sameLinks: Equality = (a, b) => sameSansNulls(linkOrder(a ?? []), linkOrder(b ?? []));

/** How many saved metrics of a kind (`metadata.type`) a list of links holds: they count against the metrics' limit. */
export function linksOfType(links: unknown, type: "primary" | "secondary"): number {
  return Array.isArray(links)
    ? links.filter((l) => isPlainObject(l) && isPlainObject(l["metadata"]) && l["metadata"]["type"] === type).length
    : 0;
}

/** What today's generated types (ExperimentApiExposureCriteriaApi) list for `multiple_variant_handling`. */
const VARIANT_HANDLING = ["exclude", "first_seen"];
/** ExperimentEventExposureConfig's fields (posthog/schema.py, `extra="forbid"`). */
const EVENT_EXPOSURE_FIELDS = ["event", "kind", "properties", "response", "version"];
const EXPOSURE_RULE = `validate_exposure_criteria, ${EXPERIMENT_SERIALIZER}`;

/**
 * `validate_exposure_criteria` (ExperimentService.validate_experiment_exposure_criteria today): `filterTestAccounts`
 * a boolean; `exposure_config` an event's exposure (ExperimentEventExposureConfig: a string `event` and a list of
 * `properties`, nothing else) or an action's (ActionsNode: `kind: "ActionsNode"` and an integer `id`; today only).
 */
function exposureCriteriaProblems(criteria: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const filter = criteria["filterTestAccounts"];
  if (filter !== undefined && typeof filter !== "boolean") problems.push("exposureCriteria.filterTestAccounts must be a boolean");
  const handling = criteria["multiple_variant_handling"];
  if (handling !== undefined && handling !== null && !VARIANT_HANDLING.includes(String(handling)))
    problems.push('exposureCriteria.multiple_variant_handling must be "exclude" or "first_seen"');
  const config = criteria["exposure_config"];
  if (config === undefined) return problems.map((p) => `${p} (${EXPOSURE_RULE})`);
  if (!isPlainObject(config)) problems.push("exposureCriteria.exposure_config must be an object: Invalid exposure criteria");
  else if (config["kind"] === "ActionsNode") {
    if (!Number.isInteger(config["id"])) problems.push("exposureCriteria.exposure_config.id must be the action's numeric id (ActionsNode)");
  } else {
    if (config["kind"] !== undefined && config["kind"] !== "ExperimentEventExposureConfig")
      problems.push('exposureCriteria.exposure_config.kind must be "ExperimentEventExposureConfig" or "ActionsNode"');
    if (typeof config["event"] !== "string") problems.push("exposureCriteria.exposure_config.event is required: the exposure event's name");
    if (!Array.isArray(config["properties"]))
      problems.push("exposureCriteria.exposure_config.properties is required: a list of property filters (may be empty)");
    for (const key of Object.keys(config))
      if (!EVENT_EXPOSURE_FIELDS.includes(key))
        problems.push(`exposureCriteria.exposure_config.${key} is not a field of an event's exposure: use event, properties`);
  }
  return problems.map((p) => `${p} (${EXPOSURE_RULE})`);
}

/**
 * Today's PostHog filters an experiment's test accounts unless told otherwise (`_apply_exposure_criteria_defaults`,
 * products/experiments/backend/experiment_service.py): its `filterTestAccounts: true` is PostHog's where the program
 * leaves the key out. No criteria and empty ones are alike.
 */
const sameExposure: Equality = (a, b) => {
  const live = isPlainObject(b) ? { ...b } : {};
  if (!(isPlainObject(a) && Object.hasOwn(a, "filterTestAccounts")) && live["filterTestAccounts"] === true)
    delete live["filterTestAccounts"];
  return sameSansNulls(a ?? {}, live);
};

export const experimentFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (${EXPERIMENT_SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `may not be blank (${EXPERIMENT_SERIALIZER})` }),
    doc: "The experiment's name (at most 400 characters).",
  },
  description: {
    input: z.string({ error: "must be a string" }).max(3000, { error: `must be at most 3000 characters (${EXPERIMENT_SERIALIZER})` }),
    doc: "The hypothesis and what is expected (at most 3000 characters; 400 in PostHog 2025-08-04, Experiment.description there).",
  },
  feature_flag_key: {
    apiTypesDiffer:
      "the key of the experiment's flag: PostHog makes or finds the flag by it, and FeatureFlag.key is at most 400 characters",
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: "must be at most 400 characters (FeatureFlag.key)" })
      .regex(KEY_PATTERN, { error: `must match ${KEY_PATTERN.source}: ${KEY_RULE} (FeatureFlagSerializer.validate_key)` }),
    doc: "The key of the experiment's feature flag. PostHog creates the flag with the experiment's variants, or uses the live flag with this key when it has at least two variants, `control` first (give a FeatureFlag's `key` to run the experiment on your own flag). Naming another flag replaces the experiment (refused while it is launched, unless `allowReplaceWhileLaunched`); renaming its own flag's key does not: PostHog keeps the experiment on its flag.",
  },
  parameters: {
    type: "ExperimentParameters | null",
    input: z.record(z.string(), z.unknown(), { error: "must be an object (the experiment's parameters) or null" }).nullable(),
    equal: sameParameters,
    doc: "`feature_flag_variants` (each `key` and `split_percent`, one keyed `control`, summing to 100; default control/test 50/50), `rollout_percentage`, `minimum_detectable_effect`. A draft's variants are written to its flag; a launched experiment's cannot change.",
  },
  metrics: {
    input: metrics("primary").nullable(),
    equal: sameMetrics,
    doc: "Primary metrics: `ExperimentMetric` queries (`metric_type` mean, funnel, ratio or retention); at most 10.",
  },
  metrics_secondary: { input: metrics("secondary").nullable(), equal: sameMetrics, doc: "Secondary metrics, as `metrics`; at most 10." },
  holdout_id: {
    input: z
      .number({ error: "must be the numeric id of an experiment holdout or null" })
      .int({ error: "must be the numeric id of an experiment holdout or null" })
      .nullable(),
    doc: "The holdout (an ExperimentHoldout's `holdoutId`) whose users this experiment leaves out: PostHog writes it into the experiment's flag (`holdout`; PostHog 2025-08-04: its groups, as `holdout_groups`), which a FeatureFlag resource of that flag keeps. Set while the experiment is a draft: PostHog refuses changing it once launched (\"Can't update holdout on running Experiment\").",
  },
  saved_metric_ids: {
    sentAs: "saved_metrics_ids",
    beyondApiTypes: "sent as PostHog's `saved_metrics_ids` (write-only there; answered as `saved_metrics`)",
    // Each id may be an ExperimentSavedMetric's output, known once the metric is created.
    type: { input: "pulumi.Input<ExperimentSavedMetricLink>[]", output: "ExperimentSavedMetricLink[]" },
    input: z
      .array(savedMetricLink, { error: "must be a list of saved metrics ({ id, metadata: { type } })" })
      .refine((links) => new Set(links.map((l) => l.id)).size === links.length, {
        error: `may name each saved metric once: Saved metric does not exist (validate_saved_metrics_ids, ${EXPERIMENT_SERIALIZER})`,
      }),
    equal: sameLinks,
    doc: 'Saved metrics the experiment measures (PostHog\'s `saved_metrics_ids`): each `{ id: <an ExperimentSavedMetric\'s savedMetricId>, metadata: { type: "primary" | "secondary" } }`. They count with `metrics` and `metricsSecondary` against the limit of 10 each; the list replaces the experiment\'s saved metrics whole.',
  },
  // Experiment.exposure_criteria (JSONField(default=dict, null=True)) in both versions: 2025-08-04's
  // validate_exposure_criteria in ee/clickhouse/views/experiments.py knows only an event's exposure; today's
  // (ExperimentService) an action's too, and fills in filterTestAccounts: true on create.
  exposure_criteria: {
    type: "ExperimentExposureCriteria | null",
    input: z
      .record(z.string(), z.unknown(), { error: "must be an object (the exposure criteria) or null" })
      .superRefine((criteria, ctx) => {
        for (const message of exposureCriteriaProblems(criteria)) ctx.addIssue({ code: "custom", message });
      })
      .nullable(),
    equal: sameExposure,
    liveForm: (declared, live) => {
      if (!isPlainObject(live) || (isPlainObject(declared) && Object.hasOwn(declared, "filterTestAccounts"))) return live;
      const { filterTestAccounts, ...rest } = live;
      return filterTestAccounts === true ? rest : live;
    },
    doc: 'Who counts as exposed: `filterTestAccounts` (today\'s PostHog sets `true` when left out), `exposure_config` (an event, `{ kind: "ExperimentEventExposureConfig", event: "$pageview", properties: [] }`, or an action, `{ kind: "ActionsNode", id: <actionId> }`, which PostHog 2025-08-04 refuses; the feature flag\'s own `$feature_flag_called` when left out) and `multiple_variant_handling` (`"exclude"` or `"first_seen"`: users seen in several variants).',
  },
  archived: { input: z.boolean({ error: "must be true or false" }), doc: "Archived experiments are kept but out of the way." },
  launched: {
    sentAs: "start_date",
    beyondApiTypes: "the provider's: it stands for `start_date`, which PostHog stamps when it is set",
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether the experiment runs: `true` launches it (PostHog sets its start date to now and turns its flag on), `false` keeps a draft.",
  },
  stopped: {
    sentAs: "end_date",
    beyondApiTypes: "the provider's: it stands for `end_date`, which PostHog stamps when it is set",
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether the experiment has ended: `true` stops it (its end date is now; the flag stays as it is), `false` runs it again. Needs `launched: true`.",
  },
  // Experiment.is_paused (products/experiments/backend/models/experiment.py): "Pause is not stored on the experiment —
  // it is the running state with the linked flag deactivated", answered as `status: "paused"` (ExperimentSerializer).
  paused: {
    beyondApiTypes:
      "the provider's: it stands for today's `status` \"paused\" (a running experiment whose flag is off), set by PostHog's pause and resume actions",
    input: z.boolean({ error: "must be true or false" }),
    // PostHog pauses an experiment that runs: a create sends it after the experiment is made (and launched).
    afterCreate: true,
    lackedBy: ["2025-08-04"],
    doc: "Whether the running experiment is paused: `true` pauses it (PostHog turns its feature flag off: no variant is served and no exposure recorded, while the results window stays open), `false` resumes it (the flag on again; users keep their variants). Needs `launched: true` and not `stopped`. The pause is the flag's `active`: a FeatureFlag resource of the same flag should not declare `active`. Today's PostHog; 2025-08-04 has no pause.",
  },
  allow_unknown_events: {
    input: z.boolean({ error: "must be true or false" }),
    writeOnly: true,
    // ExperimentService.update_experiment checks the event names of the metrics a request sends unless that request
    // allows unknown ones.
    sentWith: ["metrics", "metrics_secondary"],
    doc: 'Whether PostHog takes metrics naming events the project has not ingested yet (today\'s PostHog refuses them, "Event(s) … not found", to catch misspelt names): set it while the events are still to be instrumented. PostHog never answers it: the declared value is kept as declared (no drift), and is sent on create, when it changes and with every change of `metrics` or `metricsSecondary`. PostHog 2025-08-04 checks no event names, and drops it.',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const experimentLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  start_date: "managed by `launched` (true sends today's date)",
  end_date: "managed by `stopped` (true sends today's date)",
  feature_flag:
    "not yet managed: today's flag config through the experiment (variants, rollout, payloads); the provider sends the variants in `parameters`, which today's PostHog still copies onto the flag",
  running_time_calculation: "not yet managed: today's running-time calculator state",
  excluded_variants: "not yet managed: today's variants left out of the results",
  secondary_metrics: "the legacy form of `metrics_secondary`: not managed",
  saved_metrics_ids: "managed as `savedMetricIds` (the table's saved_metric_ids, sent in PostHog's name)",
  filters: "the legacy form of `metrics`: not managed",
  type: "not yet managed: whether the experiment is a web or a product one",
  stats_config: "not yet managed: the statistics configuration",
  scheduling_config: "not yet managed: the scheduling configuration",
  conclusion: "not yet managed: the experiment's conclusion",
  conclusion_comment: "not yet managed: the experiment's conclusion",
  primary_metrics_ordered_uuids: "not yet managed: the order of the metrics in PostHog's interface",
  secondary_metrics_ordered_uuids: "not yet managed: the order of the metrics in PostHog's interface",
  only_count_matured_users: "not yet managed: whether only users past the metrics' window count",
  update_feature_flag_params: "a switch of one request (sync the flag config sent to the flag), not a setting",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const experimentApiTypes: ApiTypes = {
  file: "products/experiments/frontend/generated/api.schemas.ts",
  schemas: ["ExperimentApi", "PatchedExperimentWriteApi"],
};
