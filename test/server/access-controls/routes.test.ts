/**
 * The local server's access control entries against what PostHog answers (ee/api/rbac/access_control.py; measured on
 * the 2025-08-04 backend: the answers' shape, the upsert, `access_level: null` deleting with 204, the refusals' words,
 * a kind-wide PUT without `resource` being a 500), in both versions.
 */
import { harness, type Harness } from "../helpers";

const versions = ["current", "2025-08-04"] as const;

describe.each(versions)("PostHog %s", (version) => {
  let h: Harness;
  let project: number;
  let role: string;
  let anaMembership: string;
  let anaKey: string;
  beforeAll(async () => {
    h = await harness({ postHogVersion: version });
    anaKey = (await h.control.createKey({ userEmail: "ana@example.com", level: "member" })).key;
    project = (await h.api("POST", `/api/organizations/${h.server.organizationId}/projects/`, { body: { name: "acl" } })).body.id;
    role = (await h.api("POST", `/api/organizations/${h.server.organizationId}/roles/`, { body: { name: "Editors" } })).body.id;
    const members = (await h.api("GET", `/api/organizations/${h.server.organizationId}/members/`)).body.results;
    anaMembership = members.find((m: { user: { email: string } }) => m.user.email === "ana@example.com").id;
  });
  afterAll(() => h.server.close());
  const own = () => `/api/projects/${project}/access_controls/`;
  const global = () => `/api/projects/${project}/global_access_controls/`;

  test("the project's own entries: an upsert per target answered without an id, listed by GET, deleted by access_level null", async () => {
    const made = await h.api("PUT", own(), { body: { access_level: "member" } });
    expect(made.status).toBe(200);
    expect(Object.keys(made.body)).toEqual([
      "access_level",
      "resource",
      "resource_id",
      "organization_member",
      "role",
      "created_by",
      "created_at",
      "updated_at",
    ]);
    expect(made.body).toMatchObject({
      access_level: "member",
      resource: "project",
      resource_id: String(project),
      organization_member: null,
      role: null,
      created_by: null,
    });
    expect((await h.api("PUT", own(), { body: { access_level: "admin", role } })).body.role).toBe(role);
    expect((await h.api("PUT", own(), { body: { access_level: "none" } })).body.access_level).toBe("none");
    const listed = (await h.api("GET", own())).body;
    expect(listed.access_controls.map((e: { access_level: string }) => e.access_level)).toEqual(["none", "admin"]);
    expect(listed).toMatchObject({
      available_access_levels: ["none", "member", "admin"],
      default_access_level: "admin",
      user_access_level: "admin",
      user_can_edit_access_levels: true,
    });
    expect("minimum_access_level" in listed).toBe(version === "current");
    expect((await h.api("PUT", own(), { body: { access_level: null } })).status).toBe(204);
    expect((await h.api("PUT", own(), { body: { access_level: null } })).status).toBe(204);
    expect((await h.api("GET", own())).body.access_controls).toHaveLength(1);
  });

  test("refusals in PostHog's words: a level of another resource, both a member and a role, no such role, no resource on the global route (500), an unknown resource", async () => {
    expect((await h.api("PUT", own(), { body: { access_level: "editor" } })).body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "Invalid access level. Must be one of: none, member, admin",
      attr: "access_level",
    });
    expect(
      (
        await h.api("PUT", global(), {
          body: { access_level: "viewer", resource: "feature_flag", role, organization_member: anaMembership },
        })
      ).body.detail,
    ).toBe("You can not scope an access control to both a member and a role.");
    const missing = "01a2192f-d0bc-0000-319b-c6b0c95d0b09";
    expect((await h.api("PUT", global(), { body: { access_level: "viewer", resource: "feature_flag", role: missing } })).body).toEqual({
      type: "validation_error",
      code: "does_not_exist",
      detail: `Invalid pk "${missing}" - object does not exist.`,
      attr: "role",
    });
    expect((await h.api("PUT", global(), { body: { access_level: "viewer" } })).status).toBe(500);
    expect((await h.api("PUT", own(), { body: { role } })).body).toMatchObject({ code: "required", attr: "access_level" });
    const bogus = await h.api("PUT", global(), { body: { access_level: "viewer", resource: "bogus" } });
    expect(bogus.body.detail).toMatch(/^Invalid resource\. Must be one of: \('action', 'access_control', /);
  });

  test("a kind's entries on the global route and one flag's on its own; a non-admin member may not write them; a deleted role takes its entries along", async () => {
    const kindWide = await h.api("PUT", global(), {
      body: { access_level: "viewer", resource: "survey", organization_member: anaMembership },
    });
    expect(kindWide.body).toMatchObject({ resource: "survey", resource_id: null, organization_member: anaMembership });
    const flag = (await h.api("POST", `/api/projects/${project}/feature_flags/`, { body: { key: "acl-flag" } })).body.id;
    const route = `/api/projects/${project}/feature_flags/${flag}/access_controls/`;
    expect((await h.api("PUT", route, { body: { access_level: "manager", role } })).body).toMatchObject({
      resource: "feature_flag",
      resource_id: String(flag),
    });
    expect((await h.api("GET", route)).body.access_controls).toHaveLength(1);
    expect((await h.api("GET", `/api/projects/${project}/feature_flags/999999/access_controls/`)).status).toBe(404);
    const refused = await h.api("PUT", own(), { body: { access_level: "admin", organization_member: anaMembership }, key: anaKey });
    // The project's own entries carry its id as resource_id: PostHog checks them as one object's.
    expect([refused.status, refused.body.detail]).toEqual([403, "Must be admin to modify project permissions."]);
    const kindRefused = await h.api("PUT", global(), { body: { access_level: "viewer", resource: "survey" }, key: anaKey });
    expect(kindRefused.body.detail).toBe("Must be an Organization admin to modify project-wide permissions.");
    expect((await h.api("DELETE", `/api/organizations/${h.server.organizationId}/roles/${role}/`)).status).toBe(204);
    expect((await h.api("GET", route)).body.access_controls).toEqual([]);
  });
});
