/**
 * Deferred deletion (posthog/api/project.py `ProjectViewSet.perform_destroy`), `/api/environments/<id>/`
 * (`TeamViewSet` with `TeamSerializer`) and `/api/organizations/<id>/`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startServer } from "../../src/server";
import { parseArgs } from "../../src/server/run-cli";
import { err, harness, wrap, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  // Purged only when a test says so (POST /_control/purge), or at reset.
  h = await harness({ demoDataMs: 0, deletionPurgeMs: 60_000 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("deferred deletion", () => {
  // posthog/api/test/test_project.py test_project_deletion_sets_pending_deletion_flag, test_project_deletion_returns_pending_deletion_in_api
  test("test_project_deletion_returns_pending_deletion_in_api: 204, then still read (flagged) and listed", async () => {
    const p = await h.createProject({ name: "Bye" });
    const r = await h.api("DELETE", h.orgPath(`${p.id}/`));
    expect([r.status, r.text]).toEqual([204, ""]);
    const read = await h.api("GET", h.orgPath(`${p.id}/`));
    expect([read.status, read.body.is_pending_deletion]).toEqual([200, true]);
    expect((await h.api("GET", `/api/projects/${p.id}/`)).body.is_pending_deletion).toBe(true);
    expect((await h.api("GET", h.orgPath())).body.results.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const activity = (await h.api("GET", h.orgPath(`${p.id}/activity/`))).body.results;
    expect(activity[0].activity).toBe("deleted");
  });

  // test_delete_project_already_pending_deletion_returns_400
  test("test_delete_project_already_pending_deletion_returns_400", async () => {
    const p = await h.createProject({ name: "Twice" });
    expect((await h.api("DELETE", h.orgPath(`${p.id}/`))).status).toBe(204);
    const again = await h.api("DELETE", h.orgPath(`${p.id}/`));
    expect([again.status, again.body]).toEqual([400, err("validation_error", "invalid_input", "This project is already being deleted.")]);
  });

  test("a project pending deletion does not hold its name: creating or renaming to it succeeds", async () => {
    const p = await h.createProject({ name: "Reused" });
    await h.api("DELETE", h.orgPath(`${p.id}/`));
    const again = await h.api("POST", h.orgPath(), { body: { name: " reused " } });
    expect([again.status, again.body.name]).toEqual([201, "reused"]);
    expect((await h.api("POST", h.orgPath(), { body: { name: "REUSED" } })).status).toBe(409);
  });

  test("POST /_control/purge removes the pending projects now; DELETE /_control/projects/:id removes at once", async () => {
    const a = await h.createProject({ name: "A" });
    const b = await h.createProject({ name: "B" });
    await h.api("DELETE", h.orgPath(`${a.id}/`));
    expect(await h.control.purge()).toEqual({ purged: [a.id] });
    expect((await h.api("GET", h.orgPath(`${a.id}/`))).status).toBe(404);
    await h.control.deleteProject(b.id);
    expect((await h.api("GET", h.orgPath(`${b.id}/`))).status).toBe(404);
    expect(await h.control.purge()).toEqual({ purged: [] });
  });

  test("the background purge comes deletionPurgeMs after the DELETE; 0 purges within the DELETE", async () => {
    const later = await harness({ deletionPurgeMs: 150 });
    const atOnce = await harness({ deletionPurgeMs: 0 });
    try {
      const p = await later.createProject({ name: "Later" });
      await later.api("DELETE", later.orgPath(`${p.id}/`));
      expect((await later.api("GET", later.orgPath(`${p.id}/`))).status).toBe(200);
      await sleep(300);
      expect((await later.api("GET", later.orgPath(`${p.id}/`))).status).toBe(404);
      const q = await atOnce.createProject({ name: "Now" });
      expect((await atOnce.api("DELETE", atOnce.orgPath(`${q.id}/`))).status).toBe(204);
      expect((await atOnce.api("GET", atOnce.orgPath(`${q.id}/`))).status).toBe(404);
    } finally {
      await later.server.close();
      await atOnce.server.close();
    }
  });

  test("a project left pending in the state file is purged after a restart; --deletion-purge-ms", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-deletion-"));
    try {
      const statePath = path.join(dir, "state.json");
      const first = wrap(await startServer({ port: 0, statePath, deletionPurgeMs: 60_000 }));
      const p = await first.createProject({ name: "Pending" });
      await first.api("DELETE", first.orgPath(`${p.id}/`));
      await first.server.close();
      const second = wrap(await startServer({ port: 0, statePath, deletionPurgeMs: 0 }));
      try {
        expect((await second.api("GET", second.orgPath(`${p.id}/`))).status).toBe(404);
      } finally {
        await second.server.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(parseArgs(["--deletion-purge-ms", "0"]).deletionPurgeMs).toBe(0);
    expect(() => parseArgs(["--deletion-purge-ms=-1"])).toThrow(/--deletion-purge-ms/);
  });
});

describe("/api/environments/<id>/ (TeamSerializer)", () => {
  test("the same stored project, without product_description and is_pending_deletion", async () => {
    const p = await h.createProject({ name: "Env", product_description: "x", timezone: "Europe/Paris" });
    const r = await h.api("GET", `/api/environments/${p.id}/`);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("product_description");
    expect(r.body).not.toHaveProperty("is_pending_deletion");
    expect(Object.keys(r.body).slice(0, 15)).toEqual([
      "id", "uuid", "name", "access_control", "organization", "project_id", "api_token", "secret_api_token", "secret_api_token_backup",
      "created_at", "updated_at", "ingested_event", "default_modifiers", "person_on_events_querying_enabled", "user_access_level",
    ]);
    for (const [k, v] of Object.entries(r.body)) expect([k, v]).toEqual([k, p[k]]);
    expect((await h.api("GET", "/api/environments/@current/")).body.id).toBe(p.id);
    const list = await h.api("GET", "/api/environments/");
    expect(list.body.results.map((x: { id: number }) => x.id)).toEqual([p.id]);
  });

  test("PATCH: no duplicate-name check, TeamSerializer's own validators, same stored project", async () => {
    await h.createProject({ name: "Taken" });
    const p = await h.createProject({ name: "Mine" });
    const renamed = await h.api("PATCH", `/api/environments/${p.id}/`, { body: { name: "taken", anonymize_ips: true } });
    expect([renamed.status, renamed.body.name]).toEqual([200, "taken"]);
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).body).toMatchObject({ name: "taken", anonymize_ips: true });
    // validate_session_recording_trigger_match_type_config exists on TeamSerializer only
    const bad = await h.api("PATCH", `/api/environments/${p.id}/`, { body: { session_recording_trigger_match_type_config: "some" } });
    expect(bad.body).toEqual(err("validation_error", "invalid_input", "Must provide a valid trigger match type. Only 'all' or 'any' or None are allowed.", "session_recording_trigger_match_type_config"));
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { session_recording_trigger_match_type_config: "some" } })).status).toBe(200);
    expect((await h.api("PATCH", `/api/environments/${p.id}/`, { body: { product_description: "ignored" } })).status).toBe(200);
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).body.product_description).toBeNull();
  });

  test("PUT without base_currency sets PostHog's default (ChoiceField default USD); PATCH leaves it", async () => {
    const p = await h.createProject({ name: "Currency", base_currency: "EUR" });
    expect((await h.api("PATCH", `/api/environments/${p.id}/`, { body: { timezone: "UTC" } })).body.base_currency).toBe("EUR");
    expect((await h.api("PUT", `/api/environments/${p.id}/`, { body: { timezone: "UTC" } })).body.base_currency).toBe("USD");
  });

  test("scopes: project:read to read, project:write to change", async () => {
    const p = await h.createProject({ name: "Scoped" });
    const reader = await h.control.createKey({ scopes: ["project:read"] });
    expect((await h.api("GET", `/api/environments/${p.id}/`, { key: reader.key })).status).toBe(200);
    const denied = await h.api("PATCH", `/api/environments/${p.id}/`, { key: reader.key, body: { timezone: "UTC" } });
    expect([denied.status, denied.body.detail]).toEqual([403, "API key missing required scope 'project:write'"]);
    expect((await h.api("GET", "/api/environments/999/")).status).toBe(404);
  });
});

describe("/api/organizations/<id>/", () => {
  test("@current and the id: the basic organization fields; organization:read", async () => {
    const p = await h.createProject({ name: "In org" });
    const r = await h.api("GET", "/api/organizations/@current/");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: h.server.organizationId, name: "Local Organization", slug: "local-organization", membership_level: 15, is_active: true,
      is_pending_deletion: false, projects: [{ id: p.id, name: "In org" }],
    });
    expect(r.body.teams[0]).toMatchObject({ id: p.id, project_id: p.id, api_token: p.api_token });
    expect((await h.api("GET", `/api/organizations/${h.server.organizationId}/`)).body).toEqual(r.body);
    const projectOnly = await h.control.createKey({ scopes: ["project:read"] });
    const denied = await h.api("GET", "/api/organizations/@current/", { key: projectOnly.key });
    expect([denied.status, denied.body.detail]).toEqual([403, "API key missing required scope 'organization:read'"]);
    const orgReader = await h.control.createKey({ scopes: ["organization:read"] });
    expect((await h.api("GET", "/api/organizations/@current/", { key: orgReader.key })).body.membership_level).toBe(15);
    const other = await h.control.createOrganization({ name: "Elsewhere" });
    expect((await h.api("GET", `/api/organizations/${other.id}/`)).status).toBe(404);
    expect((await h.api("GET", "/api/organizations/")).body.results.map((o: { id: string }) => o.id)).toEqual([h.server.organizationId]);
  });
});
