/**
 * The groups endpoints (src/server/groups/routes.ts, after ee/clickhouse/views/groups.py): list with its cursor,
 * find, property values and definitions, create, and group types, over groups made through capture.
 */
import { decodeGroupsCursor, encodeGroupsCursor } from "../../../src/server/groups/routes";
import { err, groupIdentify, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());

const V = "validation_error";

describe("groups endpoints over 260 groups of two types", () => {
  let projectId = 0;
  beforeAll(async () => {
    await h.control.reset();
    const p = await h.createProject({ name: "Many groups" });
    projectId = p.id;
    const base = Date.parse("2024-03-01T00:00:00Z");
    const events = [];
    for (let i = 0; i < 230; i++) {
      // pairs share a timestamp, so the key breaks ties
      const at = new Date(base + Math.floor(i / 2) * 1000).toISOString();
      events.push(
        groupIdentify(
          "organization",
          `org:${String(i).padStart(3, "0")}`,
          { industry: i % 3 === 0 ? "finance" : i % 3 === 1 ? "retail" : "Finance & Co", size: i, name: `Org ${i}` },
          at,
        ),
      );
    }
    for (let i = 0; i < 30; i++) events.push(groupIdentify("team", `team-${i}`, { name: `Team ${i}` }));
    await h.control.capture(p.api_token, events);
  });

  const path = (q: string) => `/api/projects/${projectId}/groups/${q}`;

  test("list: 100 per page, created_at DESC then group_key DESC, forward cursor, previous always null", async () => {
    const keys: string[] = [];
    let url: string | null = `${h.server.url}${path("?group_type_index=0")}`;
    const pages = [];
    while (url) {
      const res = await h.api("GET", url.slice(h.server.url.length));
      expect(res.body.previous).toBeNull();
      pages.push(res.body.results.length);
      keys.push(...res.body.results.map((g: { group_key: string }) => g.group_key));
      url = res.body.next;
      if (url)
        expect(url).toMatch(
          new RegExp(`^${h.server.url}/api/projects/${projectId}/groups/\\?group_type_index=0&cursor=[A-Za-z0-9_-]+(%3D)*$`),
        );
    }
    expect(pages).toEqual([100, 100, 30]);
    const expected = Array.from({ length: 230 }, (_, i) => `org:${String(i).padStart(3, "0")}`).reverse();
    expect(keys).toEqual(expected);
  });

  test('the cursor is urlsafe base64 of Python-style JSON {"c": micros, "k": key}', async () => {
    const res = await h.api("GET", path("?group_type_index=0"));
    const cursor = decodeURIComponent(new URL(res.body.next).searchParams.get("cursor") ?? "");
    const decoded = Buffer.from(cursor, "base64").toString();
    const last = res.body.results[99];
    expect(decoded).toBe(`{"c": ${Date.parse(last.created_at) * 1000}, "k": "${last.group_key}"}`);
    // milliseconds are accepted too, and a garbage cursor restarts from the first page
    const ms = Buffer.from(`{"c": ${Date.parse(last.created_at)}, "k": "${last.group_key}"}`).toString("base64url");
    expect(last.group_key).toBe("org:130");
    expect((await h.api("GET", path(`?group_type_index=0&cursor=${ms}`))).body.results[0].group_key).toBe("org:129");
    const garbage = await h.api("GET", path("?group_type_index=0&cursor=!!!"));
    expect(garbage.body.results[0].group_key).toBe("org:229");
  });

  test("search: substring of the properties JSON or exact key, case-insensitive; group_key contains; next keeps them", async () => {
    const finance = await h.api("GET", path("?group_type_index=0&search=FINANCE"));
    expect(finance.body.results).toHaveLength(100);
    expect(finance.body.next).toContain("&search=FINANCE");
    const exact = await h.api("GET", path("?group_type_index=0&search=ORG:007"));
    expect(exact.body.results.map((g: { group_key: string }) => g.group_key)).toEqual(["org:007"]);
    const contains = await h.api("GET", path("?group_type_index=0&group_key=:00"));
    expect(contains.body.results).toHaveLength(10);
    const teams = await h.api("GET", path("?group_type_index=1&search=team 2"));
    expect(teams.body.results.map((g: { group_key: string }) => g.group_key).sort()).toEqual(
      ["team-2", "team-20", "team-21", "team-22", "team-23", "team-24", "team-25", "team-26", "team-27", "team-28", "team-29"].sort(),
    );
    expect(teams.body.next).toBeNull();
  });

  test("list parameter errors", async () => {
    const missing = await h.api("GET", path(""));
    expect([missing.status, missing.body]).toEqual([
      400,
      err(
        V,
        "invalid_input",
        "You must pass ?group_type_index= in this URL. To get a list of valid group types, call /api/:project_id/groups_types/.",
        "group_type_index",
      ),
    ]);
    expect((await h.api("GET", path("?group_type_index=x"))).body).toEqual(
      err(V, "invalid_input", "A valid integer is required.", "group_type_index"),
    );
    expect((await h.api("GET", path("?group_type_index=4"))).body).toEqual({ next: null, previous: null, results: [] });
  });

  test("find: both parameters required, 404 when unknown", async () => {
    const required = (attr: string) => err(V, "invalid_input", "This query parameter is required.", attr);
    expect((await h.api("GET", path("find/?group_key=org:001"))).body).toEqual(required("group_type_index"));
    expect((await h.api("GET", path("find/"))).body).toEqual(required("group_type_index"));
    expect((await h.api("GET", path("find/?group_type_index=0"))).body).toEqual(required("group_key"));
    expect((await h.api("GET", path("find/?group_type_index=0&group_key="))).body).toEqual(required("group_key"));
    const nf = await h.api("GET", path("find/?group_type_index=1&group_key=org:001"));
    expect([nf.status, nf.body]).toEqual([404, err("invalid_request", "not_found", "Not found.")]);
    expect((await h.api("GET", path("find/?group_type_index=0&group_key=org:001"))).body.group_properties).toEqual({
      industry: "retail",
      size: 1,
      name: "Org 1",
    });
  });

  test("property_values of a key named like a JavaScript built-in (constructor, toString) finds no values", async () => {
    for (const key of ["constructor", "toString", "__proto__"]) {
      const r = await h.api("GET", path(`property_values/?group_type_index=0&key=${key}`));
      expect([key, r.status, r.body]).toEqual([key, 200, { results: [], refreshing: false }]);
    }
  });

  test("property_values: {results, refreshing}, count DESC then name, value filter, at most 20; older bare list", async () => {
    const r = await h.api("GET", path("property_values/?group_type_index=0&key=industry"));
    expect(r.body).toEqual({
      results: [
        { name: "finance", count: 77 },
        { name: "retail", count: 77 },
        { name: "Finance & Co", count: 76 },
      ],
      refreshing: false,
    });
    const filtered = await h.api("GET", path("property_values/?group_type_index=0&key=industry&value=FIN"));
    expect(filtered.body.results.map((v: { name: string }) => v.name)).toEqual(["finance", "Finance & Co"]);
    const sizes = await h.api("GET", path("property_values/?group_type_index=0&key=size"));
    expect(sizes.body.results).toHaveLength(20);
    expect(sizes.body.results[0]).toEqual({ name: "0", count: 1 });
    expect((await h.api("GET", path("property_values/?key=x"))).body.attr).toBe("group_type_index");
    expect((await h.api("GET", path("property_values/?group_type_index=0"))).body).toEqual(
      err(V, "invalid_input", "This query parameter is required.", "key"),
    );
    await h.control.patchOrganization(h.server.organizationId, { propertyValuesShape: "list" });
    expect((await h.api("GET", path("property_values/?group_type_index=1&key=name&value=team 1"))).body.slice(0, 2)).toEqual([
      { name: "Team 1", count: 1 },
      { name: "Team 10", count: 1 },
    ]);
    await h.control.patchOrganization(h.server.organizationId, { propertyValuesShape: "results" });
  });

  test("property_definitions: legacy shape, or gone (404 Endpoint not found.)", async () => {
    const r = await h.api("GET", path("property_definitions/"));
    expect(r.body).toEqual({
      "0": [
        { name: "industry", count: 230 },
        { name: "name", count: 230 },
        { name: "size", count: 230 },
      ],
      "1": [{ name: "name", count: 30 }],
    });
    await h.control.patchOrganization(h.server.organizationId, { propertyDefinitions: "gone" });
    const gone = await h.api("GET", path("property_definitions/"), { key: null });
    expect([gone.status, gone.body]).toEqual([404, err("invalid_request", "not_found", "Endpoint not found.")]);
    await h.control.patchOrganization(h.server.organizationId, { propertyDefinitions: "legacy" });
  });

  test("scopes: group:read for list, find, values, definitions and types", async () => {
    const reader = await h.control.createKey({ scopes: ["group:read"] });
    for (const q of [
      "?group_type_index=0",
      "find/?group_type_index=0&group_key=org:001",
      "property_values/?group_type_index=0&key=name",
      "property_definitions/",
    ]) {
      expect((await h.api("GET", path(q), { key: reader.key })).status).toBe(200);
    }
    expect((await h.api("GET", `/api/projects/${projectId}/groups_types/`, { key: reader.key })).status).toBe(200);
    const projectOnly = await h.control.createKey({ scopes: ["project:read"] });
    expect((await h.api("GET", path("find/?group_type_index=0&group_key=org:001"), { key: projectOnly.key })).body.detail).toBe(
      "API key missing required scope 'group:read'",
    );
  });

  test("the /api/environments/ alias answers with deprecation headers", async () => {
    const r = await h.api("GET", `/api/environments/${projectId}/groups/?group_type_index=1`);
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(30);
    expect(r.headers.get("deprecation")).toBe("true");
    expect(r.headers.get("link")).toBe(`</api/projects/${projectId}/groups/?group_type_index=1>; rel="successor-version"`);
    expect(r.headers.get("sunset")).toBe("Fri, 31 Jul 2026 00:00:00 GMT");
  });

  test("POST /groups/ creates a group (group:write); duplicates are refused", async () => {
    const body = { group_type_index: 1, group_key: "team-new", group_properties: { name: "New" } };
    const created = await h.api("POST", path(""), { body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ group_type_index: 1, group_key: "team-new", group_properties: { name: "New" } });
    expect((await h.api("POST", path(""), { body })).body).toEqual(
      err(V, "invalid_input", "A group with this key already exists", "detail"),
    );
    expect((await h.api("POST", path(""), { body: { group_type_index: 1, group_key: null } })).body).toEqual(
      err(V, "null", "This field may not be null.", "group_key"),
    );
  });
});

