/**
 * Experiment's field table: PostHog's rules refused before anything is sent, each failure naming the field and the
 * rule (ExperimentSerializer, products/experiments/backend/presentation/serializers.py); PostHog's forms equal;
 * `launched` and `stopped` as PostHog's dates.
 */
import { experimentBody, experimentRecord } from "../../../src/kinds/experiment/kind";
import { experimentModel } from "../../../src/kinds/experiment/model";
import type { Experiment } from "../../../src/kinds/experiment/record";

const failures = (inputs: Record<string, unknown>) => experimentModel.validate({ name: "Checkout", featureFlagKey: "checkout", ...inputs });
const variants = (...shares: Array<[string, number]>) => ({
  feature_flag_variants: shares.map(([key, split_percent]) => ({ key, split_percent })),
});

test("valid inputs pass", () => {
  expect(
    failures({
      projectId: 3,
      description: "Faster",
      parameters: { ...variants(["control", 34], ["a", 33], ["b", 33]), minimum_detectable_effect: 20 },
      metrics: [{ kind: "ExperimentMetric", metric_type: "mean", source: { kind: "EventsNode", event: "purchase" } }],
      metricsSecondary: [],
      archived: false,
      launched: true,
      stopped: true,
    }),
  ).toEqual([]);
  expect(
    failures({
      parameters: {
        feature_flag_variants: [
          { key: "control", rollout_percentage: 50 },
          { key: "test", rollout_percentage: 50 },
        ],
      },
    }),
  ).toEqual([]);
});

test.each([
  [{ name: undefined }, "name", "name is required"],
  [{ featureFlagKey: undefined }, "featureFlagKey", "featureFlagKey is required"],
  [{ name: "" }, "name", "may not be blank"],
  [{ description: "d".repeat(3001) }, "description", "at most 3000 characters"],
  [{ featureFlagKey: "new checkout" }, "featureFlagKey", "Only letters, numbers, hyphens (-) & underscores (_) are allowed"],
  [{ parameters: [] }, "parameters", "must be an object"],
  [{ parameters: { feature_flag_variants: {} } }, "parameters", "feature_flag_variants must be a list of variants"],
  [{ parameters: variants(["a", 50], ["b", 50]) }, "parameters", 'must contain a control variant (key "control")'],
  [{ parameters: variants(["control", 50], ["test", 40]) }, "parameters", "must sum to 100 (they sum to 90)"],
  [
    {
      parameters: {
        feature_flag_variants: [
          { key: "control", split_percent: 50 },
          { key: 5, split_percent: 50 },
        ],
      },
    },
    "parameters",
    "feature_flag_variants[1].key must be a string",
  ],
  [{ parameters: variants(["control", 150], ["test", -50]) }, "parameters", "split_percent must be a number from 0 to 100"],
  [{ parameters: { feature_flag_variants: ["control"] } }, "parameters", "feature_flag_variants[0] must be an object"],
  [
    { parameters: variants(...Array.from({ length: 21 }, (_, i): [string, number] => [i === 0 ? "control" : `v${i}`, 0])) },
    "parameters",
    "must be fewer than 21",
  ],
  [{ metrics: {} }, "metrics", "must be a list of metric objects"],
  [{ metrics: Array(11).fill({ kind: "ExperimentMetric" }) }, "metrics", "at most 10 primary metrics"],
  [{ metricsSecondary: Array(11).fill({}) }, "metricsSecondary", "at most 10 secondary metrics"],
  [{ launched: "yes" }, "launched", "must be true or false"],
  [{ stopped: true }, "stopped", "stopped: true needs launched: true"],
  [{ stopped: true, launched: false }, "stopped", "an experiment ends after it starts"],
  [{ startDate: "2025-01-01T00:00:00Z" }, "startDate", "is not an input of posthog.Experiment"],
  [{ featureFlagKy: "x" }, "featureFlagKy", "Did you mean `featureFlagKey`?"],
  [{ exposureCriteria: [] }, "exposureCriteria", "must be an object (the exposure criteria) or null"],
  [
    { exposureCriteria: { filterTestAccounts: "yes" } },
    "exposureCriteria",
    "filterTestAccounts must be a boolean (validate_exposure_criteria",
  ],
  [{ exposureCriteria: { multiple_variant_handling: "last_seen" } }, "exposureCriteria", 'must be "exclude" or "first_seen"'],
  [{ exposureCriteria: { exposure_config: { event: "$pageview" } } }, "exposureCriteria", "exposure_config.properties is required"],
  [{ exposureCriteria: { exposure_config: { properties: [] } } }, "exposureCriteria", "exposure_config.event is required"],
  [
    { exposureCriteria: { exposure_config: { event: "$pageview", properties: [], math: "total" } } },
    "exposureCriteria",
    "exposure_config.math is not a field of an event's exposure",
  ],
  [
    { exposureCriteria: { exposure_config: { kind: "ActionsNode", id: "3" } } },
    "exposureCriteria",
    "exposure_config.id must be the action's numeric id",
  ],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs).filter((f) => f.property === property);
  expect(found.length).toBeGreaterThan(0);
  expect(found.map((f) => f.reason).join(" | ")).toContain(reason);
});

