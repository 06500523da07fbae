/**
 * posthog.Survey, posthog.Experiment and posthog.HogFunction against a real PostHog: each lifecycle (create, PostHog's
 * normalisations read back without change, drift, restore, deleted as PostHog deletes it), a secret input never
 * answered nor drifting, a transformation's order kept when it is enabled again, an experiment's exposure criteria,
 * and the provider's rules agreeing with PostHog's own refusals. Everything carries the run's prefix and is deleted
 * afterwards (surveys with DELETE, the rest marked deleted, the experiments' flags too).
 */
import { PostHogError, type Transport } from "../../src/client-entry";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as hogFunctions from "../../src/kinds/hog-function/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import { ExperimentLifecycle, HogFunctionLifecycle, SurveyLifecycle } from "../../src/provider";
import { experimentModel } from "../../src/kinds/experiment/model";
import { hogFunctionModel } from "../../src/kinds/hog-function/kind";
import { surveyModel } from "../../src/kinds/survey/kind";
import { acceptanceTarget, inTargetProject, type AcceptanceTarget } from "./real-posthog";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let connection: ConstructorParameters<typeof SurveyLifecycle>[0];

beforeAll(() => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  connection = inProject.connection;
});
afterAll(async () => {
  if (!client) return;
  for (const s of await surveys.listSurveys(client, projectId, { search: target.prefix }))
    if (s.name.startsWith(target.prefix)) await surveys.deleteSurvey(client, projectId, s.id);
  for (const archived of ["false", "true"] as const)
    for (const e of await experiments.listExperiments(client, projectId, { archived }))
      if (e.name.startsWith(target.prefix)) await experiments.deleteExperiment(client, projectId, e.id);
  for (const f of await hogFunctions.listHogFunctions(client, projectId, { search: target.prefix }))
    if (f.name?.startsWith(target.prefix)) await hogFunctions.deleteHogFunction(client, projectId, f.id);
  for (const flag of await featureFlags.listFeatureFlags(client, projectId, { search: target.prefix }))
    if (flag.key.startsWith(key(""))) await featureFlags.deleteFeatureFlag(client, projectId, flag.id);
});

const name = (what: string) => `${target.prefix}${what}`;
/** Flag keys allow letters, digits, `-` and `_`: the run's prefix is made of them. */
const key = (what: string) => `${target.prefix}sx-${what}`;

test("Survey: create with a linked and a targeting flag, read back without change, drift, restore, untarget, DELETE", async () => {
  const provider = new SurveyLifecycle(connection);
  const flag = await featureFlags.createFeatureFlag(client, projectId, {
    key: key("linked"),
    filters: { groups: [{ rollout_percentage: 100 }] },
  });
  const inputs: Json = {
    projectId,
    name: name("NPS"),
    type: "popover",
    questions: [
      { type: "rating", question: "How likely are you to recommend us?", display: "number", scale: 10 },
      { type: "single_choice", question: "Which plan?", choices: ["Free", "Pro"], branching: { type: "end" } },
      { type: "link", question: "Read the docs", link: "https://posthog.com/docs" },
    ],
    appearance: { backgroundColor: "#eeeded", surveyPopupDelaySeconds: 2 },
    conditions: { url: "/pricing" },
    linkedFlagId: flag.id,
    targetingFlagFilters: {
      groups: [{ properties: [{ key: "email", value: "@example.com", operator: "icontains", type: "person" }], rollout_percentage: 50 }],
    },
    startDate: "2025-01-02T03:04:05Z",
    responsesLimit: 100,
  };
  expect(surveyModel.validate(inputs)).toEqual([]);
  const created = await provider.create(inputs);
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  await surveys.updateSurvey(client, projectId, created.id, { responses_limit: 5 });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, responsesLimit: 5 });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect((await surveys.getSurvey(client, projectId, created.id)).responses_limit).toBe(100);

  // A reworded question keeps the id PostHog gave it (its responses are recorded by that id).
  const ids = (await surveys.getSurvey(client, projectId, created.id)).questions!.map((q) => q.id);
  const questions = inputs["questions"] as Json[];
  const reworded = { ...inputs, questions: [{ ...questions[0], question: "Would you recommend us?" }, ...questions.slice(1)] };
  const rewritten = await provider.update(created.id, restored.outs as Json, reworded);
  expect((await surveys.getSurvey(client, projectId, created.id)).questions!.map((q) => q.id)).toEqual(ids);

  const untargeted = await provider.update(created.id, rewritten.outs as Json, { ...reworded, targetingFlagFilters: null });
  expect((await surveys.getSurvey(client, projectId, created.id)).targeting_flag).toBeNull();
  await provider.delete(created.id, untargeted.outs as Json);
  await expect(surveys.getSurvey(client, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
  expect(await provider.read(created.id, untargeted.outs as Json)).toEqual({});
  // The linked flag is the program's: it stays.
  expect((await featureFlags.getFeatureFlag(client, projectId, flag.id)).deleted).toBe(false);
});

