/**
 * The LogsMetricRule lifecycle over loopback against the local server: PostHog's rules checked before anything is
 * sent, naming the field and the rule; drift by hand shown and put back (each PATCH adds to `version`); a new metric
 * name or value attribute replaces the rule, the old one deleted first; a create whose answer is lost found by its
 * metric name, not made twice; a metric name another rule emits refused naming that rule; one deleted by hand gone at
 * refresh and its delete done; PostHog 2025-08-04, which has no metric rules, said as such. (The example's create,
 * preview, import and delete: the contract suite.)
 */
import * as rules from "../../../src/kinds/logs-metric-rule/endpoints";
import { LogsMetricRuleLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Log metric rules", (c) => new LogsMetricRuleLifecycle(c));
const current = () => setups.current!;
const leaf = { key: "service.name", operator: "exact", value: "api", type: "log_attribute" };
const apiLogs = { type: "AND", values: [{ type: "AND", values: [leaf] }] };

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = current();
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, name: "Rule", metricName: "log.errors", ...inputs })).failures ?? []).map(
      (f) => `${f.property}: ${f.reason}`,
    );
  expect(await failures({ metricName: "1metric" })).toEqual([
    expect.stringMatching(/^metricName: .*start with a letter.*METRIC_NAME_PATTERN/),
  ]);
  expect(await failures({ metricName: "log errors" })).toEqual([expect.stringMatching(/^metricName: /)]);
  expect(await failures({ metricName: "m".repeat(201) })).toEqual([expect.stringMatching(/^metricName: .*at most 200/)]);
  expect(await failures({ name: "  " })).toEqual([expect.stringMatching(/^name: .*must not be blank/)]);
  expect(await failures({ groupBy: ["service_name", "body"] })).toEqual([
    expect.stringMatching(/^groupBy.*service_name, severity_text, event_name \(logs\) or service_name, name, status_code, kind \(spans\)/),
  ]);
  // Each source's own keys, and the span's duration for a spans rule alone.
  expect(await failures({ source: "logs", groupBy: ["status_code"] })).toEqual([
    expect.stringMatching(/^groupBy: groupBy "status_code" is not a key of a logs rule: use service_name, severity_text, event_name/),
  ]);
  expect(await failures({ source: "logs", valueAttribute: "duration_ms" })).toEqual([
    expect.stringMatching(/^valueAttribute: .*for a spans rule only/),
  ]);
  expect(await failures({ source: "spans", groupBy: ["name", "kind"], valueAttribute: "duration_ms" })).toEqual([]);
  expect(await failures({ source: "traces" })).toEqual([expect.stringMatching(/^source: .*"logs" or "spans"/)]);
  expect(await failures({ groupBy: ["attributes."] })).toEqual([expect.stringMatching(/^groupBy/)]);
  expect(await failures({ groupBy: [1, 2, 3, 4, 5, 6].map((i) => `attributes.k${i}`) })).toEqual([
    expect.stringMatching(/^groupBy: .*at most 5 keys \(MAX_METRIC_RULE_GROUP_BY_KEYS/),
  ]);
  expect(await failures({ valueAttribute: "duration" })).toEqual([
    expect.stringMatching(/^valueAttribute: .*prefixed with `attributes.` or `resource_attributes.`/),
  ]);
  expect(await failures({ filterGroup: { type: "AND", values: [] } })).toEqual([
    expect.stringMatching(/^filterGroup: .*at least one filter in every group/),
  ]);
  expect(await failures({ filterGroup: { type: "AND", values: [leaf] } })).toEqual([
    expect.stringMatching(/^filterGroup: .*not property filters directly \(PropertyGroupFilter/),
  ]);
  expect(await failures({ filterGroup: [apiLogs] })).toEqual([expect.stringMatching(/^filterGroup: .*property group/)]);
  let deep: Json = { type: "AND", values: [leaf] };
  for (let i = 0; i < 20; i++) deep = { type: "AND", values: [deep] };
  expect(await failures({ filterGroup: deep })).toEqual([expect.stringMatching(/^filterGroup: .*nested too deeply \(max depth 16/)]);
  const many = { type: "AND", values: [{ type: "AND", values: [{ ...leaf, value: Array.from({ length: 257 }, (_, i) => `s${i}`) }] }] };
  expect(await failures({ filterGroup: many })).toEqual([expect.stringMatching(/^filterGroup: .*too many filter values \(max 256/)]);
  expect(await failures({ metricName: undefined })).toEqual([expect.stringMatching(/^metricName: .*required/)]);
  // What PostHog takes.
  expect(await failures({ filterGroup: null, groupBy: ["attributes.http.status_code", "resource_attributes.k8s.pod"] })).toEqual([]);
  expect(await failures({ filterGroup: apiLogs, valueAttribute: "attributes.duration_ms", metricName: "Log.API_errors-2" })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("created, then drifted by hand: refresh shows the drift and up puts it back; each PATCH adds to version", async () => {
  const { provider, http, projectId } = current();
  const inputs = { projectId, name: "API errors", metricName: "log.api_errors", filterGroup: apiLogs, groupBy: ["severity_text"] };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({
    logsMetricRuleId: created.id,
    metricName: "log.api_errors",
    version: 1,
    source: "logs",
    valueAttribute: null,
  });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  await rules.updateLogsMetricRule(http, projectId, created.id, { group_by: ["service_name"], enabled: true });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, groupBy: ["service_name"] });
  expect(drifted.props).toMatchObject({ version: 2 });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect(await rules.getLogsMetricRule(http, projectId, created.id)).toMatchObject({ group_by: ["severity_text"], version: 3 });
  expect((await provider.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);
});

test("a new metric name, value attribute or source replaces the rule, the old one deleted first; other changes do not", async () => {
  const { provider, projectId } = current();
  const inputs = { projectId, name: "Latency", metricName: "log.latency", valueAttribute: "attributes.duration_ms" };
  const created = await provider.create(inputs);
  const olds = created.outs as Json;
  expect(await provider.diff(created.id, olds, { ...inputs, metricName: "log.latency2" })).toMatchObject({
    replaces: ["metricName"],
    deleteBeforeReplace: true,
  });
  expect(await provider.diff(created.id, olds, { ...inputs, valueAttribute: null })).toMatchObject({ replaces: ["valueAttribute"] });
  expect(await provider.diff(created.id, olds, { ...inputs, source: "spans" })).toMatchObject({ replaces: ["source"] });
  // The source PostHog gave it, declared: no new rule.
  expect(await provider.diff(created.id, olds, { ...inputs, source: "logs" })).toMatchObject({ replaces: [] });
  expect(await provider.diff(created.id, olds, { ...inputs, name: "Latency (ms)", enabled: true })).toMatchObject({
    changes: true,
    replaces: [],
  });
});

test("a create whose answer is lost after PostHog committed is found by its metric name, not made twice", async () => {
  const { provider, server, http, projectId } = current();
  await server.fault({ method: "POST", path: "/logs/metric_rules/?$", status: 502, afterCommit: true });
  const created = await provider.create({ projectId, name: "Lost one", metricName: "log.lost" });
  const live = (await rules.listLogsMetricRules(http, projectId)).filter((r) => r.metric_name === "log.lost").map((r) => r.id);
  expect(live).toEqual([created.id]);
});

test("a metric name another rule emits is refused by PostHog, and the error names that rule", async () => {
  const { provider, http, projectId } = current();
  const theirs = await rules.createLogsMetricRule(http, projectId, { name: "Theirs", metric_name: "log.theirs" });
  const taken = provider.create({ projectId, name: "Mine", metricName: "log.theirs" });
  await expect(taken).rejects.toThrow("A rule already emits this metric name in this project.");
  await expect(taken).rejects.toThrow(theirs.id);
});

test("one deleted by hand is gone at refresh, and deleting it again is done", async () => {
  const { provider, http, projectId } = current();
  const made = await provider.create({ projectId, name: "Short-lived", metricName: "log.short_lived" });
  await rules.deleteLogsMetricRule(http, projectId, made.id);
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});
  await expect(provider.delete(made.id, made.outs as Json)).resolves.toBeUndefined();
});

test("PostHog 2025-08-04 has no log metric rules: the create says so, and what to use", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, name: "Rule", metricName: "log.errors" })).rejects.toThrow(
    /This PostHog has no log metric rules \(PostHog 2025-08-04 and older serve none\).*`metrics:write`/,
  );
});
