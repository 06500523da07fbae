/**
 * Group routes (ee/clickhouse/views/groups.py): `/api/projects/:team_id/groups/` (list with the newest keyset
 * cursor, create), `find`, `property_values`, legacy `property_definitions`, and
 * `/api/projects/:project_id/groups_types/` (list, and DELETE of one type). The same groups routes answer under
 * `/api/environments/:team_id/` with deprecation headers.
 */
import { endpointNotFound, notFound, serverError, validationError } from "../drf/errors";
import { pyInt, pyJsonDumps, pyUrlencode } from "../drf/py";
import type { Action, ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { requireProjectAccess, teamParam } from "../pipeline/permissions";
import { isJsonObject, ownValue, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import { nowMicros } from "../state/time";
import type { GroupRecord, StoredProject } from "../state/types";
import { compareGroupsNewestFirst, findGroup, propertyValueName, serializeGroup, serializeGroupType, groupTypesOf } from "./model";

export const GROUPS_PAGE_SIZE = 100;
const REQUIRED = "This query parameter is required.";
const LIST_GTI_REQUIRED =
  "You must pass ?group_type_index= in this URL. To get a list of valid group types, call /api/:project_id/groups_types/.";

function team(ctx: ApiContext): StoredProject {
  return teamParam(ctx, ctx.params.team_id ?? ctx.params.project_id);
}

/**
 * 2025-08-04's GroupsViewSet (list and find) reads its parameters as `request.GET["…"]` and filters with them
 * unchecked: a missing one (beyond the list's own group_type_index check) raises MultiValueDictKeyError, a
 * non-integer group_type_index ValueError, both a 500 (measured). Today's checks them (400).
 */
function unchecked(ctx: ApiContext): boolean {
  return ctx.services.version === "2025-08-04" && (ctx.actionName === "list" || ctx.actionName === "find");
}

function groupTypeIndex(ctx: ApiContext, missingMessage: string): number {
  const raw = ctx.req.param("group_type_index");
  if (raw === undefined || raw === "") {
    if (ctx.actionName === "find" && unchecked(ctx)) throw serverError();
    throw validationError(missingMessage, "group_type_index");
  }
  const n = pyInt(raw);
  if (n === null && unchecked(ctx)) throw serverError();
  if (n === null) throw validationError("A valid integer is required.", "group_type_index", "invalid");
  return n;
}

function requiredParam(ctx: ApiContext, name: string): string {
  const v = ctx.req.param(name);
  if (unchecked(ctx)) {
    if (v === undefined) throw serverError();
    return v;
  }
  if (v === undefined || v === "") throw validationError(REQUIRED, name);
  return v;
}

export function encodeGroupsCursor(createdAtMicros: number, groupKey: string): string {
  return Buffer.from(pyJsonDumps({ c: createdAtMicros, k: groupKey }))
    .toString("base64")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/** The newest cursor `{"c": micros, "k": key}`; anything else (old `{"c","i"}` format, garbage) is ignored. */
export function decodeGroupsCursor(cursor: string): { c: number; k: string } | null {
  try {
    const text = Buffer.from(cursor.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
    const parsed: unknown = JSON.parse(text);
    if (!isJsonObject(parsed)) return null;
    const { c, k } = parsed;
    if (typeof c !== "number" || !Number.isFinite(c) || typeof k !== "string") return null;
    return { c: c < 1e15 ? c * 1000 : c, k };
  } catch {
    return null;
  }
}

function matchesSearch(g: GroupRecord, search: string): boolean {
  const s = search.toLowerCase();
  return JSON.stringify(g.properties).toLowerCase().includes(s) || g.groupKey.toLowerCase() === s;
}

const list: Action = {
  name: "list",
  handler: (ctx) => {
    const t = team(ctx);
    const index = groupTypeIndex(ctx, LIST_GTI_REQUIRED);
    const search = ctx.req.param("search") ?? "";
    const keyFilter = ctx.req.param("group_key") ?? "";
    const cursorParam = ctx.req.param("cursor");
    const cursor = cursorParam ? decodeGroupsCursor(cursorParam) : null;
    const rows = ctx.store.state.groups
      .filter((g) => g.teamId === t.id && g.groupTypeIndex === index)
      .filter((g) => search === "" || matchesSearch(g, search))
      .filter((g) => keyFilter === "" || g.groupKey.toLowerCase().includes(keyFilter.toLowerCase()))
      .filter((g) => !cursor || g.createdAtMicros < cursor.c || (g.createdAtMicros === cursor.c && g.groupKey < cursor.k))
      .sort(compareGroupsNewestFirst);
    const page = rows.slice(0, GROUPS_PAGE_SIZE);
    let next: string | null = null;
    if (rows.length > GROUPS_PAGE_SIZE && page.length > 0) {
      const last = page[page.length - 1];
      const params: Array<[string, string]> = [
        ["group_type_index", String(index)],
        ["cursor", encodeGroupsCursor(last.createdAtMicros, last.groupKey)],
      ];
      if (search) params.push(["search", search]);
      if (keyFilter) params.push(["group_key", keyFilter]);
      next = ctx.req.absoluteUri(`${ctx.req.path}?${pyUrlencode(params)}`);
    }
    return json(200, { next, previous: null, results: page.map(serializeGroup) });
  },
};

const create: Action = {
  name: "create",
  handler: (ctx) => {
    const t = team(ctx);
    const body = ctx.req.body();
    if (!isJsonObject(body))
      throw validationError(`Invalid data. Expected a dictionary, but got ${Array.isArray(body) ? "list" : typeof body}.`);
    // CreateGroupSerializer (ee/clickhouse/views/groups.py): group_type_index and group_key are model fields that
    // refuse null (test_create_group_missing_group_type_index, test_create_group_missing_group_key).
    if (!("group_type_index" in body)) throw validationError("This field is required.", "group_type_index", "required");
    if (body.group_type_index === null) throw validationError("This field may not be null.", "group_type_index", "null");
    const index = typeof body.group_type_index === "number" ? body.group_type_index : pyInt(String(body.group_type_index));
    if (index === null || !Number.isInteger(index)) throw validationError("A valid integer is required.", "group_type_index", "invalid");
    if (!("group_key" in body)) throw validationError("This field is required.", "group_key", "required");
    if (body.group_key === null) throw validationError("This field may not be null.", "group_key", "null");
    const key = String(body.group_key);
    if (key.length > 400) throw validationError("Ensure this field has no more than 400 characters.", "group_key", "max_length");
    const props = body.group_properties ?? {};
    if (!isJsonObject(props)) throw validationError("Value must be valid JSON.", "group_properties", "invalid");
    if (findGroup(ctx.store, t.id, index, key)) throw validationError("A group with this key already exists", "detail");
    const now = nowMicros();
    const group: GroupRecord = {
      teamId: t.id,
      groupTypeIndex: index,
      groupKey: key,
      properties: props,
      createdAtMicros: now,
      updatedAtMicros: now,
    };
    ctx.store.state.groups.push(group);
    ctx.store.changed();
    return json(201, serializeGroup(group));
  },
};

const find: Action = {
  name: "find",
  handler: (ctx) => {
    const t = team(ctx);
    const index = groupTypeIndex(ctx, REQUIRED);
    const key = requiredParam(ctx, "group_key");
    const group = findGroup(ctx.store, t.id, index, key);
    if (!group) throw notFound();
    // The group's notebook is newer than 2025-08-04 (measured).
    return json(200, ctx.services.version === "2025-08-04" ? serializeGroup(group) : { ...serializeGroup(group), notebook: null });
  },
};

const propertyValues: Action = {
  name: "property_values",
  handler: (ctx) => {
    const t = team(ctx);
    const index = groupTypeIndex(ctx, REQUIRED);
    const key = requiredParam(ctx, "key");
    const value = (ctx.req.param("value") ?? "").toLowerCase();
    const counts = new Map<string, number>();
    for (const g of ctx.store.state.groups) {
      if (g.teamId !== t.id || g.groupTypeIndex !== index) continue;
      const v = ownValue(g.properties, key);
      if (v === undefined || v === null) continue;
      const name = propertyValueName(v);
      if (value && !name.toLowerCase().includes(value)) continue;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const results = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, 20)
      .map(([name, count]) => ({ name, count }));
    const shape = ctx.store.organization(t.organizationId)?.propertyValuesShape ?? "results";
    return json(200, shape === "list" ? results : { results, refreshing: false });
  },
};

function propertyDefinitionsGone(store: Store, teamId: number): boolean {
  const p = store.project(teamId);
  return p !== undefined && store.organization(p.organizationId)?.propertyDefinitions === "gone";
}

const propertyDefinitions: Action = {
  name: "property_definitions",
  handler: (ctx) => {
    const t = team(ctx);
    if (propertyDefinitionsGone(ctx.store, t.id)) throw endpointNotFound();
    const byType = new Map<number, Map<string, number>>();
    for (const g of ctx.store.state.groups) {
      if (g.teamId !== t.id) continue;
      const counts = byType.get(g.groupTypeIndex) ?? new Map<string, number>();
      for (const k of Object.keys(g.properties)) counts.set(k, (counts.get(k) ?? 0) + 1);
      byType.set(g.groupTypeIndex, counts);
    }
    const out: JsonObject = {};
    for (const index of [...byType.keys()].sort((a, b) => a - b)) {
      out[String(index)] = [...(byType.get(index) ?? new Map<string, number>()).entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .map(([name, count]) => ({ name, count }));
    }
    return json(200, out);
  },
};

const groupTypesList: Action = {
  name: "list",
  handler: (ctx) =>
    json(
      200,
      groupTypesOf(ctx.store, team(ctx).id).map((g) => serializeGroupType(g, ctx.services.version)),
    ),
};

/**
 * GroupsTypesViewSet.destroy: `int(group_type_index)` (a non-integer is a ValueError, a 500), 404 "Group type not
 * found" without a mapping, else the mapping is deleted and 204 (GroupsTypesViewSetTestCase.test_delete).
 */
const groupTypesDestroy: Action = {
  name: "destroy",
  handler: (ctx) => {
    const t = team(ctx);
    const index = pyInt(ctx.params.group_type_index);
    if (index === null) throw serverError();
    const before = ctx.store.state.groupTypes.length;
    ctx.store.state.groupTypes = ctx.store.state.groupTypes.filter((g) => !(g.teamId === t.id && g.groupTypeIndex === index));
    if (ctx.store.state.groupTypes.length === before) throw notFound("Group type not found");
    ctx.store.changed();
    return noContent();
  },
};

function groupRoutes(prefix: string, deprecated: boolean): ApiRoute[] {
  const common = {
    detail: false,
    scopeObject: "group",
    scopeTeam: team,
    scopeOrganization: (ctx: ApiContext) => {
      const t = team(ctx);
      const org = ctx.store.organization(t.organizationId);
      if (!org) throw notFound("Organization not found.");
      return org;
    },
    permission: (ctx: ApiContext) => requireProjectAccess(ctx, team(ctx)),
    headers: deprecated ? deprecationHeaders : undefined,
  };
  const base = `${prefix}/:team_id/groups`;
  return [
    { ...common, pattern: base, methods: { GET: list, POST: create } },
    { ...common, pattern: `${base}/find`, requiredScopes: ["group:read"], methods: { GET: find } },
    { ...common, pattern: `${base}/property_values`, requiredScopes: ["group:read"], methods: { GET: propertyValues } },
    {
      ...common,
      pattern: `${base}/property_definitions`,
      requiredScopes: ["group:read"],
      methods: { GET: propertyDefinitions },
      hidden: (store: Store, params: Record<string, string>) => {
        const id = pyInt(params.team_id);
        return id !== null && propertyDefinitionsGone(store, id);
      },
    },
  ];
}

function deprecationHeaders(ctx: ApiContext): Record<string, string> {
  const successor = ctx.req.rawPath.replace(/^\/api\/environments\//, "/api/projects/") + (ctx.req.rawQuery ? `?${ctx.req.rawQuery}` : "");
  return { Deprecation: "true", Link: `<${successor}>; rel="successor-version"`, Sunset: "Fri, 31 Jul 2026 00:00:00 GMT" };
}

function groupTypesRoute(pattern: string, detail: boolean, methods: ApiRoute["methods"]): ApiRoute {
  return {
    pattern,
    detail,
    scopeObject: "group",
    methods,
    authErrorsAre403: true,
    scopeTeam: team,
    scopeOrganization: (ctx) => {
      const org = ctx.store.organization(team(ctx).organizationId);
      if (!org) throw notFound("Organization not found.");
      return org;
    },
    permission: (ctx) => requireProjectAccess(ctx, team(ctx)),
  };
}

export function groupsRoutes(): ApiRoute[] {
  return [
    ...groupRoutes("/api/projects", false),
    ...groupRoutes("/api/environments", true),
    groupTypesRoute("/api/projects/:project_id/groups_types", false, { GET: groupTypesList }),
    groupTypesRoute("/api/projects/:project_id/groups_types/:group_type_index", true, { DELETE: groupTypesDestroy }),
  ];
}
