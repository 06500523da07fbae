/**
 * What differential conformance (test/acceptance/conformance.test.ts) found the local server answering otherwise than
 * the real 2025-08-04 backend, each case beside today's answer: the scopes of config-only PATCHes and the 500 of a body that is not a dictionary, the search that
 * version ignores, its environment list rows, its organization record, its unchecked group parameters and group
 * fields, its failing /api/projects/<id>/environments/ and bodies that are not dictionaries.
 */
import { groupIdentify, harness, type Harness } from "../helpers";

let old: Harness;
let now: Harness;
beforeAll(async () => {
  old = await harness({ demoDataMs: 0, postHogVersion: "2025-08-04" });
  now = await harness({ demoDataMs: 0 });
});
afterAll(() => Promise.all([old.server.close(), now.server.close()]));
beforeEach(() => Promise.all([old.control.reset(), now.control.reset()]));

const both = async <T>(check: (h: Harness) => Promise<T>): Promise<[T, T]> => [await check(old), await check(now)];

test("2025-08-04: a PATCH of config fields only needs project:read on a project, team:read on an environment; today's needs project:write", async () => {
  const [then, today] = await both(async (h) => {
    const p = await h.createProject({ name: "Scopes" });
    const reader = (await h.control.createKey({ scopes: ["project:read"] })).key;
    const writer = (await h.control.createKey({ scopes: ["project:write"] })).key;
    const all = (await h.control.createKey({ scopes: ["*"] })).key;
    const status = async (path: string, key: string, body: unknown) => (await h.api("PATCH", path, { key, body })).status;
    const project = `/api/projects/${p.id}/`;
    const environment = `/api/environments/${p.id}/`;
    return {
      projectConfig: await status(project, reader, { timezone: "UTC" }),
      projectName: await status(project, reader, { name: "Renamed" }),
      environmentConfig: await status(environment, writer, { anonymize_ips: true }),
      environmentConfigAll: await status(environment, all, { anonymize_ips: true }),
      environmentName: await status(environment, writer, { name: "Renamed again" }),
      listBody: await status(project, writer, [1]),
    };
  });
  // request.data.keys() of a list: AttributeError, a 500, in 2025-08-04; today's validates the body (400).
  expect(then).toEqual({
    projectConfig: 200,
    projectName: 403,
    environmentConfig: 403,
    environmentConfigAll: 200,
    environmentName: 200,
    listBody: 500,
  });
  expect(today).toEqual({ ...then, projectConfig: 403, environmentConfig: 200, listBody: 400 });
});

test("project lists: 2025-08-04 ignores search; environment list rows have project_id in both", async () => {
  const [then, today] = await both(async (h) => {
    await h.createProject({ name: "Alpha" });
    await h.createProject({ name: "Beta" });
    const searched = await h.api("GET", `${h.orgPath()}?search=alp`);
    const environments = await h.api("GET", "/api/environments/");
    return {
      searched: searched.body.results.map((r: { name: string }) => r.name),
      environmentRow: Object.keys(environments.body.results[0]),
    };
  });
  expect(then.searched).toEqual(["Alpha", "Beta"]);
  expect(today.searched).toEqual(["Alpha"]);
  expect(then.environmentRow).toContain("project_id");
  expect(today.environmentRow).toContain("project_id");
});

test("a create whose body is not a dictionary: 500 on 2025-08-04, 400 today", async () => {
  const [then, today] = await both(async (h) => (await h.api("POST", h.orgPath(), { body: [1, 2] })).status);
  expect([then, today]).toEqual([500, 400]);
});

test("/api/projects/<id>/environments/: 2025-08-04's list fails and its detail is not found; today's refuses both", async () => {
  const [then, today] = await both(async (h) => {
    const p = await h.createProject({ name: "Envs" });
    const key = (await h.control.createKey({ scopes: ["project:read"] })).key;
    return [
      (await h.api("GET", `/api/projects/${p.id}/environments/`, { key })).status,
      (await h.api("GET", `/api/projects/${p.id}/environments/${p.id}/`, { key })).status,
    ];
  });
  expect(then).toEqual([500, 404]);
  expect(today).toEqual([403, 403]);
});

test("the organization record: 2025-08-04's OrganizationSerializer", async () => {
  const r = await old.api("GET", "/api/organizations/@current/");
  expect(Object.keys(r.body).sort()).toEqual(
    [
      "id",
      "name",
      "slug",
      "logo_media_id",
      "created_at",
      "updated_at",
      "membership_level",
      "plugins_access_level",
      "teams",
      "projects",
      "available_product_features",
      "is_member_join_email_enabled",
      "metadata",
      "customer_id",
      "enforce_2fa",
      "members_can_invite",
      "members_can_use_personal_api_keys",
      "member_count",
      "is_ai_data_processing_approved",
      "default_experiment_stats_method",
    ].sort(),
  );
  expect(r.body.member_count).toBe(1);
  expect((await now.api("GET", "/api/organizations/@current/")).body).toMatchObject({ is_active: true, is_pending_deletion: false });
});

test("groups: 2025-08-04 reads its parameters unchecked (500) and has no created_at on group types nor notebook on a group", async () => {
  const [then, today] = await both(async (h) => {
    const p = await h.createProject({ name: "Groups" });
    await h.control.capture(p.api_token, [groupIdentify("company", "acme", { name: "Acme Inc" })]);
    const get = (path: string) => h.api("GET", `/api/projects/${p.id}/${path}`);
    return {
      badType: (await get("groups/?group_type_index=x")).status,
      noType: (await get("groups/")).status,
      findWithoutKey: (await get("groups/find/?group_type_index=0")).status,
      findWithoutType: (await get("groups/find/?group_key=acme")).status,
      findEmptyKey: (await get("groups/find/?group_type_index=0&group_key=")).status,
      find: Object.keys((await get("groups/find/?group_type_index=0&group_key=acme")).body).sort(),
      type: Object.keys((await get("groups_types/")).body[0]).sort(),
    };
  });
  expect(then).toEqual({
    badType: 500,
    noType: 400,
    findWithoutKey: 500,
    findWithoutType: 500,
    findEmptyKey: 404,
    find: ["created_at", "group_key", "group_properties", "group_type_index"],
    type: ["default_columns", "detail_dashboard", "group_type", "group_type_index", "name_plural", "name_singular"],
  });
  expect(today).toEqual({
    badType: 400,
    noType: 400,
    findWithoutKey: 400,
    findWithoutType: 400,
    findEmptyKey: 400,
    find: [...then.find, "notebook"],
    type: ["created_at", ...then.type],
  });
});
