/**
 * Today's error tracking settings, spike detection configuration, severity and bypass rules on the local server
 * (src/server/error-tracking-settings/ and src/server/error-tracking-rules/, after PostHog's viewsets in
 * products/error_tracking/backend/presentation/views/): one settings object and one configuration per project, made
 * by the first read with the model's defaults and PATCHed partially; a severity rule's severity and the list answered
 * whole; a bypass rule's property filter; and PostHog 2025-08-04, which routes none of them.
 */
import { err, harness, type Harness } from "../helpers";

const group = (key: string) => ({
  type: "AND",
  values: [{ type: "AND", values: [{ key, type: "event", value: "x", operator: "icontains" }] }],
});
const V = "validation_error";

describe("today's PostHog", () => {
  let h: Harness;
  let env = "";
  beforeAll(async () => {
    h = await harness();
    env = `/api/environments/${(await h.createProject({ name: "Settings" })).id}/error_tracking`;
  });
  afterAll(() => h.server.close());

  test("the settings: made by the first read with no limits, PATCHed partially, each limit a whole number of at least 1 or null", async () => {
    expect((await h.api("GET", `${env}/settings/retrieve_settings/`)).body).toEqual({
      project_rate_limit_value: null,
      project_rate_limit_bucket_size_minutes: null,
      per_issue_rate_limit_value: null,
      per_issue_rate_limit_bucket_size_minutes: null,
    });
    const patched = await h.api("PATCH", `${env}/settings/update_settings/`, { body: { project_rate_limit_value: 100 } });
    expect([patched.status, patched.body.project_rate_limit_value, patched.body.per_issue_rate_limit_value]).toEqual([200, 100, null]);
    expect((await h.api("PATCH", `${env}/settings/update_settings/`, { body: { per_issue_rate_limit_value: 0 } })).body).toEqual(
      err(V, "min_value", "Ensure this value is greater than or equal to 1.", "per_issue_rate_limit_value"),
    );
    expect((await h.api("GET", `${env}/settings/retrieve_settings/`)).body.project_rate_limit_value).toBe(100);
    // Read with `error_tracking:read`, written with `error_tracking:write`.
    const reader = (await h.control.createKey({ scopes: ["error_tracking:read"] })).key;
    expect((await h.api("GET", `${env}/settings/retrieve_settings/`, { key: reader })).status).toBe(200);
    expect((await h.api("PATCH", `${env}/settings/update_settings/`, { body: {}, key: reader })).status).toBe(403);
  });

  test("the spike detection configuration: 10, 10 and 500 until set; no null", async () => {
    expect((await h.api("GET", `${env}/spike_detection_config/`)).body).toEqual({
      snooze_duration_minutes: 10,
      multiplier: 10,
      threshold: 500,
    });
    expect((await h.api("PATCH", `${env}/spike_detection_config/update_config/`, { body: { threshold: 50 } })).body).toEqual({
      snooze_duration_minutes: 10,
      multiplier: 10,
      threshold: 50,
    });
    expect((await h.api("PATCH", `${env}/spike_detection_config/update_config/`, { body: { multiplier: null } })).body).toEqual(
      err(V, "null", "This field may not be null.", "multiplier"),
    );
  });

  test("a severity rule: its severity one of four, changed in place; the list answered whole", async () => {
    const made = await h.api("POST", `${env}/severity_rules/`, { body: { filters: group("a"), severity: "high", order_key: 2 } });
    expect(made.body).toMatchObject({ severity: "high", order_key: 2, disabled_data: null, created_at: expect.any(String) });
    expect((await h.api("POST", `${env}/severity_rules/`, { body: { filters: group("a"), severity: "urgent" } })).body).toEqual(
      err(V, "invalid_choice", '"urgent" is not a valid choice.', "severity"),
    );
    expect((await h.api("POST", `${env}/severity_rules/`, { body: { filters: group("a") } })).body).toEqual(
      err(V, "required", "This field is required.", "severity"),
    );
    expect((await h.api("PATCH", `${env}/severity_rules/${made.body.id}/`, { body: { severity: "low" } })).status).toBe(204);
    expect((await h.api("GET", `${env}/severity_rules/`)).body).toEqual({
      results: [expect.objectContaining({ id: made.body.id, severity: "low" })],
    });
  });

  test("a bypass rule needs a property filter", async () => {
    expect((await h.api("POST", `${env}/bypass_rules/`, { body: { filters: { type: "AND", values: [] } } })).body).toEqual(
      err(V, "invalid_input", "A bypass rule must have at least one filter.", "filters"),
    );
    const made = await h.api("POST", `${env}/bypass_rules/`, { body: { filters: group("$exception_types") } });
    expect(made.status).toBe(201);
    expect((await h.api("GET", `${env}/bypass_rules/`)).body).toMatchObject({ count: 1, results: [{ id: made.body.id }] });
  });
});

test("PostHog 2025-08-04 routes none of them: 404", async () => {
  const h = await harness({ postHogVersion: "2025-08-04" });
  try {
    const env = `/api/environments/${(await h.createProject({ name: "Old" })).id}/error_tracking`;
    for (const path of ["settings/retrieve_settings/", "spike_detection_config/", "severity_rules/", "bypass_rules/"])
      expect({ path, status: (await h.api("GET", `${env}/${path}`)).status }).toEqual({ path, status: 404 });
  } finally {
    await h.server.close();
  }
});
