/**
 * posthog.HogFunction's lifecycle over loopback against the local server, in both PostHog versions it plays (2025-08-04
 * creates only transformations without a template, as a self-hosted organization without the Data Pipelines addon):
 * a secret input never answered yet never drift, a changed secret sent, the rest's drift as old => new, type fixed
 * (replace), soft delete, deleted by hand, import by <projectId>/<uuid>, a lost create not resent.
 */
import * as hogFunctions from "../../../src/kinds/hog-function/endpoints";
import { getHogFunction, listHogFunctions } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { HogFunctionLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Hog functions", (connection) => new HogFunctionLifecycle(connection));

const inputsSchema = [
  { key: "url", type: "string", required: true },
  { key: "token", type: "string", secret: true },
];
const hog = "let res := fetch(inputs.url, {'method': 'POST', 'headers': {'Authorization': inputs.token}})\nreturn event";

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;
  const type = version === "current" ? "destination" : "transformation";

  test("create with a secret input, no change, no drift from the secret, drift of the rest, a new secret sent, soft delete", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = {
      projectId,
      type,
      name: `Hook ${version}`,
      hog,
      inputsSchema,
      inputs: { url: { value: "https://example.com/hook" }, token: { value: "s3cr3t-token" } },
      filters: { events: [{ id: "$pageview", type: "events" }] },
      enabled: true,
      masking: { ttl: 3600, hash: "{person.id}", threshold: null },
    };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(outs).toMatchObject({ hogFunctionId: created.id, type, inputs: { token: { secret: true } } });
    // PostHog never answers the secret, and the outputs never hold it.
    expect(JSON.stringify((await hogFunctions.getHogFunction(http, projectId, created.id)).inputs)).not.toContain("s3cr3t");
    expect(JSON.stringify({ ...outs, declaredInputs: undefined })).not.toContain("s3cr3t");

    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    const read = await provider.read(created.id, outs);
    expect(read.inputs).toEqual(inputs);

    await hogFunctions.updateHogFunction(http, projectId, created.id, {
      enabled: false,
      inputs: { url: { value: "https://example.com/other" }, token: { secret: true } },
    });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({
      ...inputs,
      enabled: false,
      inputs: { url: { value: "https://example.com/other" }, token: { value: "s3cr3t-token" } },
    });

    await server.clearRequests();
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["inputs", "enabled"]]);
    expect((await provider.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);

    // A new secret in the program is a change, sent whole.
    const rotated = { ...inputs, inputs: { ...(inputs["inputs"] as Json), token: { value: "n3w-token" } } };
    expect((await provider.diff(created.id, restored.outs as Json, rotated)).changes).toBe(true);
    await server.clearRequests();
    const after = await provider.update(created.id, restored.outs as Json, rotated);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["inputs"]]);

    expect((await provider.diff(created.id, after.outs as Json, { ...rotated, type: "site_app" })).replaces).toEqual(["type"]);

    await provider.delete(created.id, after.outs as Json);
    await expect(hogFunctions.getHogFunction(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
    expect(await provider.read(created.id, after.outs as Json)).toEqual({});
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });

  test("a transformation's executionOrder and iconUrl: no change after create, drift shown, kept when enabled again", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = {
      projectId,
      type: "transformation",
      name: `Ordered ${version}`,
      hog: "return event",
      executionOrder: 1,
      iconUrl: "/static/transformations/geoip.png",
      enabled: false,
    };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ executionOrder: 1, iconUrl: "/static/transformations/geoip.png" });
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    await hogFunctions.updateHogFunction(http, projectId, created.id, { execution_order: 5, icon_url: null });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, executionOrder: 5, iconUrl: null });
    const restored = await provider.update(created.id, drifted.props as Json, inputs);

    // Enabled again, PostHog would put it last unless its order comes along: it does.
    await server.clearRequests();
    const enabled = await provider.update(created.id, restored.outs as Json, { ...inputs, enabled: true });
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["enabled", "execution_order"]]);
    expect(enabled.outs).toMatchObject({ enabled: true, executionOrder: 1 });
    expect((await provider.diff(created.id, enabled.outs as Json, { ...inputs, enabled: true })).changes).toBe(false);
    await provider.delete(created.id, enabled.outs as Json);

    // No order: PostHog gives a new transformation one on create; the PATCH right after takes it away.
    const unordered = { ...inputs, name: `Unordered ${version}`, executionOrder: null };
    const made = await provider.create(unordered);
    expect((await hogFunctions.getHogFunction(http, projectId, made.id)).execution_order).toBeNull();
    expect((await provider.diff(made.id, made.outs as Json, unordered)).changes).toBe(false);
    await provider.delete(made.id, made.outs as Json);
  });

  test("import by <projectId>/<uuid>: the type and name are adopted; getHogFunction by id, listHogFunctions by type", async () => {
    const { provider, http, projectId, server } = setup();
    const fn = await hogFunctions.createHogFunction(http, projectId, {
      type: "transformation",
      name: `import-${version}`,
      hog: "return event",
    });
    const read = await provider.read(`${projectId}/${fn.id}`);
    expect(read.props).toMatchObject({ hogFunctionId: fn.id, projectId, type: "transformation", name: `import-${version}` });

    useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
    expect(await getHogFunction({ projectId, hogFunctionId: fn.id })).toMatchObject({
      hogFunctionId: fn.id,
      hog: "return event",
      inputsSchema: [],
    });
    const listed = await listHogFunctions({ projectId, type: "transformation", search: `import-${version}` });
    expect(listed.map((f) => f.hogFunctionId)).toEqual([fn.id]);
  });

  test("a create whose answer is lost is not sent again: the error says how to find and adopt it", async () => {
    const { provider, server, projectId } = setup();
    await server.fault({ method: "POST", path: "/hog_functions/?$", status: 502, afterCommit: true });
    await expect(provider.create({ projectId, type: "transformation", name: `lost-${version}`, hog: "return event" })).rejects.toThrow(
      `pulumi import posthog:index:HogFunction <name> ${projectId}/<uuid>`,
    );
  });
});

