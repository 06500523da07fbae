/**
 * Personal API key authentication and API scopes (src/server/pipeline/auth.ts, after posthog/auth.py
 * `PersonalAPIKeyAuthentication` and posthog/permissions.py `APIScopePermission`).
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const NOT_AUTHENTICATED = err("authentication_error", "not_authenticated", "Authentication credentials were not provided.");

describe("authentication", () => {
  test("no credentials: 401 not_authenticated (403 on groups_types)", async () => {
    const p = await h.createProject({ name: "A" });
    const r = await h.api("GET", h.orgPath(), { key: null });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(NOT_AUTHENTICATED);
    expect(r.headers.get("www-authenticate")).toMatch(
      /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource"$/,
    );
    const gt = await h.api("GET", `/api/projects/${p.id}/groups_types/`, { key: null });
    expect(gt.status).toBe(403);
    expect(gt.body).toEqual(NOT_AUTHENTICATED);
    expect((await h.api("GET", `/api/projects/${p.id}/groups_types/`, { key: "phx_bad" })).status).toBe(403);
  });

  test("a bad key names where it was found", async () => {
    const failed = (source: string) =>
      err("authentication_error", "authentication_failed", `Personal API key found in request ${source} is invalid.`);
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
    expect([denied.status, denied.body]).toEqual([
      403,
      err("authentication_error", "permission_denied", "API key missing required scope 'project:write'"),
    ]);
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
    for (const [method, suffix] of [
      ["PATCH", "reset_token/"],
      ["GET", "activity/"],
      ["GET", "is_generating_demo_data/"],
    ] as const) {
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
    expect((await h.api("PATCH", h.orgPath(), { key: read.key, body: {} })).body.detail).toBe(
      "API key missing required scope 'project:write'",
    );
    // @action(required_scopes) applies to every method: group:read then 405
    const group = await h.control.createKey({ scopes: ["group:read"] });
    expect((await h.api("POST", `/api/projects/${p.id}/groups/find/`, { key: group.key, body: {} })).status).toBe(405);
  });

  test("keys scoped to organizations", async () => {
    const other = await h.control.createOrganization({ name: "Other org" });
    const p = await h.createProject({ name: "In default org" });
    const scoped = await h.control.createKey({ scopes: ["*"], scopedOrganizations: [other.id] });
    const r = await h.api("GET", h.orgPath(), { key: scoped.key });
    expect([r.status, r.body.detail]).toEqual([
      403,
      `API key does not have access to the requested organization: ID ${h.server.organizationId}.`,
    ]);
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
});
