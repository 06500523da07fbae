/**
 * posthog.HogFlow's lifecycle over loopback against the local server: today's PostHog (create, no change, an action's
 * drift shown and put back, its function inputs secret in messages and in the plugin's state, PostHog's
 * `{"secret": true}` no drift, PostHog's rules before anything is sent, a create whose answer is lost, DELETE) and
 * PostHog 2025-08-04, which refuses every personal API key here. (Its example's create, preview, drift, adoption,
 * import and delete: the contract, test/kinds/contract.test.ts.)
 */
import * as hogFlows from "../../../src/kinds/hog-flow/endpoints";
import { Transport } from "../../../src/client-entry";
import { HogFlowLifecycle } from "../../../src/provider";
import { hogFlowKind } from "../../../src/kinds/hog-flow/kind";
import { hogFlowFields } from "../../../src/kinds/hog-flow/fields";
import { secretInputPaths } from "../../../src/kinds/hog-flow/kind";
import { withRedactedFailures } from "../../../src/kit/redaction";
import { markSecret } from "../../../src/plugin/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Workflows", (connection) => new HogFlowLifecycle(connection));
const current = () => setups.current!;
const TOKEN = "tok_s3cr3t_hook_value";

const trigger = {
  id: "t",
  name: "Sign-up",
  type: "trigger",
  config: { type: "event", filters: { events: [{ id: "signed_up", type: "events" }] } },
};
const hook = (token = TOKEN) => ({
  id: "f",
  name: "Hook",
  type: "function",
  config: { template_id: "template-webhook", inputs: { url: { value: "https://example.com" }, token: { value: token } } },
});
const exit = { id: "x", name: "Exit", type: "exit", config: { reason: "done" } };
const flow = (projectId: number, extra: Json = {}): Json => ({
  projectId,
  name: "Welcome",
  status: "draft",
  actions: [trigger, hook(), exit],
  edges: [
    { from: "t", to: "f", type: "continue" },
    { from: "f", to: "x", type: "continue" },
  ],
  ...extra,
});

