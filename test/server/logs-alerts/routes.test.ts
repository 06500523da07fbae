/**
 * Log alerts on the local server (src/server/logs-alerts/, after today's LogsAlertViewSet): PostHog's defaults, its
 * serializer's rules in its words, at most 20 a project, destinations made as a group of hog functions and answered
 * by the retrieve with their secrets reduced, a group deleted whole or not at all; PostHog 2025-08-04 has none (404).
 */
import { err, harness, type Harness } from "../helpers";

const V = "validation_error";
const errors = { severityLevels: ["error"] };

describe("today's PostHog", () => {
  let h: Harness;
  let base = "";
  beforeAll(async () => {
    h = await harness();
    base = `/api/projects/${(await h.createProject({ name: "Logs" })).id}/logs/alerts`;
  });
  afterAll(() => h.server.close());

  test("a log alert: PostHog's defaults, a blank name 'Untitled alert', listed without destinations, updated, deleted for good", async () => {
    const made = await h.api("POST", `${base}/`, { body: { name: " ", filters: errors } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Untitled alert",
      enabled: true,
      threshold_count: 100,
      threshold_operator: "above",
      window_minutes: 5,
      evaluation_periods: 1,
      datapoints_to_alarm: 1,
      cooldown_minutes: 0,
      schedule_restriction: null,
      state: "not_firing",
      destination_types: [],
      destinations: [],
      first_enabled_at: expect.any(String),
    });
    const listed = (await h.api("GET", `${base}/`)).body.results.find((a: { id: string }) => a.id === made.body.id);
    expect(Object.hasOwn(listed, "destinations")).toBe(false);
    const item = `${base}/${made.body.id}/`;
    const patched = await h.api("PATCH", item, {
      body: { window_minutes: 60, schedule_restriction: { blocked_windows: [{ start: "23:00", end: "07:00" }] } },
    });
    expect(patched.body).toMatchObject({
      window_minutes: 60,
      schedule_restriction: { blocked_windows: [{ start: "23:00", end: "07:00" }] },
    });
    expect((await h.api("DELETE", item)).status).toBe(204);
    expect((await h.api("GET", item)).status).toBe(404);
    // The environments' route serves the same alerts.
    expect((await h.api("GET", `${base.replace("/projects/", "/environments/")}/`)).status).toBe(200);
  });

  test("the serializer's rules, in its words", async () => {
    const post = async (body: Record<string, unknown>) => (await h.api("POST", `${base}/`, { body })).body;
    expect(await post({ filters: errors, window_minutes: 7 })).toEqual(
      err(V, "invalid_input", "Must be one of [5, 10, 15, 30, 60].", "window_minutes"),
    );
    expect(await post({ filters: errors, evaluation_periods: 2, datapoints_to_alarm: 3 })).toEqual(
      err(V, "invalid_input", "Cannot exceed evaluation_periods (3 > 2).", "datapoints_to_alarm"),
    );
    expect(await post({})).toEqual(
      err(V, "invalid_input", "At least one filter is required (severityLevels, serviceNames, or filterGroup).", "filters"),
    );
    expect(await post({ filters: { levels: ["error"] } })).toEqual(
      err(V, "invalid_input", "Invalid filters shape at `levels`: Extra inputs are not permitted", "filters"),
    );
    expect(await post({ filters: errors, threshold_count: -1 })).toEqual(
      err(V, "min_value", "Ensure this value is greater than or equal to 0.", "threshold_count"),
    );
    expect(await post({ filters: errors, snooze_until: "2020-01-01T00:00:00Z" })).toEqual(
      err(V, "invalid_input", "Must be a future datetime.", "snooze_until"),
    );
    // A draft: disabled, without filters.
    expect((await h.api("POST", `${base}/`, { body: { enabled: false } })).status).toBe(201);
  });

  test("destinations: a group of four hog functions, answered with the URL's scheme and host only; deleted whole or refused", async () => {
    const alert = (await h.api("POST", `${base}/`, { body: { filters: errors } })).body.id;
    const destinations = `${base}/${alert}/destinations/`;
    expect((await h.api("POST", destinations, { body: { type: "webhook" } })).body).toEqual(
      err(V, "invalid_input", "webhook_url is required for webhook destinations.", "webhook_url"),
    );
    expect((await h.api("POST", destinations, { body: { type: "slack" } })).body).toEqual(
      err(V, "invalid_input", "slack destinations require slack_workspace_id and slack_channel_id.", null),
    );
    expect((await h.api("POST", destinations, { body: { type: "slack", slack_workspace_id: 3, slack_channel_id: "  " } })).body).toEqual(
      err(V, "blank", "This field may not be blank.", "slack_channel_id"),
    );
    expect((await h.api("POST", destinations, { body: { type: "webhook", webhook_url: "gopher://hooks.example.com/x" } })).body).toEqual(
      err(V, "invalid_input", "Enter a valid URL.", "webhook_url"),
    );
    const made = await h.api("POST", destinations, { body: { type: "webhook", webhook_url: "https://hooks.example.com/T1/secret" } });
    expect(made.status).toBe(201);
    expect(made.body.hog_function_ids).toHaveLength(4);
    const read = (await h.api("GET", `${base}/${alert}/`)).body;
    expect(read.destinations).toEqual([
      { hog_function_ids: made.body.hog_function_ids, type: "webhook", enabled: true, webhook_url: "https://hooks.example.com" },
    ]);
    expect(read.destination_types).toEqual(["webhook"]);
    expect(JSON.stringify(read)).not.toContain("secret");

    const other = (await h.api("POST", `${base}/`, { body: { filters: errors } })).body.id;
    const refused = await h.api("POST", `${base}/${other}/destinations/delete/`, {
      body: { hog_function_ids: made.body.hog_function_ids },
    });
    expect(refused.body).toEqual(err(V, "invalid_input", "One or more HogFunctions do not belong to this alert.", null));
    expect((await h.api("POST", `${destinations}delete/`, { body: { hog_function_ids: made.body.hog_function_ids } })).status).toBe(204);
    expect((await h.api("GET", `${base}/${alert}/`)).body.destinations).toEqual([]);
  });

  test("at most 20 log alerts a project", async () => {
    const project = `/api/projects/${(await h.createProject({ name: "Many" })).id}/logs/alerts/`;
    for (let i = 0; i < 20; i++) expect((await h.api("POST", project, { body: { filters: errors } })).status).toBe(201);
    expect((await h.api("POST", project, { body: { filters: errors } })).body).toEqual(
      err(V, "invalid_input", "Maximum number of alerts (20) reached for this team.", null),
    );
  });
});

test("PostHog 2025-08-04 has no log alerts: 404", async () => {
  const h = await harness({ postHogVersion: "2025-08-04" });
  try {
    const id = (await h.createProject({ name: "Old" })).id;
    expect((await h.api("GET", `/api/projects/${id}/logs/alerts/`)).status).toBe(404);
    expect((await h.api("POST", `/api/projects/${id}/logs/alerts/`, { body: { filters: errors } })).status).toBe(404);
  } finally {
    await h.server.close();
  }
});
