/** Routing, authentication, API scopes and request robustness (checklist §8.1–8.4). */
import { err, harness, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const NOT_AUTHENTICATED = err("authentication_error", "not_authenticated", "Authentication credentials were not provided.");

describe("routing", () => {
  test("the trailing slash is optional on every route", async () => {
    const p = await h.createProject({ name: "Slash" });
    for (const path of [h.orgPath(), h.orgPath().slice(0, -1), h.orgPath(`${p.id}`), h.orgPath(`${p.id}/`), h.orgPath(`${p.id}/activity`)]) {
      expect((await h.api("GET", path)).status).toBe(200);
    }
    expect((await h.api("GET", `/api/projects/${p.id}/groups_types`)).status).toBe(200);
  });

  test("unknown /api/ paths give 404 Endpoint not found, without authentication, for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const r = await h.api(method, "/api/nope/", { key: null });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(err("invalid_request", "not_found", "Endpoint not found."));
    }
    const p = await h.createProject({ name: "G" });
    const r = await h.api("GET", `/api/projects/${p.id}/groups/something/`);
    expect(r.body).toEqual(err("invalid_request", "not_found", "Endpoint not found."));
    expect((await h.api("GET", h.orgPath("1.5/"))).status).toBe(404);
  });

  test("non-API paths are 404 and the health check answers", async () => {
    expect((await h.api("GET", "/nothing")).status).toBe(404);
    expect((await h.api("GET", "/_health")).body).toEqual({ status: "ok" });
  });

  test("wrong method gives 405 with PostHog's body and an Allow header", async () => {
    const p = await h.createProject({ name: "M" });
    const r = await h.api("POST", h.orgPath(`${p.id}/`), { body: {} });
    expect(r.status).toBe(405);
    expect(r.body).toEqual(err("invalid_request", "method_not_allowed", 'Method "POST" not allowed.'));
    expect(r.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
    expect((await h.api("GET", h.orgPath(`${p.id}/reset_token/`))).body).toEqual(err("invalid_request", "method_not_allowed", 'Method "GET" not allowed.'));
  });

  test("/api/projects/:id/environments/ is refused like newest PostHog", async () => {
    const p = await h.createProject({ name: "E" });
    const r = await h.api("GET", `/api/projects/${p.id}/environments/`);
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("Multiple environments per project are no longer available. Please contact support if you need assistance.");
  });

  test("@current organization and project", async () => {
    const p = await h.createProject({ name: "Current" });
    expect((await h.api("GET", "/api/organizations/@current/projects/")).body.count).toBe(1);
    expect((await h.api("GET", h.orgPath("@current/"))).body.id).toBe(p.id);
    expect((await h.api("GET", `/api/projects/@current/`)).body.id).toBe(p.id);
    expect((await h.api("GET", `/api/projects/@current/groups_types/`)).body).toEqual([]);
  });

  test("bad ids: 400 for a non-numeric project id, 404 Not found / Project not found / Organization not found", async () => {
    const r = await h.api("GET", h.orgPath("abc/"));
    expect(r.status).toBe(400);
    expect(r.body).toEqual(err("validation_error", "invalid_input", "Field 'id' expected a number but got 'abc'."));
    expect((await h.api("GET", h.orgPath("999/"))).body).toEqual(err("invalid_request", "not_found", "Not found."));
    expect((await h.api("GET", "/api/projects/abc/groups_types/")).body).toEqual(err("invalid_request", "not_found", "Project not found."));
    expect((await h.api("GET", "/api/projects/999/groups/?group_type_index=0")).body).toEqual(err("invalid_request", "not_found", "Project not found."));
    const badOrg = await h.api("GET", "/api/organizations/not-a-uuid/projects/");
    expect(badOrg.status).toBe(404);
    expect(badOrg.body.detail).toBe("Organization not found.");
  });

  test("another organization's project list is simply empty; its project is 404 Not found", async () => {
    const other = await h.control.createOrganization({ name: "Other" });
    expect((await h.api("GET", `/api/organizations/${other.id}/projects/`)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const p = await h.createProject({ name: "Mine" });
    expect((await h.api("GET", `/api/organizations/${other.id}/projects/${p.id}/`)).status).toBe(404);
    const create = await h.api("POST", `/api/organizations/${other.id}/projects/`, { body: { name: "x" } });
    expect(create.status).toBe(404);
    expect(create.body.detail).toBe("Organization not found.");
  });
});

describe("authentication", () => {
  test("no credentials: 401 not_authenticated (403 on groups_types)", async () => {
    const p = await h.createProject({ name: "A" });
    const r = await h.api("GET", h.orgPath(), { key: null });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(NOT_AUTHENTICATED);
    expect(r.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource"$/);
    const gt = await h.api("GET", `/api/projects/${p.id}/groups_types/`, { key: null });
    expect(gt.status).toBe(403);
    expect(gt.body).toEqual(NOT_AUTHENTICATED);
    expect((await h.api("GET", `/api/projects/${p.id}/groups_types/`, { key: "phx_bad" })).status).toBe(403);
  });

  test("a bad key names where it was found", async () => {
    const failed = (source: string) => err("authentication_error", "authentication_failed", `Personal API key found in request ${source} is invalid.`);
    let r = await h.api("GET", h.orgPath(), { key: "phx_nope" });
    expect([r.status, r.body]).toEqual([401, failed("Authorization header")]);
    r = await h.api("POST", h.orgPath(), { key: null, body: { personal_api_key: "phx_nope", name: "x" } });
    expect([r.status, r.body]).toEqual([401, failed("body")]);
    r = await h.api("GET", `${h.orgPath()}?personal_api_key=phx_nope`, { key: null });
    expect([r.status, r.body]).toEqual([401, failed("query string")]);
  });

  test("the key is accepted from the header, the body and the query string; the header wins", async () => {
    expect((await h.api("GET", `${h.orgPath()}?personal_api_key=${h.server.apiKey}`, { key: null })).status).toBe(200);
    expect((await h.api("POST", h.orgPath(), { key: null, body: { personal_api_key: h.server.apiKey, name: "Body" } })).status).toBe(201);
    expect((await h.api("GET", `${h.orgPath()}?personal_api_key=phx_bad`)).status).toBe(200);
    // a non-Bearer Authorization header is not a credential
    expect((await h.api("GET", h.orgPath(), { key: null, headers: { Authorization: `Basic abc` } })).status).toBe(401);
  });

  test("unauthenticated requests to real routes are 401 before 405", async () => {
    const r = await h.api("DELETE", h.orgPath(), { key: null });
    expect(r.status).toBe(401);
  });
});

describe("API scopes", () => {
  test("missing scope, :write implies :read, '*' grants everything", async () => {
    const p = await h.createProject({ name: "Scoped" });
    const read = await h.control.createKey({ scopes: ["project:read"] });
    const write = await h.control.createKey({ scopes: ["project:write"] });
    const star = await h.control.createKey({ scopes: ["*"] });
    expect((await h.api("GET", h.orgPath(`${p.id}/`), { key: read.key })).status).toBe(200);
    const denied = await h.api("PATCH", h.orgPath(`${p.id}/`), { key: read.key, body: { timezone: "Europe/Paris" } });
    expect([denied.status, denied.body]).toEqual([403, err("authentication_error", "permission_denied", "API key missing required scope 'project:write'")]);
    expect((await h.api("GET", h.orgPath(), { key: write.key })).status).toBe(200);
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { key: write.key, body: { timezone: "Europe/Paris" } })).status).toBe(200);
    expect((await h.api("DELETE", h.orgPath(`${p.id}/`), { key: star.key })).status).toBe(204);
    const groups = await h.api("GET", `/api/projects/1/groups_types/`, { key: read.key });
    expect(groups.body.detail).toBe("API key missing required scope 'group:read'");
  });

  test("actions without a scope mapping refuse scoped keys, even '*'; legacy keys may use them", async () => {
    const p = await h.createProject({ name: "Unmapped" });
    const star = await h.control.createKey({ scopes: ["*"] });
    const none = err("authentication_error", "permission_denied", "This action does not support personal API key access");
    for (const [method, suffix] of [["PATCH", "reset_token/"], ["GET", "activity/"], ["GET", "is_generating_demo_data/"]] as const) {
      const r = await h.api(method, h.orgPath(`${p.id}/${suffix}`), { key: star.key });
      expect([r.status, r.body]).toEqual([403, none]);
      expect((await h.api(method, h.orgPath(`${p.id}/${suffix}`))).status).toBe(200);
    }
    // an unmapped method on a detail route is "does not support" for a scoped key, 405 for a legacy key
    expect((await h.api("POST", h.orgPath(`${p.id}/`), { key: star.key, body: {} })).body).toEqual(none);
    // PATCH on a list route is action "patch": needs :write, then 405
    const write = await h.control.createKey({ scopes: ["project:write"] });
    expect((await h.api("PATCH", h.orgPath(), { key: write.key, body: {} })).status).toBe(405);
    const read = await h.control.createKey({ scopes: ["project:read"] });
    expect((await h.api("PATCH", h.orgPath(), { key: read.key, body: {} })).body.detail).toBe("API key missing required scope 'project:write'");
    // @action(required_scopes) applies to every method: group:read then 405
    const group = await h.control.createKey({ scopes: ["group:read"] });
    expect((await h.api("POST", `/api/projects/${p.id}/groups/find/`, { key: group.key, body: {} })).status).toBe(405);
  });

  test("keys scoped to organizations", async () => {
    const other = await h.control.createOrganization({ name: "Other org" });
    const p = await h.createProject({ name: "In default org" });
    const scoped = await h.control.createKey({ scopes: ["*"], scopedOrganizations: [other.id] });
    const r = await h.api("GET", h.orgPath(), { key: scoped.key });
    expect([r.status, r.body.detail]).toEqual([403, `API key does not have access to the requested organization: ID ${h.server.organizationId}.`]);
    expect((await h.api("GET", `/api/projects/${p.id}/groups_types/`, { key: scoped.key })).body.detail).toBe(
      `API key does not have access to the requested organization: ID ${h.server.organizationId}.`,
    );
    const missing = await h.api("GET", "/api/organizations/00000000-0000-0000-0000-000000000000/projects/", { key: scoped.key });
    expect([missing.status, missing.body.detail]).toEqual([404, "Organization not found."]);
    const ok = await h.control.createKey({ scopes: ["*"], scopedOrganizations: [h.server.organizationId] });
    expect((await h.api("GET", h.orgPath(), { key: ok.key })).body.count).toBe(1);
  });

  test("keys scoped to projects", async () => {
    const a = await h.createProject({ name: "A" });
    const b = await h.createProject({ name: "B" });
    const scoped = await h.control.createKey({ scopes: ["*"], scopedTeams: [a.id] });
    expect((await h.api("GET", h.orgPath(`${a.id}/`), { key: scoped.key })).status).toBe(200);
    const other = await h.api("GET", h.orgPath(`${b.id}/`), { key: scoped.key });
    expect([other.status, other.body.detail]).toEqual([403, `API key does not have access to the requested project: ID ${b.id}.`]);
    const list = await h.api("GET", h.orgPath(), { key: scoped.key });
    expect([list.status, list.body.detail]).toEqual([403, "API keys with scoped projects are only supported on project-based endpoints."]);
    expect((await h.api("GET", `/api/projects/${b.id}/groups_types/`, { key: scoped.key })).status).toBe(403);
    expect((await h.api("GET", `/api/projects/${a.id}/groups_types/`, { key: scoped.key })).status).toBe(200);
  });

  test("membership: members cannot create, delete or reset; non-members see nothing", async () => {
    const p = await h.createProject({ name: "Team" });
    const member = await h.control.createKey({ level: "member" });
    const create = await h.api("POST", h.orgPath(), { key: member.key, body: { name: "Nope" } });
    expect([create.status, create.body.detail]).toEqual([403, "You need to be an organization admin or above to create new projects."]);
    expect((await h.api("POST", h.orgPath(), { key: member.key, body: { is_demo: true, name: "Demo" } })).status).toBe(201);
    const del = await h.api("DELETE", h.orgPath(`${p.id}/`), { key: member.key });
    expect([del.status, del.body.detail]).toEqual([403, "You don't have sufficient permissions in the project."]);
    expect((await h.api("PATCH", h.orgPath(`${p.id}/reset_token/`), { key: member.key })).status).toBe(403);
    const patch = await h.api("PATCH", h.orgPath(`${p.id}/`), { key: member.key, body: { timezone: "Europe/Paris", anonymize_ips: true } });
    expect([patch.status, patch.body.detail]).toEqual([403, "Only project admins can modify these settings: anonymize_ips, timezone"]);
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { key: member.key, body: { session_recording_opt_in: true } })).body.effective_membership_level).toBe(1);

    const outsider = await h.control.createKey({ level: "none", userEmail: "outsider@example.com" });
    expect((await h.api("GET", h.orgPath(`${p.id}/`), { key: outsider.key })).status).toBe(404);
    expect((await h.api("GET", h.orgPath(), { key: outsider.key })).body.count).toBe(0);
    const groups = await h.api("GET", `/api/projects/${p.id}/groups_types/`, { key: outsider.key });
    expect([groups.status, groups.body]).toEqual([403, err("authentication_error", "permission_denied", "You don't have access to the project.")]);
    const create2 = await h.api("POST", h.orgPath(), { key: outsider.key, body: { name: "x" } });
    expect([create2.status, create2.body.detail]).toEqual([404, "Organization not found."]);
  });
});

