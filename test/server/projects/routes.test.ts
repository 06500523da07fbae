/**
 * Project endpoints (src/server/projects/routes.ts, after posthog/api/project.py `ProjectViewSet`): create with
 * PostHog's defaults, updates and their merges, pagination, activity, the custom actions, and plan limits.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startServer } from "../../../src/server";
import { err, harness, wrap, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness({ demoDataMs: 0 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const TOKEN = /^phc_[23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ]{44}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/;

const patch = async (id: number, body: unknown, key?: string) => h.api("PATCH", h.orgPath(`${id}/`), { body, key });

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-local-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("create", () => {
  test("201 with the full record, PostHog's defaults and a phc_ token", async () => {
    const r = await h.api("POST", h.orgPath(), { body: { name: "Web", unknown_field: 1, api_token: "phc_mine", ingested_event: true } });
    expect(r.status).toBe(201);
    const p = r.body;
    expect(p.api_token).toMatch(TOKEN);
    expect(p.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(p.created_at).toMatch(ISO);
    expect(p.updated_at).toMatch(ISO);
    expect(p).toMatchObject({
      name: "Web",
      organization: h.server.organizationId,
      project_id: p.id,
      timezone: "UTC",
      week_start_day: null,
      anonymize_ips: false,
      app_urls: [],
      ingested_event: false,
      is_demo: false,
      capture_console_log_opt_in: true,
      capture_performance_opt_in: true,
      session_recording_opt_in: false,
      session_recording_sample_rate: null,
      session_recording_minimum_duration_milliseconds: null,
      data_attributes: ["data-attr"],
      correlation_config: {},
      path_cleaning_filters: [],
      // TeamManager.create_with_data: test accounts are the project's "Internal and test users" cohort
      // The "Internal and test users" cohort's id, which no cohort of the local server has.
      test_account_filters: [{ key: "id", type: "cohort", value: expect.any(Number), operator: "not_in" }],
      extra_settings: { recorder_script: "posthog-recorder" },
      effective_membership_level: 15,
      user_access_level: "admin",
      access_control: false,
      has_group_types: false,
      group_types: [],
      is_pending_deletion: false,
      modifiers: null,
    });
    expect(typeof p.primary_dashboard).toBe("number");
    expect(p.live_events_token.split(".")).toHaveLength(3);
    // today's ProjectBackwardCompatSerializer no longer has these two
    expect(p).not.toHaveProperty("slack_incoming_webhook");
    expect(p).not.toHaveProperty("groups_on_events_querying_enabled");
    expect(Object.keys(p)).toHaveLength(90);
  });

  test("default names are unique: Default project, Default project 2, ...", async () => {
    const names = [];
    for (let i = 0; i < 3; i++) names.push((await h.createProject()).name);
    expect(names).toEqual(["Default project", "Default project 2", "Default project 3"]);
  });

  // posthog/api/project.py ProjectBackwardCompatSerializer.validate_name
  test("a duplicate name (case and outer whitespace aside) is a 409 conflict, on create and rename", async () => {
    await h.createProject({ name: "Acme Web" });
    const r = await h.api("POST", h.orgPath(), { body: { name: "  acme WEB " } });
    expect([r.status, r.body]).toEqual([
      409,
      err("server_error", "conflict", 'There is already a project called "acme WEB" in this organization. Choose a different name.'),
    ]);
    // only the ends are trimmed: inner spaces count
    expect((await h.api("POST", h.orgPath(), { body: { name: "acme  web" } })).status).toBe(201);
    const other = await h.createProject({ name: "Other" });
    expect((await h.api("PATCH", h.orgPath(`${other.id}/`), { body: { name: "ACME web" } })).status).toBe(409);
    expect((await h.api("PATCH", h.orgPath(`${other.id}/`), { body: { name: "Other" } })).status).toBe(200);
    expect((await h.api("PATCH", h.orgPath(`${other.id}/`), { body: { name: "OTHER" } })).status).toBe(200);
  });

  test("plan limit: 403 with PostHog's body; demo projects do not count; only one demo project", async () => {
    const org = await h.control.createOrganization({ name: "Small plan", projectLimit: 1 });
    const owner = await h.control.createKey({ organizationId: org.id, level: "owner" });
    const path = `/api/organizations/${org.id}/projects/`;
    expect((await h.api("POST", path, { key: owner.key, body: { name: "First" } })).status).toBe(201);
    const limited = await h.api("POST", path, { key: owner.key, body: { name: "Second" } });
    expect(limited.status).toBe(403);
    expect(limited.body).toEqual(
      err(
        "authentication_error",
        "permission_denied",
        "You have reached the maximum limit of allowed projects for your current plan. Upgrade your plan to be able to create and manage more projects.",
      ),
    );
    await h.control.patchOrganization(org.id, { projectLimit: 3 });
    expect((await h.api("POST", path, { key: owner.key, body: { name: "Demo", is_demo: true } })).status).toBe(201);
    expect((await h.api("POST", path, { key: owner.key, body: { name: "Demo 2", is_demo: true } })).status).toBe(403);
    expect((await h.api("POST", path, { key: owner.key, body: { name: "Second" } })).status).toBe(201);
    // PATCH is never refused by the plan limit
    await h.control.patchOrganization(org.id, { projectLimit: 0 });
    const list = (await h.api("GET", path, { key: owner.key })).body.results;
    expect((await h.api("PATCH", `${path}${list[0].id}/`, { key: owner.key, body: { name: "Renamed" } })).status).toBe(200);
  });

  test("primary_dashboard cannot be set on creation", async () => {
    const p = await h.createProject({ name: "Has dashboard" });
    const r = await h.api("POST", h.orgPath(), { body: { name: "x", primary_dashboard: p.primary_dashboard } });
    expect([r.status, r.body]).toEqual([
      400,
      err("validation_error", "invalid_input", "Primary dashboard cannot be set on project creation.", "primary_dashboard"),
    ]);
  });
});

describe("update", () => {
  test("PATCH merges modifiers and session_replay_config (one level deep) and replaces the rest", async () => {
    const p = await h.createProject({
      name: "Merge",
      modifiers: { personsOnEventsMode: "disabled" },
      session_replay_config: { record_canvas: true, ai_config: { opt_in: true, preferred_events: ["a"] } },
    });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), {
      body: {
        modifiers: { bounceRateDurationSeconds: 30 },
        session_replay_config: { ai_config: { preferred_events: ["b"] } },
        app_urls: ["https://new.example"],
        correlation_config: { x: 1 },
      },
    });
    expect(r.body.modifiers).toEqual({ personsOnEventsMode: "disabled", bounceRateDurationSeconds: 30 });
    expect(r.body.session_replay_config).toEqual({ record_canvas: true, ai_config: { opt_in: true, preferred_events: ["b"] } });
    expect(r.body.app_urls).toEqual(["https://new.example"]);
    const cleared = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { modifiers: null, correlation_config: { y: 2 } } });
    expect(cleared.body.modifiers).toBeNull();
    expect(cleared.body.correlation_config).toEqual({ y: 2 });
  });

  test("PUT updates like PATCH; read-only and unknown fields are ignored; updated_at moves", async () => {
    const p = await h.createProject({ name: "Put" });
    const r = await h.api("PUT", h.orgPath(`${p.id}/`), {
      body: { name: "Put 2", id: 999, uuid: "x", api_token: "phc_x", ingested_event: true, whatever: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: p.id, uuid: p.uuid, api_token: p.api_token, ingested_event: false, name: "Put 2" });
    expect(r.body.updated_at > p.updated_at).toBe(true);
    expect(r.body.created_at).toBe(p.created_at);
  });

  test("settings the plan does not allow are accepted but not applied", async () => {
    const p = await h.createProject({ name: "Plan" });
    await h.control.patchOrganization(h.server.organizationId, { ignoredSettings: ["session_recording_sample_rate", "anonymize_ips"] });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/`), {
      body: { session_recording_sample_rate: "0.5", anonymize_ips: true, timezone: "Europe/Paris" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ session_recording_sample_rate: null, anonymize_ips: false, timezone: "Europe/Paris" });
    const created = await h.createProject({ name: "Plan 2", anonymize_ips: true });
    expect(created.anonymize_ips).toBe(false);
    // still validated
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { session_recording_sample_rate: 5 } })).status).toBe(400);
  });
});

describe("list", () => {
  test("basic serializer, limit/offset with DRF's links (sorted query keys, absolute URLs)", async () => {
    for (let i = 1; i <= 5; i++) await h.createProject({ name: `P${i}` });
    const first = await h.api("GET", `${h.orgPath()}?limit=2`);
    expect(first.body.count).toBe(5);
    expect(Object.keys(first.body.results[0])).toEqual([
      "id",
      "uuid",
      "organization",
      "project_id",
      "api_token",
      "name",
      "completed_snippet_onboarding",
      "has_completed_onboarding_for",
      "ingested_event",
      "is_demo",
      "timezone",
      "access_control",
    ]);
    const base = `${h.server.url}${h.orgPath()}`;
    expect(first.body.next).toBe(`${base}?limit=2&offset=2`);
    expect(first.body.previous).toBeNull();
    const second = await h.api("GET", `${h.orgPath()}?offset=2&limit=2`);
    expect(second.body.next).toBe(`${base}?limit=2&offset=4`);
    expect(second.body.previous).toBe(`${base}?limit=2`);
    const third = await h.api("GET", `${h.orgPath()}?limit=2&offset=4`);
    expect(third.body.results.map((p: { name: string }) => p.name)).toEqual(["P5"]);
    expect([third.body.next, third.body.previous]).toEqual([null, `${base}?limit=2&offset=2`]);
    const withSearch = await h.api("GET", `${h.orgPath()}?search=p&limit=1&offset=3`);
    expect(withSearch.body.next).toBe(`${base}?limit=1&offset=4&search=p`);
    expect(withSearch.body.previous).toBe(`${base}?limit=1&offset=2&search=p`);
    expect((await h.api("GET", `${h.orgPath()}?limit=0&offset=-3`)).body.results).toHaveLength(5);
    expect((await h.api("GET", `${h.orgPath()}?offset=10`)).body.results).toEqual([]);
    expect((await h.api("GET", h.orgPath(), { headers: { "X-Forwarded-Proto": "https" } })).body.next).toBeNull();
    const https = await h.api("GET", `${h.orgPath()}?limit=1`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.body.next).toMatch(/^https:\/\//);
  });

  test("?search= is a case-insensitive substring of the name, spaces kept", async () => {
    await h.createProject({ name: "Acme Non-prod" });
    await h.createProject({ name: "Acme Prod" });
    const names = async (q: string) =>
      (await h.api("GET", `${h.orgPath()}?search=${encodeURIComponent(q)}`)).body.results.map((p: { name: string }) => p.name);
    expect(await names("acme")).toEqual(["Acme Non-prod", "Acme Prod"]);
    expect(await names("NON-PROD")).toEqual(["Acme Non-prod"]);
    expect(await names("NON PROD")).toEqual([]);
  });
});

describe("custom actions and delete", () => {
  test("reset_token: new token, same uuid and id, activity entry", async () => {
    const p = await h.createProject({ name: "Reset" });
    const r = await h.api("PATCH", h.orgPath(`${p.id}/reset_token/`));
    expect(r.status).toBe(200);
    expect(r.body.api_token).toMatch(TOKEN);
    expect(r.body.api_token).not.toBe(p.api_token);
    expect(r.body).toMatchObject({ id: p.id, uuid: p.uuid, name: "Reset" });
    const activity = (await h.api("GET", h.orgPath(`${p.id}/activity/`))).body;
    expect(activity.results[0].detail.changes).toEqual([
      { type: "Team", action: "changed", field: "api_token", before: p.api_token, after: r.body.api_token },
    ]);
  });

  test("activity: newest first, page/limit links, total_count, before/after per field, System entries", async () => {
    const p = await h.createProject({ name: "Act" });
    await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { timezone: "Europe/Paris", anonymize_ips: true } });
    await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { timezone: "Europe/Paris" } }); // no change, no entry
    await h.control.patchProject(p.id, { name: "Renamed in the UI" });
    const page1 = await h.api("GET", h.orgPath(`${p.id}/activity/?limit=2`));
    expect(page1.body.total_count).toBe(3);
    expect(page1.body.results.map((a: { activity: string }) => a.activity)).toEqual(["updated", "updated"]);
    const [system, mine] = page1.body.results;
    expect(system.user).toEqual({ first_name: "System", email: null, is_system: true });
    expect(system.detail.changes).toEqual([{ type: "Team", action: "changed", field: "name", before: "Act", after: "Renamed in the UI" }]);
    expect(mine.detail.changes).toEqual([
      { type: "Team", action: "changed", field: "anonymize_ips", before: false, after: true },
      { type: "Team", action: "changed", field: "timezone", before: "UTC", after: "Europe/Paris" },
    ]);
    expect(mine).toMatchObject({ scope: "Team", item_id: String(p.id), is_system: false });
    expect(mine.created_at).toMatch(ISO);
    const url = `${h.server.url}${h.orgPath(`${p.id}/activity/`)}`;
    expect(page1.body.next).toBe(`${url}?limit=2&page=2`);
    expect(page1.body.previous).toBeNull();
    const page2 = await h.api("GET", h.orgPath(`${p.id}/activity/?page=2&limit=2`));
    expect(page2.body.results.map((a: { activity: string }) => a.activity)).toEqual(["created"]);
    expect([page2.body.next, page2.body.previous]).toEqual([null, `${url}?page=1&limit=2`]);
    expect((await h.api("GET", h.orgPath(`${p.id}/activity/?page=x`))).status).toBe(400);
  });

  test("is_generating_demo_data follows the control surface", async () => {
    const p = await h.createProject({ name: "Demo", is_demo: true });
    expect((await h.api("GET", h.orgPath(`${p.id}/is_generating_demo_data/`))).body).toEqual({ is_generating_demo_data: false });
    await h.control.setDemoData(p.id, true);
    expect((await h.api("GET", h.orgPath(`${p.id}/is_generating_demo_data/`))).body).toEqual({ is_generating_demo_data: true });
  });

  test("out-of-band changes and deletion through the control surface", async () => {
    const p = await h.createProject({ name: "Drift" });
    await h.control.patchProject(p.id, { anonymize_ips: true, ingested_event: true });
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).body).toMatchObject({ anonymize_ips: true, ingested_event: true });
    await h.control.deleteProject(p.id);
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).status).toBe(404);
  });
});

test("a new demo project reports generating demo data for a while", async () => {
  const other = await harness({ demoDataMs: 150 });
  try {
    const p = await other.createProject({ name: "Demo", is_demo: true });
    expect((await other.api("GET", other.orgPath(`${p.id}/is_generating_demo_data/`))).body.is_generating_demo_data).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect((await other.api("GET", other.orgPath(`${p.id}/is_generating_demo_data/`))).body.is_generating_demo_data).toBe(false);
  } finally {
    await other.server.close();
  }
});

describe("updates (ProjectBackwardCompatSerializer.update)", () => {
  test("nested analytics configs: dropped on create, applied on update when truthy, sources_map merged per source", async () => {
    const p = await h.createProject({
      name: "Nested",
      revenue_analytics_config: { base_currency: "EUR" },
      workflows_config: { email_tracking_consent_mode: "opt_in" },
    });
    expect(p.revenue_analytics_config.base_currency).toBe("USD");
    expect(p.workflows_config.email_tracking_consent_mode).toBe("off");
    const r = await patch(p.id, {
      revenue_analytics_config: { base_currency: "EUR", filter_test_accounts: true, unknown: 1 },
      marketing_analytics_config: { sources_map: { s1: { cost: "spend" }, s2: { cost: "c" } }, attribution_mode: "first_touch" },
      customer_analytics_config: { account_group_type_index: 0 },
      workflows_config: {},
    });
    expect(r.body.revenue_analytics_config).toEqual({ base_currency: "EUR", events: [], filter_test_accounts: true });
    expect(r.body.marketing_analytics_config).toMatchObject({
      sources_map: { s1: { cost: "spend" }, s2: { cost: "c" } },
      attribution_mode: "first_touch",
      attribution_window_days: 90,
    });
    expect(r.body.customer_analytics_config.account_group_type_index).toBe(0);
    expect(r.body.workflows_config.email_tracking_consent_mode).toBe("off");
    const again = await patch(p.id, { marketing_analytics_config: { sources_map: { s1: null, s3: { cost: "x" } } } });
    expect(again.body.marketing_analytics_config.sources_map).toEqual({ s2: { cost: "c" }, s3: { cost: "x" } });
  });

  // test_conversations_settings_merges_with_existing, test_enabling_conversations_auto_generates_token
  test("survey_config and conversations_settings merge; enabling conversations mints a widget token", async () => {
    const p = await h.createProject({ name: "Merge", survey_config: { a: 1 }, conversations_settings: { widget_color: "red" } });
    const r = await patch(p.id, {
      survey_config: { b: 2 },
      conversations_settings: { widget_greeting: "hi" },
      conversations_enabled: true,
    });
    expect(r.body.survey_config).toEqual({ a: 1, b: 2 });
    expect(r.body.conversations_settings).toMatchObject({ widget_color: "red", widget_greeting: "hi" });
    expect(r.body.conversations_settings.widget_public_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const off = await patch(p.id, { conversations_enabled: false });
    expect(off.body.conversations_settings.widget_public_token).toBeNull();
    expect((await patch(p.id, { survey_config: null })).body.survey_config).toBeNull();
  });

  test("survey_config merges as Python's {**stored, **sent}: a value that is not a dictionary, beside one, is a 500 and nothing changes", async () => {
    const p = await h.createProject({ name: "Survey merge" });
    expect((await patch(p.id, { survey_config: "dark" })).body.survey_config).toBe("dark");
    expect((await patch(p.id, { survey_config: { a: 1 } })).status).toBe(500);
    expect((await patch(p.id, { survey_config: null })).body.survey_config).toBeNull();
    expect((await patch(p.id, { survey_config: { a: 1 } })).status).toBe(200);
    const failed = await patch(p.id, { survey_config: ["dark"], anonymize_ips: true });
    expect(failed.status).toBe(500);
    const after = await h.api("GET", h.orgPath(`${p.id}/`));
    expect(after.body).toMatchObject({ survey_config: { a: 1 }, anonymize_ips: false });
  });

  test("the organization's ignoredSettings (plan-gated) still keep PostHog's value for the new fields", async () => {
    const p = await h.createProject({ name: "Plan" });
    await h.control.patchOrganization(h.server.organizationId, {
      ignoredSettings: ["session_recording_retention_period", "base_currency"],
    });
    const r = await patch(p.id, { session_recording_retention_period: "1y", base_currency: "EUR", capture_dead_clicks: true });
    expect(r.body).toMatchObject({ session_recording_retention_period: "30d", base_currency: "USD", capture_dead_clicks: true });
  });

  test("newerFields: fields of a newer PostHog are stored as sent and echoed; other unknown fields are dropped", async () => {
    await h.control.patchOrganization(h.server.organizationId, { newerFields: ["brand_new_setting"] });
    try {
      const p = await h.createProject({ name: "Newer", brand_new_setting: { a: 1 }, not_a_field: true });
      expect(p).toMatchObject({ brand_new_setting: { a: 1 } });
      expect(p).not.toHaveProperty("not_a_field");
      expect((await patch(p.id, { brand_new_setting: [2] })).body).toMatchObject({ brand_new_setting: [2] });
    } finally {
      await h.control.patchOrganization(h.server.organizationId, { newerFields: [] });
    }
    expect((await h.createProject({ name: "Older again" })) as object).not.toHaveProperty("brand_new_setting");
  });
});

describe("routing", () => {
  test("/api/projects/:id/environments/ is refused like newest PostHog", async () => {
    const p = await h.createProject({ name: "E" });
    const r = await h.api("GET", `/api/projects/${p.id}/environments/`);
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("Multiple environments per project are no longer available. Please contact support if you need assistance.");
  });
});

test("PostHog Cloud's hard cap of 2000 non-demo projects applies to organizations without a plan limit", async () => {
  const statePath = path.join(dir, "cap.json");
  const first = wrap(await startServer({ port: 0, statePath }));
  await first.createProject({ name: "Seed" });
  await first.server.close();
  const state = JSON.parse(fs.readFileSync(statePath, "utf8"));
  const seed = state.projects[0];
  for (let i = 2; i <= 2000; i++)
    state.projects.push({ ...seed, id: i, apiToken: `${seed.apiToken}${i}`, settings: { ...seed.settings, name: `P${i}` } });
  state.nextTeamId = 2001;
  fs.writeFileSync(statePath, JSON.stringify(state));
  const second = wrap(await startServer({ port: 0, statePath }));
  try {
    const r = await second.api("POST", second.orgPath(), { body: { name: "One too many" } });
    expect([r.status, r.body.detail]).toEqual([
      403,
      "You have reached the maximum limit of 2000 projects per organization. Contact support if you'd like access to more projects.",
    ]);
    expect((await second.api("GET", `${second.orgPath()}?limit=1`)).body.count).toBe(2000);
  } finally {
    await second.server.close();
  }
});