test("Survey: its iterations read back without change, PostHog's start dates as outputs; a count sent alone clears the frequency, both restored", async () => {
  const provider = new SurveyLifecycle(connection);
  const inputs: Json = {
    projectId,
    name: name("Iterating"),
    type: "api",
    questions: [{ type: "open", question: "Anything else?" }],
    startDate: "2025-01-02T03:04:05Z",
    iterationCount: 3,
    iterationFrequencyDays: 7,
  };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({
    iterationStartDates: ["2025-01-02T03:04:05Z", "2025-01-09T03:04:05Z", "2025-01-16T03:04:05Z"],
    currentIteration: 1,
    currentIterationStartDate: "2025-01-02T03:04:05Z",
  });
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  await surveys.updateSurvey(client, projectId, created.id, { iteration_count: 4 });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, iterationCount: 4, iterationFrequencyDays: null });
  expect(drifted.props).toMatchObject({ iterationStartDates: [], currentIteration: null });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect((restored.outs as Json)["iterationStartDates"]).toHaveLength(3);
  await provider.update(created.id, restored.outs as Json, { ...inputs, iterationCount: 5 });
  expect(await surveys.getSurvey(client, projectId, created.id)).toMatchObject({ iteration_count: 5, iteration_frequency_days: 7 });
  // PostHog's own bound agrees with the provider's.
  expect(surveyModel.validate({ ...inputs, iterationCount: 501 })).toEqual([expect.objectContaining({ property: "iterationCount" })]);
  await expect(surveys.updateSurvey(client, projectId, created.id, { iteration_count: 501 })).rejects.toMatchObject({
    status: 400,
    attr: "iteration_count",
  });
});

