/**
 * Scheduled changes on the local server (src/server/scheduled-changes/, after today's
 * products/feature_flags/backend/api/scheduled_change.py and PostHog 2025-08-04's posthog/api/scheduled_change.py):
 * ScheduledChangeSerializer's rules today, the INTERNAL viewset of 2025-08-04, and the control route that runs the due
 * schedules as posthog/tasks/process_scheduled_changes.py does.
 */
import { POSTHOG_VERSIONS } from "../../../src/server";
import { err, type Harness, projectHarness } from "../helpers";

const OFF = { operation: "update_status", value: false };

describe.each(POSTHOG_VERSIONS)("PostHog %s", (postHogVersion) => {
  let h: Harness;
  let base = "";
  let projectId = 0;
  beforeAll(async () => ({ h, base, projectId } = await projectHarness("Schedules", "scheduled_changes", { postHogVersion })));
  afterAll(() => h.server.close());

  const flag = async (active = true) =>
    (
      await h.api("POST", `/api/projects/${projectId}/feature_flags/`, {
        body: { key: `f-${Math.random().toString(36).slice(2)}`, active },
      })
    ).body.id as number;
  const schedule = (body: Record<string, unknown>) => h.api("POST", base, { body: { model_name: "FeatureFlag", payload: OFF, ...body } });
  const flagOf = async (id: number) => (await h.api("GET", `/api/projects/${projectId}/feature_flags/${id}/`)).body;

  test("a schedule of the project's flag; another project's flag is not found; a one-time schedule runs once, then refuses changes today", async () => {
    const id = await flag();
    expect((await schedule({ record_id: "999999", scheduled_at: "2030-01-01T00:00:00Z" })).body).toEqual(
      err("validation_error", "invalid_input", "Feature flag not found"),
    );
    const made = await schedule({ record_id: String(id), scheduled_at: "2020-01-01T00:00:00Z" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ record_id: String(id), executed_at: null, failure_reason: null });
    expect((await h.control.runScheduledChanges(projectId)).ran).toEqual([made.body.id]);
    expect((await flagOf(id)).active).toBe(false);
    expect((await h.control.runScheduledChanges(projectId)).ran).toEqual([]);
    const patched = await h.api("PATCH", `${base}${made.body.id}/`, { body: { payload: { operation: "update_status", value: true } } });
    if (postHogVersion === "current") {
      expect(patched.body).toEqual(err("validation_error", "invalid_input", "Cannot modify a scheduled change that has already executed."));
    } else {
      // No validate in 2025-08-04: the PATCH is taken, and the schedule never runs again.
      expect(patched.status).toBe(200);
      expect((await h.control.runScheduledChanges(projectId)).ran).toEqual([]);
    }
    expect((await h.api("DELETE", `${base}${made.body.id}/`)).status).toBe(204);
  });

  test("a payload the task cannot apply fails for good when it runs, with the reason answered", async () => {
    const id = await flag();
    const made = await schedule({
      record_id: String(id),
      scheduled_at: "2020-01-01T00:00:00Z",
      payload: { operation: "archive", value: 1 },
    });
    await h.control.runScheduledChanges(projectId);
    expect((await h.api("GET", `${base}${made.body.id}/`)).body).toMatchObject({
      executed_at: expect.any(String),
      failure_reason: "Unrecognized operation: archive (permanent error)",
    });
  });

  if (postHogVersion === "current") {
    test.each([
      [
        { is_recurring: true },
        "Either recurrence_interval or cron_expression is required when is_recurring is true.",
        "recurrence_interval",
      ],
      [
        { is_recurring: true, recurrence_interval: "daily", cron_expression: "0 9 * * *" },
        "Cannot set both cron_expression and recurrence_interval. Use one or the other.",
        "cron_expression",
      ],
      [
        { recurrence_interval: "daily" },
        "Cannot set recurrence_interval when is_recurring is false for new schedules.",
        "recurrence_interval",
      ],
      [
        { is_recurring: true, recurrence_interval: "daily", end_date: "2029-01-01T00:00:00Z" },
        "End date must be after the scheduled start date.",
        "end_date",
      ],
    ])("refuses %j", async (body, detail, attr) => {
      const id = await flag();
      expect((await schedule({ record_id: String(id), scheduled_at: "2030-01-01T00:00:00Z", ...body })).body).toEqual(
        err("validation_error", "invalid_input", detail, attr),
      );
    });

    test("a recurring schedule runs and moves to its next time after now (monthly from the 31st: clamped to February's last day, then kept); past its end date it is run out", async () => {
      const id = await flag();
      const monthly = await schedule({
        record_id: String(id),
        scheduled_at: "2020-01-31T09:00:00Z",
        is_recurring: true,
        recurrence_interval: "monthly",
      });
      expect(monthly.body.recurrence_interval).toBe("monthly");
      await h.control.runScheduledChanges(projectId);
      const ran = (await h.api("GET", `${base}${monthly.body.id}/`)).body;
      expect(ran).toMatchObject({ executed_at: null, last_executed_at: expect.any(String) });
      const next = new Date(ran.scheduled_at);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      expect(next.toISOString().slice(11)).toBe("09:00:00.000Z");
      // Each run a month after the last, as relativedelta adds it: the 31st became February 2020's 29th, then 2021's 28th.
      expect(next.getUTCDate()).toBe(28);

      const ending = await schedule({
        record_id: String(await flag()),
        scheduled_at: "2020-01-01T00:00:00Z",
        is_recurring: true,
        recurrence_interval: "yearly",
        end_date: "2021-01-01T00:00:00Z",
      });
      await h.control.runScheduledChanges(projectId);
      expect((await h.api("GET", `${base}${ending.body.id}/`)).body).toMatchObject({ executed_at: expect.any(String) });
    });
  } else {
    test("the viewset is INTERNAL: a key with scopes, `*` too, is refused; a key without scopes (a legacy one) is served", async () => {
      const { key } = await h.control.createKey({ scopes: ["*"] });
      expect((await h.api("GET", base, { key })).body).toEqual(
        err("authentication_error", "permission_denied", "This action does not support Personal API Key access"),
      );
      expect((await h.api("GET", base)).status).toBe(200);
    });
  }
});
