/**
 * The LogsAlert lifecycle over loopback against the local server: PostHog's rules (each field's and the serializer's
 * across fields) checked before anything is sent, naming the field and the rule; drift by hand shown and put back; a
 * blank name as PostHog stores it; one deleted by hand gone at refresh; adoption; PostHog 2025-08-04, which has no
 * log alerts, said as such. (The example's create, preview, import and delete: the contract suite.)
 */
import * as alerts from "../../../src/kinds/logs-alert/endpoints";
import { LogsAlertLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Log alerts", (c) => new LogsAlertLifecycle(c));
const errors = { severityLevels: ["error"] };

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({ filters: errors, windowMinutes: 7 })).toEqual([
    expect.stringMatching(/^windowMinutes: .*must be one of 5, 10, 15, 30, 60 \(ALLOWED_WINDOW_MINUTES, LogsAlertConfigurationSerializer/),
  ]);
  expect(await failures({ filters: errors, evaluationPeriods: 2, datapointsToAlarm: 3 })).toEqual([
    expect.stringMatching(
      /^datapointsToAlarm: datapointsToAlarm \(3\) must not exceed evaluationPeriods \(2\) \("Cannot exceed evaluation_periods"/,
    ),
  ]);
  expect(await failures({ filters: {} })).toEqual([
    expect.stringMatching(/^filters: .*at least one of severityLevels, serviceNames or filterGroup/),
  ]);
  expect(await failures({})).toEqual([expect.stringMatching(/^filters: .*"At least one filter is required"/)]);
  expect(await failures({ filters: { severityLevels: ["warning"] } })).toEqual([
    expect.stringMatching(/^filters: .*trace, debug, info, warn, error, fatal \(LogSeverityLevel/),
  ]);
  expect(await failures({ filters: { levels: ["error"] } })).toEqual([expect.stringMatching(/^filters: .*no other keys/)]);
  expect(await failures({ filters: errors, thresholdCount: -1, evaluationPeriods: 11 })).toEqual([
    expect.stringMatching(/^thresholdCount: .*at least 0/),
    expect.stringMatching(/^evaluationPeriods: .*at most 10/),
  ]);
  expect(await failures({ filters: errors, scheduleRestriction: { blocked_windows: [{ start: "22:00", end: "22:10" }] } })).toEqual([
    expect.stringMatching(/^scheduleRestriction: .*at least 30 minutes.*Invalid schedule restriction/),
  ]);
  // A draft: disabled, without filters, as PostHog allows.
  expect(await failures({ enabled: false })).toEqual([]);
  expect(await failures({ filters: errors, windowMinutes: 60, evaluationPeriods: 3, datapointsToAlarm: 2 })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("a name with spaces around it is the name PostHog trims it to (a CharField): made without a failure, then no change", async () => {
  const { provider, projectId } = setups.current!;
  const inputs = { projectId, name: "  Checkout errors  ", filters: errors };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ name: "Checkout errors" });
  expect(await provider.diff(created.id, created.outs as Json, inputs)).toMatchObject({ changes: false });
});

test("created, then drifted by hand: refresh shows the drift and up puts back only what drifted; a blank name is PostHog's 'Untitled alert'", async () => {
  const { provider, http, projectId } = setups.current!;
  const inputs = { projectId, name: "", filters: { serviceNames: ["checkout"] }, thresholdCount: 0, windowMinutes: 15 };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ logsAlertId: created.id, name: "Untitled alert", state: "not_firing", thresholdCount: 0 });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  await alerts.updateLogsAlert(http, projectId, created.id, { threshold_count: 7, window_minutes: 60 });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, thresholdCount: 7, windowMinutes: 60 });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect(await alerts.getLogsAlert(http, projectId, created.id)).toMatchObject({ threshold_count: 0, window_minutes: 15 });
  expect((await provider.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);

  await provider.delete(created.id, restored.outs as Json);
  await expect(alerts.getLogsAlert(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("one deleted by hand is gone at refresh; one made by hand is adopted, only what differs written", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const made = await provider.create({ projectId, filters: errors });
  await alerts.deleteLogsAlert(http, projectId, made.id);
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});

  const byHand = await alerts.createLogsAlert(http, projectId, { name: "By hand", filters: errors, cooldown_minutes: 5 });
  await server.clearRequests();
  const adopted = await provider.create({ projectId, adoptId: byHand.id, name: "By hand", filters: errors, cooldownMinutes: 30 });
  expect(adopted.id).toBe(byHand.id);
  const writes = (await server.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["cooldown_minutes"]]]);
  expect((await alerts.getLogsAlert(http, projectId, byHand.id)).cooldown_minutes).toBe(30);
});

test("PostHog 2025-08-04 has no log alerts: the create says so, and what to use", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, filters: errors })).rejects.toThrow(
    /This PostHog has no log alerts \(PostHog 2025-08-04 and older serve none\)/,
  );
});