test("Survey: its response sampling read back without change, PostHog's daily limits as an output; a new limit applied; PostHog fails where the provider refuses", async () => {
  const provider = new SurveyLifecycle(connection);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const inputs: Json = {
    projectId,
    name: name("Sampled"),
    type: "api",
    questions: [{ type: "open", question: "Anything else?" }],
    responseSamplingStartDate: `${tomorrow}T00:00:00Z`,
    responseSamplingInterval: 1,
    responseSamplingIntervalType: "week",
    responseSamplingLimit: 70,
  };
  const created = await provider.create(inputs);
  const limits = JSON.parse((created.outs as Json)["responseSamplingDailyLimits"] as string) as Json[];
  expect(limits).toHaveLength(7);
  expect(limits[0]).toEqual({ date: `${tomorrow}T00:00:00+00:00`, daily_response_limit: 10, rollout_percentage: 14.29 });
  expect(limits[6]).toMatchObject({ daily_response_limit: 70, rollout_percentage: 100 });
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect(read.props).toEqual(created.outs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  await provider.update(created.id, read.props as Json, { ...inputs, responseSamplingLimit: 7 });
  const live = await surveys.getSurvey(client, projectId, created.id);
  expect(JSON.parse(live.response_sampling_daily_limits as string)[6]).toMatchObject({ daily_response_limit: 7 });
  // The provider's refusals are PostHog's failures: a limit without an interval, a start date without a limit.
  const { responseSamplingInterval: _, ...noInterval } = inputs;
  const { responseSamplingLimit: __, ...noLimit } = inputs;
  expect(surveyModel.validate(noInterval)).toEqual([expect.objectContaining({ property: "responseSamplingInterval" })]);
  expect(surveyModel.validate(noLimit)).toEqual([expect.objectContaining({ property: "responseSamplingStartDate" })]);
  await expect(
    surveys.createSurvey(client, projectId, { name: name("no-interval"), type: "api", response_sampling_limit: 5 }),
  ).rejects.toMatchObject({ status: 500 });
  await expect(
    surveys.createSurvey(client, projectId, {
      name: name("no-limit"),
      type: "api",
      response_sampling_start_date: `${tomorrow}T00:00:00Z`,
      response_sampling_interval: 1,
    }),
  ).rejects.toMatchObject({ status: 500 });
});

test("Survey: PostHog 2025-08-04 drops a linked insight unread, as the provider says (linkedInsightId is today's)", async () => {
  const made = await surveys.createSurvey(client, projectId, { name: name("linked-insight"), type: "api", linked_insight_id: 1 });
  expect(made).not.toHaveProperty("linked_insight_id");
  expect(await surveys.getSurvey(client, projectId, made.id)).not.toHaveProperty("linked_insight_id");
  await expect(
    new SurveyLifecycle(connection).create({ projectId, name: name("linked-insight-2"), type: "api", linkedInsightId: 1 }),
  ).rejects.toThrow(/linkedInsightId.*2025-08-04/s);
});

test("Survey: PostHog 2025-08-04 drops a base language and translations unread and checks no question's translations, as the provider says (they are today's)", async () => {
  const question = { type: "open", question: "Why?", translations: { english: { question: "Why?" }, es: { question: 3 } } };
  const made = await surveys.createSurvey(client, projectId, {
    name: name("translated"),
    type: "api",
    base_language: "es",
    translations: { en: { name: "NPS" } },
    questions: [question],
  });
  expect(made).not.toHaveProperty("base_language");
  expect(made).not.toHaveProperty("translations");
  expect(made.questions?.[0]).toMatchObject({ translations: question.translations });
  await expect(
    new SurveyLifecycle(connection).create({
      projectId,
      name: name("translated-2"),
      type: "api",
      translations: { es: { name: "Encuesta" } },
    }),
  ).rejects.toThrow(/translations.*2025-08-04/s);
});

test("Experiment: PostHog 2025-08-04 checks no metric's event names and drops allowUnknownEvents, kept as declared; it has no pause, as the provider says", async () => {
  const metrics = [{ kind: "ExperimentMetric", metric_type: "mean", source: { kind: "EventsNode", event: `${target.prefix}never sent` } }];
  const made = await experiments.createExperiment(client, projectId, {
    name: name("unknown-events"),
    feature_flag_key: key("unknown-events"),
    metrics,
    allow_unknown_events: true,
  });
  expect(made).not.toHaveProperty("allow_unknown_events");
  expect(made).not.toHaveProperty("status");
  await expect(experiments.pauseExperiment(client, projectId, made.id)).rejects.toMatchObject({ status: 404 });
  const provider = new ExperimentLifecycle(connection);
  const inputs: Json = {
    projectId,
    name: name("unknown-events-2"),
    featureFlagKey: key("unknown-events-2"),
    metrics,
    allowUnknownEvents: true,
  };
  const created = await provider.create(inputs);
  expect((created.outs as Json)["allowUnknownEvents"]).toBe(true);
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);
  await expect(
    provider.create({ projectId, name: name("paused"), featureFlagKey: key("paused"), launched: true, paused: true }),
  ).rejects.toThrow(/paused.*2025-08-04/s);
});

test("Experiment: PostHog makes the flag; read back without change; launch, stop; soft delete leaves the flag", async () => {
  const provider = new ExperimentLifecycle(connection);
  const inputs: Json = {
    projectId,
    name: name("Checkout"),
    description: "Faster checkout",
    featureFlagKey: key("checkout"),
    parameters: {
      feature_flag_variants: [
        { key: "control", split_percent: 50 },
        { key: "test", split_percent: 50 },
      ],
    },
  };
  expect(experimentModel.validate(inputs)).toEqual([]);
  const created = await provider.create(inputs);
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  const launched = await provider.update(created.id, read.props as Json, { ...inputs, launched: true });
  expect(launched.outs).toMatchObject({ launched: true, startDate: expect.any(String) });
  const stopped = await provider.update(created.id, launched.outs as Json, { ...inputs, launched: true, stopped: true });
  expect(stopped.outs).toMatchObject({ stopped: true, endDate: expect.any(String) });
  expect((await provider.diff(created.id, stopped.outs as Json, { ...inputs, launched: true, stopped: true })).changes).toBe(false);

  const flagId = (stopped.outs as Json)["featureFlagId"] as number;
  await provider.delete(created.id, stopped.outs as Json);
  expect(await provider.read(created.id, stopped.outs as Json)).toEqual({});
  expect((await featureFlags.getFeatureFlag(client, projectId, flagId)).deleted).toBe(false);
});

