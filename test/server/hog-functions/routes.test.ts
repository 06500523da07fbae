/** Hog functions on the local server (src/server/hog-functions/, after posthog/api/hog_function.py). */
import { hogLooksCompilable } from "../../../src/server/hog-functions/routes";
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let project = 0;
let base = "";
beforeAll(async () => ({ h, projectId: project, base } = await projectHarness("Hog", "hog_functions")));
afterAll(() => h.server.close());

const V = "validation_error";
const HOG = "fetch(inputs.url, {'body': inputs.key});";
const post = (body: Record<string, unknown>) => h.api("POST", base, { body: { name: "Hook", type: "destination", hog: HOG, ...body } });
const invalid = (detail: string, attr: string | null) => err(V, "invalid_input", detail, attr);

test("create stores the code and answers secrets as a placeholder", async () => {
  const res = await post({
    inputs_schema: [
      { key: "url", type: "string", required: true },
      { key: "key", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com" }, key: { value: "s3cret" }, stray: { value: 1 } },
  });
  expect(res.status).toBe(201);
  expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.body).toMatchObject({ type: "destination", enabled: false, description: "", hog: HOG, bytecode: null, execution_order: null });
  expect(res.body.inputs_schema).toEqual([
    { key: "url", type: "string", required: true, secret: false, hidden: false },
    { key: "key", type: "string", required: false, secret: true, hidden: false },
  ]);
  // A string input compiles to Hog bytecode holding its text (generate_template_bytecode, posthog/cdp/validation.py).
  expect(res.body.inputs).toEqual({
    url: { value: "https://example.com", bytecode: ["_H", 1, 32, "https://example.com"], input_deps: [], order: 0 },
    key: { secret: true },
  });
  expect(res.body.filters).toEqual({ source: "events" });
  expect(JSON.stringify(await h.api("GET", `${base}${res.body.id}/`))).not.toContain("s3cret");
});

test("sending the secret placeholder back keeps the stored value; a new value replaces it", async () => {
  const schema = [{ key: "key", type: "string", secret: true, required: true }];
  const f = (await post({ inputs_schema: schema, inputs: { key: { value: "one" } } })).body;
  const kept = await h.api("PATCH", `${base}${f.id}/`, { body: { inputs: { key: { secret: true } } } });
  expect(kept.status).toBe(200);
  expect(kept.body.inputs).toEqual({ key: { secret: true } });
  // The input is required: the placeholder passes only because the stored value was taken for it.
  expect((await h.api("PATCH", `${base}${f.id}/`, { body: { inputs: {} } })).status).toBe(200);
  const fresh = (await post({ inputs_schema: schema, inputs: {} })).body;
  expect(fresh).toEqual(invalid("This field is required.", "inputs__key"));
});

test("hog is required on create and checked for what can be seen without a compiler", async () => {
  expect((await h.api("POST", base, { body: { name: "x", type: "destination" } })).body).toEqual(invalid("Required.", "hog"));
  expect((await post({ hog: "fetch(inputs.url" })).body).toEqual(invalid("Hog code has errors.", "hog"));
  expect((await post({ type: "site_app", hog: "export function onLoad() {" })).body).toEqual(invalid("Error in TypeScript code", "hog"));
  expect(hogLooksCompilable("let a := {'b': [1, 2]} // ) not counted\nreturn a")).toBe(true);
  expect(hogLooksCompilable("return 'unclosed")).toBe(false);
});

test("inputs_schema items and inputs follow the schema", async () => {
  expect((await post({ inputs_schema: [{ key: "u", type: "nope" }] })).body).toEqual(
    err(V, "invalid_choice", '"nope" is not a valid choice.', "inputs_schema__0__type"),
  );
  expect((await post({ inputs_schema: [{ type: "string" }] })).body).toEqual(
    err(V, "required", "This field is required.", "inputs_schema__0__key"),
  );
  const required = [{ key: "url", type: "string", required: true }];
  expect((await post({ inputs_schema: required, inputs: {} })).body).toEqual(invalid("This field is required.", "inputs__url"));
  expect((await post({ inputs_schema: [{ key: "n", type: "number" }], inputs: { n: { value: "x" } } })).body).toEqual(
    invalid("Value must be a number.", "inputs__n"),
  );
  expect((await post({ inputs_schema: [{ key: "e", type: "email" }], inputs: { e: { value: { from: "a", to: "b" } } } })).body).toEqual(
    invalid("Missing value for 'subject'.", "inputs__e"),
  );
});

test("templates are absent; the type is fixed after create; mappings are for destinations", async () => {
  expect((await post({ template_id: "template-webhook" })).body).toEqual(
    invalid("No template found for id 'template-webhook'", "template_id"),
  );
  expect((await post({ type: "bogus" })).body).toEqual(err(V, "invalid_choice", '"bogus" is not a valid choice.', "type"));
  const f = (await post({})).body;
  expect((await h.api("PATCH", `${base}${f.id}/`, { body: { type: "transformation" } })).body).toEqual(
    invalid("Cannot modify the type of an existing function", "type"),
  );
  expect((await post({ type: "transformation", hog: "return event", mappings: [{ name: "m" }] })).body).toEqual(
    invalid("Mappings are only allowed for destinations.", "mappings"),
  );
});

test("mappings: each a name, a schema, inputs checked against it and filters; the function's own events go (today)", async () => {
  const mapping = {
    name: "Pageviews",
    inputs_schema: [{ key: "message", type: "string", required: true }],
    inputs: { message: { value: "Hello" }, stray: { value: 1 } },
    filters: { events: [{ id: "$pageview", type: "events" }] },
    unknown: true,
  };
  const res = await post({ mappings: [mapping], filters: { events: [{ id: "$identify", type: "events" }], filter_test_accounts: true } });
  expect(res.status).toBe(201);
  expect(res.body.mappings).toEqual([
    {
      name: "Pageviews",
      inputs_schema: [{ key: "message", type: "string", required: true, secret: false, hidden: false }],
      inputs: { message: { value: "Hello", bytecode: ["_H", 1, 32, "Hello"], input_deps: [], order: 0 } },
      filters: { events: [{ id: "$pageview", type: "events" }], source: "events" },
    },
  ]);
  expect(res.body.filters).toEqual({ filter_test_accounts: true, source: "events" });
  // A PATCH of the mappings alone takes the events out of the stored filters too (to_internal_value fills them in).
  const plain = (await post({ filters: { events: [{ id: "$identify", type: "events" }] } })).body;
  const patched = await h.api("PATCH", `${base}${plain.id}/`, { body: { mappings: [{ name: "m" }] } });
  expect(patched.body.filters).toEqual({ source: "events" });
  expect((await post({ mappings: [] })).body.mappings).toBeNull();

  expect((await post({ mappings: [{ ...mapping, inputs: {} }] })).body).toEqual(
    invalid("This field is required.", "mappings__0__inputs__message"),
  );
  expect((await post({ mappings: [{ name: "m", inputs: { a: { value: 1 } } }] })).body).toEqual(
    invalid("Missing inputs_schema.", "mappings__0__inputs"),
  );
  expect((await post({ mappings: [{ name: "" }] })).body).toEqual(err(V, "blank", "This field may not be blank.", "mappings__0__name"));
  expect((await post({ mappings: [{ inputs_schema: [{ key: "k", type: "nope" }] }] })).body).toEqual(
    err(V, "invalid_choice", '"nope" is not a valid choice.', "mappings__0__inputs_schema__0__type"),
  );
  expect((await post({ mappings: {} })).body).toEqual(err(V, "not_a_list", 'Expected a list of items but got type "dict".', "mappings"));
});

test("execution_order given is kept (0 to 32767); icon_url is any text", async () => {
  const t = await post({ type: "transformation", hog: "return event", execution_order: 7, icon_url: "/static/x.png" });
  expect(t.body).toMatchObject({ execution_order: 7, icon_url: "/static/x.png" });
  expect((await post({ execution_order: 32768 })).body).toEqual(
    err(V, "max_value", "Ensure this value is less than or equal to 32767.", "execution_order"),
  );
  expect((await post({ execution_order: -1 })).body).toEqual(
    err(V, "min_value", "Ensure this value is greater than or equal to 0.", "execution_order"),
  );
  // Enabled again with its order, it keeps it; without, it goes last.
  const off = (await post({ type: "transformation", hog: "return event", execution_order: 3 })).body;
  const kept = await h.api("PATCH", `${base}${off.id}/`, { body: { enabled: true, execution_order: 3 } });
  expect(kept.body.execution_order).toBe(3);
  await h.api("PATCH", `${base}${off.id}/`, { body: { enabled: false } });
  const last = await h.api("PATCH", `${base}${off.id}/`, { body: { enabled: true } });
  expect(last.body.execution_order).toBeGreaterThan(7);
});

test("transformations are ordered; soft delete hides, PATCH deleted:false restores; DELETE is 405", async () => {
  const a = (await post({ type: "transformation", hog: "return event" })).body;
  const b = (await post({ type: "transformation", hog: "return event" })).body;
  expect(b.execution_order).toBe(a.execution_order + 1);
  expect((await h.api("DELETE", `${base}${a.id}/`)).status).toBe(405);
  expect((await h.api("PATCH", `${base}${a.id}/`, { body: { deleted: true } })).status).toBe(200);
  expect((await h.api("GET", `${base}${a.id}/`)).status).toBe(404);
  expect((await h.api("PATCH", `${base}${a.id}/`, { body: { name: "again" } })).status).toBe(404);
  const restored = await h.api("PATCH", `${base}${a.id}/`, { body: { deleted: false } });
  expect(restored.status).toBe(200);
  expect(restored.body.execution_order).toBe(b.execution_order + 1);
});

test("the list is minimal, filtered by type, and served under environments too", async () => {
  const listed = await h.api("GET", `/api/environments/${project}/hog_functions/?type=transformation`);
  expect(listed.status).toBe(200);
  expect(listed.body.results.every((x: { type: string }) => x.type === "transformation")).toBe(true);
  expect(listed.body.results[0]).not.toHaveProperty("inputs");
  expect(listed.body.results[0]).toHaveProperty("execution_order");
  expect((await h.api("GET", `${base}not-a-uuid/`)).status).toBe(404);
});

test("PostHog 2025-08-04 refuses custom functions other than transformations (no Data Pipelines addon)", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old" });
    const b = `/api/projects/${p.id}/hog_functions/`;
    expect((await old.api("POST", b, { body: { name: "x", type: "destination", hog: HOG } })).body).toEqual(
      invalid("The Data Pipelines addon is required to create custom functions.", "template_id"),
    );
    const t = await old.api("POST", b, { body: { name: "x", type: "transformation", hog: "return event" } });
    expect(t.status).toBe(201);
    expect(
      (await old.api("POST", b, { body: { name: "x", type: "transformation", hog: "return event", mappings: [{ name: "m" }] } })).body,
    ).toEqual(invalid("Mappings are only allowed for destinations.", "mappings"));
    expect(t.body.status).toEqual({ state: 0, rating: 0, tokens: 0 });
  } finally {
    await old.server.close();
  }
});
