/**
 * `/api/environments/<id>/` (posthog/api/team/viewsets.py `TeamViewSet` with `TeamSerializer`) and
 * `/api/organizations/<id>/` (posthog/api/organization.py), in src/server/projects/environments.ts.
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  // Purged only when a test says so (POST /_control/purge), or at reset.
  h = await harness({ demoDataMs: 0, deletionPurgeMs: 60_000 });
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

describe("/api/environments/<id>/ (TeamSerializer)", () => {
  test("the same stored project, without product_description and is_pending_deletion", async () => {
    const p = await h.createProject({ name: "Env", product_description: "x", timezone: "Europe/Paris" });
    const r = await h.api("GET", `/api/environments/${p.id}/`);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty("product_description");
    expect(r.body).not.toHaveProperty("is_pending_deletion");
    expect(Object.keys(r.body).slice(0, 15)).toEqual([
      "id",
      "uuid",
      "name",
      "access_control",
      "organization",
      "project_id",
      "api_token",
      "secret_api_token",
      "secret_api_token_backup",
      "created_at",
      "updated_at",
      "ingested_event",
      "default_modifiers",
      "person_on_events_querying_enabled",
      "user_access_level",
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
    expect(bad.body).toEqual(
      err(
        "validation_error",
        "invalid_input",
        "Must provide a valid trigger match type. Only 'all' or 'any' or None are allowed.",
        "session_recording_trigger_match_type_config",
      ),
    );
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { session_recording_trigger_match_type_config: "some" } })).status).toBe(
      200,
    );
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
      id: h.server.organizationId,
      name: "Local Organization",
      slug: "local-organization",
      membership_level: 15,
      is_active: true,
      is_pending_deletion: false,
      projects: [{ id: p.id, name: "In org" }],
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
