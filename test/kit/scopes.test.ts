/**
 * The kit serves every scope from the kind's facts alone: an organization's objects
 * (`/api/organizations/<organizationId>/roles/`, as PostHog routes roles: ee/api/rbac/role.py) and objects nested
 * under another object of that scope (`/api/organizations/<organizationId>/roles/<roleId>/role_memberships/`). Two
 * kinds declared here for the test only go through check, create, read by every id form, diff, adoption, lookups,
 * import ids and delete against a loopback HTTP stub that records what it is sent.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { Transport } from "../../src/client-entry";
import * as objects from "../../src/client/project-objects";
import type { ProviderConfig } from "../../src/kit/config";
import { FieldTableLifecycle } from "../../src/kit/field-lifecycle";
import { fieldModel, type InOrganization, scopedApi, scopedImport, tableInputs } from "../../src/kit/field-model";
import type { FieldTable } from "../../src/kit/field-table";
import { adoptInputOf, idForms, type Kind, type Nested, parseId, placementOf } from "../../src/kit/kind";
import type { Json } from "../../src/kit/lifecycle";
import { objectLookups } from "../../src/functions/objects";
import { useLookupConfig } from "../../src/functions/context";

const ORG = "0190f5c1-1111-2222-3333-444455556666";
const USER = "5f0c8a52-3b1e-4c7d-9a2f-1e2d3c4b5a69";

/** A loopback PostHog that keeps what it is sent by path and records every request. */
function stubPostHog() {
  const items = new Map<string, Json>();
  const log: Array<{ method: string; path: string; body?: Json }> = [];
  let next = 1;
  const server = http.createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://stub").pathname;
      const body = text ? (JSON.parse(text) as Json) : undefined;
      log.push({ method: request.method ?? "", path, ...(body && { body }) });
      const answer = (status: number, value?: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(value === undefined ? "" : JSON.stringify(value));
      };
      if (request.method === "POST") {
        const record = { id: next++, ...body };
        items.set(`${path}${record.id}/`, record);
        return answer(201, record);
      }
      if (request.method === "GET" && !/\/\d+\/$/.test(path)) {
        const results = [...items].filter(([key]) => key.startsWith(path) && /^\d+\/$/.test(key.slice(path.length))).map(([, v]) => v);
        return answer(200, { count: results.length, next: null, previous: null, results });
      }
      const record = items.get(path);
      if (!record) return answer(404, { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null });
      if (request.method === "GET") return answer(200, record);
      if (request.method === "PATCH") {
        Object.assign(record, body);
        return answer(200, record);
      }
      items.delete(path);
      return answer(204);
    });
  });
  return {
    log,
    items,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A role of an organization, and a role's membership: declared here only, as a kind's folder declares them.
const roleSchema = z.object({ id: z.number(), name: z.string() }).passthrough();
type Role = z.output<typeof roleSchema>;
const roles = objects.endpoints<typeof roleSchema, number, Record<never, never>, string>({
  path: "roles",
  noun: "role",
  schema: roleSchema,
  scope: "organization",
});
const roleFields: FieldTable = { name: { input: z.string().min(1), doc: "The role's name." } };
const roleModel = fieldModel<Role, InOrganization<Role>>({
  className: "Role",
  noun: "role",
  summary: "A role of an organization.",
  fields: roleFields,
  exampleInput: "name",
  required: { name: "PostHog names every role" },
  fixedOutputs: (record) => ({ name: record.name }),
  outputTypes: {},
});
const roleKind: Kind<"organization", InOrganization<Role>> = {
  name: "Role",
  token: "posthog:index:Role",
  dynamicType: "pulumi-nodejs:dynamic/posthog:Role",
  noun: "role",
  scope: "organization",
  identity: { output: "roleId" },
  deletion: "delete",
  importInputs: ["name"],
  api: scopedApi({ scope: "organization" }, { get: roles.get, update: roles.update, remove: roles.destroy }),
  schema: () => ({ description: "", inputs: tableInputs(roleFields, "role", placementOf(roleKind)), outputs: {}, required: [] }),
  lookups: { list: (h, organizationId) => roles.listAll(h, organizationId), outputs: {} },
  lifecycle: () => new RoleLifecycle(),
  importer: scopedImport({ scope: "organization" }, roleFields, { defaults: {}, label: (role) => role.name }),
  example: { name: "admins", inputs: { name: "Admins" } },
};
class RoleLifecycle extends FieldTableLifecycle<Role, "organization"> {
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(roleKind, roleModel, connection);
  }
  protected override async obtain(organizationId: string, body: Json) {
    return { ...(await roles.create(this.http(), organizationId, body)), organization_id: organizationId };
  }
}

