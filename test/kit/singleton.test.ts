/**
 * The kit's singleton (`singleton` of defineKind, SINGLETON in src/kit/kind.ts): a kind PostHog keeps one of per
 * project, made by PostHog on its first read. Its create takes the project's over (a read, then one PATCH of the
 * declared fields that differ, none when nothing does); its delete leaves it as it is (nothing sent); its state keeps
 * the declared fields only; its id is its project's, the only form `get` and `pulumi import` take; it has no adopt
 * input; the importer reads one per project and declares none that holds PostHog's defaults only. Over a kind of this
 * file whose calls are kept in memory: no request leaves.
 */
import { z } from "zod";
import { Transport } from "../../src/client-entry";
import { defineKind } from "../../src/kit/define-kind";
import { idForms, importList, type Kind, parseId, placementOf, type ScopeKind, type ScopeReads } from "../../src/kit/kind";
import type { ProviderConfig } from "../../src/provider";

type Json = Record<string, unknown>;

/** PostHog's one object per project, as its calls keep it, and the calls made. */
const live = new Map<number, { limit: number | null; window: number }>();
const calls: string[] = [];
const liveOf = (projectId: number) => {
  if (!live.has(projectId)) live.set(projectId, { limit: null, window: 5 });
  return live.get(projectId)!;
};

const { kind, Lifecycle } = defineKind({
  name: "TestSettings",
  plural: "TestSettings",
  noun: "test settings",
  summary: "A project's test settings.",
  description: "A project's test settings: one per project.",
  example: { name: "limits", inputs: { limit: 10 } },
  scope: "project",
  singleton: {
    read: async (_http, projectId) => {
      calls.push(`GET ${projectId}`);
      return { ...liveOf(projectId) };
    },
    write: async (_http, projectId, body) => {
      calls.push(`PATCH ${projectId} ${Object.keys(body).sort().join(",")}`);
      return Object.assign(liveOf(projectId), body);
    },
  },
  importInputs: ["projectId"],
  fields: {
    limit: { input: z.number().int().min(1).nullable(), doc: "A limit." },
    window: { input: z.number().int().min(1), doc: "A window." },
  },
  exampleInput: "limit",
  fixedOutputs: () => ({}),
  outputTypes: {},
  importer: { defaults: { limit: null, window: 5 }, label: () => "test-settings" },
});

const config: ProviderConfig = { host: "http://127.0.0.1:9", apiKey: "phx_unused", organizationId: undefined, projectId: "7" };
const connection = { config, transport: new Transport({ host: config.host, apiKey: "phx_unused", rateLimits: false }) };

beforeEach(() => {
  live.clear();
  calls.length = 0;
});

test("a create takes the project's over: a read, then one PATCH of the declared fields that differ; the state keeps those alone", async () => {
  liveOf(7).window = 30;
  const lifecycle = new Lifecycle(connection);
  const created = await lifecycle.create({ projectId: 7, limit: 100 });
  expect(created.id).toBe("7");
  expect(calls).toEqual(["GET 7", "PATCH 7 limit"]);
  // The window nobody declared stays PostHog's, and out of the state.
  expect(live.get(7)).toEqual({ limit: 100, window: 30 });
  const { declaredInputs: _, ...outs } = created.outs as Json;
  expect(outs).toEqual({ projectId: 7, limit: 100 });

  // Another program (another stack) declaring what PostHog holds takes the same object over and writes nothing.
  calls.length = 0;
  const again = await new Lifecycle(connection).create({ projectId: 7, limit: 100 });
  expect(again.id).toBe("7");
  expect(calls).toEqual(["GET 7"]);
});

test("a delete leaves it as it is, sending nothing; a refresh then reads it still", async () => {
  const lifecycle = new Lifecycle(connection);
  const created = await lifecycle.create({ projectId: 7, limit: 100, window: 60 });
  calls.length = 0;
  await lifecycle.delete(created.id, created.outs as Json);
  expect(calls).toEqual([]);
  expect(live.get(7)).toEqual({ limit: 100, window: 60 });
  expect((await lifecycle.read(created.id, created.outs as Json)).id).toBe("7");
});

test("drift by hand shows old => new after a refresh, and an update PATCHes only what drifted", async () => {
  const lifecycle = new Lifecycle(connection);
  const inputs = { projectId: 7, limit: 100, window: 60 };
  const created = await lifecycle.create(inputs);
  liveOf(7).window = 15;
  const drifted = await lifecycle.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, window: 15 });
  expect((await lifecycle.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);
  calls.length = 0;
  await lifecycle.update(created.id, drifted.props as Json, inputs);
  expect(calls).toEqual(["PATCH 7 window"]);
  expect(live.get(7)).toEqual({ limit: 100, window: 60 });
});

test("its id is its project's: the one form get and pulumi import take, and no adopt input", async () => {
  const placement = placementOf(kind);
  expect(idForms(placement)).toEqual(["<projectId>"]);
  expect(parseId(kind, "42")).toEqual({ scope: 42, id: 42 });
  expect(() => parseId(kind, "42/42")).toThrow('"42/42" is not a PostHog test settings id: use <projectId>.');
  // An import reads with the id alone, in its project whatever the configured one.
  const imported = await new Lifecycle(connection).read("42");
  expect(imported).toMatchObject({ id: "42", props: { projectId: 42 } });
  expect(calls).toEqual(["GET 42"]);
  const { inputs } = kind.schema();
  expect(Object.keys(inputs).sort()).toEqual(["limit", "projectId", "window"]);
  expect((await new Lifecycle(connection).check({}, { projectId: 7, adoptId: 7 })).failures).toEqual([
    { property: "adoptId", reason: expect.stringContaining("adoptId is not an input of posthog.TestSettings") },
  ]);
  expect(kind.deletion).toBe("release");
  expect(kind.schema().required).toEqual(["projectId"]);
});

test("the importer reads one per project and declares none that holds PostHog's defaults only", async () => {
  const list = importList(kind as unknown as Kind)!;
  const read = (async (listed: (http: Transport, scope: number) => Promise<unknown>) =>
    listed(connection.transport, 7)) as unknown as ScopeReads<ScopeKind>;
  expect(await list(connection.transport, 7, read)).toEqual([]);
  liveOf(8).limit = 3;
  const [changed] = await list(connection.transport, 8, read);
  expect(changed).toMatchObject({ id: 8, project_id: 8, limit: 3, window: 5 });
  expect(kind.importer!.importId(8, changed as { id: number; project_id: number })).toBe("8");
  expect(calls).toEqual(["GET 7", "GET 8"]);
});

test("a singleton lives in a project, never in an organization or nested in an object", () => {
  const spec = (scope: "organization" | "project", parent?: { input: string; noun: string }) => () =>
    defineKind({
      name: "Bad",
      noun: "bad",
      summary: "Bad.",
      description: "Bad.",
      example: { name: "bad", inputs: {} },
      scope,
      ...(parent && { parent }),
      singleton: { read: async () => ({}), write: async () => ({}) },
      importInputs: [],
      fields: {},
      exampleInput: "x",
      fixedOutputs: () => ({}),
      outputTypes: {},
    });
  expect(spec("organization")).toThrow("Bad: PostHog keeps its singletons one per project");
  expect(spec("project", { input: "roleId", noun: "role" })).toThrow("Bad: PostHog keeps its singletons one per project");
});