test("Experiment: exposure criteria of an event read back without change, PostHog's own test-account default or not", async () => {
  const provider = new ExperimentLifecycle(connection);
  const exposureCriteria = { exposure_config: { kind: "ExperimentEventExposureConfig", event: "$pageview", properties: [] } };
  const inputs: Json = { projectId, name: name("Exposure"), featureFlagKey: key("exposure"), exposureCriteria };
  expect(experimentModel.validate(inputs)).toEqual([]);
  const created = await provider.create(inputs);
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  const unfiltered = { ...inputs, exposureCriteria: { ...exposureCriteria, filterTestAccounts: false } };
  const updated = await provider.update(created.id, read.props as Json, unfiltered);
  expect((await experiments.getExperiment(client, projectId, Number(created.id))).exposure_criteria).toEqual(
    unfiltered["exposureCriteria"],
  );
  expect((await provider.diff(created.id, updated.outs as Json, unfiltered)).changes).toBe(false);
  await provider.delete(created.id, updated.outs as Json);
});

test("Experiment: an action's exposure is today's; PostHog 2025-08-04 refuses it", async () => {
  const exposureCriteria = { exposure_config: { kind: "ActionsNode", id: 1 } };
  const answer = await refused(() =>
    experiments.createExperiment(client, projectId, {
      name: name("action-exposure"),
      feature_flag_key: key("action-exposure"),
      exposure_criteria: exposureCriteria,
    }),
  );
  expect(answer).toBe(target.version === "2025-08-04" ? 400 : undefined);
});