type InRole = Nested<"organization">;
const membershipSchema = z.object({ id: z.number(), user_uuid: z.string() }).passthrough();
type Membership = z.output<typeof membershipSchema>;
type PlacedMembership = InOrganization<Membership> & { role_id: number };
const memberships = objects.endpoints<typeof membershipSchema, number, Record<never, never>, InRole>({
  path: "role_memberships",
  noun: "role membership",
  schema: membershipSchema,
  scope: "organization",
  parent: { path: "roles", noun: "role" },
});
const membershipFields: FieldTable = { user_uuid: { input: z.string().uuid(), doc: "The member's user UUID." } };
const membershipModel = fieldModel<Membership, PlacedMembership>({
  className: "RoleMembership",
  noun: "role membership",
  summary: "A member of a role.",
  fields: membershipFields,
  exampleInput: "userUuid",
  fixedOutputs: (record) => ({ userUuid: record.user_uuid }),
  outputTypes: {},
});
const membershipKind: Kind<"organization", PlacedMembership, InRole> = {
  name: "RoleMembership",
  token: "posthog:index:RoleMembership",
  dynamicType: "pulumi-nodejs:dynamic/posthog:RoleMembership",
  noun: "role membership",
  scope: "organization",
  parent: { input: "roleId", noun: "role" },
  identity: { output: "membershipId" },
  deletion: "delete",
  importInputs: ["roleId", "userUuid"],
  api: scopedApi(
    { scope: "organization", parent: { input: "roleId", noun: "role" } },
    {
      get: memberships.get,
      update: memberships.update,
      remove: memberships.destroy,
    },
  ) as Kind<"organization", PlacedMembership, InRole>["api"],
  schema: () => ({
    description: "",
    inputs: tableInputs(membershipFields, "role membership", placementOf(membershipKind)),
    outputs: {},
    required: [],
  }),
  lookups: { list: (h, where) => memberships.listAll(h, where), outputs: {} },
  lifecycle: () => new MembershipLifecycle(),
  example: { name: "admin", inputs: { userUuid: USER } },
};
class MembershipLifecycle extends FieldTableLifecycle<Membership, "organization", InRole> {
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(membershipKind as never, membershipModel as never, connection);
  }
  protected override async obtain(where: InRole, body: Json) {
    return { ...(await memberships.create(this.http(), where, body)), organization_id: where.scope, role_id: where.parent };
  }
}

const stub = stubPostHog();
let connection: { config: ProviderConfig; transport: Transport };
beforeAll(async () => {
  const host = await stub.listen();
  connection = {
    config: { host, apiKey: "phx_test", organizationId: ORG },
    transport: new Transport({ host, apiKey: "phx_test", rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } }),
  };
  // Lookups read the stack's configuration: this stub, in this organization.
  const settings: Record<string, string> = { "posthog:host": host, "posthog:apiKey": "phx_test", "posthog:organizationId": ORG };
  useLookupConfig((key) => settings[key]);
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.log.length = 0;
});
const requests = () => stub.log.map(({ method, path }) => `${method} ${path}`);

