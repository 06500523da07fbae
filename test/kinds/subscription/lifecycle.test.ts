/**
 * posthog.Subscription's lifecycle over loopback against the local server, in both PostHog versions it plays:
 * PostHog's rules before anything is sent (what its model requires, one insight or one dashboard); create, no
 * change, drift, restore, soft delete; an organization whose plan lacks `subscriptions` refused with PostHog's reason
 * and what to do, nothing recorded; what each version has (today's `enabled`, Slack's integration); a webhook's URL
 * a secret, never in a failure; a create whose answer is lost. (Its example's create, preview, drift, adoption, import
 * and delete: the contract, test/kinds/contract.test.ts.)
 */
import * as insights from "../../../src/kinds/insight/endpoints";
import * as subscriptions from "../../../src/kinds/subscription/endpoints";
import { subscriptionKind } from "../../../src/kinds/subscription/kind";
import { withRedactedFailures } from "../../../src/kit/redaction";
import { SubscriptionLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Subscriptions", (connection) => ({
  lifecycle: new SubscriptionLifecycle(connection),
  // As the dynamic-provider host serves it (src/provider/host.ts): failures without the kind's secrets.
  hosted: withRedactedFailures(new SubscriptionLifecycle(connection), subscriptionKind.secretInputPaths),
}));

