/**
 * posthog.Survey's lifecycle over loopback against the local server, in both PostHog versions it plays: create with a
 * targeting flag, no change after PostHog's normalisations (question ids, the flag's form of the filters), drift as the
 * live inputs, restore, removing the targeting, deleted by hand, DELETE, a create whose answer is lost (import: the
 * contract, test/kinds/contract.test.ts).
 */
import * as featureFlags from "../../../src/kinds/feature-flag/endpoints";
import * as surveys from "../../../src/kinds/survey/endpoints";
import { getSurvey, listSurveys } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { SurveyLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Surveys", (connection) => new SurveyLifecycle(connection));

const questions = [
  { type: "rating", question: "How likely are you to recommend us?", display: "number", scale: 10 },
  { type: "single_choice", question: "Which plan?", choices: ["Free", "Pro"], branching: { type: "end" } },
];
const targeting = {
  groups: [{ properties: [{ key: "email", value: "@example.com", operator: "icontains", type: "person" }], rollout_percentage: 50 }],
};

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("create with a linked and a targeting flag, no change, drift as old => new, restore, untarget, deleted by hand, DELETE", async () => {
    const { provider, http, projectId, server } = setup();
    const flag = await featureFlags.createFeatureFlag(http, projectId, {
      key: `survey-flag-${version}`,
      filters: { groups: [{ rollout_percentage: 100 }] },
    });
    const inputs: Json = {
      projectId,
      name: `NPS ${version}`,
      type: "popover",
      questions,
      linkedFlagId: flag.id,
      targetingFlagFilters: targeting,
      startDate: "2025-01-02T03:04:05Z",
      responsesLimit: 100,
    };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(outs).toMatchObject({ surveyId: created.id, projectId, name: inputs["name"], type: "popover", linkedFlagId: flag.id });
    // PostHog gave each question an id and made a targeting flag.
    const live = await surveys.getSurvey(http, projectId, created.id);
    expect(live.questions?.every((q) => typeof q.id === "string")).toBe(true);
    expect(live.targeting_flag?.key).toMatch(/^survey-targeting-/);

    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    const read = await provider.read(created.id, outs);
    expect(read.inputs).toEqual(inputs);

    await surveys.updateSurvey(http, projectId, created.id, { responses_limit: 5, questions: [questions[0]] });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toMatchObject({ responsesLimit: 5, questions: [expect.objectContaining({ type: "rating" })] });
    expect((await provider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);

    await server.clearRequests();
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect(restored.outs).toMatchObject({ responsesLimit: 100 });
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["questions", "responses_limit"]]);

    const untargeted = await provider.update(created.id, restored.outs as Json, { ...inputs, targetingFlagFilters: null });
    expect((untargeted.outs as Json)["targetingFlagFilters"]).toBeNull();
    expect((await surveys.getSurvey(http, projectId, created.id)).targeting_flag).toBeNull();

    await surveys.deleteSurvey(http, projectId, created.id);
    expect(await provider.read(created.id, untargeted.outs as Json)).toEqual({});
    const again = await provider.create(inputs);
    expect(again.id).not.toBe(created.id);
    await server.clearRequests();
    await provider.delete(again.id, again.outs as Json);
    expect((await server.requests({ method: "DELETE" })).length).toBe(1);
    await expect(surveys.getSurvey(http, projectId, again.id)).rejects.toMatchObject({ isNotFound: true });
  });

  test("its schedule (and today's iframe embedding) kept as declared: no change after create, drift shown and restored; 2025-08-04 lacks embedding, named", async () => {
    const { provider, http, projectId } = setup();
    const inputs: Json = {
      projectId,
      name: `Scheduled ${version}`,
      type: "api",
      questions,
      schedule: "recurring",
      ...(version === "current" ? { enableIframeEmbedding: true } : {}),
    };
    const created = await provider.create(inputs);
    expect(await surveys.getSurvey(http, projectId, created.id)).toMatchObject({
      schedule: "recurring",
      ...(version === "current" ? { enable_iframe_embedding: true } : {}),
    });
    const outs = created.outs as Json;
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    await surveys.updateSurvey(http, projectId, created.id, { schedule: "always" });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, schedule: "always" });
    await provider.update(created.id, drifted.props as Json, inputs);
    expect((await surveys.getSurvey(http, projectId, created.id)).schedule).toBe("recurring");
    if (version !== "current")
      await expect(provider.create({ ...inputs, name: "Embedded", enableIframeEmbedding: true })).rejects.toThrow(
        /enableIframeEmbedding.*2025-08-04/s,
      );
  });

  test("its iterations: PostHog's start dates as outputs, no change after create; a count changed by hand clears the frequency, both restored together", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = {
      projectId,
      name: `Iterating ${version}`,
      type: "api",
      questions,
      startDate: "2025-01-02T03:04:05Z",
      iterationCount: 3,
      iterationFrequencyDays: 7,
    };
    expect((await provider.check({}, { ...inputs, iterationCount: 501 })).failures).toEqual([
      { property: "iterationCount", reason: expect.stringContaining("at most 500") },
    ]);
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({
      iterationStartDates: ["2025-01-02T03:04:05Z", "2025-01-09T03:04:05Z", "2025-01-16T03:04:05Z"],
      currentIteration: 1,
      currentIterationStartDate: "2025-01-02T03:04:05Z",
    });
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    // SurveySerializerCreateUpdateOnly.update: a count sent alone leaves no frequency.
    await surveys.updateSurvey(http, projectId, created.id, { iteration_count: 4 });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, iterationCount: 4, iterationFrequencyDays: null });
    expect(drifted.props).toMatchObject({ iterationStartDates: [], currentIteration: null });
    await server.clearRequests();
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["iteration_count", "iteration_frequency_days"]]);
    expect((restored.outs as Json)["iterationStartDates"]).toHaveLength(3);

    // A new count alone: the declared frequency goes with it, or PostHog would clear it.
    await server.clearRequests();
    await provider.update(created.id, restored.outs as Json, { ...inputs, iterationCount: 5 });
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["iteration_count", "iteration_frequency_days"]]);
    expect(await surveys.getSurvey(http, projectId, created.id)).toMatchObject({ iteration_count: 5, iteration_frequency_days: 7 });

    // Omitted: a draft without iterations answers none, and nothing to change.
    const plain = await provider.create({ projectId, name: `Plain ${version}`, type: "api" });
    expect(plain.outs).toMatchObject({ iterationStartDates: [], currentIteration: null, currentIterationStartDate: null });
    const plainInputs = { projectId, name: `Plain ${version}`, type: "api" };
    expect((await provider.diff(plain.id, plain.outs as Json, plainInputs)).changes).toBe(false);
    expect((await provider.read(plain.id, plain.outs as Json)).inputs).toEqual(plainInputs);
  });

  test("its response sampling: PostHog's daily limits as an output, no change after create; a new limit goes with its interval and start date; PostHog's 500s refused first", async () => {
    const { provider, http, projectId, server } = setup();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const inputs: Json = {
      projectId,
      name: `Sampled ${version}`,
      type: "api",
      responseSamplingStartDate: `${tomorrow}T00:00:00Z`,
      responseSamplingInterval: 1,
      responseSamplingIntervalType: "week",
      responseSamplingLimit: 70,
    };
    const { responseSamplingLimit: _, ...noLimit } = inputs;
    const { responseSamplingInterval: __, ...noInterval } = inputs;
    expect((await provider.check({}, noLimit)).failures).toEqual([
      {
        property: "responseSamplingStartDate",
        reason: expect.stringContaining("needs responseSamplingLimit"),
      },
    ]);
    expect((await provider.check({}, noInterval)).failures).toEqual([
      { property: "responseSamplingInterval", reason: expect.stringContaining("required with a responseSamplingLimit above 0") },
    ]);
    expect((await provider.check({}, { ...inputs, responseSamplingIntervalType: "" })).failures).toEqual([
      { property: "responseSamplingIntervalType", reason: expect.stringContaining("PostHog fails, 500, on a blank one") },
    ]);
    expect((await provider.check({}, { ...inputs, responseSamplingInterval: 0 })).failures).toEqual([
      { property: "responseSamplingInterval", reason: expect.stringContaining("must be greater than 0") },
    ]);
    // What the provider refuses, PostHog fails on (500) or refuses.
    await expect(
      surveys.createSurvey(http, projectId, {
        name: "no limit",
        type: "api",
        response_sampling_start_date: `${tomorrow}T00:00:00Z`,
        response_sampling_interval: 1,
      }),
    ).rejects.toMatchObject({ status: 500 });
    await expect(
      surveys.createSurvey(http, projectId, { name: "no interval", type: "api", response_sampling_limit: 5 }),
    ).rejects.toMatchObject({ status: 500 });

    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    const limits = JSON.parse(outs["responseSamplingDailyLimits"] as string) as Json[];
    expect(limits).toHaveLength(7);
    expect(limits[0]).toEqual({ date: `${tomorrow}T00:00:00+00:00`, daily_response_limit: 10, rollout_percentage: 14.29 });
    expect(limits[6]).toMatchObject({ daily_response_limit: 70, rollout_percentage: 100 });
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    await server.clearRequests();
    await provider.update(created.id, outs, { ...inputs, responseSamplingLimit: 7 });
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([
      ["response_sampling_limit", "response_sampling_start_date", "response_sampling_interval"],
    ]);
    const live = await surveys.getSurvey(http, projectId, created.id);
    expect(JSON.parse(live.response_sampling_daily_limits as string)[6]).toMatchObject({ daily_response_limit: 7 });

    // Omitted: PostHog's default interval type and no daily limits, nothing to change.
    const plain = await provider.create({ projectId, name: `Unsampled ${version}`, type: "api" });
    expect(plain.outs).toMatchObject({ responseSamplingDailyLimits: null });
    expect((await provider.diff(plain.id, plain.outs as Json, { projectId, name: `Unsampled ${version}`, type: "api" })).changes).toBe(
      false,
    );
  });

  test("its linked insight (today's): no change after create although only GET answers it, drift shown and restored; 2025-08-04 lacks it, named", async () => {
    const { provider, http, projectId } = setup();
    const inputs: Json = { projectId, name: `Linked insight ${version}`, type: "api", linkedInsightId: 1 };
    if (version !== "current") {
      await expect(provider.create(inputs)).rejects.toThrow(/linkedInsightId.*2025-08-04/s);
      return;
    }
    const created = await provider.create(inputs);
    expect((await surveys.getSurvey(http, projectId, created.id)).linked_insight_id).toBe(1);
    const outs = created.outs as Json;
    expect(outs["linkedInsightId"]).toBe(1);
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);
    await surveys.updateSurvey(http, projectId, created.id, { linked_insight_id: 2 });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, linkedInsightId: 2 });
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect((restored.outs as Json)["linkedInsightId"]).toBe(1);
    expect((await surveys.getSurvey(http, projectId, created.id)).linked_insight_id).toBe(1);
  });

  test("its translations (today's): PostHog's stored form compares equal after create, drift shown and restored; 2025-08-04 lacks them, named", async () => {
    const { provider, http, projectId } = setup();
    const translated = {
      type: "single_choice",
      question: "Which plan?",
      choices: ["Free", "Pro"],
      translations: { ES: { question: "¿Qué plan?", choices: ["Gratis", "Pro"] } },
    };
    const inputs: Json = {
      projectId,
      name: `Translated ${version}`,
      type: "api",
      baseLanguage: "en_GB",
      translations: { pt_BR: { name: "Pesquisa", title: "not a text PostHog keeps" }, es: { thankYouMessageHeader: "¡Gracias!" } },
      questions: [translated],
    };
    if (version !== "current") {
      await expect(provider.create(inputs)).rejects.toThrow(/(baseLanguage|translations).*2025-08-04/s);
      return;
    }
    const created = await provider.create(inputs);
    const live = await surveys.getSurvey(http, projectId, created.id);
    expect(live).toMatchObject({
      base_language: "en-gb",
      translations: { "pt-br": { name: "Pesquisa" }, es: { thankYouMessageHeader: "¡Gracias!" } },
    });
    expect(live.questions?.[0]).toMatchObject({ translations: { es: { question: "¿Qué plan?", choices: ["Gratis", "Pro"] } } });
    const outs = created.outs as Json;
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);
    await surveys.updateSurvey(http, projectId, created.id, { translations: { es: { name: "Otra" } } });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, translations: { es: { name: "Otra" } } });
    expect((await provider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);
    await provider.update(created.id, drifted.props as Json, inputs);
    expect((await surveys.getSurvey(http, projectId, created.id)).translations).toEqual(live.translations);
    // A translation in the base language is refused before anything is sent.
    const refused = await provider.check({}, { ...inputs, translations: { "en-gb": { name: "x" } } });
    expect(refused.failures?.[0]?.reason).toMatch(/"en-gb" matches the survey's base language \("en-gb"/);
  });

  test("a create whose answer is lost after PostHog committed is found by its name, not created twice", async () => {
    const { provider, server, http, projectId } = setup();
    await server.fault({ method: "POST", path: "/surveys/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, name: `lost-${version}`, type: "api", questions });
    const live = (await surveys.listSurveys(http, projectId)).filter((s) => s.name === `lost-${version}`).map((s) => s.id);
    expect(live).toEqual([created.id]);
  });

  test("a number is not a survey id; adoption of one differing; getSurvey by id or name, listSurveys", async () => {
    const { provider, http, projectId, server } = setup();
    const survey = await surveys.createSurvey(http, projectId, { name: `import-${version}`, type: "widget", questions });
    await expect(provider.read(`${projectId}/12`)).rejects.toThrow("<projectId>/<uuid>");
    // adoptId takes it over by its UUID: a GET and a PATCH of what differs.
    const adopted = await provider.create({ projectId, adoptId: survey.id, name: `import-${version}`, type: "widget", responsesLimit: 7 });
    expect(adopted.id).toBe(survey.id);
    expect((await surveys.getSurvey(http, projectId, survey.id)).responses_limit).toBe(7);

    useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
    expect(await getSurvey({ projectId, surveyId: survey.id })).toMatchObject({
      surveyId: survey.id,
      name: `import-${version}`,
      linkedFlagId: null,
    });
    expect(await getSurvey({ projectId, name: `import-${version}` })).toMatchObject({ surveyId: survey.id, type: "widget" });
    await expect(getSurvey({ projectId, name: "nothing" })).rejects.toThrow('has no survey with name "nothing"');
    expect((await listSurveys({ projectId, search: `import-${version}` })).map((s) => s.surveyId)).toEqual([survey.id]);
    expect(await listSurveys({ projectId, search: `import-${version}`, archived: true })).toEqual([]);
  });
});
