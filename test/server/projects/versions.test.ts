/**
 * The local server playing the 2025-08-04 PostHog (`postHogVersion: "2025-08-04"`, src/server/projects/versions.ts),
 * each case measured against that version's own backend (../shared/posthog), beside what today's PostHog does.
 */
import { parseArgs } from "../../../src/server/run-cli";
import { err, harness, type Harness } from "../helpers";

let old: Harness;
let now: Harness;
beforeAll(async () => {
  old = await harness({ demoDataMs: 0, postHogVersion: "2025-08-04" });
  now = await harness({ demoDataMs: 0, deletionPurgeMs: 60_000 });
});
afterAll(() => Promise.all([old.server.close(), now.server.close()]));
beforeEach(() => Promise.all([old.control.reset(), now.control.reset()]));

const patch = (h: Harness, id: number, body: unknown, key?: string) => h.api("PATCH", h.orgPath(`${id}/`), { body, key });

/** The 27 writable fields of today's project serializer that the 2025-08-04 one does not have. */
const ON_ENVIRONMENTS: Record<string, unknown> = {
  session_recording_url_trigger_config: [{ url: "https://a.example", matching: "regex" }],
  session_recording_url_blocklist_config: [{ url: "https://b.example", matching: "regex" }],
  session_recording_event_trigger_config: ["signup"],
  session_recording_trigger_match_type_config: "any",
  revenue_analytics_config: { events: [] },
  marketing_analytics_config: { sources_map: {} },
  base_currency: "EUR",
  capture_dead_clicks: true,
  cookieless_server_hash_mode: 1,
  human_friendly_comparison_periods: true,
  feature_flag_confirmation_enabled: true,
  feature_flag_confirmation_message: "sure?",
  default_data_theme: 1,
  onboarding_tasks: { a: "done" },
};
const NOWHERE: Record<string, unknown> = {
  session_recording_trigger_groups: null,
  session_recording_retention_period: "90d",
  receive_org_level_activity_logs: true,
  business_model: "b2b",
  conversations_enabled: true,
  conversations_settings: { widget_domains: [] },
  logs_settings: { retention_days: 14 },
  proactive_tasks_enabled: false,
  customer_analytics_config: { activity_event: {} },
  workflows_config: { capture_workflows_engagement_events: true },
  default_evaluation_contexts_enabled: true,
  require_evaluation_contexts: true,
  web_analytics_pre_aggregated_tables_enabled: true,
};
const READ_ONLY_GONE = [
  "available_setup_task_ids",
  "is_pending_deletion",
  "project_id",
  "user_access_level",
  "managed_viewsets",
  "event_retention_months",
  "events_retention_enforced",
];

describe("the record", () => {
  test("57 fields: today's 34 newer ones absent, slack_incoming_webhook present; list rows without project_id", async () => {
    const p = await old.createProject({ name: "Old" });
    expect(Object.keys(p)).toHaveLength(57);
    for (const field of [...Object.keys(ON_ENVIRONMENTS), ...Object.keys(NOWHERE), ...READ_ONLY_GONE]) expect(p).not.toHaveProperty(field);
    expect(p.slack_incoming_webhook).toBeNull();
    const today = await now.createProject({ name: "Now" });
    expect(Object.keys(today)).toHaveLength(90);
    expect(today).not.toHaveProperty("slack_incoming_webhook");
    const rows = (await old.api("GET", old.orgPath())).body.results;
    expect(Object.keys(rows[0])).not.toContain("project_id");
  });

  test("the 27 newer settings are ignored on create and PATCH; the 14 of TeamSerializer are written under /api/environments/", async () => {
    const p = await old.createProject({ name: "Ignored", ...ON_ENVIRONMENTS, ...NOWHERE });
    const r = await patch(old, p.id, { ...ON_ENVIRONMENTS, ...NOWHERE });
    expect(r.status).toBe(200);
    for (const field of [...Object.keys(ON_ENVIRONMENTS), ...Object.keys(NOWHERE)]) expect(r.body).not.toHaveProperty(field);
    const before = (await old.api("GET", `/api/environments/${p.id}/`)).body;
    expect(before).toMatchObject({ base_currency: "USD", capture_dead_clicks: false, session_recording_url_trigger_config: [] });
    for (const field of Object.keys(NOWHERE)) expect(before).not.toHaveProperty(field);
    const env = await old.api("PATCH", `/api/environments/${p.id}/`, { body: { ...ON_ENVIRONMENTS, ...NOWHERE } });
    expect(env.status).toBe(200);
    const { revenue_analytics_config: _r, marketing_analytics_config: _m, ...plain } = ON_ENVIRONMENTS;
    expect(env.body).toMatchObject(plain);
    for (const field of Object.keys(NOWHERE)) expect(env.body).not.toHaveProperty(field);
    expect((await old.api("GET", `/api/environments/${p.id}/`)).body).toMatchObject(plain);
  });
});

