/**
 * posthog.InsightVariable's lifecycle over loopback against the local server: today's PostHog (create with its code
 * name, no change, drift put back, a new name keeping the code name, a List variable's numbers compared as the text
 * PostHog stores, a taken code name refused naming its holder, a create whose answer is lost found and not made twice,
 * PostHog's rules before anything is sent, DELETE) and PostHog 2025-08-04, which refuses every personal API key with
 * scopes here. (Its example's create, preview, drift, adoption, import and delete: the contract, test/kinds/contract.)
 */
import * as variables from "../../../src/kinds/insight-variable/endpoints";
import { codeNameOf } from "../../../src/kinds/insight-variable/fields";
import { Transport } from "../../../src/client-entry";
import { InsightVariableLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Variables", (connection) => new InsightVariableLifecycle(connection));
const current = () => setups.current!;

test("create with PostHog's code name, no change, drift put back, a new name keeps the code name, DELETE", async () => {
  const { provider, http, projectId } = current();
  const inputs: Json = { projectId, name: "Minimum Revenue (USD)", type: "Number", defaultValue: 100 };
  expect((await provider.check({}, inputs)).failures).toBeUndefined();
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ variableId: created.id, projectId, name: "Minimum Revenue (USD)", codeName: "minimum_revenue_usd" });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);

  await variables.updateInsightVariable(http, projectId, created.id, { default_value: 5 });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, defaultValue: 5 });
  await provider.update(created.id, drifted.props as Json, inputs);
  expect((await variables.getInsightVariable(http, projectId, created.id)).default_value).toBe(100);

  // PostHog makes the code name on create only: a new name keeps it, and insights using it keep working.
  const renamed = { ...inputs, name: "Revenue floor" };
  expect((await provider.diff(created.id, created.outs as Json, renamed)).replaces ?? []).toEqual([]);
  const updated = await provider.update(created.id, created.outs as Json, renamed);
  expect(updated.outs).toMatchObject({ name: "Revenue floor", codeName: "minimum_revenue_usd" });

  await provider.delete(created.id, updated.outs as Json);
  await expect(variables.getInsightVariable(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
});

test("a List variable's numbers and booleans compare equal to the text PostHog stores them as", async () => {
  const { provider, http, projectId } = current();
  const inputs: Json = { projectId, name: "Tier", type: "List", values: [1, 2, true, null, "gold"], defaultValue: 2 };
  const created = await provider.create(inputs);
  const live = await variables.getInsightVariable(http, projectId, created.id);
  expect({ values: live.values, default: live.default_value }).toEqual({ values: ["1", "2", "true", "gold"], default: "2" });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  // A real change is one.
  expect((await provider.diff(created.id, created.outs as Json, { ...inputs, values: [1, 3] })).changes).toBe(true);
});

test("a name whose code name a variable has is refused by PostHog, and the error names that variable", async () => {
  const { provider, http, projectId } = current();
  const theirs = await variables.createInsightVariable(http, projectId, { name: "Country code", type: "String" });
  expect(codeNameOf("Country code")).toBe(theirs.code_name);
  const taken = provider.create({ projectId, name: " Country Code! ", type: "String" });
  await expect(taken).rejects.toThrow("Variable with this code name already exists");
  await expect(taken).rejects.toThrow(`PostHog already has an insight variable of code name "country_code": insight variable ${theirs.id}`);
});

test("a create whose answer is lost after PostHog committed is found by its code name, not made twice", async () => {
  const { provider, server, http, projectId } = current();
  await server.fault({ method: "POST", path: "/insight_variables/?$", status: 502, afterCommit: true });
  const created = await provider.create({ projectId, name: "Lost one", type: "Date", defaultValue: "-7d" });
  const live = (await variables.listInsightVariables(http, projectId)).filter((v) => v.code_name === "lost_one").map((v) => v.id);
  expect(live).toEqual([created.id]);
});

test("PostHog's rules before anything is sent: a blank or long name, an unknown type, a List value that is no scalar", async () => {
  const { provider, server, projectId } = current();
  await server.clearRequests();
  const reasons = async (inputs: Json) => (await provider.check({}, { projectId, ...inputs })).failures?.map((f) => f.reason);
  expect(await reasons({ name: "  ", type: "String" })).toEqual([expect.stringContaining("name may not be blank")]);
  expect(await reasons({ name: "x".repeat(401), type: "String" })).toEqual([expect.stringContaining("at most 400 characters")]);
  expect(await reasons({ name: "x", type: "Text" })).toEqual([expect.stringContaining("String, Number, Boolean, List, Date")]);
  expect(await reasons({ name: "x" })).toEqual([expect.stringContaining("type is required")]);
  expect(await reasons({ name: "x", type: "List", values: ["a", { value: "b" }] })).toEqual([
    expect.stringContaining("List variable values must be strings or numbers (got an object at index 1)"),
  ]);
  // Any other type's values are PostHog's JSON, stored as they are.
  expect(await reasons({ name: "x", type: "String", values: [{ value: "b" }] })).toBeUndefined();
  expect((await server.requests({ method: "POST" })).length).toBe(0);
});

test("PostHog 2025-08-04 refuses every personal API key with scopes here (INTERNAL): the error says so and what to do", async () => {
  const { server, projectId } = setups["2025-08-04"]!;
  // A key with scopes, as the real backend's `*` key; a key without scopes is a legacy key that passes.
  const apiKey = await server.key({ scopes: ["*"] });
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 10 } });
  const provider = new InsightVariableLifecycle({
    config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) },
    transport,
  });
  const error = provider.create({ projectId, name: "Plan", type: "String" });
  await expect(error).rejects.toThrow("This action does not support Personal API Key access");
  await expect(error).rejects.toThrow(
    "PostHog before insight variables had their own API scope (2025-08-04 and older) lets no personal API key with scopes manage insight variables: create and edit the variable in PostHog's SQL editor and leave it out of the program (such a key may not read it either), or use today's PostHog with a key that has the `insight_variable:write` scope.",
  );
  // As said: such a key may not read variables either (the viewset refuses every action, not only writes).
  await expect(variables.listInsightVariables(transport, projectId)).rejects.toMatchObject({ status: 403 });
});
