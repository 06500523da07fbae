/**
 * Hog flows on the local server (src/server/hog-flows/, after PostHog's HogFlowViewSet): the actions' fields and
 * defaults, one trigger draft or not, an active flow's own checks (trigger type, templates, delays), the trigger
 * derived, DELETE for good, and 2025-08-04's refusal of every personal API key with scopes (INTERNAL).
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
let base = "";
beforeAll(async () => {
  h = await harness();
  base = `/api/projects/${(await h.createProject({ name: "Flows" })).id}/hog_flows/`;
});
afterAll(() => h.server.close());

const V = "validation_error";
const trigger = { id: "t", name: "Start", type: "trigger", config: { type: "event" } };
const exit = { id: "x", name: "Exit", type: "exit", config: {} };
const post = (body: unknown) => h.api("POST", base, { body });

test("actions required, each by HogFlowActionSerializer; exactly one trigger; an active flow's own checks; trigger derived; DELETE", async () => {
  expect((await post({ name: "none" })).body).toEqual(err(V, "required", "This field is required.", "actions"));
  expect((await post({ actions: [{ ...trigger, name: "" }] })).body).toEqual(
    err(V, "blank", "This field may not be blank.", "actions__0__name"),
  );
  expect((await post({ actions: [exit] })).body).toEqual(err(V, "invalid_input", "Exactly one trigger action is required", "actions"));
  const delay = { id: "d", name: "Wait", type: "delay", config: { delay_duration: "90s" } };
  // A draft stores what an active flow refuses.
  expect((await post({ actions: [trigger, delay, exit] })).status).toBe(201);
  expect((await post({ status: "active", actions: [trigger, delay, exit] })).body).toMatchObject({ attr: "actions__1__config" });
  const fn = { id: "f", name: "Hook", type: "function", config: { template_id: "template-webhook" } };
  expect((await post({ status: "active", actions: [trigger, fn, exit] })).body).toEqual(
    err(V, "invalid_input", "Template not found", "actions__1__template_id"),
  );
  const made = (await post({ name: "Flow", actions: [trigger, exit], conversion: { filters: [] } })).body;
  expect(made).toMatchObject({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    status: "draft",
    version: 1,
    exit_condition: "exit_on_conversion",
    trigger: { type: "event" },
    conversion: { filters: [], bytecode: [] },
    actions: [
      { ...trigger, description: "", filters: null },
      { ...exit, description: "", filters: null },
    ],
  });
  expect((await h.api("PATCH", `${base}${made.id}/`, { body: { name: "Renamed" } })).body.name).toBe("Renamed");
  expect((await h.api("DELETE", `${base}${made.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${made.id}/`)).status).toBe(404);
});

test("PostHog 2025-08-04 refuses personal API keys with scopes (INTERNAL); today's asks for hog_flow", async () => {
  const key = await h.control.createKey({ scopes: ["project:read"] });
  expect((await h.api("GET", base, { key: key.key })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'hog_flow:read'"),
  );
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old flows" });
    const all = await old.control.createKey({ scopes: ["*"] });
    expect((await old.api("GET", `/api/projects/${p.id}/hog_flows/`, { key: all.key })).body).toEqual(
      err("authentication_error", "permission_denied", "This action does not support Personal API Key access"),
    );
  } finally {
    await old.server.close();
  }
});

test("today's trigger_masking and variables: HogFlowMaskingSerializer's and HogFlowVariableSerializer's rules, the bytecode compiled, the detail's nulls, the list as stored", async () => {
  const flow = { actions: [trigger, exit] };
  expect((await post({ ...flow, trigger_masking: { ttl: 30 } })).body).toEqual(
    err(V, "min_value", "Ensure this value is greater than or equal to 60.", "trigger_masking__ttl"),
  );
  expect((await post({ ...flow, trigger_masking: { ttl: 60 } })).body).toEqual(
    err(V, "required", "This field is required.", "trigger_masking__hash"),
  );
  expect((await post({ ...flow, trigger_masking: { hash: "  " } })).body).toEqual(
    err(V, "blank", "This field may not be blank.", "trigger_masking__hash"),
  );
  expect((await post({ ...flow, variables: [{ key: "a" }, { key: "a" }] })).body).toEqual(
    err(V, "invalid_input", "Variable keys must be unique", "variables__non_field_errors"),
  );
  expect((await post({ ...flow, variables: [{ key: "a", default: true }] })).body).toEqual(
    err(V, "invalid_input", "Not a valid string.", "variables__0__default"),
  );
  // 5120 characters as json.dumps writes {"key": "a", "default": "…"} (27 + the value) pass; one more does not.
  expect((await post({ ...flow, variables: [{ key: "a", default: "x".repeat(5120 - 27) }] })).status).toBe(201);
  expect((await post({ ...flow, variables: [{ key: "a", default: "x".repeat(5121 - 27) }] })).body).toEqual(
    err(V, "invalid_input", "Total size of variables definition must be less than 5KB", "variables__non_field_errors"),
  );

  const made = (
    await post({ ...flow, name: "Masked", trigger_masking: { hash: " {person.id} ", ttl: 3600 }, variables: [{ key: "n", default: 5 }] })
  ).body;
  expect(made).toMatchObject({
    trigger_masking: { ttl: 3600, threshold: null, hash: "{person.id}", bytecode: expect.any(Array) },
    variables: [{ key: "n", default: "5" }],
  });
  const listed = (await h.api("GET", base)).body.results.find((f: { id: string }) => f.id === made.id);
  expect(listed.trigger_masking).toEqual({ hash: "{person.id}", ttl: 3600, bytecode: made.trigger_masking.bytecode });
  expect((await h.api("PATCH", `${base}${made.id}/`, { body: { trigger_masking: null } })).body.trigger_masking).toBeNull();
  expect((await post(flow)).body.variables).toEqual([]);
});

test("PostHog 2025-08-04 requires trigger (filters and type) in the body, takes trigger_masking read-only and has no variables: both dropped unread, null and nothing answered", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old masking" });
    // 2025-08-04 requires `trigger` itself (HogFlowTriggerSerializer: filters, type "event"), deriving nothing.
    const path = `/api/projects/${p.id}/hog_flows/`;
    expect((await old.api("POST", path, { body: { actions: [trigger, exit] } })).body).toEqual(
      err(V, "required", "This field is required.", "trigger"),
    );
    expect((await old.api("POST", path, { body: { actions: [trigger, exit], trigger: { type: "event" } } })).body).toEqual(
      err(V, "required", "This field is required.", "trigger__filters"),
    );
    const made = await old.api("POST", path, {
      body: {
        actions: [trigger, exit],
        trigger: { type: "event", filters: {} },
        trigger_masking: { hash: "{person.id}", ttl: 30 },
        variables: [{ key: "a" }, { key: "a" }],
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.trigger_masking).toBeNull();
    expect(made.body).not.toHaveProperty("variables");
  } finally {
    await old.server.close();
  }
});