describe("scopes of config-only PATCHes (dangerously_get_required_scopes)", () => {
  test("environments ask team:read, a scope no key but an all-access one has; another field makes it project:write", async () => {
    const p = await old.createProject({ name: "Scopes" });
    const { key } = await old.control.createKey({ scopes: ["project:read", "project:write"] });
    const configOnly = await old.api("PATCH", `/api/environments/${p.id}/`, { key, body: { base_currency: "EUR" } });
    expect([configOnly.status, configOnly.body]).toEqual([
      403,
      err("authentication_error", "permission_denied", "API key missing required scope 'team:read'"),
    ]);
    const withName = await old.api("PATCH", `/api/environments/${p.id}/`, { key, body: { base_currency: "EUR", name: "Scopes" } });
    expect([withName.status, withName.body.base_currency]).toEqual([200, "EUR"]);
    const { key: all } = await old.control.createKey({ scopes: ["*"] });
    expect((await old.api("PATCH", `/api/environments/${p.id}/`, { key: all, body: { base_currency: "GBP" } })).status).toBe(200);
  });

  test("projects ask only project:read for config fields", async () => {
    const p = await old.createProject({ name: "Reader" });
    const { key } = await old.control.createKey({ scopes: ["project:read"] });
    expect((await patch(old, p.id, { anonymize_ips: true }, key)).status).toBe(200);
    expect((await patch(old, p.id, { name: "Renamed" }, key)).status).toBe(403);
    const q = await now.createProject({ name: "Reader" });
    const { key: nowKey } = await now.control.createKey({ scopes: ["project:read"] });
    expect((await patch(now, q.id, { anonymize_ips: true }, nowKey)).status).toBe(403);
  });
});

describe("access_control", () => {
  test("set by an organization admin (not deprecated yet); a member is refused; today's PostHog refuses any value", async () => {
    const p = await old.createProject({ name: "Private" });
    expect((await patch(old, p.id, { access_control: true })).body.access_control).toBe(true);
    const { key } = await old.control.createKey({ scopes: ["*"], level: "member" });
    const member = await patch(old, p.id, { access_control: false }, key);
    expect([member.status, member.body.detail]).toEqual([
      403,
      "Your organization access level is insufficient to configure project access restrictions.",
    ]);
    // Members could change any other setting then (today: admins only).
    expect((await patch(old, p.id, { anonymize_ips: true }, key)).status).toBe(200);
    const q = await now.createProject({ name: "Private" });
    expect((await patch(now, q.id, { access_control: true })).status).toBe(400);
    const { key: nowMember } = await now.control.createKey({ scopes: ["*"], level: "member" });
    expect((await patch(now, q.id, { anonymize_ips: true }, nowMember)).status).toBe(403);
  });
});

describe("names", () => {
  test("duplicate names are accepted (201); today's PostHog answers 409", async () => {
    await old.createProject({ name: "Twin" });
    const again = await old.api("POST", old.orgPath(), { body: { name: "twin" } });
    expect([again.status, again.body.name]).toEqual([201, "twin"]);
    await now.createProject({ name: "Twin" });
    expect((await now.api("POST", now.orgPath(), { body: { name: "twin" } })).status).toBe(409);
  });
});

describe("deletion", () => {
  test("DELETE answers 204 and the project is gone at once (404); today's stays pending", async () => {
    const p = await old.createProject({ name: "Gone" });
    const r = await old.api("DELETE", old.orgPath(`${p.id}/`));
    expect([r.status, r.text]).toEqual([204, ""]);
    expect((await old.api("GET", old.orgPath(`${p.id}/`))).status).toBe(404);
    expect((await old.api("DELETE", old.orgPath(`${p.id}/`))).status).toBe(404);
    expect((await old.api("GET", old.orgPath())).body.results).toEqual([]);
    const q = await now.createProject({ name: "Pending" });
    await now.api("DELETE", now.orgPath(`${q.id}/`));
    expect((await now.api("GET", now.orgPath(`${q.id}/`))).body.is_pending_deletion).toBe(true);
  });
});

describe("test account filters", () => {
  const given = [{ key: "$browser", operator: "exact", value: ["Chrome"], type: "person" }];
  test("on create the given filters are replaced by the defaults; PATCH sets them", async () => {
    const p = await old.createProject({ name: "Filters", test_account_filters: given });
    // The default user's address (local@posthog.localhost) is not a generic one: its domain makes the first filter.
    expect(p.test_account_filters).toEqual([
      { key: "email", operator: "not_icontains", value: "@posthog.localhost", type: "person" },
      { key: "$host", operator: "not_regex", value: "^(localhost|127\\.0\\.0\\.1)($|:)", type: "event" },
    ]);
    expect((await patch(old, p.id, { test_account_filters: given })).body.test_account_filters).toEqual(given);
    expect((await now.createProject({ name: "Filters", test_account_filters: given })).test_account_filters).toEqual(given);
  });

  test("a demo project keeps the filters given", async () => {
    const p = await old.createProject({ name: "Demo", is_demo: true, test_account_filters: given });
    expect(p.test_account_filters).toEqual(given);
  });
});

