/**
 * Alerts on the local server (src/server/alerts/, after posthog/api/alert.py): the record (no evaluation: no
 * ClickHouse), its required fields and rules, the UUID id, DELETE, the list, scopes per PostHog version, faults.
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
let projectId = 0;
let base = "";
let insightId = 0;
let userId = 0;
beforeAll(async () => {
  h = await harness();
  const p = await h.createProject({ name: "Alerts" });
  projectId = p.id;
  base = `/api/projects/${p.id}/alerts/`;
  const query = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
  const insight = await h.api("POST", `/api/projects/${p.id}/insights/`, { body: { name: "Watched", query } });
  insightId = insight.body.id;
  userId = insight.body.created_by.id;
});
afterAll(() => h.server.close());

const V = "validation_error";
const alert = (extra: Record<string, unknown> = {}) => ({
  insight: insightId,
  subscribed_users: [userId],
  threshold: { configuration: { type: "absolute", bounds: { lower: 1, upper: 10 } } },
  name: "Too few",
  condition: { type: "absolute_value" },
  config: { type: "TrendsAlertConfig", series_index: 0 },
  ...extra,
});
const post = (body: unknown) => h.api("POST", base, { body });

test("create answers the record, with the insight and users expanded and nothing evaluated", async () => {
  const res = await post(alert({ condition: { type: "absolute_value" }, calculation_interval: "hourly" }));
  expect(res.status).toBe(201);
  expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.body).toMatchObject({
    name: "Too few",
    insight: { id: insightId, name: "Watched", short_id: expect.any(String) },
    subscribed_users: [{ id: userId }],
    threshold: { id: expect.any(String), name: "", configuration: { type: "absolute", bounds: { lower: 1, upper: 10 } } },
    condition: { type: "absolute_value" },
    state: "Not firing",
    enabled: true,
    last_notified_at: null,
    last_checked_at: null,
    next_check_at: null,
    checks: [],
    config: {},
    calculation_interval: "hourly",
    snoozed_until: null,
    skip_weekend: false,
  });
});

test.each([
  [{ insight: undefined }, err(V, "required", "This field is required.", "insight")],
  [{ subscribed_users: undefined }, err(V, "required", "This field is required.", "subscribed_users")],
  [{ threshold: undefined }, err(V, "required", "This field is required.", "threshold")],
  [{ insight: 999999 }, err(V, "does_not_exist", 'Invalid pk "999999" - object does not exist.', "insight")],
  [{ subscribed_users: [999999] }, err(V, "does_not_exist", 'Invalid pk "999999" - object does not exist.', "subscribed_users")],
  [{ calculation_interval: "yearly" }, err(V, "invalid_choice", '"yearly" is not a valid choice.', "calculation_interval")],
  [
    { threshold: { configuration: { type: "absolute", bounds: { lower: 5, upper: 1 } } } },
    err(V, "invalid_input", "Lower threshold must be less than upper threshold", "threshold"),
  ],
  [{ snoozed_until: 5 }, err(V, "invalid_input", "snoozed_until has to be passed in string format", "snoozed_until")],
])("%j is refused", async (extra, expected) => {
  const body: Record<string, unknown> = alert(extra);
  for (const [k, v] of Object.entries(extra)) if (v === undefined) delete body[k];
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(res.body).toEqual(expected);
});

test("a threshold of an unknown type and a condition of an unknown type are refused", async () => {
  const bad = await post(alert({ threshold: { configuration: { type: "relative" } } }));
  expect(bad.body).toMatchObject({ code: "invalid_input", attr: "threshold" });
  expect(bad.body.detail).toMatch(/^Invalid threshold configuration: /);
  expect((await post(alert({ condition: { type: "nope" } }))).body.attr).toBe("condition");
});

const retention = { kind: "InsightVizNode", source: { kind: "RetentionQuery", retentionFilter: {} } };

test("an insight whose query no alert can watch cannot have alerts; a HogQL one can today", async () => {
  const hogql = await h.api("POST", `/api/projects/${projectId}/insights/`, { body: { query: { kind: "HogQLQuery", query: "select 1" } } });
  expect((await post(alert({ insight: hogql.body.id, config: { type: "HogQLAlertConfig" } }))).status).toBe(201);
  const kept = await h.api("POST", `/api/projects/${projectId}/insights/`, { body: { query: retention } });
  expect((await post(alert({ insight: kept.body.id }))).body).toEqual(
    err(V, "invalid_input", "Alerts are not supported for this insight.", "insight"),
  );
});

test("a user outside the organization cannot be subscribed", async () => {
  const stranger = await h.control.createKey({ level: "none" });
  expect((await post(alert({ subscribed_users: [stranger.userId] }))).body).toEqual(
    err(V, "invalid_input", "User does not belong to the same organization as the alert's team.", "subscribed_users"),
  );
});

test("PATCH changes the threshold in place and the subscribers; snoozing sets the state", async () => {
  const a = (await post(alert())).body;
  const res = await h.api("PATCH", `${base}${a.id}/`, {
    body: {
      threshold: { configuration: { type: "percentage", bounds: { upper: 0.5 } } },
      condition: { type: "relative_increase" },
      subscribed_users: [],
      enabled: false,
    },
  });
  expect(res.body).toMatchObject({
    enabled: false,
    subscribed_users: [],
    threshold: { id: a.threshold.id, configuration: { type: "percentage" } },
  });
  expect((await h.api("PATCH", `${base}${a.id}/`, { body: { snoozed_until: "2h" } })).body.state).toBe("Snoozed");
  expect((await h.api("PATCH", `${base}${a.id}/`, { body: { snoozed_until: null } })).body.state).toBe("Not firing");
});

test("DELETE destroys it: 204, then 404; an id that is no UUID is 404", async () => {
  const a = (await post(alert())).body;
  expect((await h.api("DELETE", `${base}${a.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${a.id}/`)).status).toBe(404);
  expect((await h.api("GET", `${base}12/`)).status).toBe(404);
});

test("the list is newest first, filters on insight, and the environment prefix answers too", async () => {
  const a = (await post(alert({ name: "newest" }))).body;
  const list = await h.api("GET", `${base}?insight=${insightId}`);
  expect(list.body.results[0].id).toBe(a.id);
  expect((await h.api("GET", `${base}?insight=999999`)).body.count).toBe(0);
  expect((await h.api("GET", `/api/environments/${projectId}/alerts/${a.id}/`)).body.name).toBe("newest");
});

test("an insight changed to a query without alert support loses its alerts", async () => {
  const insight = await h.api("POST", `/api/projects/${projectId}/insights/`, {
    body: { query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [] } } },
  });
  const a = (await post(alert({ insight: insight.body.id }))).body;
  await h.api("PATCH", `/api/projects/${projectId}/insights/${insight.body.id}/`, { body: { query: retention } });
  expect((await h.api("GET", `${base}${a.id}/`)).status).toBe(404);
});

test("the insight lists its alerts, and deleting it deletes them (today's PostHog)", async () => {
  const insight = await h.api("POST", `/api/projects/${projectId}/insights/`, {
    body: { query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [] } } },
  });
  const a = (await post(alert({ insight: insight.body.id }))).body;
  const path = `/api/projects/${projectId}/insights/${insight.body.id}/`;
  expect((await h.api("GET", path)).body.alerts.map((x: { id: string }) => x.id)).toEqual([a.id]);
  await h.api("PATCH", path, { body: { deleted: true } });
  expect((await h.api("GET", `${base}${a.id}/`)).status).toBe(404);
});

test("scopes: alert:read lists, alert:write is needed to create", async () => {
  const reader = await h.control.createKey({ scopes: ["alert:read"] });
  expect((await h.api("GET", base, { key: reader.key })).status).toBe(200);
  expect((await h.api("POST", base, { key: reader.key, body: alert() })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'alert:write'", null),
  );
});

test("PostHog 2025-08-04 refuses personal API keys on alerts (scope_object INTERNAL)", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old alerts" });
    // A key with scopes ("*" like the real backend's key_all); keys without scopes are legacy keys that pass.
    const all = await old.control.createKey({ scopes: ["*"] });
    const res = await old.api("GET", `/api/projects/${p.id}/alerts/`, { key: all.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(
      err("authentication_error", "permission_denied", "This action does not support Personal API Key access", null),
    );
  } finally {
    await old.server.close();
  }
});

test("faults and the request log apply as for projects", async () => {
  await h.control.clearRequests();
  await h.control.addFault({ method: "POST", path: "/alerts/", status: 503 });
  expect((await post(alert())).status).toBe(503);
  expect((await post(alert())).status).toBe(201);
  const log = await h.control.requests();
  expect(log.filter((r) => r.path.endsWith("/alerts/")).map((r) => r.status)).toEqual([503, 201]);
});

test("today: condition and config are checked against the insight on every write, with the stored values for what is not sent", async () => {
  const invalid = (detail: string, attr: string | null = null) => err(V, "invalid_input", detail, attr);
  expect((await post(alert({ condition: undefined }))).body).toEqual(invalid("Alert has invalid condition: None"));
  expect((await post(alert({ config: undefined }))).body).toEqual(invalid("Unsupported alert config type: None"));
  expect((await post(alert({ config: { type: "TrendsAlertConfig", series_index: 1 } }))).body).toEqual(
    invalid("series_index 1 is out of range (query has 1 series)"),
  );
  expect((await post(alert({ config: { type: "TrendsAlertConfig", series_index: 0, every: 1 } }))).body).toEqual(
    invalid("Alert has invalid TrendsAlertConfig: {'type': 'TrendsAlertConfig', 'series_index': 0, 'every': 1}"),
  );
  expect((await post(alert({ config: { type: "FunnelsAlertConfig" } }))).body).toEqual(
    invalid("Funnel alert config requires a FunnelsQuery insight, got 'TrendsQuery'"),
  );
  const ongoing = { type: "TrendsAlertConfig", series_index: 0, check_ongoing_interval: true };
  expect((await post(alert({ config: ongoing, threshold: { configuration: { type: "absolute", bounds: { lower: 1 } } } }))).body).toEqual(
    invalid("check_ongoing_interval is only supported for alert condition absolute_value when upper threshold is specified"),
  );
  expect((await post(alert({ threshold: { configuration: { type: "absolute", bounds: {} } } }))).body).toEqual(
    invalid("At least one threshold bound (lower or upper) must be provided.", "threshold__configuration"),
  );
  // A PATCH of the condition alone is checked with the stored threshold: absolute_value needs an absolute one.
  const a = (
    await post(
      alert({ condition: { type: "relative_increase" }, threshold: { configuration: { type: "percentage", bounds: { upper: 1 } } } }),
    )
  ).body;
  expect((await h.api("PATCH", `${base}${a.id}/`, { body: { condition: { type: "absolute_value" } } })).body).toEqual(
    invalid("Absolute value alerts require an absolute threshold, but a percentage threshold was configured"),
  );
});

test("today: quiet hours stored merged and sorted, anything off as null, a bad window refused; 2025-08-04 has no such field", async () => {
  const quiet = (...w: Array<[string, string]>) => ({
    schedule_restriction: { blocked_windows: w.map(([start, end]) => ({ start, end })) },
  });
  const stored = async (...w: Array<[string, string]>) => (await post(alert(quiet(...w)))).body.schedule_restriction;
  expect(await stored(["13:00", "14:00"], ["12:00", "13:30"])).toEqual({ blocked_windows: [{ start: "12:00", end: "14:00" }] });
  // Two overlapping overnight windows: one again.
  expect(await stored(["22:00", "02:00"], ["23:00", "01:00"])).toEqual({ blocked_windows: [{ start: "22:00", end: "02:00" }] });
  // With a third piece of the day, the overnight window stays cut at midnight.
  expect(await stored(["22:00", "02:00"], ["12:00", "14:00"])).toEqual({
    blocked_windows: [
      { start: "00:00", end: "02:00" },
      { start: "12:00", end: "14:00" },
      { start: "22:00", end: "00:00" },
    ],
  });
  expect((await post(alert(quiet(["20:00", "00:00"])))).body.schedule_restriction).toEqual({
    blocked_windows: [{ start: "20:00", end: "00:00" }],
  });
  expect((await post(alert({ schedule_restriction: { blocked_windows: [] } }))).body.schedule_restriction).toBeNull();
  for (const bad of [
    quiet(["09:00", "09:10"]),
    quiet(["9", "10:00"]),
    quiet(["00:00", "12:00"], ["12:00", "00:00"]),
    { schedule_restriction: [] },
  ])
    expect((await post(alert(bad))).body).toEqual(err(V, "invalid_input", "Invalid schedule restriction.", "schedule_restriction"));
  await onOldPostHog(async (postOld, insight) => {
    const made = await postOld({
      ...alert({ insight, subscribed_users: [], condition: undefined, config: undefined }),
      ...quiet(["09:00", "09:10"]),
    });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body)).not.toContain("schedule_restriction");
  });
});

/** Runs `check` on a PostHog 2025-08-04 server, with a project and an insight an alert there can watch. */
async function onOldPostHog(check: (postOld: (body: unknown) => ReturnType<Harness["api"]>, insight: number) => Promise<void>) {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old alerts" });
    const query = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
    const insight = await old.api("POST", `/api/projects/${p.id}/insights/`, { body: { name: "Watched", query } });
    await check((body) => old.api("POST", `/api/projects/${p.id}/alerts/`, { body }), insight.body.id);
  } finally {
    await old.server.close();
  }
}

test("today's intervals add every_15_minutes; 2025-08-04 refuses it (AlertCalculationInterval had four)", async () => {
  expect((await post(alert({ calculation_interval: "every_15_minutes" }))).body.calculation_interval).toBe("every_15_minutes");
  await onOldPostHog(async (postOld, insight) => {
    const refused = await postOld({ ...alert({ insight, subscribed_users: [] }), calculation_interval: "every_15_minutes" });
    expect(refused.body).toEqual(err(V, "invalid_choice", '"every_15_minutes" is not a valid choice.', "calculation_interval"));
  });
});
