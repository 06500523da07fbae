/**
 * posthog.BatchExport's lifecycle over loopback against the local server, in both PostHog versions it plays: the
 * destination's credentials never answered yet never drift, never in an output or a failure, a changed password
 * sent; the config's scalars PostHog reads back as text no churn; drift of the rest as old => new; pausing through
 * PostHog's actions; DELETE; the plan without data pipelines refused with what to do; the hostile pass.
 */
import * as batchExports from "../../../src/kinds/batch-export/endpoints";
import * as projects from "../../../src/kinds/project/endpoints";
import { batchExportKind } from "../../../src/kinds/batch-export/kind";
import { Transport } from "../../../src/client-entry";
import { BatchExportLifecycle } from "../../../src/provider";
import { withRedactedFailures } from "../../../src/kit/redaction";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Batch exports", (connection) => ({
  lifecycle: new BatchExportLifecycle(connection),
  // As the dynamic-provider host serves it (src/provider/host.ts): failures without the kind's secrets.
  hosted: withRedactedFailures(new BatchExportLifecycle(connection), batchExportKind.secretInputPaths),
}));

const PASSWORD = "Zq7-xK9-vT4-mW2";
const destination = (config: Json = {}) => ({
  type: "Postgres",
  config: {
    host: "db.example.com",
    port: 5432,
    database: "analytics",
    user: "ldr_acct",
    password: PASSWORD,
    has_self_signed_cert: false,
    ...config,
  },
});
/** Everything but the recorded inputs, which the engine stores encrypted. */
const shown = (outs: Json) => JSON.stringify({ ...outs, declaredInputs: undefined });

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("create, no change, no drift from text scalars or the unanswered password, drift of the rest, a new password sent, pause, delete", async () => {
    const { provider, http, projectId } = setup();
    const { lifecycle } = provider;
    const inputs: Json = { projectId, name: `Warehouse ${version}`, interval: "hour", destination: destination() };
    expect((await lifecycle.check!({}, inputs)).failures).toBeUndefined();
    const created = await lifecycle.create!(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ batchExportId: created.id, projectId, name: `Warehouse ${version}`, interval: "hour", paused: false });
    expect(shown(outs)).not.toContain(PASSWORD);
    expect(shown(outs)).not.toContain("ldr_acct");

    // PostHog answers the port as "5432" and the flag as "False" from now on: the same values, no change.
    const read = await lifecycle.read!(created.id, outs);
    expect((read.props as Json)["destination"]).toEqual({
      type: "Postgres",
      config: { host: "db.example.com", port: "5432", database: "analytics", has_self_signed_cert: "False" },
    });
    expect(read.inputs).toEqual(inputs);
    expect((await lifecycle.diff!(created.id, read.props as Json, inputs)).changes).toBe(false);

    // A change made in PostHog shows as old => new, the password as the program declared it.
    await batchExports.updateBatchExport(http, projectId, created.id, {
      destination: { type: "Postgres", config: { host: "db2.example.com" } },
    });
    const drifted = await lifecycle.read!(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, destination: destination({ host: "db2.example.com" }) });
    expect((await lifecycle.diff!(created.id, drifted.props as Json, inputs)).changes).toBe(true);

    // A new password is a change, sent; the state keeps none of it outside the recorded inputs.
    const rotated = { ...inputs, destination: destination({ password: "Rt5-hJ8-nB3" }) };
    expect((await lifecycle.diff!(created.id, outs, rotated)).changes).toBe(true);
    const updated = (await lifecycle.update!(created.id, outs, rotated)).outs as Json;
    expect(shown(updated)).not.toContain("Rt5-hJ8-nB3");
    expect((await lifecycle.diff!(created.id, updated, rotated)).changes).toBe(false);

    // Pausing is an update made with PostHog's pause action (which records when).
    const paused = (await lifecycle.update!(created.id, updated, { ...rotated, paused: true })).outs as Json;
    expect(paused["paused"]).toBe(true);
    const live = await batchExports.getBatchExport(http, projectId, created.id);
    expect(live.paused).toBe(true);
    expect(live.last_paused_at).toEqual(expect.any(String));
    const resumed = (await lifecycle.update!(created.id, paused, { ...rotated, paused: false })).outs as Json;
    expect(resumed["paused"]).toBe(false);

    await lifecycle.delete!(created.id, resumed);
    await expect(batchExports.getBatchExport(http, projectId, created.id)).rejects.toMatchObject({ status: 404 });
    expect(await lifecycle.read!(created.id, resumed)).toEqual({});
  });

  test("a create paused from the start is sent paused", async () => {
    const { provider, http, projectId } = setup();
    const created = await provider.lifecycle.create!({
      projectId,
      name: "Paused",
      interval: "day",
      paused: true,
      destination: destination(),
    });
    expect((await batchExports.getBatchExport(http, projectId, created.id)).paused).toBe(true);
  });

  test("a resume after the user's current project was deleted: reading the user has PostHog pick one, else what to do", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = { projectId, name: "Resumed", interval: "hour", paused: true, destination: destination() };
    const created = await provider.lifecycle.create!(inputs);
    // Creating a project makes it the user's current one; deleting it (today: once purged) leaves the user with none.
    const noCurrentProject = async (transport: Transport) => {
      const spare = await projects.createProject(transport, server.organizationId, { name: `Spare ${version}` });
      await projects.deleteProject(transport, server.organizationId, spare.id);
      await server.control.purge();
    };
    await noCurrentProject(http);
    const resumed = await provider.lifecycle.update!(created.id, created.outs as Json, { ...inputs, paused: false });
    expect((resumed.outs as Json)["paused"]).toBe(false);

    // A key that may not read its own user cannot have PostHog pick a project: told why and what to do.
    const apiKey = await server.key({ scopes: ["batch_export:read", "batch_export:write", "project:write"] });
    const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } });
    const config = { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) };
    const scoped = new BatchExportLifecycle({ config, transport });
    const own = await scoped.create!({ ...inputs, name: "Scoped" });
    await noCurrentProject(transport);
    const failure = scoped.update!(own.id, own.outs as Json, { ...inputs, name: "Scoped", paused: false });
    await expect(failure).rejects.toThrow(/unpause\/ \(401: Authentication credentials were not provided\.\).*no current project/);
    await expect(failure).rejects.toThrow(/pick a project, or give the key the `user:read` scope/);
  });

  test("the check names the field and PostHog's rule before anything is sent", async () => {
    const { provider, projectId } = setup();
    const failures = (
      await provider.lifecycle.check!(
        {},
        { projectId, interval: "hourly", destination: { type: "S3", config: { file_format: "Parquet", compression: "bz2" } } },
      )
    ).failures;
    expect(failures).toEqual([
      expect.objectContaining({ property: "name", reason: expect.stringContaining("name is required") }),
      expect.objectContaining({ property: "interval", reason: expect.stringContaining('must be one of "hour"') }),
      expect.objectContaining({ property: "destination", reason: expect.stringContaining('compression must be one of "zstd"') }),
    ]);
  });

  test("an organization whose plan lacks data pipelines: PostHog's refusal, with what to do", async () => {
    const { provider, projectId, server } = setup();
    await server.control.patchOrganization(server.organizationId, { lackedFeatures: ["data_pipelines"] });
    try {
      await expect(
        provider.lifecycle.create!({ projectId, name: "No plan", interval: "hour", destination: destination() }),
      ).rejects.toThrow(/Data Pipelines addon is required for batch exports\..*`data_pipelines` feature/);
    } finally {
      await server.control.patchOrganization(server.organizationId, { lackedFeatures: [] });
    }
  });

  test("hostile: a failure quoting the password never shows it", async () => {
    const { provider, projectId, server } = setup();
    await server.fault({
      method: "POST",
      path: "/batch_exports/$",
      status: 400,
      body: {
        type: "validation_error",
        code: "invalid_input",
        detail: `password authentication failed: "${PASSWORD}"`,
        attr: "destination",
      },
    });
    const failure = provider.hosted.create!({ projectId, name: "Hostile", interval: "hour", destination: destination() });
    await expect(failure).rejects.toThrow(/password authentication failed/);
    await expect(failure).rejects.not.toThrow(new RegExp(PASSWORD));
  });

  test("an HTTP destination's token is in no output, though PostHog 2025-08-04 answers it", async () => {
    const { provider, http, projectId } = setup();
    const inputs = {
      projectId,
      name: "Hook",
      interval: "hour",
      destination: { type: "HTTP", config: { url: "https://example.com/in", token: "Hq2-tK7-zP4" } },
    };
    const created = await provider.lifecycle.create!(inputs);
    expect(shown(created.outs as Json)).not.toContain("Hq2-tK7-zP4");
    expect(JSON.stringify(await batchExports.getBatchExport(http, projectId, created.id))).not.toContain("Hq2-tK7-zP4");
    expect(JSON.stringify(await batchExports.listBatchExports(http, projectId))).not.toContain("Hq2-tK7-zP4");
    expect((await provider.lifecycle.diff!(created.id, created.outs as Json, inputs)).changes).toBe(false);
  });

  test("a create whose answer is lost is not sent again, and what it made is named, never taken: PostHog does not say who made an export", async () => {
    const { provider, http, projectId, server } = setup();
    const name = `lost-${version}`;
    await server.fault({ method: "POST", path: "/batch_exports/?$", status: 502, afterCommit: true });
    const failure = provider.hosted.create!({ projectId, name, interval: "hour", destination: destination() });
    await expect(failure).rejects.toThrow(/PostHog does not say who made it/);
    await expect(failure).rejects.toThrow(/adoptId/);
    await expect(failure).rejects.not.toThrow(new RegExp(PASSWORD));
    // Sent once: one export of that name.
    expect((await batchExports.listBatchExports(http, projectId)).filter((found) => found.name === name)).toHaveLength(1);
  });
});
