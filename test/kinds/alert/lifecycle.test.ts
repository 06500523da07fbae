/**
 * posthog.Alert's lifecycle over loopback against the local server: today's PostHog (a key with `alert:write`):
 * create on a trends insight, no change after PostHog's expanded answer, drift as the live inputs, restore, deleted
 * by hand, DELETE, the lookups (import: the contract, test/kinds/contract.test.ts); PostHog 2025-08-04: its refusal of scoped personal
 * API keys said as what to do.
 */
import { Transport } from "../../../src/client-entry";
import * as alerts from "../../../src/kinds/alert/endpoints";
import * as insights from "../../../src/kinds/insight/endpoints";
import { getAlert, getCurrentUser, listAlerts } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { AlertLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Alerts", (connection) => new AlertLifecycle(connection));
const trends = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
const threshold = { configuration: { type: "absolute", bounds: { upper: 100 } } };

async function watched(version: "current" | "2025-08-04") {
  const { http, projectId } = setups[version]!;
  const insight = await insights.createInsight(http, projectId, { name: `Watched ${version}`, query: trends });
  const created = insight["created_by"] as { id: number };
  return { insightId: insight.id, userId: created.id };
}

test("today's PostHog: create, no change, drift as old => new, restore, deleted by hand, DELETE, lookups", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const { insightId, userId } = await watched("current");
  const inputs: Json = {
    projectId,
    insight: insightId,
    name: "Spike",
    subscribedUsers: [userId],
    threshold,
    calculationInterval: "hourly",
  };
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  const created = await provider.create(inputs);
  expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
  const outs = created.outs as Json;
  expect(outs).toMatchObject({ alertId: created.id, projectId, insight: insightId, state: "Not firing", subscribedUsers: [userId] });
  expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

  await alerts.updateAlert(http, projectId, created.id, {
    calculation_interval: "daily",
    threshold: { configuration: { type: "absolute", bounds: { upper: 5 } } },
  });
  const drifted = await provider.read(created.id, outs);
  expect(drifted.inputs).toMatchObject({ calculationInterval: "daily", threshold: { configuration: { bounds: { upper: 5 } } } });
  await server.clearRequests();
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect(restored.outs).toMatchObject({ calculationInterval: "hourly", threshold });
  expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["threshold", "calculation_interval"]]);

  useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
  expect(await getAlert({ projectId, alertId: created.id })).toMatchObject({
    insight: insightId,
    subscribedUsers: [userId],
    name: "Spike",
  });
  expect((await listAlerts({ projectId, insight: insightId })).map((a) => a.alertId)).toEqual([created.id]);
  // The program's own user id, for subscribedUsers: /api/users/@me/ (posthog/api/user.py).
  expect(await getCurrentUser()).toMatchObject({ id: userId, email: expect.stringContaining("@") });
  await expect(http.request({ method: "GET", path: "/api/users/1/", subject: "user 1" })).rejects.toThrow(
    "only allowed to access the `@me` user",
  );

  await alerts.deleteAlert(http, projectId, created.id);
  expect(await provider.read(created.id, restored.outs as Json)).toEqual({});
  const again = await provider.create(inputs);
  await provider.delete(again.id, again.outs as Json);
  await expect(alerts.getAlert(http, projectId, again.id)).rejects.toThrow();
  expect((await server.requests({ method: "DELETE" })).length).toBe(2);
});

test("PostHog 2025-08-04 refuses personal API keys with scopes on alerts, `*` too: the error says what to do", async () => {
  const { projectId, server } = setups["2025-08-04"]!;
  const { insightId, userId } = await watched("2025-08-04");
  // This version's UserSerializer has no numeric id.
  useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
  expect((await getCurrentUser()).id).toBeNull();
  const apiKey = await server.key({ scopes: ["*"] });
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 10 } });
  const provider = new AlertLifecycle({
    config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) },
    transport,
  });
  await expect(provider.create({ projectId, insight: insightId, subscribedUsers: [userId], threshold })).rejects.toThrow(
    /lets no personal API key with scopes manage alerts: create the alert in PostHog's interface and read it with `Alert.get`/,
  );
});
