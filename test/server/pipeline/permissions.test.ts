/**
 * Organizations and projects named in the URL (`@current`, ids, another organization's) and membership levels
 * (src/server/pipeline/permissions.ts, after posthog/api/routing.py `parents_query_dict`).
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

describe("organizations and projects named in the URL", () => {
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
    expect((await h.api("GET", "/api/projects/999/groups/?group_type_index=0")).body).toEqual(
      err("invalid_request", "not_found", "Project not found."),
    );
    const badOrg = await h.api("GET", "/api/organizations/not-a-uuid/projects/");
    expect(badOrg.status).toBe(404);
    expect(badOrg.body.detail).toBe("Organization not found.");
  });

  test("another organization's project list is simply empty; its project is 404 Not found", async () => {
    const other = await h.control.createOrganization({ name: "Other" });
    expect((await h.api("GET", `/api/organizations/${other.id}/projects/`)).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const p = await h.createProject({ name: "Mine" });
    expect((await h.api("GET", `/api/organizations/${other.id}/projects/${p.id}/`)).status).toBe(404);
    const create = await h.api("POST", `/api/organizations/${other.id}/projects/`, { body: { name: "x" } });
    expect(create.status).toBe(404);
    expect(create.body.detail).toBe("Organization not found.");
  });
});

describe("membership", () => {
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
    expect(
      (await h.api("PATCH", h.orgPath(`${p.id}/`), { key: member.key, body: { session_recording_opt_in: true } })).body
        .effective_membership_level,
    ).toBe(1);

    const outsider = await h.control.createKey({ level: "none", userEmail: "outsider@example.com" });
    expect((await h.api("GET", h.orgPath(`${p.id}/`), { key: outsider.key })).status).toBe(404);
    expect((await h.api("GET", h.orgPath(), { key: outsider.key })).body.count).toBe(0);
    const groups = await h.api("GET", `/api/projects/${p.id}/groups_types/`, { key: outsider.key });
    expect([groups.status, groups.body]).toEqual([
      403,
      err("authentication_error", "permission_denied", "You don't have access to the project."),
    ]);
    const create2 = await h.api("POST", h.orgPath(), { key: outsider.key, body: { name: "x" } });
    expect([create2.status, create2.body.detail]).toEqual([404, "Organization not found."]);
  });
});
