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

  test("icon, execution order and (a destination's, today's PostHog) mappings kept as declared: no change after create, drift shown and restored", async () => {
    const { provider, http, projectId } = setup();
    const mapping = {
      name: "Sign-ups",
      inputs_schema: [{ key: "url", type: "string", required: true }],
      inputs: { url: { value: "https://example.com/signups" } },
      filters: { events: [{ id: "signed_up", type: "events" }] },
    };
    const inputs: Json = {
      projectId,
      type,
      name: `Mapped ${version}`,
      hog: "return event",
      iconUrl: "https://example.com/icon.png",
      executionOrder: 5,
      // PostHog keeps mappings for destinations only, which 2025-08-04 creates only from a template.
      ...(type === "destination" ? { mappings: [mapping] } : {}),
    };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const record = await hogFunctions.getHogFunction(http, projectId, created.id);
    expect(record).toMatchObject({ icon_url: "https://example.com/icon.png", execution_order: 5 });
    // Each mapping's inputs, schema and filters as PostHog keeps the function's own.
    if (type === "destination")
      expect(record.mappings).toEqual([
        {
          ...mapping,
          inputs_schema: [{ key: "url", type: "string", required: true, secret: false, hidden: false }],
          inputs: { url: expect.objectContaining({ value: "https://example.com/signups", order: 0 }) },
          filters: { ...mapping.filters, source: "events" },
        },
      ]);
    const outs = created.outs as Json;
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);

    await hogFunctions.updateHogFunction(http, projectId, created.id, {
      icon_url: "https://example.com/other.png",
      execution_order: 7,
      ...(type === "destination" ? { mappings: [{ ...mapping, name: "Renamed" }] } : {}),
    });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toMatchObject({ iconUrl: "https://example.com/other.png", executionOrder: 7 });
    if (type === "destination") expect((drifted.inputs as Json)["mappings"]).toMatchObject([{ name: "Renamed" }]);
    await provider.update(created.id, drifted.props as Json, inputs);
    const restored = await hogFunctions.getHogFunction(http, projectId, created.id);
    expect(restored).toMatchObject({ icon_url: "https://example.com/icon.png", execution_order: 5 });
    if (type === "destination") expect(restored.mappings).toMatchObject([{ name: "Sign-ups" }]);
  });

  test("a mapping PostHog would refuse or lose is refused before anything is sent; the local server refuses one as PostHog does", async () => {
    const { provider, http, projectId } = setup();
    const failures = (
      await provider.check({}, { projectId, type: "destination", name: "m", hog: "return event", mappings: [{ inputs: {} }] })
    ).failures;
    expect(failures?.map((f) => f.reason).join(" ")).toContain("mappings[0].inputs need mappings[0].inputs_schema");
    if (version !== "current") return;
    await expect(
      hogFunctions.createHogFunction(http, projectId, { type: "destination", name: "m", hog: "return event", mappings: [{ inputs: {} }] }),
    ).rejects.toThrow("Missing inputs_schema.");
    await expect(
      hogFunctions.createHogFunction(http, projectId, {
        type: "transformation",
        name: "m",
        hog: "return event",
        mappings: [{ name: "x" }],
      }),
    ).rejects.toThrow("Mappings are only allowed for destinations.");
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
