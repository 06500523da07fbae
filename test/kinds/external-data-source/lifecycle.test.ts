/**
 * posthog.ExternalDataSource's lifecycle over loopback against the local server: today's PostHog (create, no change,
 * drift of a job input PostHog answers shown and put back, the credentials never in an output nor a message and
 * sent again only when the program changes them, a type and prefix taken never made twice, a create whose answer is
 * lost, PostHog's refusals named, DELETE) and PostHog 2025-08-04, which refuses every personal API key here. (Its
 * example's create, preview, adoption, import and delete: the contract, test/kinds/contract.test.ts; its drift is here,
 * its only updatable input being an object.)
 */
import * as sources from "../../../src/kinds/external-data-source/endpoints";
import { Transport } from "../../../src/client-entry";
import { ExternalDataSourceLifecycle } from "../../../src/provider";
import { hostedProvider } from "../../helpers/contract";
import { externalDataSourceKind } from "../../../src/kinds/external-data-source/kind";
import { projectScopedSetups } from "../../helpers/project-scoped";
import type { Kind } from "../../../src/kit/kind";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Warehouse sources", (connection) => new ExternalDataSourceLifecycle(connection));
const current = () => setups.current!;
const KEY = "rk_test_s3cr3t_key_value";

const stripe = (projectId: number, prefix: string, extra: Json = {}): Json => ({
  projectId,
  sourceType: "Stripe",
  prefix,
  jobInputs: { stripe_secret_key: KEY, stripe_account_id: "acct_1" },
  schemas: [{ name: "Customer", should_sync: true, sync_type: "full_refresh" }],
  ...extra,
});

test("create, no change; drift of the account id shown and put back; the key never in an output, sent only when changed; DELETE", async () => {
  const { provider, http, projectId, server } = current();
  const inputs = stripe(projectId, "billing");
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  const created = await provider.create(inputs);
  const outs = created.outs as Json;
  expect(outs).toMatchObject({
    externalDataSourceId: created.id,
    sourceType: "Stripe",
    prefix: "billing",
    jobInputs: { stripe_account_id: "acct_1" },
  });
  // The outputs hold no credential: PostHog never answers one (and the record's shape drops any it would).
  expect(JSON.stringify({ ...outs, declaredInputs: undefined })).not.toContain(KEY);
  expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

  await sources.updateExternalDataSource(http, projectId, created.id, { job_inputs: { stripe_account_id: "acct_by_hand" } });
  const drifted = await provider.read(created.id, outs);
  expect(drifted.inputs).toEqual({ ...inputs, jobInputs: { stripe_secret_key: KEY, stripe_account_id: "acct_by_hand" } });
  await server.clearRequests();
  await provider.update(created.id, drifted.props as Json, inputs);
  expect((await sources.getExternalDataSource(http, projectId, created.id)).job_inputs).toEqual({ stripe_account_id: "acct_1" });

  // A new key in the program is sent; the diff never shows a key PostHog does not answer as drift.
  const rotated = { ...inputs, jobInputs: { stripe_secret_key: "rk_test_rotated", stripe_account_id: "acct_1" } };
  expect((await provider.diff(created.id, outs, rotated)).changes).toBe(true);
  await server.clearRequests();
  await provider.update(created.id, outs, rotated);
  const patches = await server.requests({ method: "PATCH" });
  expect(patches.map((r) => r.bodyKeys)).toEqual([["job_inputs"]]);

  await provider.delete(created.id, outs);
  await expect(sources.getExternalDataSource(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("a change of type, prefix or tables replaces the source, the old one deleted first (the new one needs its prefix)", async () => {
  const { provider, projectId } = current();
  const inputs = stripe(projectId, "replaced");
  const created = await provider.create(inputs);
  const diff = await provider.diff(created.id, created.outs as Json, { ...inputs, schemas: [{ name: "Invoice", should_sync: true }] });
  expect(diff).toMatchObject({ changes: true, replaces: ["schemas"], deleteBeforeReplace: true });
  await provider.delete(created.id, created.outs as Json);
});

test("a source of a type and prefix the project has is never made twice: the error names it, nothing is sent", async () => {
  const { provider, projectId, server } = current();
  const theirs = await sources.createExternalDataSource(current().http, projectId, {
    source_type: "Stripe",
    prefix: "taken",
    payload: { stripe_secret_key: "rk_other", schemas: [{ name: "Charge", should_sync: false }] },
  });
  const posts = async () => (await server.requests({ method: "POST", path: /\/external_data_sources\/$/ })).length;
  const before = await posts();
  await expect(provider.create(stripe(projectId, "taken"))).rejects.toThrow(
    `PostHog already has an external data source of type "Stripe" with prefix "taken": external data source ${theirs.id}`,
  );
  expect(await posts()).toBe(before);
});

test("a create whose answer is lost after PostHog committed is found by its type and prefix, not created twice", async () => {
  const { provider, server, http, projectId } = current();
  await server.fault({ method: "POST", path: "/external_data_sources/?$", status: 502, afterCommit: true });
  const created = await provider.create(stripe(projectId, "lost"));
  const live = (await sources.listExternalDataSources(http, projectId)).filter((s) => s.prefix === "lost").map((s) => s.id);
  expect(live).toEqual([created.id]);
});

test("PostHog's rules: the tables checked before anything is sent, PostHog's refusals named without the key", async () => {
  const { projectId } = current();
  const hosted = hostedProvider(externalDataSourceKind as Kind);
  await hosted.configure?.({
    config: {
      get: (key: string) =>
        ({
          "posthog:host": current().server.url,
          "posthog:apiKey": current().server.apiKey,
          "posthog:projectId": String(projectId),
          "posthog:rateLimited": "false",
        })[key],
    },
  } as never);
  expect((await hosted.check!({}, stripe(projectId, "x", { schemas: [] }))).failures).toEqual([
    { property: "schemas", reason: expect.stringContaining('PostHog says "Schemas not given"') },
  ]);
  expect(
    (await hosted.check!({}, stripe(projectId, "x", { schemas: [{ name: "Charge", should_sync: true, sync_type: "incremental" }] })))
      .failures,
  ).toEqual([
    { property: "schemas", reason: expect.stringContaining("schemas[0].incremental_field is required for an incremental sync") },
    { property: "schemas", reason: expect.stringContaining("schemas[0].incremental_field_type is required") },
  ]);
  // PostHog's refusal (a table Stripe lacks), through the hosted provider: the key is nowhere in the message.
  const refused = hosted.create(stripe(projectId, `${KEY}-prefix`, { schemas: [{ name: "Nowhere", should_sync: true }] }));
  await expect(refused).rejects.toThrow("Schemas given do not exist in source");
  await expect(refused).rejects.not.toThrow(KEY.slice(0, 8));
});

test("PostHog 2025-08-04 refuses every personal API key with scopes here (INTERNAL): the error says so and what a later PostHog does", async () => {
  const { server, projectId } = setups["2025-08-04"]!;
  const apiKey = await server.key({ scopes: ["*"] });
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 10 } });
  const provider = new ExternalDataSourceLifecycle({
    config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) },
    transport,
  });
  await expect(provider.create(stripe(projectId, "old"))).rejects.toThrow(
    /does not support Personal API Key access.*a later PostHog serves them to personal API keys with the `external_data_source` scope/,
  );
});