const HOOK = "https://zq.example.net/t/Xq7zK9vT4mW2";

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;
  let insight: number;
  beforeAll(async () => {
    const { http, projectId } = setup();
    insight = (
      await insights.createInsight(http, projectId, {
        name: "Sign-ups",
        query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "signed_up" }] } },
      })
    ).id;
  });
  const weekly = (): Json => ({
    projectId: setup().projectId,
    title: `Weekly ${version}`,
    insightId: insight,
    targetType: "email",
    targetValue: "growth@example.com",
    frequency: "weekly",
    byweekday: ["monday"],
    startDate: "2025-01-06T09:00:00Z",
  });

  test("PostHog's rules, before anything is sent: a target, a frequency, a start; one insight or one dashboard", async () => {
    const {
      provider: { lifecycle },
      projectId,
      server,
    } = setup();
    await server.clearRequests();
    const failures = async (inputs: Json) => (await lifecycle.check({}, { projectId, ...inputs })).failures ?? [];
    expect(await failures({ insightId: insight })).toEqual([
      { property: "targetType", reason: expect.stringContaining("targetType is required") },
      { property: "targetValue", reason: expect.stringContaining("targetValue is required") },
      { property: "frequency", reason: expect.stringContaining("frequency is required") },
      { property: "startDate", reason: expect.stringContaining("startDate is required") },
    ]);
    const { insightId: _, ...neither } = weekly();
    expect(await failures(neither)).toEqual([
      {
        property: "insightId",
        reason: expect.stringContaining("a subscription sends one insight or one dashboard: set insightId or dashboardId ("),
      },
    ]);
    expect(await failures({ ...weekly(), dashboardId: 7 })).toEqual([
      { property: "dashboardId", reason: expect.stringContaining("set insightId or dashboardId, not both") },
    ]);
    // PostHog's field names are not the program's inputs: the message says which is.
    expect(await failures({ ...weekly(), insight: 7 })).toEqual([
      { property: "insight", reason: expect.stringContaining("Did you mean `insightId`?") },
    ]);
    expect(await failures({ ...weekly(), byweekday: ["mon"], title: "x".repeat(101), startDate: null })).toEqual([
      { property: "title", reason: expect.stringContaining("at most 100 characters") },
      { property: "byweekday", reason: expect.stringContaining("must be weekdays: monday") },
      { property: "startDate", reason: expect.stringContaining("startDate may not be null") },
    ]);
    expect(await failures({ ...weekly(), targetType: "sms", targetValue: "" })).toEqual([
      { property: "targetType", reason: expect.stringContaining('must be "email", "slack" or "webhook"') },
      { property: "targetValue", reason: expect.stringContaining("may not be blank") },
    ]);
    expect(await failures(weekly())).toEqual([]);
    expect(await server.requests()).toEqual([]);
  });

  test("create, no change, drift as the live inputs, restore, deleted by hand, soft delete", async () => {
    const {
      provider: { lifecycle },
      http,
      projectId,
      server,
    } = setup();
    const inputs = weekly();
    const created = await lifecycle.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ subscriptionId: Number(created.id), projectId, title: inputs["title"], summary: "sent every week" });
    expect(outs["nextDeliveryDate"]).toMatch(/T09:00:00Z$/);
    expect(new Date(String(outs["nextDeliveryDate"])).getUTCDay()).toBe(1);
    expect((await lifecycle.diff(created.id, outs, inputs)).changes).toBe(false);
    // PostHog answers the start in its own form: the same instant is no drift.
    expect((await lifecycle.diff(created.id, outs, { ...inputs, startDate: "2025-01-06T10:00:00+01:00" })).changes).toBe(false);

    await subscriptions.updateSubscription(http, projectId, Number(created.id), { target_value: "ceo@example.com", interval: 2 });
    const drifted = await lifecycle.read(`${projectId}/${created.id}`, outs);
    expect(drifted.inputs).toEqual({ ...inputs, targetValue: "ceo@example.com" });
    expect((await lifecycle.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);
    const restored = await lifecycle.update(created.id, drifted.props as Json, inputs);
    expect(restored.outs).toMatchObject({ targetValue: "growth@example.com" });

    await subscriptions.deleteSubscription(http, projectId, Number(created.id));
    expect(await lifecycle.read(created.id, restored.outs as Json)).toEqual({});
    const again = await lifecycle.create(inputs);
    await lifecycle.delete(again.id, again.outs as Json);
    expect((await subscriptions.getSubscription(http, projectId, Number(again.id))).deleted).toBe(true);
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });

  test("an organization whose plan lacks subscriptions: PostHog's 402 with what to do; nothing created, nothing recorded", async () => {
    const {
      provider: { lifecycle },
      http,
      projectId,
      server,
    } = setup();
    const kept = await lifecycle.create(weekly());
    await server.control.patchOrganization(server.organizationId, { lackedFeatures: ["subscriptions"] });
    try {
      const refusal =
        /402.*premium PostHog offering.*`subscriptions` feature \(AvailableFeature\.SUBSCRIPTIONS.*or remove the subscription from the program/s;
      await expect(lifecycle.create({ ...weekly(), title: "Refused" })).rejects.toThrow(refusal);
      // Reads too: a refresh says the same, and leaves the state as it was.
      await expect(lifecycle.read(kept.id, kept.outs as Json)).rejects.toThrow(refusal);
      await expect(lifecycle.delete(kept.id, kept.outs as Json)).rejects.toThrow(refusal);
    } finally {
      await server.control.patchOrganization(server.organizationId, { lackedFeatures: [] });
    }
    expect((await subscriptions.listSubscriptions(http, projectId)).filter((s) => s.title === "Refused")).toEqual([]);
    await lifecycle.delete(kept.id, kept.outs as Json);
  });

  test("what each version has: today's `enabled` and Slack's integration", async () => {
    const {
      provider: { lifecycle },
    } = setup();
    const slack = lifecycle.create({ ...weekly(), targetType: "slack", targetValue: "C0123|#growth" });
    const paused = lifecycle.create({ ...weekly(), title: `Paused ${version}`, enabled: false });
    if (version === "current") {
      await expect(slack).rejects.toThrow(/A Slack integration is required for Slack subscriptions/);
      const made = await paused;
      expect(made.outs).toMatchObject({ enabled: false });
      await lifecycle.delete(made.id, made.outs as Json);
    } else {
      const made = await slack;
      await lifecycle.delete(made.id, made.outs as Json);
      await expect(paused).rejects.toThrow(/has no Subscription setting enabled.*PostHog 2025-08-04 has no enabled/s);
    }
  });

  test("a webhook's URL is a secret: marked so among the inputs, never in a failure", async () => {
    const {
      provider: { hosted },
      projectId,
      server,
    } = setup();
    const inputs = { ...weekly(), targetType: "webhook", targetValue: HOOK };
    expect(subscriptionKind.secretInputPaths!(inputs)).toEqual([["targetValue"]]);
    expect(subscriptionKind.secretInputPaths!(weekly())).toEqual([]);
    await server.fault({
      method: "POST",
      path: "/subscriptions/?$",
      status: 400,
      body: { type: "validation_error", code: "invalid_input", detail: `Invalid webhook URL: ${HOOK}`, attr: "target_value" },
    });
    const failure = hosted.create!({ ...inputs, projectId });
    await expect(failure).rejects.toThrow(/Invalid webhook URL/);
    await expect(failure).rejects.not.toThrow(/Xq7zK9vT4mW2/);
  });

  test("a create whose answer is lost after PostHog committed is found among its insight's subscriptions, not made twice", async () => {
    const {
      provider: { lifecycle },
      server,
      http,
      projectId,
    } = setup();
    const title = `lost-${version}`;
    // One of that title with another target, made earlier, is not taken for it.
    await subscriptions.createSubscription(http, projectId, {
      title,
      insight,
      target_type: "email",
      target_value: "other@example.com",
      frequency: "daily",
      start_date: "2025-01-06T09:00:00Z",
    });
    await server.fault({ method: "POST", path: "/subscriptions/?$", status: 502, afterCommit: true });
    const created = await lifecycle.create({ ...weekly(), title });
    const titled = (await subscriptions.listSubscriptions(http, projectId, { insight: String(insight) })).filter((s) => s.title === title);
    expect(titled).toHaveLength(2);
    expect(titled.filter((s) => String(s.id) === created.id)).toHaveLength(1);
  });
});
