/**
 * The provider plugin `pulumi-resource-posthog` over gRPC, as the CLI starts and drives it: configuration from
 * `posthog:config:*`, the Project lifecycle shared with the dynamic resource, import with reads only, secrets and
 * the lookups as invokes. Needs the built lib/ (npm test builds it first).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as actions from "../../src/kinds/action/endpoints";
import * as alerts from "../../src/kinds/alert/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import { packageSchema } from "../../src/plugin/schema";
import { groupIdentify, startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { ProviderHost } from "../helpers/provider-host";

let server: LocalPostHog;
let plugin: ProviderHost;
let http: Transport;
const SECRET = "4dabf18193072939515e22adb298388d";

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  plugin = await ProviderHost.plugin();
});
afterAll(async () => {
  plugin?.stop();
  await server?.close();
});

test("the engine's posthog:config:* variables configure it, and it accepts secrets", async () => {
  const configured = await plugin.configure(
    {},
    { "posthog:config:host": server.url, "posthog:config:apiKey": server.apiKey, "posthog:config:organizationId": server.organizationId },
  );
  expect(configured.acceptSecrets).toBe(true);
});

test("CheckConfig returns the API key as a secret, as the schema says, even when it was set without --secret", async () => {
  const news = { apiKey: "phx_plain", host: server.url, organizationId: server.organizationId, version: "0.0.0" };
  expect(await plugin.checkConfig(news)).toEqual({ ...news, apiKey: { [SECRET]: "1b47061264138c4ac30d75fd1eb44270", value: "phx_plain" } });
  // Already secret (set with --secret), or not set: as it came.
  expect(await plugin.checkConfig({ host: server.url })).toEqual({ host: server.url });
});

test("its schema is the one generated from the field table, and schema.json is up to date (npm run docs)", async () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string };
  const served = await plugin.getSchema();
  expect(served).toEqual(packageSchema(version));
  const committed = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "schema.json"), "utf8")) as unknown;
  expect(committed).toEqual(served);
});

test("check refuses bad input by property and rule, as the dynamic resource does", async () => {
  const checked = await plugin.check("bad", {}, { name: "Bad", timezone: "Mars/Olympus", anonymizeIP: true });
  expect(checked.failures).toEqual([
    { property: "anonymizeIP", reason: expect.stringContaining("Did you mean `anonymizeIps`?") },
    { property: "timezone", reason: expect.stringMatching(/timezone must be an IANA timezone name/) },
  ]);
  // What YAML or Python send as they are: a key every JavaScript object has, refused before anything is created.
  const prototype = await plugin.check("bad", {}, { name: "Bad", additionalSettings: { constructor: 1 } });
  expect(prototype.failures).toEqual([
    { property: "additionalSettings", reason: expect.stringMatching(/^additionalSettings\.constructor is not a PostHog field/) },
  ]);
});

test("posthog:index:Role: a second role of one name (any case, spaces around) in one program is refused at check, naming both, as in TypeScript; the same resource checked again is not", async () => {
  const roles = plugin.withType("posthog:index:Role");
  expect((await roles.check("engineering", {}, { name: "Engineering" })).failures).toEqual([]);
  expect((await roles.check("engineering", {}, { name: "Engineering" })).failures).toEqual([]);
  expect((await roles.check("engineers", {}, { name: " engineering " })).failures).toEqual([
    {
      property: "name",
      reason:
        'posthog.Role "engineers": name " engineering " is also declared by "engineering" in the configured scope: PostHog keeps role names unique in an organization, whatever their case (RoleSerializer.validate_name, ee/api/rbac/role.py). Give one of them another name.',
    },
  ]);
  // Another organization's role may bear it; one still to come (an output at preview) is checked once known.
  const elsewhere = { name: "Engineering", organizationId: "0190a2a4-0000-4000-8000-000000000000" };
  expect((await roles.check("elsewhere", {}, elsewhere)).failures).toEqual([]);
  const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
  expect((await roles.check("later", {}, { name: unknown })).failures).toEqual([]);
});

test("posthog:index:OrganizationInvite: a second invite of one email in another case in one program is refused at check, naming both", async () => {
  const invites = plugin.withType("posthog:index:OrganizationInvite");
  expect((await invites.check("dup", {}, { targetEmail: "dup@example.com" })).failures).toEqual([]);
  expect((await invites.check("dup-again", {}, { targetEmail: "DUP@example.com" })).failures).toEqual([
    {
      property: "targetEmail",
      reason: expect.stringContaining(
        'posthog.OrganizationInvite "dup-again": targetEmail "DUP@example.com" is also declared by "dup" in the configured scope: PostHog keeps one invite per email in an organization, whatever its case',
      ),
    },
  ]);
});

test("posthog:index:ErrorTrackingSettings: a second one of one project in one program is refused at check, naming both, as in TypeScript", async () => {
  const settings = plugin.withType("posthog:index:ErrorTrackingSettings");
  expect((await settings.check("web", {}, { projectId: 21, projectRateLimitValue: 1000 })).failures).toEqual([]);
  expect((await settings.check("web-again", {}, { projectId: 21, perIssueRateLimitValue: 10 })).failures).toEqual([
    {
      property: "projectId",
      reason:
        'posthog.ErrorTrackingSettings "web-again": the ErrorTrackingSettings of projectId 21 is also declared by "web": PostHog keeps one error tracking settings object per project, which a second resource would write over. Declare it once per project.',
    },
  ]);
  // Another project's is another object; a project id still to come (an output at preview) is checked once known.
  expect((await settings.check("docs", {}, { projectId: 22 })).failures).toEqual([]);
  expect((await settings.check("later", {}, { projectId: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" })).failures).toEqual([]);
});

test("create, refresh with drift, update and delete: tokens are secrets, sample rates numbers", async () => {
  const inputs = { name: "Plugin", anonymizeIps: true, sessionRecordingSampleRate: 0.5 };
  const created = await plugin.create("web", inputs);
  expect(created.outs).toMatchObject({ name: "Plugin", projectId: Number(created.id), sessionRecordingSampleRate: 0.5 });
  expect(created.outs["apiToken"]).toEqual({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270", value: expect.stringMatching(/^phc_/) });
  expect(created.outs).not.toHaveProperty("__provider");

  await server.control.patchProject(Number(created.id), { anonymize_ips: false });
  // The engine sends the inputs its state keeps: drift is shown against them (the outputs keep no copy).
  expect(created.outs).not.toHaveProperty("declaredInputs");
  const read = await plugin.read("web", created.id, created.outs, inputs);
  expect(read.inputs).toEqual({ ...inputs, anonymizeIps: false });
  expect((await plugin.diff("web", created.id, read.outs, inputs)).changes).toBe(2); // DIFF_SOME

  const updated = await plugin.update("web", created.id, read.outs, inputs);
  expect(updated).toMatchObject({ anonymizeIps: true });
  await plugin.delete("web", created.id, updated);
  expect(await projects.getProject(http, server.organizationId, Number(created.id))).toMatchObject({ is_pending_deletion: true });
});

test("secret inputs stay secret in every output and in the inputs a refresh returns", async () => {
  const secret = (value: unknown) => ({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270", value });
  const inputs = {
    name: "Secretive",
    productDescription: secret("PLAIN-DESCRIPTION"),
    anonymizeIps: true,
    sessionRecordingSampleRate: secret(0.5),
    additionalSettings: { brand_new_setting: secret("PLAIN-EXTRA"), other_setting: 1 },
  };
  await server.control.patchOrganization(server.organizationId, { newerFields: ["brand_new_setting", "other_setting"] });
  try {
    const created = await plugin.create("secretive", inputs);
    expect(created.outs["productDescription"]).toEqual(secret("PLAIN-DESCRIPTION"));
    // Secret as a whole: Pulumi YAML reads a secret nested in an output as `{}`.
    expect(created.outs["additionalSettings"]).toEqual(secret({ brand_new_setting: "PLAIN-EXTRA", other_setting: 1 }));
    // No copy of the inputs among the outputs: the engine keeps them, secrets encrypted, and sends them to read.
    expect(created.outs).not.toHaveProperty("declaredInputs");
    expect(created.outs["anonymizeIps"]).toBe(true);
    // Only inside secrets: nowhere in plain text.
    const plainly = (outs: Record<string, unknown>) =>
      JSON.stringify(outs, (_key, value: unknown) => (typeof value === "object" && value !== null && SECRET in value ? "[secret]" : value));
    expect(plainly(created.outs)).not.toMatch(/PLAIN-/);

    await server.control.patchProject(Number(created.id), { product_description: "CHANGED-BY-HAND", anonymize_ips: false });
    const read = await plugin.read("secretive", created.id, created.outs, inputs);
    expect(read.outs["productDescription"]).toEqual(secret("CHANGED-BY-HAND"));
    expect(read.inputs).toMatchObject({ productDescription: secret("CHANGED-BY-HAND"), anonymizeIps: false });
    // The inputs keep the program's form, a secret where the program has it: no change is seen.
    expect((read.inputs!["additionalSettings"] as Record<string, unknown>)["brand_new_setting"]).toEqual(secret("PLAIN-EXTRA"));
    expect(plainly(read.outs)).not.toMatch(/PLAIN-|CHANGED-/);
    await plugin.delete("secretive", created.id, read.outs);
  } finally {
    await server.control.patchOrganization(server.organizationId, { newerFields: [] });
  }
});

test("import (an id and no properties) adopts with reads only and declares just the name", async () => {
  const handmade = await projects.createProject(http, server.organizationId, { name: "Made by hand", timezone: "Asia/Tokyo" });
  await server.clearRequests();
  const imported = await plugin.read("web", `${server.organizationId}/${handmade.id}`);
  expect(imported.id).toBe(String(handmade.id));
  expect(imported.inputs).toEqual({ name: "Made by hand" });
  // Only the declared name: the timezone, not declared, is getProject's (slim state).
  expect(imported.outs).toMatchObject({ name: "Made by hand", projectId: handmade.id });
  expect(imported.outs).not.toHaveProperty("timezone");
  expect((await server.requests()).map((r) => r.method)).toEqual(["GET"]);
});

test("the lookups are invokes; list results come wrapped in a named property", async () => {
  const project = await projects.createProject(http, server.organizationId, { name: "Lookups" });
  await server.capture(project.api_token, [groupIdentify("company", "acme", { name: "Acme" })]);
  const group = await plugin.invoke("posthog:index:getGroup", { projectId: project.id, groupType: "company", groupKey: "acme" });
  expect(group.outputs).toMatchObject({ groupKey: "acme", groupProperties: { name: "Acme" } });
  const types = await plugin.invoke("posthog:index:listGroupTypes", { projectId: project.id });
  expect(types.outputs).toMatchObject({ groupTypes: [{ groupType: "company", groupTypeIndex: 0 }] });
  await expect(plugin.invoke("posthog:index:nothing", {})).rejects.toThrow(/no function posthog:index:nothing/);
  await expect(plugin.invoke("posthog:index:constructor", {})).rejects.toThrow(/no function posthog:index:constructor/);
});

test("posthog:index:FeatureFlag: check, create, drift, update, soft delete, import by <projectId>/<id>, lookups", async () => {
  const flags = plugin.withType("posthog:index:FeatureFlag");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin flags" });
  const checked = await flags.check("f", {}, { projectId: project.id, key: "bad key", filters: { groups: [{ rollout_percentage: 120 }] } });
  expect(checked.failures.map((f) => f.property).sort()).toEqual(["filters", "key"]);

  const inputs = {
    projectId: project.id,
    key: "plugin-flag",
    name: "Plugin",
    active: true,
    filters: { groups: [{ properties: [], rollout_percentage: 10 }] },
  };
  const created = await flags.create("f", inputs);
  expect(created.outs).toMatchObject({ flagId: Number(created.id), projectId: project.id, key: "plugin-flag", active: true });
  await featureFlags.updateFeatureFlag(http, project.id, Number(created.id), { active: false });
  const read = await flags.read("f", created.id, created.outs, inputs);
  expect(read.inputs).toEqual({ ...inputs, active: false });
  const updated = await flags.update("f", created.id, read.outs, inputs);
  expect(updated).toMatchObject({ active: true });

  const imported = await flags.read("g", `${project.id}/${created.id}`);
  expect(imported.inputs).toEqual({ projectId: project.id, key: "plugin-flag", name: "Plugin" });
  const byKey = await plugin.invoke("posthog:index:getFeatureFlag", { projectId: project.id, key: "plugin-flag" });
  expect(byKey.outputs).toMatchObject({ flagId: Number(created.id), key: "plugin-flag" });
  const listed = await plugin.invoke("posthog:index:listFeatureFlags", { projectId: project.id });
  expect(listed.outputs).toMatchObject({ featureFlags: [{ key: "plugin-flag" }] });

  await flags.delete("f", created.id, updated);
  expect(await featureFlags.getFeatureFlag(http, project.id, Number(created.id))).toMatchObject({ deleted: true });
});

test("posthog:index:Annotation: the delete of an object another resource adopted is refused, naming both URNs, in the run of the adoption and in the next one (its diff keeps it)", async () => {
  const notes = plugin.withType("posthog:index:Annotation");
  const urn = (name: string) => `urn:pulumi:test::pulumi-posthog::posthog:index:Annotation::${name}`;
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin holds" });
  const inputs = { projectId: project.id, content: "Held", dateMarker: "2025-03-04T05:06:07Z", scope: "project" };
  const old = await notes.create("old", inputs);
  // Imported again under another name: the new resource adopts the same annotation; the old one's delete follows.
  const adopting = { ...inputs, adoptId: Number(old.id) };
  expect((await notes.create("new", adopting)).id).toBe(old.id);
  const refusal =
    `Annotation ${old.id} was not deleted: ${urn("new")} adopted the same PostHog annotation and holds it, and deleting this ` +
    "resource would delete it from PostHog. If the object is now declared under that name (imported again, or renamed " +
    `in the program), remove this resource from the state alone: \`pulumi state delete '${urn("old")}'\`, then run \`pulumi up\` again.`;
  await expect(notes.delete("old", old.id, old.outs)).rejects.toThrow(refusal);
  // Another resource's object is deleted as ever.
  const other = await notes.create("other", { ...inputs, content: "Not held" });
  await notes.delete("other", other.id, other.outs);
  await expect(annotations.getAnnotation(http, project.id, Number(other.id))).rejects.toThrow();

  // The next run (a new plugin process): the engine diffs the adopting resource, which the program still declares,
  // before it deletes the old one.
  const next = await ProviderHost.plugin();
  try {
    await next.configure(
      {},
      { "posthog:config:host": server.url, "posthog:config:apiKey": server.apiKey, "posthog:config:organizationId": server.organizationId },
    );
    const nextNotes = next.withType("posthog:index:Annotation");
    expect((await nextNotes.diff("new", old.id, old.outs, adopting)).replaces).toEqual([]);
    await expect(nextNotes.delete("old", old.id, old.outs)).rejects.toThrow(refusal);
  } finally {
    next.stop();
  }
  expect(await annotations.getAnnotation(http, project.id, Number(old.id))).toMatchObject({ content: "Held" });
});

test("posthog:index:Annotation: check, create, drift, update, soft delete, import by <projectId>/<id>", async () => {
  const notes = plugin.withType("posthog:index:Annotation");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin annotations" });
  const checked = await notes.check("a", {}, { projectId: project.id, scope: "recording", dateMarker: "soon" });
  expect(checked.failures.map((f) => f.property).sort()).toEqual(["dateMarker", "scope"]);

  const inputs = { projectId: project.id, content: "Plugin note", dateMarker: "2025-03-04T05:06:07Z", scope: "project" };
  const created = await notes.create("a", inputs);
  expect(created.outs).toMatchObject({ annotationId: Number(created.id), projectId: project.id, content: "Plugin note", scope: "project" });
  await annotations.updateAnnotation(http, project.id, Number(created.id), { content: "By hand" });
  const read = await notes.read("a", created.id, created.outs, inputs);
  expect(read.inputs).toEqual({ ...inputs, content: "By hand" });
  const updated = await notes.update("a", created.id, read.outs, inputs);
  expect(updated).toMatchObject({ content: "Plugin note" });

  const imported = await notes.read("b", `${project.id}/${created.id}`);
  expect(imported.inputs).toMatchObject({ projectId: project.id, content: "Plugin note", scope: "project" });

  await notes.delete("a", created.id, updated);
  await expect(annotations.getAnnotation(http, project.id, Number(created.id))).rejects.toThrow();
});

test("posthog:index:Action: check, create, drift, update with the name, soft delete, import, lookups", async () => {
  const kinds = plugin.withType("posthog:index:Action");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin actions" });
  const checked = await kinds.check("a", {}, { projectId: project.id, steps: [{ url_matching: "startswith" }] });
  expect(checked.failures.map((f) => f.property).sort()).toEqual(["name", "steps"]);

  const inputs = { projectId: project.id, name: "Plugin action", steps: [{ event: "$pageview", url: "/x", url_matching: "exact" }] };
  const created = await kinds.create("a", inputs);
  expect(created.outs).toMatchObject({ actionId: Number(created.id), projectId: project.id, name: "Plugin action" });
  await actions.updateAction(http, project.id, Number(created.id), { name: "Plugin action", steps: [{ event: "$autocapture" }] });
  const read = await kinds.read("a", created.id, created.outs, inputs);
  expect((read.inputs as Record<string, unknown>)["steps"]).toMatchObject([{ event: "$autocapture" }]);
  const updated = await kinds.update("a", created.id, read.outs, inputs);
  expect(updated).toMatchObject({ name: "Plugin action" });

  const imported = await kinds.read("b", `${project.id}/${created.id}`);
  expect(imported.inputs).toEqual({ projectId: project.id, name: "Plugin action" });
  const byName = await plugin.invoke("posthog:index:getAction", { projectId: project.id, name: "Plugin action" });
  expect(byName.outputs).toMatchObject({ actionId: Number(created.id), name: "Plugin action" });
  const listed = await plugin.invoke("posthog:index:listActions", { projectId: project.id });
  expect(listed.outputs).toMatchObject({ actions: [{ name: "Plugin action" }] });

  await kinds.delete("a", created.id, updated);
  expect(await actions.getAction(http, project.id, Number(created.id))).toMatchObject({ deleted: true });
});

test("posthog:index:Cohort: check, create, drift, update, isStatic replaces, soft delete, import, lookups", async () => {
  const kinds = plugin.withType("posthog:index:Cohort");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin cohorts" });
  const leaf = (company: string) => ({ type: "person", key: "company", operator: "exact", value: [company] });
  const filters = { properties: { type: "AND", values: [leaf("Acme")] } };
  const checked = await kinds.check(
    "c",
    {},
    { projectId: project.id, filters: { properties: { type: "AND", values: [{ type: "person" }] } } },
  );
  expect(checked.failures.map((f) => f.property).sort()).toEqual(["filters", "name"]);

  const inputs = { projectId: project.id, name: "Plugin cohort", filters };
  const created = await kinds.create("c", inputs);
  expect(created.outs).toMatchObject({ cohortId: Number(created.id), projectId: project.id, name: "Plugin cohort", isStatic: false });
  await cohorts.updateCohort(http, project.id, Number(created.id), { filters: { properties: { type: "AND", values: [leaf("Globex")] } } });
  const read = await kinds.read("c", created.id, created.outs, inputs);
  expect((read.inputs as Record<string, unknown>)["filters"]).toMatchObject({ properties: { values: [{ value: ["Globex"] }] } });
  const updated = await kinds.update("c", created.id, read.outs, inputs);
  expect(updated).toMatchObject({ filters: { properties: { values: [{ value: ["Acme"] }] } } });
  expect((await kinds.diff("c", created.id, updated, { projectId: project.id, name: "Plugin cohort", isStatic: true })).replaces).toEqual([
    "isStatic",
  ]);

  const imported = await kinds.read("d", `${project.id}/${created.id}`);
  expect(imported.inputs).toEqual({ projectId: project.id, name: "Plugin cohort" });
  const byName = await plugin.invoke("posthog:index:getCohort", { projectId: project.id, name: "Plugin cohort" });
  expect(byName.outputs).toMatchObject({ cohortId: Number(created.id), isStatic: false });
  const listed = await plugin.invoke("posthog:index:listCohorts", { projectId: project.id, isStatic: false });
  expect(listed.outputs).toMatchObject({ cohorts: [{ name: "Plugin cohort" }] });

  await kinds.delete("c", created.id, updated);
  expect(await cohorts.getCohort(http, project.id, Number(created.id))).toMatchObject({ deleted: true });
});

test("posthog:index:Dashboard, Insight and Alert: create, import by <projectId>/<id> and <projectId>/<uuid>, lookups, delete", async () => {
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin dashboards" });
  const boards = plugin.withType("posthog:index:Dashboard");
  const queries = plugin.withType("posthog:index:Insight");
  const watchers = plugin.withType("posthog:index:Alert");
  const checked = await queries.check("i", {}, { projectId: project.id, query: { kind: "TrendQuery" } });
  expect(checked.failures.map((f) => f.reason)).toEqual([
    expect.stringContaining('query.kind "TrendQuery" is not a query kind PostHog knows'),
  ]);

  const board = await boards.create("d", { projectId: project.id, name: "Plugin board", textTiles: [{ body: "# Hi" }] });
  const boardId = Number(board.id);
  const query = { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } };
  const insight = await queries.create("i", { projectId: project.id, name: "Plugin views", query, dashboards: [boardId] });
  const shortId = (insight.outs as Record<string, unknown>)["shortId"] as string;
  const me = await plugin.invoke("posthog:index:getCurrentUser", {});
  const userId = (me.outputs as { id: number }).id;
  const threshold = { configuration: { type: "absolute", bounds: { upper: 10 } } };
  // Today's PostHog needs an alert's condition and config (validate_alert_config).
  const condition = { type: "absolute_value" };
  const config = { type: "TrendsAlertConfig", series_index: 0 };
  const alert = await watchers.create("a", {
    projectId: project.id,
    insight: Number(insight.id),
    subscribedUsers: [userId],
    threshold,
    condition,
    config,
  });
  expect((await dashboards.getDashboard(http, project.id, boardId)).tiles?.map((t) => t.insight?.name ?? t.text?.body)).toEqual([
    "# Hi",
    "Plugin views",
  ]);

  expect((await boards.read("d2", `${project.id}/${board.id}`)).inputs).toEqual({ projectId: project.id, name: "Plugin board" });
  expect((await queries.read("i2", `${project.id}/${insight.id}`)).inputs).toEqual({ projectId: project.id, name: "Plugin views" });
  expect((await watchers.read("a2", `${project.id}/${alert.id}`)).inputs).toEqual({
    projectId: project.id,
    insight: Number(insight.id),
    subscribedUsers: [userId],
    threshold,
  });
  const found = await plugin.invoke("posthog:index:getInsight", { projectId: project.id, shortId });
  expect(found.outputs).toMatchObject({ insightId: Number(insight.id), dashboards: [boardId] });
  const listed = await plugin.invoke("posthog:index:listAlerts", { projectId: project.id, insight: Number(insight.id) });
  expect(listed.outputs).toMatchObject({ alerts: [{ alertId: alert.id }] });

  await watchers.delete("a", alert.id, alert.outs);
  await queries.delete("i", insight.id, insight.outs);
  await boards.delete("d", board.id, board.outs);
  await expect(alerts.getAlert(http, project.id, alert.id)).rejects.toThrow();
  await expect(insights.getInsight(http, project.id, Number(insight.id))).rejects.toThrow();
});

test("posthog:index:HogFunction: check returns secret inputs as secrets, the outputs keep them so; imports by <projectId>/<id> of the three; getExperiment and listSurveys as invokes", async () => {
  const fns = plugin.withType("posthog:index:HogFunction");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin hog functions" });
  const inputs = {
    projectId: project.id,
    type: "transformation",
    hog: "return event",
    inputsSchema: [
      { key: "url", type: "string" },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com" }, token: { value: "plugin-secret" } },
  };
  const checked = await fns.check("f", {}, inputs);
  expect(checked.failures).toEqual([]);
  const marked = checked.inputs as { inputs: Record<string, unknown> };
  expect(marked.inputs["url"]).toEqual({ value: "https://example.com" });
  expect(marked.inputs["token"]).toEqual({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270", value: { value: "plugin-secret" } });
  const created = await fns.create("f", checked.inputs);
  // No copy of the inputs among the outputs: the engine keeps them, the secret encrypted, and sends them to read.
  expect(created.outs).not.toHaveProperty("declaredInputs");
  expect(JSON.stringify(created.outs)).not.toContain("plugin-secret");
  const read = await fns.read("f", created.id, created.outs, checked.inputs);
  expect(JSON.stringify(read.inputs)).not.toMatch(/"value":"plugin-secret"(?!})/);
  expect((read.inputs as { inputs: Record<string, unknown> }).inputs["token"]).toMatchObject({
    [SECRET]: "1b47061264138c4ac30d75fd1eb44270",
  });
  // The outputs with a secret among them are secret as a whole, with what PostHog derives from them.
  expect(read.outs["inputs"]).toMatchObject({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270" });
  expect(created.outs["inputs"]).toMatchObject({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270" });

  const survey = await surveys.createSurvey(http, project.id, {
    name: "Plugin survey",
    type: "api",
    questions: [{ type: "open", question: "Why?" }],
  });
  const imported = await plugin.withType("posthog:index:Survey").read("s", `${project.id}/${survey.id}`);
  expect(imported.inputs).toEqual({ projectId: project.id, name: "Plugin survey", type: "api" });
  const fnImported = await fns.read("g", `${project.id}/${created.id}`);
  expect(fnImported.inputs).toEqual({ projectId: project.id, type: "transformation", hog: "return event" });
  const experiment = await experiments.createExperiment(http, project.id, { name: "Plugin experiment", feature_flag_key: "plugin-exp" });
  const expImported = await plugin.withType("posthog:index:Experiment").read("e", `${project.id}/${experiment.id}`);
  expect(expImported.inputs).toEqual({ projectId: project.id, name: "Plugin experiment", featureFlagKey: "plugin-exp" });
  // What `pulumi import` then does: check the imported inputs (before: a hog function's lacked `hog`, which check requires).
  for (const [type, inputs] of [
    ["posthog:index:Survey", imported.inputs],
    ["posthog:index:HogFunction", fnImported.inputs],
    ["posthog:index:Experiment", expImported.inputs],
  ] as const)
    expect((await plugin.withType(type).check("i", {}, inputs!)).failures).toEqual([]);
  const byKey = await plugin.invoke("posthog:index:getExperiment", { projectId: project.id, featureFlagKey: "plugin-exp" });
  expect(byKey.outputs).toMatchObject({ experimentId: experiment.id, name: "Plugin experiment" });
  const listed = await plugin.invoke("posthog:index:listSurveys", { projectId: project.id });
  expect(listed.outputs).toMatchObject({ surveys: [{ surveyId: survey.id, name: "Plugin survey" }] });
});

test("no failure names a secret: neither a secret input nor an input the engine sends as a secret, nor a fragment of one", async () => {
  const fns = plugin.withType("posthog:index:HogFunction");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin redaction" });
  const wrapped = (value: unknown) => ({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270", value });
  const inputs = {
    projectId: project.id,
    type: "transformation",
    hog: "return event",
    inputsSchema: [
      { key: "url", type: "string" },
      { key: "token", type: "string", secret: true },
      { key: "note", type: "string" },
    ],
    // `valeu`: a typo PostHog drops, so the inputs it keeps differ from those declared.
    inputs: {
      url: { value: wrapped("https://hooks.example.com/s3cr3t-path") },
      token: { value: "hook-t0ken-5e1f9a" },
      note: { valeu: "typo" },
    },
  };
  const checked = await fns.check("f", {}, inputs);
  expect(checked.failures).toEqual([]);
  const failed = await fns.create("f", checked.inputs).then(
    () => new Error("created"),
    (error: Error) => error,
  );
  expect(failed.message).toMatch(/declared .*\[secret\]/);
  expect(failed.message).not.toMatch(/t0ken|5e1f|s3cr3t|hooks\.ex/);
});

test("a flag's encrypted payloads are secret: in the inputs check returns, the filters output, and the lookups' results", async () => {
  const flags = plugin.withType("posthog:index:FeatureFlag");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin encrypted payloads" });
  const isSecret = (value: unknown) => typeof value === "object" && value !== null && SECRET in value;
  const filters = { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '"sk-plugin"' } };
  const inputs = { projectId: project.id, key: "plugin-encrypted", isRemoteConfiguration: true, hasEncryptedPayloads: true, filters };
  const checked = await flags.check("f", {}, inputs);
  expect(isSecret((checked.inputs["filters"] as Record<string, unknown>)["payloads"])).toBe(true);
  const created = await flags.create("f", checked.inputs);
  expect(isSecret(created.outs["filters"])).toBe(true);
  const got = await plugin.invoke("posthog:index:getFeatureFlag", { projectId: project.id, key: "plugin-encrypted" });
  expect(isSecret(got.outputs["filters"])).toBe(true);
  expect(isSecret(got.outputs["key"])).toBe(false);
  const listed = await plugin.invoke("posthog:index:listFeatureFlags", { projectId: project.id });
  expect(isSecret(listed.outputs["featureFlags"])).toBe(true);
  await flags.delete("f", created.id, created.outs);
});

test("the plugin ends when the CLI that started it is killed, instead of serving on for ever", async () => {
  // A stand-in for the CLI: starts the plugin, prints its pid once it serves (prints its port), and is then killed.
  const serve = path.join(__dirname, "..", "..", "lib", "plugin", "serve.js");
  const cli = spawn(
    process.execPath,
    [
      "-e",
      `const c = require("node:child_process").spawn(process.execPath, [${JSON.stringify(serve)}, "127.0.0.1:0"], { stdio: ["ignore", "pipe", "ignore"] }); c.stdout.once("data", () => console.log(c.pid)); setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const pid = Number(await new Promise<string>((resolve) => cli.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString()))));
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  expect(alive()).toBe(true);
  cli.kill("SIGKILL");
  for (let waited = 0; alive() && waited < 10_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(alive()).toBe(false);
});

test("posthog:index:BatchExport: check returns the destination's credentials as secrets; the destination output is secret; a failure never names them", async () => {
  const exports = plugin.withType("posthog:index:BatchExport");
  const project = await projects.createProject(http, server.organizationId, { name: "Plugin batch exports" });
  const inputs = {
    projectId: project.id,
    name: "Warehouse",
    interval: "hour",
    destination: {
      type: "Postgres",
      config: { host: "db.example.com", port: 5432, database: "analytics", user: "ldr_acct", password: "Zq7-xK9-vT4" },
    },
  };
  const checked = await exports.check("w", {}, inputs);
  expect(checked.failures).toEqual([]);
  const config = (checked.inputs as { destination: { config: Record<string, unknown> } }).destination.config;
  expect(config["host"]).toBe("db.example.com");
  expect(config["password"]).toEqual({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270", value: "Zq7-xK9-vT4" });
  expect(config["user"]).toEqual({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270", value: "ldr_acct" });
  const created = await exports.create("w", checked.inputs);
  expect(JSON.stringify(created.outs)).not.toMatch(/Zq7-xK9-vT4|ldr_acct/);
  expect(created.outs["destination"]).toMatchObject({ [SECRET]: "1b47061264138c4ac30d75fd1eb44270" });
  const read = await exports.read("w", created.id, created.outs, checked.inputs);
  expect(JSON.stringify(read.outs)).not.toMatch(/Zq7-xK9-vT4|ldr_acct/);

  await server.fault({
    method: "PATCH",
    path: "/batch_exports/",
    status: 400,
    body: {
      type: "validation_error",
      code: "invalid_input",
      detail: 'password authentication failed for "ldr_acct": Zq7-xK9-vT4',
      attr: "destination",
    },
  });
  const rotated = { ...inputs, destination: { ...inputs.destination, config: { ...inputs.destination.config, database: "other" } } };
  const rechecked = await exports.check("w", checked.inputs, rotated);
  const failed = await exports.update("w", created.id, read.outs, rechecked.inputs).then(
    () => new Error("updated"),
    (error: Error) => error,
  );
  expect(failed.message).toContain("authentication failed");
  expect(failed.message).not.toMatch(/Zq7|xK9|ldr_acct/);
});