// PostHog 2025-08-04 creates no destination without the Data Pipelines addon, and mappings are for destinations.
test("PostHog current: a destination's mappings, a mapping's secret input sent and answered, no change after create", async () => {
  const { provider, http, projectId } = setups.current!;
  const mappings = [
    {
      name: "Pageviews",
      inputs_schema: [{ key: "token", type: "string", secret: true, required: true }],
      inputs: { token: { value: "m4pping-secret" } },
      filters: { events: [{ id: "$pageview", type: "events" }] },
    },
  ];
  const inputs: Json = { projectId, type: "destination", name: "Mapped", hog: "return event", mappings };
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  const created = await provider.create(inputs);
  const outs = created.outs as Json;
  expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);
  // PostHog hides only the function's own secrets: a mapping's is answered (the class makes the mappings a secret).
  expect(JSON.stringify((await hogFunctions.getHogFunction(http, projectId, created.id)).mappings)).toContain("m4pping-secret");

  await hogFunctions.updateHogFunction(http, projectId, created.id, { mappings: [{ ...mappings[0], name: "Renamed" }] });
  const drifted = await provider.read(created.id, outs);
  expect((drifted.inputs as Json)["mappings"]).toMatchObject([{ name: "Renamed" }]);
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect((await provider.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);
  // No mappings and an empty list are alike: PostHog stores [] as null on create.
  expect((await provider.diff(created.id, restored.outs as Json, { ...inputs, mappings: [] })).changes).toBe(true);
  const emptied = await provider.update(created.id, restored.outs as Json, { ...inputs, mappings: null });
  expect((await provider.diff(created.id, emptied.outs as Json, { ...inputs, mappings: [] })).changes).toBe(false);
});
