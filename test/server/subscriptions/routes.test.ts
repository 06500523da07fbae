/**
 * Subscriptions on the local server (src/server/subscriptions/, after ee/api/subscription.py), in both PostHog
 * versions it plays: the plan feature every request needs (402), the fields and checks each version has, the
 * schedule PostHog computes, soft delete.
 */
import { POSTHOG_VERSIONS } from "../../../src/server";
import { err, type Harness, projectHarness } from "../helpers";

describe.each(POSTHOG_VERSIONS)("PostHog %s", (postHogVersion) => {
  const current = postHogVersion === "current";
  let h: Harness;
  let base = "";
  let insight = 0;
  beforeAll(async () => {
    let projectId: number;
    ({ h, base, projectId } = await projectHarness("Subscriptions", "subscriptions", { postHogVersion }));
    insight = (await h.api("POST", `/api/projects/${projectId}/insights/`, { body: { name: "Sign-ups" } })).body.id;
  });
  afterAll(() => h.server.close());
  const weekly = () => ({
    insight,
    target_type: "email",
    target_value: "growth@example.com",
    frequency: "monthly",
    byweekday: ["monday"],
    bysetpos: 1,
    start_date: "2025-01-06T09:00:00Z",
  });

  test("created with PostHog's summary and next delivery (the first Monday of a month, at the start's time)", async () => {
    const made = await h.api("POST", base, { body: weekly() });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      ...weekly(),
      interval: 1,
      count: null,
      deleted: false,
      summary: "sent every month on the first Monday",
    });
    const next = new Date(made.body.next_delivery_date);
    expect([next.getUTCDay(), next.getUTCDate() <= 7, next.getUTCHours()]).toEqual([1, true, 9]);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect("enabled" in made.body).toBe(current);
  });

  test("every request, reads too, answers 402 where the plan lacks subscriptions", async () => {
    await h.control.patchOrganization(h.server.organizationId, { lackedFeatures: ["subscriptions"] });
    try {
      const refusal = err(
        "server_error",
        "payment_required",
        "This feature is part of the premium PostHog offering. Self-hosted licenses are no longer available for purchase. Please contact sales@posthog.com to discuss options.",
      );
      expect((await h.api("GET", base)).body).toEqual(refusal);
      const post = await h.api("POST", base, { body: weekly() });
      expect([post.status, post.body]).toEqual([402, refusal]);
    } finally {
      await h.control.patchOrganization(h.server.organizationId, { lackedFeatures: [] });
    }
  });

  test("one insight or one dashboard: today's check; 2025-08-04's holds for an empty body only", async () => {
    const { insight: _, ...neither } = weekly();
    const res = await h.api("POST", base, { body: neither });
    if (current)
      expect(res.body).toEqual(err("validation_error", "invalid_input", "Insight is required for insight subscriptions.", "insight"));
    else expect(res.status).toBe(201);
    expect((await h.api("POST", base, { body: {} })).status).toBe(400);
  });

  test("today's: Slack needs an integration, a webhook a public URL, a schedule that has not ended", async () => {
    if (!current) return;
    expect((await h.api("POST", base, { body: { ...weekly(), target_type: "slack" } })).body).toEqual(
      err("validation_error", "invalid_input", "A Slack integration is required for Slack subscriptions.", "integration_id"),
    );
    expect(
      (await h.api("POST", base, { body: { ...weekly(), target_type: "webhook", target_value: "http://127.0.0.1/hook" } })).body,
    ).toEqual(err("validation_error", "invalid_input", "Invalid webhook URL: Disallowed target IP", "target_value"));
    expect((await h.api("POST", base, { body: { ...weekly(), until_date: "2025-02-01T00:00:00Z" } })).body).toEqual(
      err(
        "validation_error",
        "invalid_input",
        "Subscription schedule has reached its end date. Extend until_date or remove count.",
        "start_date",
      ),
    );
  });

  test("deleted by PATCH (DELETE is 405); still answered by id, left out of the list", async () => {
    const { id } = (await h.api("POST", base, { body: weekly() })).body;
    expect((await h.api("DELETE", `${base}${id}/`)).status).toBe(405);
    expect((await h.api("PATCH", `${base}${id}/`, { body: { deleted: true } })).body.deleted).toBe(true);
    expect((await h.api("GET", `${base}${id}/`)).body.deleted).toBe(true);
    expect((await h.api("GET", base)).body.results.map((s: { id: number }) => s.id)).not.toContain(id);
    expect((await h.api("GET", `${base}?deleted=true`)).body.results.map((s: { id: number }) => s.id)).toContain(id);
  });
});