describe("request bodies", () => {
  test("malformed JSON is a 400 parse_error", async () => {
    const r = await h.api("POST", h.orgPath(), { rawBody: "{nope", headers: { "Content-Type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ type: "invalid_request", code: "parse_error", attr: null });
    expect(r.body.detail).toMatch(/^JSON parse error - /);
  });

  test("a non-JSON content type is a 415", async () => {
    const r = await h.api("POST", h.orgPath(), { rawBody: "name=x", headers: { "Content-Type": "text/plain" } });
    expect([r.status, r.body]).toEqual([415, err("invalid_request", "unsupported_media_type", 'Unsupported media type "text/plain" in request.')]);
  });

  test("a form body is read as DRF's FormParser reads it", async () => {
    const r = await h.api("POST", h.orgPath(), { rawBody: "name=From+a+form&timezone=Asia%2FTokyo&anonymize_ips=true", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "From a form", timezone: "Asia/Tokyo", anonymize_ips: true });
  });

  test("oversized bodies are a 413", async () => {
    const r = await h.api("POST", h.orgPath(), { body: { name: "x", extra_settings: { blob: "x".repeat(1024 * 1024 + 10) } } });
    expect([r.status, r.body]).toEqual([413, err("invalid_request", "request_too_large", "Request body too large.")]);
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
  });

  test("a body that is not an object is a validation error", async () => {
    const r = await h.api("POST", h.orgPath(), { body: ["x"] });
    expect([r.status, r.body]).toEqual([400, err("validation_error", "invalid_input", "Invalid data. Expected a dictionary, but got list.")]);
  });

  test("the request log never carries credentials", async () => {
    await h.control.clearRequests();
    await h.api("GET", `${h.orgPath()}?personal_api_key=${h.server.apiKey}`, { key: null });
    await h.api("POST", h.orgPath(), { body: { name: "Logged", timezone: "UTC" } });
    const log = await h.control.requests();
    expect(log.map((e) => [e.method, e.status])).toEqual([["GET", 200], ["POST", 201]]);
    expect(log[0].query).toEqual({ personal_api_key: "[redacted]" });
    expect(log[1].bodyKeys).toEqual(["name", "timezone"]);
    expect(JSON.stringify(log)).not.toContain(h.server.apiKey);
  });
});