describe("updates", () => {
  test("modifiers and extra_settings are replaced, session_replay_config merged; today's merges modifiers", async () => {
    for (const [h, modifiers] of [
      [old, { personsOnEventsMode: "disabled" }],
      [now, { personsOnEventsMode: "disabled", bounceRatePageViewMode: "uniq_urls" }],
    ] as const) {
      const p = await h.createProject({ name: "Merge" });
      await patch(h, p.id, {
        modifiers: { bounceRatePageViewMode: "uniq_urls" },
        extra_settings: { a: 1 },
        session_replay_config: { record_canvas: true, ai_config: { opt_in: true, preferred_events: ["a"] } },
      });
      const r = await patch(h, p.id, {
        modifiers: { personsOnEventsMode: "disabled" },
        extra_settings: { b: 2 },
        session_replay_config: { ai_config: { opt_in: false } },
      });
      expect(r.body.modifiers).toEqual(modifiers);
      expect(r.body.extra_settings).toEqual({ b: 2 });
      expect(r.body.session_replay_config).toEqual({ record_canvas: true, ai_config: { opt_in: false, preferred_events: ["a"] } });
    }
  });

  test('"" entries of app_urls and recording_domains are refused as blank; null entries are stored', async () => {
    const p = await old.createProject({ name: "Lists" });
    for (const field of ["app_urls", "recording_domains"]) {
      const blank = await patch(old, p.id, { [field]: ["https://a.example", ""] });
      expect([blank.status, blank.body]).toEqual([400, err("validation_error", "blank", "This field may not be blank.", `${field}__1`)]);
      const withNull = await patch(old, p.id, { [field]: ["https://a.example", null] });
      expect([withNull.status, withNull.body[field]]).toEqual([200, ["https://a.example", null]]);
    }
    const q = await now.createProject({ name: "Lists" });
    expect((await patch(now, q.id, { app_urls: ["https://a.example", null] })).body.app_urls).toEqual(["https://a.example"]);
  });

  test("a bad modifiers.personsOnEventsMode is stored, then every read of the project answers 500; PATCH repairs it", async () => {
    const p = await old.createProject({ name: "Broken" });
    expect((await patch(old, p.id, { modifiers: { personsOnEventsMode: "bogus" } })).status).toBe(500);
    const read = await old.api("GET", old.orgPath(`${p.id}/`));
    expect([read.status, read.body]).toEqual([500, err("server_error", "error", "A server error occurred.")]);
    expect((await old.api("GET", `/api/environments/${p.id}/`)).status).toBe(500);
    expect((await old.api("GET", old.orgPath())).status).toBe(200);
    const fixed = await patch(old, p.id, { modifiers: { personsOnEventsMode: "disabled" } });
    expect([fixed.status, fixed.body.modifiers]).toEqual([200, { personsOnEventsMode: "disabled" }]);
    // Today's PostHog refuses the value (validate_modifiers).
    const q = await now.createProject({ name: "Refused" });
    expect((await patch(now, q.id, { modifiers: { personsOnEventsMode: "bogus" } })).status).toBe(400);
  });
});

describe("actions that refuse scoped personal API keys", () => {
  test.each([
    ["PATCH", "reset_token/"],
    ["GET", "activity/"],
    ["GET", "is_generating_demo_data/"],
  ])("%s %s: 403 for every scope, all access included, spelled as that version spells it", async (method, suffix) => {
    for (const [h, detail] of [
      [old, "This action does not support Personal API Key access"],
      [now, "This action does not support personal API key access"],
    ] as const) {
      const p = await h.createProject({ name: "Keys" });
      for (const scopes of [["*"], ["project:read", "project:write"]]) {
        const { key } = await h.control.createKey({ scopes });
        const r = await h.api(method, h.orgPath(`${p.id}/${suffix}`), { key });
        expect([r.status, r.body]).toEqual([403, err("authentication_error", "permission_denied", detail)]);
      }
    }
  });
});

describe("the option", () => {
  test("--posthog-version picks the version; anything else is refused", () => {
    expect(parseArgs(["--posthog-version", "2025-08-04"]).postHogVersion).toBe("2025-08-04");
    expect(parseArgs(["--posthog-version=current"]).postHogVersion).toBe("current");
    expect(() => parseArgs(["--posthog-version", "2024"])).toThrow(/--posthog-version must be one of current, 2025-08-04/);
  });
});
