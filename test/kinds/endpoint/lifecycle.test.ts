/**
 * The Endpoint lifecycle over loopback against the local server: PostHog's rules checked before anything is sent,
 * naming the field and the rule; keyed by its name in PostHog's paths; a change of query a new version, a change of
 * anything else not; drift by hand shown and put back; a new name replaces it; a create whose answer is lost found by
 * its name, not made twice; a name an active endpoint has refused naming it; deleted as PostHog deletes endpoints (the
 * name freed, a second delete done); a HogQL query's variables filled by PostHog from the project's insight variables
 * not drift; PostHog 2025-08-04, which has no endpoints, said as such. (The example's create, preview, import and
 * delete: the contract suite.)
 */
import * as endpoints from "../../../src/kinds/endpoint/endpoints";
import * as variables from "../../../src/kinds/insight-variable/endpoints";
import { EndpointLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Endpoints", (c) => new EndpointLifecycle(c));
const current = () => setups.current!;
const trends = { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] };

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = current();
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, name: "ok_name", querySql: "select 1", ...inputs })).failures ?? []).map(
      (f) => `${f.property}: ${f.reason}`,
    );
  expect(await failures({ name: "1st" })).toEqual([expect.stringMatching(/^name: .*start with a letter.*ENDPOINT_NAME_REGEX/)]);
  expect(await failures({ name: "with space" })).toEqual([expect.stringMatching(/^name: /)]);
  expect(await failures({ name: `a${"b".repeat(128)}` })).toEqual([expect.stringMatching(/^name: .*at most 128/)]);
  expect(await failures({ name: undefined })).toEqual([expect.stringMatching(/^name: .*required/)]);
  expect(await failures({ querySql: undefined })).toEqual([expect.stringMatching(/^query: query \(or querySql\) is required/)]);
  expect(await failures({ query: trends })).toEqual([expect.stringMatching(/^querySql: querySql and query are both declared/)]);
  expect(await failures({ querySql: undefined, query: { kind: "InsightVizNode", source: trends } })).toEqual([
    expect.stringMatching(/^query: query.kind "InsightVizNode" is not one of "HogQLQuery", "TrendsQuery", .*EndpointRequest.query/),
  ]);
  expect(await failures({ querySql: undefined, query: { kind: "TrendsQuery" } })).toEqual([
    expect.stringMatching(/^query: query.series is required for TrendsQuery/),
  ]);
  expect(await failures({ dataFreshnessSeconds: 600 })).toEqual([
    expect.stringMatching(/^dataFreshnessSeconds: .*one of 900, 1800, 3600, 21600, 43200, 86400, 604800/),
  ]);
  expect(await failures({ isActive: false, isMaterialized: true })).toEqual([
    expect.stringMatching(/^isMaterialized: .*"Cannot enable materialization on inactive endpoint."/),
  ]);
  const withVariable = { kind: "HogQLQuery", query: "select {variables.day}", variables: { day: { code_name: "day", variableId: "day" } } };
  expect(await failures({ querySql: undefined, query: withVariable })).toEqual([
    expect.stringMatching(/^query: query.variables are keyed by their insight variables' UUIDs: day/),
  ]);
  expect(await failures({ querySql: undefined, query: { kind: "HogQLQuery", query: "select 1", connectionId: "c1" } })).toEqual([
    expect.stringMatching(/^query: query.connectionId: .*direct connection/),
  ]);
  // What PostHog takes.
  expect(await failures({ querySql: undefined, query: trends, dataFreshnessSeconds: 900, isMaterialized: true })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("keyed by name: a change of query is a new version, of anything else not; drift by hand shown and put back", async () => {
  const { provider, http, projectId } = current();
  const inputs = { projectId, name: "weekly_users", description: "Users", querySql: "select count() from persons", isActive: true };
  const created = await provider.create(inputs);
  expect(created.id).toBe("weekly_users");
  expect(created.outs).toMatchObject({ endpointName: "weekly_users", currentVersion: 1, querySql: "select count() from persons" });
  expect(created.outs).toMatchObject({
    query: expect.objectContaining({ kind: "HogQLQuery", query: "select count() from persons", explain: null }),
  });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  const described = await provider.update(created.id, created.outs as Json, { ...inputs, description: "Persons" });
  expect(described.outs).toMatchObject({ currentVersion: 1, description: "Persons" });
  const requeried = await provider.update(created.id, described.outs as Json, { ...inputs, description: "Persons", querySql: "select 2" });
  expect(requeried.outs).toMatchObject({ currentVersion: 2, description: "Persons", querySql: "select 2" });

  await endpoints.updateEndpoint(http, projectId, "weekly_users", { query: { kind: "HogQLQuery", query: "select 3" }, is_active: false });
  const drifted = await provider.read(created.id, requeried.outs as Json);
  expect(drifted.inputs).toMatchObject({ querySql: "select 3", isActive: false });
  expect(drifted.props).toMatchObject({ currentVersion: 3, isActive: false });
  const wanted = { ...inputs, description: "Persons", querySql: "select 2" };
  const restored = await provider.update(created.id, drifted.props as Json, wanted);
  expect(await endpoints.getEndpoint(http, projectId, "weekly_users")).toMatchObject({ current_version: 4, is_active: true });
  expect((await provider.diff(created.id, restored.outs as Json, wanted)).changes).toBe(false);

  expect(await provider.diff(created.id, restored.outs as Json, { ...wanted, name: "monthly_users" })).toMatchObject({
    replaces: ["name"],
  });
});

test("a HogQL query's variables PostHog fills from the project's insight variables are not drift", async () => {
  const { provider, http, projectId } = current();
  const variable = await variables.createInsightVariable(http, projectId, { name: "Since", type: "Date", default_value: "-7d" });
  const inputs = {
    projectId,
    name: "since_events",
    query: { kind: "HogQLQuery", query: "select count() from events where timestamp > {variables.since}" },
  };
  const created = await provider.create(inputs);
  const live = await endpoints.getEndpoint(http, projectId, "since_events");
  expect(live.query?.["variables"]).toEqual({
    [variable.id]: { variableId: variable.id, code_name: "since", value: "-7d", isNull: false },
  });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  await expect(provider.create({ projectId, name: "undefined_var", querySql: "select {variables.nope}" })).rejects.toThrow(
    "Query references undefined variable(s): nope.",
  );
});

test("a create whose answer is lost after PostHog committed is found by its name, not made twice", async () => {
  const { provider, server, http, projectId } = current();
  await server.fault({ method: "POST", path: "/endpoints/?$", status: 502, afterCommit: true });
  const created = await provider.create({ projectId, name: "lost_one", query: trends });
  expect(created.id).toBe("lost_one");
  expect((await endpoints.listEndpoints(http, projectId)).filter((e) => e.name === "lost_one")).toHaveLength(1);
});

test("a name an active endpoint has is refused by PostHog and named; a deleted one's name is free; a second delete is done", async () => {
  const { provider, http, projectId } = current();
  await endpoints.createEndpoint(http, projectId, { name: "taken_name", query: trends });
  const taken = provider.create({ projectId, name: "taken_name", querySql: "select 1" });
  await expect(taken).rejects.toThrow("An endpoint with this name already exists for this team.");
  await expect(taken).rejects.toThrow(/taken_name/);

  const made = await provider.create({ projectId, name: "short_lived", querySql: "select 1" });
  await endpoints.deleteEndpoint(http, projectId, "short_lived");
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});
  await expect(provider.delete(made.id, made.outs as Json)).resolves.toBeUndefined();
  const again = await provider.create({ projectId, name: "short_lived", querySql: "select 2" });
  expect(again.outs).toMatchObject({ currentVersion: 1, querySql: "select 2" });
  expect(again.outs?.["endpointUuid"]).not.toBe(made.outs?.["endpointUuid"]);
});

test("PostHog 2025-08-04 has no endpoints: the create says so, and what to use", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, name: "daily", querySql: "select 1" })).rejects.toThrow(
    /This PostHog has no endpoints \(PostHog 2025-08-04 and older serve none\).*`endpoint:write`/,
  );
});
