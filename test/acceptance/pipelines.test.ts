/**
 * posthog.BatchExport against a real PostHog: the refusal of an organization without the Data Pipelines addon, and in
 * an organization of the tier's own whose plan has `data_pipelines` (./plan-features.ts) an hourly export to the
 * PostgreSQL on this machine (the backend's own, port 54329; PostHog creates the Temporal schedule, and validates no
 * connection until a run, which needs ClickHouse): created, read back without change though PostHog answers the port
 * as text and never the user or password, a new password sent, paused and resumed through PostHog's actions (resumed
 * by a user whose current project was just deleted), deleted.
 * Everything carries the run's prefix and is deleted afterwards.
 */
import type { Transport } from "../../src/client-entry";
import * as batchExports from "../../src/kinds/batch-export/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { BatchExportLifecycle } from "../../src/provider";
import { acceptanceTarget, type AcceptanceTarget, inTargetProject } from "./real-posthog";
import { organizationWithFeatures } from "./plan-features";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let connection: ReturnType<typeof inTargetProject>["connection"];
let featured: { organizationId: string; projectId: number } | undefined;

const PASSWORD = "Zq7-xK9-vT4-mW2";
const postgres = (password = PASSWORD) => ({
  type: "Postgres",
  config: {
    host: "127.0.0.1",
    port: 54329,
    database: "posthog",
    schema: "public",
    table_name: "events",
    user: "ldr_acct",
    password,
    has_self_signed_cert: false,
  },
});

beforeAll(() => {
  target = acceptanceTarget();
  ({ client, connection } = inTargetProject(target));
  featured = organizationWithFeatures(target, "acceptance: data pipelines", ["data_pipelines", "organizations_projects", "environments"]);
});
afterAll(async () => {
  if (!client || !featured) return;
  for (const made of await batchExports.listBatchExports(client, featured.projectId))
    if (made.name.startsWith(target.prefix)) await batchExports.deleteBatchExport(client, featured.projectId, made.id);
});

const name = (what: string) => `${target.prefix}${what}`;

test("an organization whose plan lacks data_pipelines: PostHog's refusal, with what to do", async () => {
  const provider = new BatchExportLifecycle(connection);
  await expect(
    provider.create({ projectId: target.projectId, name: name("no plan"), interval: "hour", destination: postgres() }),
  ).rejects.toThrow(/The Data Pipelines addon is required for batch exports\..*`data_pipelines` feature/);
});

test("an hourly export to PostgreSQL: no churn from the text port or the unanswered credentials, a new password sent, pause, resume, DELETE", async () => {
  if (!featured) {
    console.warn("No plan features can be granted on this target: the data_pipelines organization's case is skipped.");
    return;
  }
  const projectId = featured.projectId;
  const provider = new BatchExportLifecycle({
    ...connection,
    config: { ...connection.config, organizationId: featured.organizationId, projectId: String(projectId) },
  });
  const inputs: Json = { projectId, name: name("warehouse"), interval: "hour", destination: postgres() };
  const created = await provider.create(inputs);
  const outs = created.outs as Json;
  expect(JSON.stringify({ ...outs, declaredInputs: undefined })).not.toContain(PASSWORD);
  const live = await batchExports.getBatchExport(client, projectId, created.id);
  // Measured: the port comes back as text, user and password never.
  expect(live.destination.config).toMatchObject({ port: "54329", has_self_signed_cert: "False" });
  expect(JSON.stringify(live)).not.toContain(PASSWORD);
  expect(JSON.stringify(live)).not.toContain("ldr_acct");

  const read = await provider.read(created.id, outs);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  const rotated = { ...inputs, destination: postgres("Rt5-hJ8-nB3") };
  expect((await provider.diff(created.id, outs, rotated)).changes).toBe(true);
  const updated = (await provider.update(created.id, outs, rotated)).outs as Json;
  expect((await provider.diff(created.id, updated, rotated)).changes).toBe(false);

  const paused = (await provider.update(created.id, updated, { ...rotated, paused: true })).outs as Json;
  const pausedLive = await batchExports.getBatchExport(client, projectId, created.id);
  expect(pausedLive.paused).toBe(true);
  expect(pausedLive.last_paused_at).toEqual(expect.any(String));
  // PostHog refuses to unpause for a user without a current project (BatchExportViewSet.unpause), which it clears when
  // that project is deleted (as other tests here do at any moment): the provider has PostHog pick one (User.team).
  const spare = await projects.createProject(client, featured.organizationId, { name: name("spare") });
  await projects.deleteProject(client, featured.organizationId, spare.id);
  const resumed = (await provider.update(created.id, paused, { ...rotated, paused: false })).outs as Json;
  expect((await batchExports.getBatchExport(client, projectId, created.id)).paused).toBe(false);

  await provider.delete(created.id, resumed);
  await expect(batchExports.getBatchExport(client, projectId, created.id)).rejects.toMatchObject({ status: 404 });
});