test("create, no change, an action's drift shown and put back with one PATCH, trigger derived, DELETE", async () => {
  const { provider, http, projectId, server } = current();
  const inputs = flow(projectId);
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  const created = await provider.create(inputs);
  const outs = created.outs as Json;
  expect(outs).toMatchObject({ hogFlowId: created.id, status: "draft", trigger: trigger.config });
  expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

  await hogFlows.updateHogFlow(http, projectId, created.id, { actions: [trigger, { ...hook(), name: "Renamed by hand" }, exit] });
  const drifted = await provider.read(created.id, outs);
  expect((drifted.inputs as Json)["actions"]).toEqual([trigger, { ...hook(), name: "Renamed by hand" }, exit]);
  await server.clearRequests();
  await provider.update(created.id, drifted.props as Json, inputs);
  // The trigger action's config goes along as `trigger` (PostHog 2025-08-04 requires it; today's derives the same).
  expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["actions", "trigger"]]);
  expect(((await hogFlows.getHogFlow(http, projectId, created.id)).actions as Json[])[1]).toMatchObject({ name: "Hook" });

  await provider.delete(created.id, outs);
  await expect(hogFlows.getHogFlow(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("PostHog's `{\"secret\": true}` in place of an input's value (a later PostHog's answer) is no drift; a changed value is", () => {
  const masked = [
    trigger,
    { ...hook(), config: { ...hook().config, inputs: { url: { value: "https://example.com" }, token: { secret: true } } } },
    exit,
  ];
  const equal = hogFlowFields.actions.equal;
  expect(equal([trigger, hook(), exit], masked)).toBe(true);
  expect(equal([trigger, hook(), exit], [trigger, { ...hook(), description: "", filters: null }, exit])).toBe(true);
  expect(equal([trigger, hook(), exit], [trigger, hook("another"), exit])).toBe(false);
});

test("every function input is a secret path: redacted from any message, marked secret by the plugin across the actions' list", async () => {
  const inputs = flow(1);
  const paths = secretInputPaths(inputs);
  expect(paths).toEqual([
    ["actions", "1", "config", "inputs", "url"],
    ["actions", "1", "config", "inputs", "token"],
  ]);
  const marked = paths.reduce((value, path) => markSecret(value, path), inputs);
  const token = (((marked["actions"] as Json[])[1]!["config"] as Json)["inputs"] as Json)["token"] as Json;
  expect(token).toEqual({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: { value: TOKEN } });
  // A failure quoting the token, as PostHog's template errors quote what they stumble on, leaves the provider without it.
  const failing = withRedactedFailures(
    {
      create: async () => {
        throw new Error(`Invalid template: '${TOKEN}'`);
      },
    },
    hogFlowKind.secretInputPaths,
  );
  await expect(failing.create(inputs)).rejects.toThrow("Invalid template: '[secret]'");
});

test("PostHog's rules before anything is sent: one trigger, an active flow's delays; PostHog's own for what needs its templates", async () => {
  const { provider, projectId, server } = current();
  expect((await provider.check({}, flow(projectId, { actions: [trigger, { ...trigger, id: "t2" }, exit] }))).failures).toEqual([
    { property: "actions", reason: expect.stringContaining('exactly one action must be the trigger (type "trigger"); there are 2') },
  ]);
  const delay = { id: "d", name: "Wait", type: "delay", config: { delay_duration: "90s" } };
  expect((await provider.check({}, flow(projectId, { status: "draft", actions: [trigger, delay, exit] }))).failures).toBeUndefined();
  expect((await provider.check({}, flow(projectId, { status: "active", actions: [trigger, delay, exit] }))).failures).toEqual([
    { property: "actions", reason: expect.stringContaining('actions[1].config.delay_duration must be a duration such as "30m"') },
  ]);
  // An active flow's function needs its template, which only PostHog can look up: its refusal comes back named.
  await server.clearRequests();
  await expect(provider.create(flow(projectId, { status: "active" }))).rejects.toThrow("Template not found");
});

test("a create whose answer is lost after PostHog committed is found by its name and maker, not created twice", async () => {
  const { provider, server, http, projectId } = current();
  await server.fault({ method: "POST", path: "/hog_flows/?$", status: 502, afterCommit: true });
  const created = await provider.create(flow(projectId, { name: "Lost" }));
  const live = (await hogFlows.listHogFlows(http, projectId)).filter((f) => f.name === "Lost").map((f) => f.id);
  expect(live).toEqual([created.id]);
});

test("PostHog 2025-08-04 refuses every personal API key with scopes here (INTERNAL): the error says so and names the hog_flow scope", async () => {
  const { server, projectId } = setups["2025-08-04"]!;
  const apiKey = await server.key({ scopes: ["*"] });
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 10 } });
  const provider = new HogFlowLifecycle({
    config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) },
    transport,
  });
  await expect(provider.create(flow(projectId))).rejects.toThrow(
    /does not support Personal API Key access.*a later PostHog serves them to personal API keys with the `hog_flow` scope/,
  );
});

test("the importer writes no input value of a function action: each is read from the stack's secrets", () => {
  const record = { id: "u", status: "draft", actions: [trigger, hook(), exit] } as never;
  expect(hogFlowKind.importer!.secrets!(record)).toEqual([
    { field: "actions", path: [1, "config", "inputs", "url", "value"], what: "the input url of action f" },
    { field: "actions", path: [1, "config", "inputs", "token", "value"], what: "the input token of action f" },
  ]);
});

