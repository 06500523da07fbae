/**
 * The LogsSamplingRule lifecycle over loopback against the local server: PostHog's rules (each field's, and what
 * `config` holds for each rule type, LogsSamplingRuleSerializer.validate) checked before anything is sent, naming the
 * field and the rule; a priority PostHog gives when none is declared, and its version counted up on each update;
 * drift by hand shown and put back; PostHog 2025-08-04, which has no sampling rules, said as such.
 */
import * as rules from "../../../src/kinds/logs-sampling-rule/endpoints";
import { LogsSamplingRuleLifecycle } from "../../../src/kinds/logs-sampling-rule/kind";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Logs sampling rules", (c) => new LogsSamplingRuleLifecycle(c));
const group = (values: unknown[]) => ({ type: "AND", values: [{ type: "AND", values }] });
const api = { key: "service.name", operator: "exact", value: "api", type: "log_resource_attribute" };

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, name: "r", ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  const rate = (config: Json) => failures({ ruleType: "rate_limit", config });
  expect(await failures({ ruleType: "drop_all", config: {} })).toEqual([
    expect.stringMatching(/^ruleType: ruleType must be one of severity_sampling, path_drop, rate_limit/),
  ]);
  expect(await failures({ ruleType: "severity_sampling" })).toEqual([expect.stringMatching(/^config: .*LogsSamplingRuleSerializer/)]);
  expect(await rate({})).toEqual([expect.stringMatching(/^config: config of a rate_limit rule needs logs_per_second or kb_per_second/)]);
  expect(await rate({ logs_per_second: 5, kb_per_second: 5 })).toEqual([expect.stringMatching(/^config: config sets both/)]);
  expect(await rate({ logs_per_second: 0 })).toEqual([
    expect.stringMatching(/^config: config\.logs_per_second must be an integer from 1 to 1000000/),
  ]);
  expect(await rate({ kb_per_second: 10, burst_kb: 5 })).toEqual([
    expect.stringMatching(/^config: config\.burst_kb must be an integer from kb_per_second \(10\)/),
  ]);
  expect(await rate({ logs_per_second: 10, filter_group: { type: "AND", values: [] } })).toEqual([
    expect.stringMatching(/^config: config\.filter_group has an empty group, which never matches/),
  ]);
  expect(await rate({ logs_per_second: 10, filter_group: [api] })).toEqual([
    expect.stringMatching(/^config: config\.filter_group must be a property group/),
  ]);
  expect(await failures({ ruleType: "path_drop", config: { patterns: ["^/health", 3] } })).toEqual([
    expect.stringMatching(/^config: config\.patterns must be a list of strings/),
  ]);
  expect(await failures({ ruleType: "path_drop", config: [] })).toEqual([
    expect.stringMatching(/^config: config of a path_drop rule must be an object/),
  ]);
  expect(await failures({ ruleType: "severity_sampling", config: {}, priority: -1, scopeService: " " })).toEqual([
    expect.stringMatching(/^priority: priority must be at least 0/),
    expect.stringMatching(/^scopeService: scopeService must not be blank/),
  ]);
  expect(await failures({ ruleType: "severity_sampling", config: {}, scopeAttributeFilters: [{ key: "http.route" }] })).toEqual([
    expect.stringMatching(/^scopeAttributeFilters: .*"Each filter must include key and op\."/),
  ]);
  expect(await rate({ logs_per_second: 10, burst_logs: 20, filter_group: group([api]) })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("PostHog's priority when none is declared, its version counted up on each update; drift put back", async () => {
  const { provider, http, projectId } = setups.current!;
  const inputs = { projectId, name: "Drop health checks", ruleType: "path_drop", enabled: false, config: { patterns: ["^/health"] } };
  const first = await provider.create(inputs);
  const second = await provider.create({ ...inputs, name: "Second" });
  expect(first.outs).toMatchObject({ version: 1 });
  expect((second.outs as Json)["priority"]).toBe(((first.outs as Json)["priority"] as number) + 1);
  expect((await provider.diff(first.id, first.outs as Json, inputs)).changes).toBe(false);

  await rules.updateLogsSamplingRule(http, projectId, first.id, { enabled: true });
  const drifted = await provider.read(first.id, first.outs as Json);
  expect(drifted.inputs).toMatchObject({ enabled: true });
  const restored = await provider.update(first.id, drifted.props as Json, inputs);
  expect(restored.outs).toMatchObject({ enabled: false, version: 3 });
  expect((await provider.diff(first.id, restored.outs as Json, inputs)).changes).toBe(false);
  await provider.delete(second.id, second.outs as Json);
  await expect(rules.getLogsSamplingRule(http, projectId, second.id)).rejects.toMatchObject({ isNotFound: true });
});

test("PostHog 2025-08-04 has no sampling rules: the create says so", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, name: "r", ruleType: "severity_sampling", config: {} })).rejects.toThrow(
    /This PostHog has no logs sampling rules \(PostHog 2025-08-04 and older serve none\)/,
  );
});