describe("an organization's objects", () => {
  test("the scope input, its doc and its replacement come from the kit: organizationId, defaulting to posthog:organizationId", () => {
    const inputs = roleKind.schema().inputs;
    expect(Object.keys(inputs)).toEqual(["name", "organizationId", "adoptId"]);
    expect(inputs["organizationId"]).toEqual({
      type: "string",
      willReplaceOnChanges: true,
      description: expect.stringMatching(
        /^The organization the role belongs to \(must be an organization UUID.*\); defaults to posthog:organizationId or POSTHOG_ORGANIZATION_ID\. Changing it replaces the role\.$/,
      ),
    });
    expect(idForms(placementOf(roleKind))).toEqual(["<organizationId>/<id>", "the numeric id (in the configured organization)"]);
  });

  test("check takes organizationId and refuses what PostHog could not route", async () => {
    const lifecycle = new RoleLifecycle(connection);
    expect((await lifecycle.check({}, { name: "Admins", organizationId: "@current" })).failures).toBeUndefined();
    expect((await lifecycle.check({}, { name: "Admins", organizationId: "../projects" })).failures).toEqual([
      { property: "organizationId", reason: expect.stringMatching(/^organizationId must be an organization UUID/) },
    ]);
    expect((await lifecycle.check({}, { name: "Admins", projectId: 1 })).failures).toEqual([
      { property: "projectId", reason: expect.stringMatching(/^projectId is not an input of posthog\.Role\./) },
    ]);
  });

  test("create in the configured organization, read by both id forms, update, delete: each at the organization's path", async () => {
    const lifecycle = new RoleLifecycle(connection);
    const created = await lifecycle.create({ name: "Admins" });
    expect(created.outs).toMatchObject({ roleId: Number(created.id), organizationId: ORG, name: "Admins" });
    const outs = created.outs as Json;
    expect((await lifecycle.read(`${ORG}/${created.id}`, outs)).props).toEqual(outs);
    expect((await lifecycle.read(created.id, {})).props).toMatchObject({ roleId: Number(created.id), organizationId: ORG });
    await lifecycle.update(created.id, outs, { name: "Owners" });
    await lifecycle.delete(created.id, outs);
    const item = `/api/organizations/${ORG}/roles/${created.id}/`;
    expect(requests()).toEqual([`POST /api/organizations/${ORG}/roles/`, `GET ${item}`, `GET ${item}`, `PATCH ${item}`, `DELETE ${item}`]);
    expect(() => parseId(roleKind, "a/b/1")).toThrow(
      '"a/b/1" is not a PostHog role id: use <organizationId>/<id>, or the numeric id (in the configured organization).',
    );
  });

  test("another organization replaces; the one the outputs hold does not", async () => {
    const lifecycle = new RoleLifecycle(connection);
    const olds = { roleId: 1, organizationId: ORG, name: "Admins", declaredInputs: { name: "Admins" } };
    expect((await lifecycle.diff("1", olds, { name: "Admins" })).replaces).toEqual([]);
    expect((await lifecycle.diff("1", olds, { name: "Admins", organizationId: ORG })).replaces).toEqual([]);
    expect((await lifecycle.diff("1", olds, { name: "Admins", organizationId: "other-org" })).replaces).toEqual(["organizationId"]);
  });

  test("adoptId takes an organization's object over: GET and PATCH, no POST", async () => {
    const existing = await new RoleLifecycle(connection).create({ name: "Existing" });
    stub.log.length = 0;
    const adopted = await new RoleLifecycle(connection).create({ name: "Adopted", adoptId: Number(existing.id) });
    expect(adopted.id).toBe(existing.id);
    expect(stub.log.map(({ method }) => method)).toEqual(["GET", "PATCH"]);
  });

  test("lookups and the importer's ids are the organization's", async () => {
    const created = await new RoleLifecycle(connection).create({ name: "Listed" });
    const found = await objectLookups(roleKind).list();
    expect(found).toContainEqual(expect.objectContaining({ roleId: Number(created.id), organizationId: ORG, name: "Listed" }));
    expect(roleKind.importer!.importId(ORG, { id: 4, name: "x", organization_id: ORG })).toBe(`${ORG}/4`);
    expect(adoptInputOf(roleKind)).toBe("adoptId");
  });
});

