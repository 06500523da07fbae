/**
 * External data sources on the local server (src/server/external-data-sources/, after PostHog's
 * ExternalDataSourceViewSet): the create's own checks and `{"message": …}` refusals, `{"id": …}` answered, job inputs
 * answered without the secret key, merged on update, DELETE marking it deleted, and 2025-08-04's refusal of every
 * personal API key with scopes (INTERNAL).
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
let base = "";
beforeAll(async () => {
  h = await harness();
  base = `/api/projects/${(await h.createProject({ name: "Sources" })).id}/external_data_sources/`;
});
afterAll(() => h.server.close());

const post = (body: unknown) => h.api("POST", base, { body });
const stripe = (prefix: string | null, payload: Record<string, unknown> = {}) => ({
  source_type: "Stripe",
  prefix,
  payload: { stripe_secret_key: " rk_secret ", schemas: [{ name: "Customer", should_sync: true, sync_type: "full_refresh" }], ...payload },
});

test("create checks config, tables and prefixes, answers the id; reads hide the key; PATCH merges; DELETE marks deleted", async () => {
  expect((await post(stripe(null, { stripe_secret_key: undefined }))).body).toEqual({
    message: "Invalid source config: Required field 'stripe_secret_key' is missing",
  });
  expect((await post(stripe(null, { schemas: [] }))).body).toEqual({ message: "Schemas not given" });
  expect((await post(stripe(null, { schemas: [{ name: "Nowhere" }] }))).body).toEqual({ message: "Schemas given do not exist in source" });
  expect((await post(stripe(null, { schemas: [{ name: "Charge", should_sync: true, sync_type: "incremental" }] }))).body).toEqual({
    message: "Incremental schemas given do not have an incremental field set",
  });
  const made = await post(stripe(null));
  expect(made.status).toBe(201);
  expect(Object.keys(made.body)).toEqual(["id"]);
  expect((await post(stripe(null))).body).toEqual({ message: "Source type already exists. Prefix is required" });
  expect((await post(stripe("second"))).status).toBe(201);
  expect((await post(stripe("second"))).body).toEqual({ message: "Prefix already exists" });

  const read = (await h.api("GET", `${base}${made.body.id}/`)).body;
  expect(read).toMatchObject({
    source_type: "Stripe",
    prefix: null,
    job_inputs: { stripe_account_id: null },
    schemas: [{ name: "Customer", should_sync: true }],
  });
  expect(JSON.stringify(read)).not.toContain("rk_secret");
  const patched = await h.api("PATCH", `${base}${made.body.id}/`, { body: { job_inputs: { stripe_account_id: "acct_1" } } });
  expect(patched.body.job_inputs).toEqual({ stripe_account_id: "acct_1" });
  expect((await h.api("DELETE", `${base}${made.body.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${made.body.id}/`)).status).toBe(404);
  // Deleted, it leaves its type to a source without a prefix again... but "second" still holds Stripe.
  expect((await post(stripe(null))).body).toEqual({ message: "Source type already exists. Prefix is required" });
});

test("PostHog 2025-08-04 refuses personal API keys with scopes (INTERNAL); today's asks for external_data_source", async () => {
  const key = await h.control.createKey({ scopes: ["project:read"] });
  expect((await h.api("GET", base, { key: key.key })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'external_data_source:read'"),
  );
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old sources" });
    const all = await old.control.createKey({ scopes: ["*"] });
    expect((await old.api("GET", `/api/projects/${p.id}/external_data_sources/`, { key: all.key })).body).toEqual(
      err("authentication_error", "permission_denied", "This action does not support Personal API Key access"),
    );
  } finally {
    await old.server.close();
  }
});

test("a table's own PATCH (ExternalDataSchemaSerializer.update): its sync frequency, \"never\" answered null; PostHog's 500 for an unknown one; today's keeps the sync type a PATCH does not give, 2025-08-04 clears it", async () => {
  const tableOf = async (harnessed: Harness, sources: string, id: string) =>
    ((await harnessed.api("GET", `${sources}${id}/`)).body.schemas as Array<Record<string, unknown>>)[0]!;
  const made = (await post(stripe("tables"))).body;
  const table = await tableOf(h, base, made.id);
  expect(table).toMatchObject({ name: "Customer", sync_frequency: "6hour", sync_type: "full_refresh" });
  const tables = base.replace("external_data_sources", "external_data_schemas");
  const patch = (body: unknown) => h.api("PATCH", `${tables}${table.id}/`, { body });
  expect((await patch({ sync_frequency: "15min" })).body).toMatchObject({ sync_frequency: "15min", sync_type: "full_refresh" });
  expect((await patch({ sync_frequency: "1min" })).body).toEqual(
    err(
      "validation_error",
      "invalid_input",
      "A 1-minute sync frequency is only available for CDC schemas. The fastest frequency for other sync types is 5 minutes.",
    ),
  );
  expect((await patch({ sync_frequency: "2hour" })).status).toBe(500);
  expect((await patch({ sync_frequency: "never" })).body.sync_frequency).toBeNull();
  expect(await tableOf(h, base, made.id)).toMatchObject({ sync_frequency: null, sync_type: "full_refresh" });

  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old tables" });
    const oldSources = `/api/projects/${p.id}/external_data_sources/`;
    const oldMade = (await old.api("POST", oldSources, { body: stripe(null) })).body;
    const oldTable = await tableOf(old, oldSources, oldMade.id);
    const oldPatch = (body: unknown) => old.api("PATCH", `/api/environments/${p.id}/external_data_schemas/${oldTable.id}/`, { body });
    expect((await oldPatch({ sync_frequency: "15min" })).status).toBe(500);
    // Its schedule's update fails for "never" (TypeError), and for a table that does not sync, which has none (RPCError).
    expect((await oldPatch({ sync_frequency: "never", sync_type: "full_refresh" })).status).toBe(500);
    const idle = (await old.api("POST", oldSources, { body: stripe("idle", { schemas: [{ name: "Customer", should_sync: false }] }) }))
      .body;
    const idleTable = await tableOf(old, oldSources, idle.id);
    expect(
      (await old.api("PATCH", `/api/projects/${p.id}/external_data_schemas/${idleTable.id}/`, { body: { sync_frequency: "1hour" } }))
        .status,
    ).toBe(500);
    expect(await tableOf(old, oldSources, idle.id)).toMatchObject({ sync_frequency: "6hour" });
    expect((await oldPatch({ sync_frequency: "1hour", sync_type: "full_refresh" })).body).toMatchObject({
      sync_frequency: "1hour",
      sync_type: "full_refresh",
    });
    expect((await oldPatch({ sync_frequency: "12hour" })).body).toMatchObject({ sync_frequency: "12hour", sync_type: null });
  } finally {
    await old.server.close();
  }
});