test("HogFunction: a transformation from hog code with a secret input: never answered, never drift; a new secret sent; soft delete", async () => {
  const provider = new HogFunctionLifecycle(connection);
  const inputs: Json = {
    projectId,
    type: "transformation",
    name: name("Tag"),
    hog: "let returnEvent := event\nreturnEvent.properties.$tagged := inputs.tag\nreturn returnEvent",
    inputsSchema: [
      { key: "tag", type: "string", required: true },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { tag: { value: "pulumi" }, token: { value: "acc-s3cr3t" } },
    enabled: true,
  };
  expect(hogFunctionModel.validate(inputs)).toEqual([]);
  const created = await provider.create(inputs);
  expect(JSON.stringify((await hogFunctions.getHogFunction(client, projectId, created.id)).inputs)).not.toContain("acc-s3cr3t");
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  await hogFunctions.updateHogFunction(client, projectId, created.id, { enabled: false });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, enabled: false });
  const rotated = { ...inputs, inputs: { tag: { value: "pulumi" }, token: { value: "acc-n3w" } } };
  const updated = await provider.update(created.id, drifted.props as Json, rotated);
  expect((await hogFunctions.getHogFunction(client, projectId, created.id)).enabled).toBe(true);
  expect((await provider.diff(created.id, updated.outs as Json, rotated)).changes).toBe(false);

  await provider.delete(created.id, updated.outs as Json);
  await expect(hogFunctions.getHogFunction(client, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("HogFunction: a transformation's executionOrder and iconUrl read back without change, kept when it is enabled again", async () => {
  const provider = new HogFunctionLifecycle(connection);
  const inputs: Json = {
    projectId,
    type: "transformation",
    name: name("Ordered"),
    hog: "return event",
    executionOrder: 9,
    iconUrl: "/static/transformations/geoip.png",
    enabled: false,
  };
  expect(hogFunctionModel.validate(inputs)).toEqual([]);
  const created = await provider.create(inputs);
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  // Enabled without its order, PostHog would put it after the others: the declared order goes along.
  const enabled = await provider.update(created.id, read.props as Json, { ...inputs, enabled: true });
  expect((await hogFunctions.getHogFunction(client, projectId, created.id)).execution_order).toBe(9);
  expect((await provider.diff(created.id, enabled.outs as Json, { ...inputs, enabled: true })).changes).toBe(false);
  await provider.delete(created.id, enabled.outs as Json);
});

/** PostHog's answer to a body the provider refuses: a 400 (the provider refuses it first, naming the same rule). */
async function refused(call: () => Promise<unknown>): Promise<number | undefined> {
  try {
    await call();
    return undefined;
  } catch (error) {
    if (!(error instanceof PostHogError)) throw error;
    return error.status;
  }
}

test.each([
  [
    "a survey link that is not https",
    () => surveyModel.validate({ name: "x", type: "popover", questions: [{ type: "link", question: "q", link: "http://example.com" }] }),
    () =>
      surveys.createSurvey(client, projectId, {
        name: name("bad-link"),
        type: "popover",
        questions: [{ type: "link", question: "q", link: "http://example.com" }],
      }),
  ],
  [
    "a survey choice that is blank",
    () => surveyModel.validate({ name: "x", type: "popover", questions: [{ type: "single_choice", question: "q", choices: ["a", " "] }] }),
    () =>
      surveys.createSurvey(client, projectId, {
        name: name("bad-choice"),
        type: "popover",
        questions: [{ type: "single_choice", question: "q", choices: ["a", " "] }],
      }),
  ],
  [
    "survey targeting that rolls out to everyone",
    () =>
      surveyModel.validate({ name: "x", type: "popover", targetingFlagFilters: { groups: [{ properties: [], rollout_percentage: 100 }] } }),
    () =>
      surveys.createSurvey(client, projectId, {
        name: name("bad-target"),
        type: "popover",
        targeting_flag_filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
      }),
  ],
  [
    "experiment variants without control",
    () =>
      experimentModel.validate({
        name: "x",
        featureFlagKey: "k",
        parameters: {
          feature_flag_variants: [
            { key: "a", rollout_percentage: 50 },
            { key: "b", rollout_percentage: 50 },
          ],
        },
      }),
    () =>
      experiments.createExperiment(client, projectId, {
        name: name("bad-variants"),
        feature_flag_key: key("bad-variants"),
        parameters: {
          feature_flag_variants: [
            { key: "a", rollout_percentage: 50 },
            { key: "b", rollout_percentage: 50 },
          ],
        },
      }),
  ],
  [
    "a hog input of the wrong type",
    () =>
      hogFunctionModel.validate({
        type: "transformation",
        hog: "return event",
        inputsSchema: [{ key: "n", type: "number" }],
        inputs: { n: { value: "2" } },
      }),
    () =>
      hogFunctions.createHogFunction(client, projectId, {
        type: "transformation",
        name: name("bad-input"),
        hog: "return event",
        inputs_schema: [{ key: "n", type: "number" }],
        inputs: { n: { value: "2" } },
      }),
  ],
  [
    "an exposure event without its properties",
    () => experimentModel.validate({ name: "x", featureFlagKey: "k", exposureCriteria: { exposure_config: { event: "$pageview" } } }),
    () =>
      experiments.createExperiment(client, projectId, {
        name: name("bad-exposure"),
        feature_flag_key: key("bad-exposure"),
        exposure_criteria: { exposure_config: { event: "$pageview" } },
      }),
  ],
  [
    "mappings on a transformation",
    () => hogFunctionModel.validate({ type: "transformation", hog: "return event", mappings: [{ name: "m" }] }),
    () =>
      hogFunctions.createHogFunction(client, projectId, {
        type: "transformation",
        name: name("bad-mappings"),
        hog: "return event",
        mappings: [{ name: "m" }],
      }),
  ],
  [
    "an execution order beyond 32767",
    () => hogFunctionModel.validate({ type: "transformation", hog: "return event", executionOrder: 32768 }),
    () =>
      hogFunctions.createHogFunction(client, projectId, {
        type: "transformation",
        name: name("bad-order"),
        hog: "return event",
        execution_order: 32768,
      }),
  ],
])("%s: refused by the provider before sending, and by PostHog", async (_what, ours, theirs) => {
  expect(ours().length).toBeGreaterThan(0);
  expect(await refused(theirs)).toBe(400);
});
