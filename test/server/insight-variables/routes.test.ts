/**
 * Insight variables on the local server (src/server/insight-variables/, after PostHog's InsightVariableViewSet): the
 * code name made on create and kept on update, a taken code name refused, today's List values and default stored as
 * text (2025-08-04's as sent), DELETE for good, and 2025-08-04's refusal of every personal API key with scopes
 * (INTERNAL) where today's asks for insight_variable.
 */
import { err, harness, type Harness } from "../helpers";

let h: Harness;
let old: Harness;
let base = "";
let oldBase = "";
beforeAll(async () => {
  h = await harness();
  base = `/api/projects/${(await h.createProject({ name: "Variables" })).id}/insight_variables/`;
  old = await harness({ postHogVersion: "2025-08-04" });
  oldBase = `/api/projects/${(await old.createProject({ name: "Old variables" })).id}/insight_variables/`;
});
afterAll(() => Promise.all([h.server.close(), old.server.close()]));

const V = "validation_error";

test("create makes the code name (underscores kept today) and refuses a taken one; update keeps it; DELETE is for good", async () => {
  expect((await h.api("POST", base, { body: { name: "x" } })).body).toEqual(err(V, "required", "This field is required.", "type"));
  expect((await h.api("POST", base, { body: { name: "x", type: "Text" } })).body).toEqual(
    err(V, "invalid_choice", '"Text" is not a valid choice.', "type"),
  );
  expect((await h.api("POST", base, { body: { name: " ", type: "String" } })).body).toEqual(
    err(V, "blank", "This field may not be blank.", "name"),
  );
  const made = await h.api("POST", base, { body: { name: " Max_Rows (all) ", type: "Number", default_value: 10 } });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: "Max_Rows (all)",
    code_name: "max_rows_all",
    default_value: 10,
    values: null,
  });
  expect((await h.api("POST", base, { body: { name: "max rows all", type: "String" } })).body).toEqual(
    err(V, "invalid_input", "Variable with this code name already exists"),
  );
  const renamed = await h.api("PATCH", `${base}${made.body.id}/`, { body: { name: "Limit" } });
  expect(renamed.body).toMatchObject({ name: "Limit", code_name: "max_rows_all" });
  expect((await h.api("GET", `/api/environments/${base.split("/")[3]}/insight_variables/${made.body.id}/`)).body.name).toBe("Limit");
  expect((await h.api("DELETE", `${base}${made.body.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${made.body.id}/`)).status).toBe(404);
});

test("today a List variable's values and default are stored as text; 2025-08-04 stores them as sent and keeps no underscore", async () => {
  const body = { name: "Tier_2", type: "List", values: [1, true, null, "gold"], default_value: 1 };
  expect((await h.api("POST", base, { body })).body).toMatchObject({
    code_name: "tier_2",
    values: ["1", "true", "gold"],
    default_value: "1",
  });
  expect((await h.api("POST", base, { body: { name: "Bad", type: "List", values: ["a", [1]] } })).body).toEqual(
    err(
      V,
      "invalid_input",
      "List variable values must be strings or numbers (got an array at index 1). Enter each value as plain text or a number.",
      "values",
    ),
  );
  expect((await old.api("POST", oldBase, { body })).body).toMatchObject({
    code_name: "tier2",
    values: [1, true, null, "gold"],
    default_value: 1,
  });
  expect((await old.api("POST", oldBase, { body: { name: "Tier2", type: "String" } })).body).toEqual(
    err(V, "invalid_input", "Variable with name already exists"),
  );
});

test("PostHog 2025-08-04 refuses personal API keys with scopes (INTERNAL); today's asks for insight_variable", async () => {
  const key = await h.control.createKey({ scopes: ["project:read"] });
  expect((await h.api("GET", base, { key: key.key })).body).toEqual(
    err("authentication_error", "permission_denied", "API key missing required scope 'insight_variable:read'"),
  );
  const all = await old.control.createKey({ scopes: ["*"] });
  expect((await old.api("GET", oldBase, { key: all.key })).body).toEqual(
    err("authentication_error", "permission_denied", "This action does not support Personal API Key access"),
  );
});