test("triggerMasking and variables (today's PostHog): PostHog's rules before anything is sent, no churn from the bytecode, nulls and strings PostHog answers, drift shown and put back", async () => {
  const { provider, http, projectId, server } = current();
  const bad = async (extra: Json) =>
    ((await provider.check({}, flow(projectId, extra))).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  await server.clearRequests();
  expect(await bad({ triggerMasking: { hash: "{person.id}", ttl: 30 } })).toEqual([
    expect.stringMatching(/^triggerMasking: .*ttl must be at least 60 seconds \(HogFlowMaskingSerializer/),
  ]);
  expect(await bad({ triggerMasking: { ttl: 60 } })).toEqual([expect.stringContaining("hash is required (HogFlowMaskingSerializer")]);
  expect(await bad({ triggerMasking: { hash: "  " } })).toEqual([expect.stringContaining("hash may not be blank")]);
  expect(await bad({ variables: [{ key: "a" }, { key: "a" }] })).toEqual([expect.stringContaining('"Variable keys must be unique"')]);
  expect(await bad({ variables: [{}, {}] })).toEqual([expect.stringContaining('"Variable keys must be unique"')]);
  expect(await bad({ variables: [{ key: "on", default: true }] })).toEqual([expect.stringContaining("must be a string")]);
  expect(await bad({ variables: [{ key: "a", default: "x".repeat(5120 - 27) }] })).toEqual([]);
  expect(await bad({ variables: [{ key: "a", default: "é".repeat(1000) }] })).toEqual([expect.stringContaining("(these measure 6027)")]);
  expect(await server.requests({})).toEqual([]);

  const inputs = flow(projectId, {
    name: "Masked",
    triggerMasking: { hash: " {person.id} ", ttl: 3600 },
    variables: [{ key: "plan", type: "number", default: 5 }],
  });
  const created = await provider.create(inputs);
  const live = await hogFlows.getHogFlow(http, projectId, created.id);
  expect(live).toMatchObject({
    trigger_masking: { hash: "{person.id}", ttl: 3600, threshold: null, bytecode: expect.any(Array) },
    variables: [{ key: "plan", type: "number", default: "5" }],
  });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);

  await hogFlows.updateHogFlow(http, projectId, created.id, { trigger_masking: { hash: "{person.id}", ttl: 60, threshold: 3 } });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect((drifted.inputs as Json)["triggerMasking"]).toEqual({ hash: "{person.id}", ttl: 60, threshold: 3 });
  expect((await provider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);
  await server.clearRequests();
  await provider.update(created.id, drifted.props as Json, inputs);
  expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["trigger_masking"]]);
  expect((await hogFlows.getHogFlow(http, projectId, created.id)).trigger_masking).toMatchObject({ ttl: 3600, threshold: null });
});

test("PostHog 2025-08-04 takes triggerMasking read-only and has no variables: the error says so, and the next preview says it before sending anything", async () => {
  const { provider, projectId, server } = setups["2025-08-04"]!;
  const inputs = flow(projectId, { name: "Old masked", triggerMasking: { hash: "{person.id}" }, variables: [{ key: "plan" }] });
  const failure = await provider.create(inputs).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(String(failure)).toContain(
    'This PostHog has no HogFlow setting variables (it answered without it), so it cannot be applied. This PostHog version predates it (PostHog 2025-08-04 has no variables; see "PostHog versions" in the README). This PostHog takes the HogFlow setting triggerMasking read-only: it drops a written value unread, as PostHog 2025-08-04 does (see "PostHog versions" in the README), so it cannot be applied. Upgrade PostHog or remove variables, triggerMasking from the program.',
  );
  const { id, properties } = failure as { id: string; properties: Json };
  await server.clearRequests();
  await expect(provider.diff(id, properties, inputs)).rejects.toThrow(/takes the HogFlow setting triggerMasking read-only/);
  const read = await provider.read(id, properties);
  expect((read.props as Json)["unsupportedSettings"]).toEqual(["trigger_masking", "variables"]);
  expect(await server.requests({ method: "PATCH" })).toEqual([]);
  // Without them, the flow is PostHog 2025-08-04's as declared: its required `trigger` sent, the trigger action's config.
  const plain = flow(projectId, { name: "Old plain" });
  await server.clearRequests();
  const created = await provider.create(plain);
  expect((await server.requests({ method: "POST" })).map((r) => r.bodyKeys?.includes("trigger"))).toEqual([true]);
  expect((created.outs as Json)["trigger"]).toEqual(trigger.config);
  expect((await provider.diff(created.id, created.outs as Json, plain)).changes).toBe(false);
});