describe("objects nested under another object of the organization", () => {
  test("the parent input comes from the kit with the scope's: roleId, replacing on change; ids <organizationId>/<roleId>/<id>", () => {
    const inputs = membershipKind.schema().inputs;
    expect(Object.keys(inputs)).toEqual(["userUuid", "organizationId", "roleId", "adoptId"]);
    expect(inputs["roleId"]).toEqual({
      type: "integer",
      willReplaceOnChanges: true,
      description: "The role the role membership belongs to (its numeric id). Changing it replaces the role membership.",
    });
    expect(idForms(placementOf(membershipKind))).toEqual([
      "<organizationId>/<roleId>/<id>",
      "<roleId>/<id> (in the configured organization)",
    ]);
    expect(parseId(membershipKind, `${ORG}/3/9`)).toEqual({ scope: ORG, parent: 3, id: 9 });
    expect(parseId(membershipKind, "3/9")).toEqual({ scope: undefined, parent: 3, id: 9 });
    // The bare id is the engine's once it is created: the state holds the organization and the role.
    expect(parseId(membershipKind, "9")).toEqual({ scope: undefined, id: 9 });
    expect(() => parseId(membershipKind, `${ORG}/x/9`)).toThrow(/use <organizationId>\/<roleId>\/<id>, or <roleId>\/<id>/);
  });

  test("create under the role, read by both id forms, delete: each at the role's path; the outputs name the role", async () => {
    const lifecycle = new MembershipLifecycle(connection);
    const inputs = { roleId: 3, userUuid: USER };
    expect((await lifecycle.check({}, inputs)).failures).toBeUndefined();
    expect((await lifecycle.check({}, { ...inputs, roleId: "admins" })).failures).toEqual([
      { property: "roleId", reason: "roleId must be the numeric id of a role" },
    ]);
    const created = await lifecycle.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ membershipId: Number(created.id), organizationId: ORG, roleId: 3, userUuid: USER });
    expect((await lifecycle.read(`${ORG}/3/${created.id}`, outs)).props).toEqual(outs);
    expect((await lifecycle.read(`3/${created.id}`, {})).props).toMatchObject({ roleId: 3, organizationId: ORG });
    expect((await lifecycle.read(created.id, outs)).props).toEqual(outs);
    await lifecycle.delete(created.id, outs);
    const collection = `/api/organizations/${ORG}/roles/3/role_memberships/`;
    const item = `${collection}${created.id}/`;
    expect(requests()).toEqual([`POST ${collection}`, `GET ${item}`, `GET ${item}`, `GET ${item}`, `DELETE ${item}`]);
  });

  test("another role replaces; a membership with no role says which input to give", async () => {
    const lifecycle = new MembershipLifecycle(connection);
    const olds = { membershipId: 1, organizationId: ORG, roleId: 3, userUuid: USER, declaredInputs: { roleId: 3, userUuid: USER } };
    expect((await lifecycle.diff("1", olds, { roleId: 3, userUuid: USER })).replaces).toEqual([]);
    expect((await lifecycle.diff("1", olds, { roleId: 4, userUuid: USER })).replaces).toEqual(["roleId"]);
    await expect(lifecycle.create({ userUuid: USER })).rejects.toThrow(
      "No PostHog role is named: pass roleId (the role memberships' role).",
    );
    expect(stub.log).toEqual([]);
  });

  test("lookups look under the role they are given and name it", async () => {
    const created = await new MembershipLifecycle(connection).create({ roleId: 8, userUuid: USER });
    const found = await objectLookups(membershipKind).list({ roleId: 8 } as never);
    expect(found).toEqual([expect.objectContaining({ membershipId: Number(created.id), organizationId: ORG, roleId: 8, userUuid: USER })]);
  });
});