test("exposure criteria: today's filterTestAccounts: true is PostHog's where the program leaves it out; none and {} alike", () => {
  const config = { exposure_config: { event: "$pageview", properties: [] } };
  expect(failures({ exposureCriteria: config })).toEqual([]);
  expect(failures({ exposureCriteria: { exposure_config: { kind: "ActionsNode", id: 3 }, filterTestAccounts: false } })).toEqual([]);
  expect(experimentModel.valuesEqual("exposure_criteria", config, { ...config, filterTestAccounts: true })).toBe(true);
  expect(experimentModel.valuesEqual("exposure_criteria", config, { ...config, filterTestAccounts: false })).toBe(false);
  expect(experimentModel.valuesEqual("exposure_criteria", { ...config, filterTestAccounts: true }, config)).toBe(false);
  expect(experimentModel.valuesEqual("exposure_criteria", null, {})).toBe(true);
  expect(experimentModel.valuesEqual("exposure_criteria", {}, { filterTestAccounts: true })).toBe(true);
});

test("split_percent and rollout_percentage compare equal, as today's PostHog answers both; metric uuids PostHog adds too", () => {
  const declared = variants(["control", 50], ["test", 50]);
  const live = {
    feature_flag_variants: [
      { key: "control", rollout_percentage: 50, split_percent: 50, name: null },
      { key: "test", rollout_percentage: 50, split_percent: 50 },
    ],
  };
  expect(experimentModel.valuesEqual("parameters", declared, live)).toBe(true);
  expect(
    experimentModel.valuesEqual("parameters", declared, { feature_flag_variants: [{ key: "control", rollout_percentage: 100 }] }),
  ).toBe(false);
  const metric = { kind: "ExperimentMetric", metric_type: "mean" };
  expect(experimentModel.valuesEqual("metrics", [metric], [{ ...metric, uuid: "u-1", fingerprint: "f" }])).toBe(true);
  expect(experimentModel.valuesEqual("metrics", [metric], [{ ...metric, metric_type: "funnel", uuid: "u-1" }])).toBe(false);
});

test("launched and stopped are PostHog's dates: set now, unset null; variants are sent as rollout_percentage", () => {
  const now = () => "2026-01-01T00:00:00.000Z";
  expect(experimentBody({ launched: true, name: "n" }, now)).toEqual({ start_date: now(), name: "n" });
  expect(experimentBody({ launched: false, stopped: false }, now)).toEqual({ start_date: null, end_date: null });
  expect(experimentBody({ stopped: true }, now)).toEqual({ end_date: now() });
  expect(experimentBody({ parameters: variants(["control", 50], ["test", 50]) }, now)).toEqual({
    parameters: {
      feature_flag_variants: [
        { key: "control", rollout_percentage: 50 },
        { key: "test", rollout_percentage: 50 },
      ],
    },
  });
  const e = { id: 1, name: "n", archived: false, created_at: "" } as Experiment;
  expect(experimentRecord({ ...e, start_date: "2026-01-01T00:00:00Z", end_date: null })).toMatchObject({ launched: true, stopped: false });
  expect(experimentRecord(e)).toMatchObject({ launched: false, stopped: false });
});

test("paused: true needs a launched experiment not stopped (ExperimentService.pause_experiment's refusals); allowUnknownEvents a boolean", () => {
  expect(failures({ launched: true, paused: true, allowUnknownEvents: true })).toEqual([]);
  expect(failures({ paused: false, allowUnknownEvents: false })).toEqual([]);
  const reason = (inputs: Record<string, unknown>, property: string) =>
    failures(inputs)
      .filter((f) => f.property === property)
      .map((f) => f.reason)
      .join(" | ");
  expect(reason({ paused: true }, "paused")).toContain("Experiment has not been launched yet.");
  expect(reason({ launched: true, stopped: true, paused: true }, "paused")).toContain("Experiment has already ended.");
  expect(reason({ paused: "yes" }, "paused")).toContain("must be true or false");
  expect(reason({ allowUnknownEvents: "yes" }, "allowUnknownEvents")).toContain("must be true or false");
});

test("paused is read from today's status; an answer without status (2025-08-04) has no paused", () => {
  const answer = { id: 1, name: "n", archived: false, created_at: "", start_date: "2025-01-01T00:00:00Z" } as Experiment;
  expect(experimentRecord({ ...answer, status: "paused" })).toMatchObject({ paused: true, launched: true });
  expect(experimentRecord({ ...answer, status: "running" })).toMatchObject({ paused: false });
  expect(experimentRecord(answer)).not.toHaveProperty("paused");
});

test("allowUnknownEvents is write-only: kept as declared in the outputs and read back, never drift; sent only when changed or with the metrics", () => {
  const recorded = experimentModel.recordInputs({ name: "Checkout", featureFlagKey: "checkout", allowUnknownEvents: true });
  const record = {
    id: 1,
    name: "Checkout",
    archived: false,
    created_at: "",
    launched: false,
    stopped: false,
    saved_metric_ids: [],
    project_id: 3,
  };
  const outputs = experimentModel.toOutputs(record, recorded);
  expect(outputs["allowUnknownEvents"]).toBe(true);
  expect(experimentModel.liveInputs(recorded.declaredInputs!, record)["allowUnknownEvents"]).toBe(true);
  // An answer (create, write) never has it: nothing differs.
  expect(experimentModel.differingSettings({ allow_unknown_events: true }, () => undefined)).toEqual({});
  // Against the state's value: sent when it changes, and along with the metrics.
  const state = (field: string) => (field === "allow_unknown_events" ? true : field === "metrics" ? [] : undefined);
  expect(experimentModel.differingSettings({ allow_unknown_events: true }, state)).toEqual({});
  expect(experimentModel.differingSettings({ allow_unknown_events: false }, state)).toEqual({ allow_unknown_events: false });
  const metrics = [{ kind: "ExperimentMetric", metric_type: "mean", source: { kind: "EventsNode", event: "paid" } }];
  expect(experimentModel.differingSettings({ allow_unknown_events: true, metrics }, state)).toEqual({
    allow_unknown_events: true,
    metrics,
  });
});
