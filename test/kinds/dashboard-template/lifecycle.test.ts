/**
 * The DashboardTemplate lifecycle over loopback against the local server: PostHog's rules checked before anything is
 * sent, naming the field and the rule; its name, description and tags changed in place with a PATCH of them alone (what
 * PostHog lets a user who is not staff change), its tiles, variables and filters replacing it, the old one deleted
 * first so that its name is free; a name another template holds; a create whose answer is lost found by its name; one
 * deleted by hand gone at refresh, and its delete done; PostHog 2025-08-04, which lets staff alone write, said as such.
 * (The example's create, preview, drift, import and delete: the contract suite.)
 */
import * as templates from "../../../src/kinds/dashboard-template/endpoints";
import { DashboardTemplateLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Dashboard templates", (c) => new DashboardTemplateLifecycle(c));
const tiles = [{ type: "TEXT", body: "Hello", layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } }];

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({ templateName: "No tiles" })).toEqual([
    expect.stringMatching(/^tiles: tiles is required: .*"You need to provide tiles for the template\."/),
  ]);
  expect(await failures({ tiles: [] })).toEqual([expect.stringMatching(/^tiles: tiles must not be empty.*DashboardTemplateSerializer/)]);
  expect(await failures({ tiles, templateName: "x".repeat(401), tags: ["y".repeat(256)] })).toEqual([
    expect.stringMatching(/^templateName: templateName must be at most 400 characters \(DashboardTemplate\.template_name/),
    expect.stringMatching(/^tags: tags each tag must be at most 255 characters .*\(at 0\)$/),
  ]);
  expect(await failures({ tiles, templateName: "Fine", variables: [], dashboardFilters: {} })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("its name, description and tags change in place, PATCHed alone; its tiles replace it, the old one deleted first", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const inputs = { projectId, templateName: "Weekly", dashboardDescription: "Mondays", tiles, tags: ["team"] };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ dashboardTemplateId: created.id, templateName: "Weekly", scope: "team", tiles });

  const renamed = { ...inputs, templateName: "Weekly review", tags: ["team", "weekly"] };
  expect(await provider.diff(created.id, created.outs as Json, renamed)).toMatchObject({ changes: true, replaces: [] });
  await server.clearRequests();
  const updated = await provider.update(created.id, created.outs as Json, renamed);
  const writes = (await server.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => [r.method, r.bodyKeys?.sort()])).toEqual([["PATCH", ["tags", "template_name"]]]);

  const retiled = { ...renamed, tiles: [...tiles, { type: "TEXT", body: "More" }] };
  expect(await provider.diff(created.id, updated.outs as Json, retiled)).toMatchObject({
    changes: true,
    replaces: ["tiles"],
    deleteBeforeReplace: true,
  });
  expect(await provider.diff(created.id, updated.outs as Json, { ...renamed, variables: [] })).toMatchObject({ replaces: ["variables"] });
  // The engine's replacement: the old one deleted, then the new one made under the same name.
  await provider.delete(created.id, updated.outs as Json);
  const replacement = await provider.create(retiled);
  expect(replacement.id).not.toBe(created.id);
  expect(await templates.getDashboardTemplate(http, projectId, replacement.id)).toMatchObject({
    template_name: "Weekly review",
    deleted: null,
  });
});

test("a name another template of the project holds is refused, naming it; a lost create is found by its name", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const held = await templates.createDashboardTemplate(http, projectId, { template_name: "Held", tiles });
  await expect(provider.create({ projectId, templateName: "Held", tiles })).rejects.toThrow(
    new RegExp(`A dashboard template with this name already exists for this project\\..*${held.id}`, "s"),
  );
  await server.fault({ method: "POST", path: "/dashboard_templates/?$", status: 502, afterCommit: true });
  const created = await provider.create({ projectId, templateName: "Lost", tiles });
  const named = (await templates.listTeamTemplates(http, projectId)).filter((t) => t.template_name === "Lost").map((t) => t.id);
  expect(named).toEqual([created.id]);
});

test("one deleted by hand is gone at refresh, and its delete is done; the adoption of a deleted one is refused", async () => {
  const { provider, http, projectId } = setups.current!;
  const made = await provider.create({ projectId, templateName: "Gone", tiles });
  await templates.deleteDashboardTemplate(http, projectId, made.id);
  // Today's PostHog still answers it, marked deleted.
  expect(await templates.getDashboardTemplate(http, projectId, made.id)).toMatchObject({ deleted: true });
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});
  await expect(provider.delete(made.id, made.outs as Json)).resolves.toBeUndefined();
  await expect(provider.create({ projectId, adoptId: made.id, templateName: "Gone", tiles })).rejects.toThrow(
    /is deleted in PostHog and cannot be adopted/,
  );
});

test("PostHog 2025-08-04 lets staff alone write templates: the create says so, and who may", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, templateName: "Weekly", tiles })).rejects.toThrow(
    /You don't have edit permissions for this dashboard template\..*PostHog 2025-08-04 and older, staff alone/s,
  );
});