describe("today's PostHog: null fields on create, DELETE of a group type", () => {
  beforeEach(() => h.control.reset());

  // ee/clickhouse/views/test/test_clickhouse_groups.py GroupsViewSetTestCase
  test("test_create_group_missing_group_type_index / test_create_group_missing_group_key / test_create_group_missing_group_properties", async () => {
    const p = await h.createProject({ name: "Nulls" });
    const path = `/api/projects/${p.id}/groups/`;
    const noIndex = await h.api("POST", path, { body: { group_type_index: null, group_key: "k", group_properties: {} } });
    expect([noIndex.status, noIndex.body]).toEqual([
      400,
      { type: "validation_error", code: "null", detail: "This field may not be null.", attr: "group_type_index" },
    ]);
    const noKey = await h.api("POST", path, { body: { group_type_index: 0, group_key: null, group_properties: {} } });
    expect([noKey.status, noKey.body]).toEqual([400, err(V, "null", "This field may not be null.", "group_key")]);
    const noProperties = await h.api("POST", path, { body: { group_type_index: 0, group_key: "k", group_properties: null } });
    expect(noProperties.status).toBe(201);
    expect(noProperties.body.group_properties).toEqual({});
  });

  // GroupsTypesViewSetTestCase.test_delete and test_delete_nonexistent
  test("DELETE /groups_types/<index> removes the type: 204, then gone from the list; an unknown index is 404", async () => {
    const p = await h.createProject({ name: "Types" });
    await h.control.capture(p.api_token, [groupIdentify("company", "acme", {}), groupIdentify("team", "t1", {})]);
    const r = await h.api("DELETE", `/api/projects/${p.id}/groups_types/0`);
    expect([r.status, r.text]).toEqual([204, ""]);
    const types = (await h.api("GET", `/api/projects/${p.id}/groups_types/`)).body;
    expect(types.map((t: { group_type: string }) => t.group_type)).toEqual(["team"]);
    const missing = await h.api("DELETE", `/api/projects/${p.id}/groups_types/99`);
    expect([missing.status, missing.body]).toEqual([
      404,
      { type: "invalid_request", code: "not_found", detail: "Group type not found", attr: null },
    ]);
    // group:write, like every destroy
    const reader = await h.control.createKey({ scopes: ["group:read"] });
    expect((await h.api("DELETE", `/api/projects/${p.id}/groups_types/1`, { key: reader.key })).body.detail).toBe(
      "API key missing required scope 'group:write'",
    );
    expect((await h.api("DELETE", `/api/projects/${p.id}/groups_types/1`)).status).toBe(204);
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).body.has_group_types).toBe(false);
  });
});

test("groups cursor round trip; garbage and the old {c, i} format decode to null", () => {
  const c = encodeGroupsCursor(1620000000123456, "org:42");
  expect(decodeGroupsCursor(c)).toEqual({ c: 1620000000123456, k: "org:42" });
  expect(decodeGroupsCursor(Buffer.from('{"c": 1620000000123, "k": "x"}').toString("base64url"))).toEqual({ c: 1620000000123000, k: "x" });
  expect(decodeGroupsCursor(Buffer.from('{"c": 1, "i": 2}').toString("base64"))).toBeNull();
  expect(decodeGroupsCursor("%%%")).toBeNull();
});
