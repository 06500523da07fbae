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
