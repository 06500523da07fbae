/**
 * The LlmEvaluation lifecycle over loopback against the local server: PostHog's rules (each field's and those across
 * fields) checked before anything is sent, naming the field and the rule; what PostHog writes itself (compiled
 * conditions, config defaults, the status) no change; drift by hand shown and put back; soft deletion, and one
 * deleted by hand gone at refresh; a provider key named by id, refused by PostHog when the project has none; PostHog
 * 2025-08-04, which has no evaluations, said as such. (The example's create, preview, import and delete: the contract
 * suite.)
 */
import * as evaluations from "../../../src/kinds/llm-evaluation/endpoints";
import { LlmEvaluationLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("LLM evaluations", (c) => new LlmEvaluationLifecycle(c));
const judge = {
  name: "Answers the question",
  evaluationType: "llm_judge",
  outputType: "boolean",
  evaluationConfig: { prompt: "Pass if the answer addresses the question." },
};

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, ...judge, ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({ outputType: "sentiment" })).toEqual([
    expect.stringMatching(
      /^outputType: a llm_judge evaluation's outputType is "boolean" \("Unsupported combination: llm_judge \+ sentiment"/,
    ),
  ]);
  expect(await failures({ evaluationConfig: { prompt: "   " } })).toEqual([
    expect.stringMatching(
      /^evaluationConfig: an llm_judge evaluation needs a prompt that is not blank \("Prompt cannot be empty", LLMJudgeConfig\)/,
    ),
  ]);
  expect(await failures({ evaluationConfig: { prompt: "x", model: "gpt" } })).toEqual([
    expect.stringMatching(/^evaluationConfig: .*no other keys/),
  ]);
  expect(
    await failures({
      evaluationType: "hog",
      evaluationConfig: { source: "return true" },
      modelConfiguration: { provider: "openai", model: "gpt-4o" },
    }),
  ).toEqual([
    expect.stringMatching(
      /^modelConfiguration: only an llm_judge evaluation takes a model configuration \("This evaluation type does not use model configuration\."/,
    ),
  ]);
  expect(await failures({ targetConfig: { window_seconds: 60 } })).toEqual([
    expect.stringMatching(/^targetConfig: targetConfig is for a "trace" target only/),
  ]);
  expect(await failures({ target: "trace", targetConfig: { window_seconds: 5 } })).toEqual([
    expect.stringMatching(/^targetConfig: .*from 10 to 7200 \(TraceTargetConfig/),
  ]);
  expect(
    await failures({ evaluationType: "sentiment", outputType: "sentiment", evaluationConfig: {}, outputConfig: { allows_na: true } }),
  ).toEqual([expect.stringMatching(/^outputConfig: a sentiment output takes no settings/)]);
  expect(await failures({ modelConfiguration: { provider: "mistral", model: "large" } })).toEqual([
    expect.stringMatching(/^modelConfiguration: .*openai, anthropic, gemini/),
  ]);
  expect(await failures({ conditions: [{ id: "x".repeat(101) }] })).toEqual([
    expect.stringMatching(/^conditions: .*at most 100 characters/),
  ]);
  expect(await failures({ name: "  " })).toEqual([expect.stringMatching(/^name: name must not be blank/)]);
  expect(await failures({ evaluationType: undefined })).toEqual([expect.stringMatching(/^evaluationType: /)]);
  // What PostHog takes: a trace target with its window, sentiment with nothing, a judge pinned to a provider key.
  expect(await failures({ target: "trace", targetConfig: { window_seconds: 600 } })).toEqual([]);
  expect(await failures({ evaluationType: "sentiment", outputType: "sentiment", evaluationConfig: undefined })).toEqual([]);
  expect(
    await failures({
      modelConfiguration: { provider: "anthropic", model: "claude-3-5-haiku", provider_key_id: "0191a7a4-2a65-7c40-9a1e-6b6a4f1b2c3d" },
    }),
  ).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("created with what PostHog writes itself no change; drifted by hand, shown and put back; deleted by marking it", async () => {
  const { provider, http, projectId } = setups.current!;
  const inputs = {
    projectId,
    ...judge,
    evaluationConfig: { prompt: "  Pass if the answer addresses the question.  " },
    enabled: true,
    conditions: [{ id: "all", rollout_percentage: 50, properties: [] }],
    modelConfiguration: { provider: "openai", model: "gpt-4o-mini" },
  };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ llmEvaluationId: created.id, status: "active", statusReason: null, name: judge.name });
  const live = await evaluations.getLlmEvaluation(http, projectId, created.id);
  // PostHog strips the prompt, defaults allows_na and compiles each condition set.
  expect(live).toMatchObject({ evaluation_config: { prompt: judge.evaluationConfig.prompt }, output_config: { allows_na: false } });
  expect(live.conditions).toEqual([expect.objectContaining({ id: "all", bytecode: expect.anything() })]);
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  await evaluations.updateLlmEvaluation(http, projectId, created.id, { enabled: false, evaluation_config: { prompt: "Anything goes" } });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toMatchObject({ enabled: false, evaluationConfig: { prompt: "Anything goes" } });
  expect(drifted.props).toMatchObject({ status: "paused" });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect(await evaluations.getLlmEvaluation(http, projectId, created.id)).toMatchObject({
    enabled: true,
    status: "active",
    evaluation_config: { prompt: judge.evaluationConfig.prompt },
  });
  expect((await provider.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);

  await provider.delete(created.id, restored.outs as Json);
  await expect(evaluations.getLlmEvaluation(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
  // Deleting what is deleted already is done.
  await provider.delete(created.id, restored.outs as Json);
});

test("one deleted by hand is gone at refresh; a provider key the project lacks is PostHog's refusal, named", async () => {
  const { provider, http, projectId } = setups.current!;
  const made = await provider.create({ projectId, ...judge });
  await evaluations.deleteLlmEvaluation(http, projectId, made.id);
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});

  const keyId = "0191a7a4-2a65-7c40-9a1e-6b6a4f1b2c3d";
  await expect(
    provider.create({ projectId, ...judge, modelConfiguration: { provider: "openai", model: "gpt-4o-mini", provider_key_id: keyId } }),
  ).rejects.toThrow(/Provider key not found/);
});

test("PostHog 2025-08-04 has no evaluations: the create says so, and what to use", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, ...judge })).rejects.toThrow(
    /This PostHog has no LLM evaluations \(PostHog 2025-08-04 and older serve none\)/,
  );
});
