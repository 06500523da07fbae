/**
 * Cohort, Dashboard, Insight, Alert, Survey, Experiment and HogFunction through the real Pulumi CLI, in one program
 * and one stack against one local server playing today's PostHog (one up, one refresh, one destroy for all of them,
 * instead of a stack each). The program is examples/cohort-flag (a cohort of the listed companies' persons and a flag
 * released to it by its cohortId, in the provider's project) and examples/dashboard (a project with a dashboard, a
 * text tile, a trends and a HogQL insight on it and an alert on the trends insight), both imported as written, beside
 * a survey, an experiment and a hog function with a secret input given in plain text (on a flag, in a project of
 * their own). Create; drift of what is theirs alone (nested values, a deleted insight, a secret input) shown as
 * old => new by refresh and preview and restored, one PATCH each; objects deleted by hand created again; destroy as
 * PostHog deletes each; the secret never in the state in plain text. The examples are type-checked by `npm run
 * typecheck`. Every kind's no-op preview and its drift of a plain input: the contract, test/e2e/contract.test.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { OutputMap, Stack } from "@pulumi/pulumi/automation";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as alerts from "../../src/kinds/alert/endpoints";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as hogFunctions from "../../src/kinds/hog-function/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import { MAX_JSON_DEPTH } from "../../src/kit/json";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

const SECRET = `e2e-s3cr3t-${process.pid}`;
let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;
let stack: Stack;
let dir: string;
/** The provider's project, where examples/cohort-flag puts its cohort and flag. */
let cohortProjectId: number;
/** The outputs of the last up. */
let outputs: OutputMap;

const output = <T>(name: string) => outputs[name]!.value as T;
const writes = async () => (await server.requests()).filter((r) => r.method !== "GET");
/** The writes to one project's objects (under /api/projects/<id>/), as [method, object kind, body keys]. */
const writesIn = async (projectId: number) =>
  (await writes()).filter((r) => r.path.startsWith(`/api/projects/${projectId}/`)).map((r) => [r.method, r.path.split("/")[4], r.bodyKeys]);
const exported = () => {
  const result = session.cli(dir, ["stack", "export", "--stack", stack.name]);
  expect(result.status).toBe(0);
  return result.stdout;
};
const companyFilter = (companies: string[]) => ({
  properties: {
    type: "OR",
    values: [{ type: "AND", values: [{ type: "person", key: "company", operator: "exact", value: companies }] }],
  },
});

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server);
  cohortProjectId = (await projects.createProject(http, server.organizationId, { name: "Cohorts" })).id;
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  dir = fs.mkdtempSync(path.join(repoRoot, ".cache", "e2e-resources-"));
  const example = (name: string) => JSON.stringify(path.relative(dir, path.join(repoRoot, "examples", name)));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: posthog-resources\nruntime: nodejs\nmain: index.ts\n");
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      `import * as posthog from "pulumi-posthog";`,
      `import * as cohortFlag from ${example("cohort-flag")};`,
      `import * as dashboard from ${example("dashboard")};`,
      ``,
      `export const cohortId = cohortFlag.cohortId;`,
      `export const cohortFlagId = cohortFlag.flagId;`,
      `export const dashboardProjectId = dashboard.projectId;`,
      `export const dashboardId = dashboard.dashboardId;`,
      `export const viewsShortId = dashboard.viewsShortId;`,
      `export const signupsInsightId = dashboard.signupsInsightId;`,
      `export const alertId = dashboard.alertId;`,
      ``,
      `const project = new posthog.Project("surveys", { name: "Surveys" });`,
      `const flag = new posthog.FeatureFlag("checkout", {`,
      `  projectId: project.projectId,`,
      `  key: "new-checkout",`,
      `  filters: { groups: [{ rollout_percentage: 100 }], multivariate: { variants: [{ key: "control", rollout_percentage: 50 }, { key: "test", rollout_percentage: 50 }] } },`,
      `});`,
      `const survey = new posthog.Survey("nps", {`,
      `  projectId: project.projectId,`,
      `  name: "NPS",`,
      `  type: "popover",`,
      `  questions: [{ type: "rating", question: "How likely are you to recommend us?", display: "number", scale: 10 }],`,
      `  linkedFlagId: flag.flagId,`,
      `  conditions: { linkedFlagVariant: "test" },`,
      `});`,
      `const experiment = new posthog.Experiment("checkout", {`,
      `  projectId: project.projectId,`,
      `  name: "New checkout",`,
      `  description: "Faster checkout",`,
      `  featureFlagKey: flag.key,`,
      `  launched: true,`,
      `});`,
      `const hook = new posthog.HogFunction("hook", {`,
      `  projectId: project.projectId,`,
      `  type: "destination",`,
      `  name: "Hook",`,
      `  hog: "fetch(inputs.url, {'method': 'POST', 'headers': {'Authorization': inputs.token}})",`,
      `  inputsSchema: [{ key: "url", type: "string", required: true }, { key: "token", type: "string", secret: true }],`,
      `  inputs: { url: { value: "https://example.com/hook" }, token: { value: "${SECRET}" } },`,
      `  enabled: true,`,
      `});`,
      `export const surveysProjectId = project.projectId;`,
      `export const flagId = flag.flagId;`,
      `export const surveyId = survey.surveyId;`,
      `export const experimentId = experiment.experimentId;`,
      `export const experimentFlagId = experiment.featureFlagId;`,
      `export const hogFunctionId = hook.hogFunctionId;`,
      // A remote configuration flag whose payload PostHog encrypts, given in plain text: the class makes it secret.
      `const remote = new posthog.FeatureFlag("remote", {`,
      `  projectId: project.projectId,`,
      `  key: "remote-config",`,
      `  isRemoteConfiguration: true,`,
      `  hasEncryptedPayloads: true,`,
      `  filters: { groups: [{ rollout_percentage: 100 }], payloads: { true: '"${SECRET}-payload"' } },`,
      `});`,
      `export const remoteFlagId = remote.flagId;`,
      ``,
    ].join("\n"),
  );
  stack = await session.stack(dir, `e2e-resources-${process.pid}`, { "posthog:projectId": String(cohortProjectId) });
  // examples/cohort-flag's own configuration, as its README sets it.
  await stack.setConfig("companies[0]", { value: "Acme" }, true);
  await stack.setConfig("companies[1]", { value: "Globex" }, true);
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** What the first up made, for the steps after it. */
const made = { cohortId: 0, cohortFlagId: 0, signupsId: 0, surveyId: "" };

test("up creates all: the cohort in PostHog's form and the flag naming it; the dashboard's tiles where placed and its alert; the survey, the launched experiment on the program's flag, the secret never plain", async () => {
  const up = await stack.up();
  // The stack; examples/cohort-flag: 2; examples/dashboard: 5; the surveys' project, flag, survey, experiment, hook,
  // and the remote configuration flag.
  expect(up.summary.resourceChanges).toEqual({ create: 14 });
  outputs = up.outputs;

  // Today's PostHog stores the filters as its models dump them (negation added): the program's form compares equal.
  made.cohortId = output<number>("cohortId");
  const cohort = await cohorts.getCohort(http, cohortProjectId, made.cohortId);
  expect(cohort).toMatchObject({ name: "Beta customers", is_static: false, filters: companyFilter(["Acme", "Globex"]) });
  expect(JSON.stringify(cohort.filters)).toContain('"negation":false');
  made.cohortFlagId = output<number>("cohortFlagId");
  const cohortFlag = await featureFlags.getFeatureFlag(http, cohortProjectId, made.cohortFlagId);
  expect(cohortFlag.filters.groups[0]!.properties).toMatchObject([
    { key: "id", type: "cohort", value: made.cohortId, cohort_name: "Beta customers" },
  ]);

  const projectId = output<number>("dashboardProjectId");
  const board = await dashboards.getDashboard(http, projectId, output<number>("dashboardId"));
  expect(board).toMatchObject({ name: "Traffic", pinned: true, tags: ["web"] });
  const onBoard = board.tiles!.filter((t) => t.insight).map((t) => t.insight!.name);
  expect(onBoard.sort()).toEqual(["Page views", "Sign-ups this week"]);
  expect(board.tiles!.find((t) => t.text)?.text?.body).toContain("## Traffic");
  // Ordered by their layouts: the text tile on top, then the two insights side by side.
  expect(board.tiles!.map((t) => t.layouts?.["sm"])).toEqual([
    { x: 0, y: 0, w: 12, h: 2 },
    { x: 0, y: 2, w: 8, h: 5 },
    { x: 8, y: 2, w: 4, h: 5 },
  ]);
  made.signupsId = output<number>("signupsInsightId");
  const [views] = await insights.listInsights(http, projectId, { short_id: output<string>("viewsShortId") });
  expect(await alerts.getAlert(http, projectId, output<string>("alertId"))).toMatchObject({
    insight: { id: views!.id },
    calculation_interval: "daily",
  });

  const surveysProjectId = output<number>("surveysProjectId");
  const flagId = output<number>("flagId");
  made.surveyId = output<string>("surveyId");
  expect(await surveys.getSurvey(http, surveysProjectId, made.surveyId)).toMatchObject({ name: "NPS", linked_flag_id: flagId });
  // PostHog ran the experiment on the program's flag, launched.
  expect(output<number>("experimentFlagId")).toBe(flagId);
  expect((await experiments.getExperiment(http, surveysProjectId, output<number>("experimentId"))).start_date).toEqual(expect.any(String));
  expect((await hogFunctions.getHogFunction(http, surveysProjectId, output<string>("hogFunctionId"))).inputs?.["token"]).toEqual({
    secret: true,
  });
  // The encrypted payload reached PostHog (which answers it decrypted to a personal API key), secret in the state.
  const remote = await featureFlags.getFeatureFlag(http, surveysProjectId, output<number>("remoteFlagId"));
  expect(remote.filters.payloads).toEqual({ true: `"${SECRET}-payload"` });
  expect(exported()).not.toContain(SECRET);
});

test("values PostHog would lose or refuse stop the preview in the program, naming each path; nothing is sent: NaN in a condition, a payload 6,000 levels deep", async () => {
  // Before: NaN passed check and PostHog stored null; the deep payload cost the SDK's serialization 35-40 s and
  // about 4 GB before a bare `RangeError: Maximum call stack size exceeded`.
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      program,
      `let deep: unknown = 1;`,
      `for (let i = 0; i < 6000; i++) deep = [deep];`,
      `new posthog.FeatureFlag("bad", { key: "bad", filters: { groups: [{ properties: [], rollout_percentage: Number.NaN }], payloads: { true: deep as never } } });`,
    ].join("\n"),
  );
  await server.clearRequests();
  const started = Date.now();
  try {
    const message = await stack.preview().then(
      () => "",
      (error: Error) => error.message,
    );
    expect(message).toMatch(/posthog\.FeatureFlag "bad": filters\.groups\[0\]\.rollout_percentage is NaN: JSON cannot carry NaN/);
    expect(message).toMatch(
      new RegExp(`filters\\.payloads\\.true(\\[0\\])+… is nested deeper than ${MAX_JSON_DEPTH} levels of lists and objects`),
    );
    expect(message).not.toMatch(/Maximum call stack/);
  } finally {
    fs.writeFileSync(path.join(dir, "index.ts"), program);
  }
  expect(Date.now() - started).toBeLessThan(60_000);
  expect(await writes()).toEqual([]);
});

test("changed by hand: refresh, then preview shows each drift as old => new; up restores each with one PATCH and creates the deleted insight again on its dashboard", async () => {
  const projectId = output<number>("dashboardProjectId");
  const dashboardId = output<number>("dashboardId");
  const surveysProjectId = output<number>("surveysProjectId");
  const [views] = await insights.listInsights(http, projectId, { short_id: output<string>("viewsShortId") });
  await cohorts.updateCohort(http, cohortProjectId, made.cohortId, {
    description: "Edited by hand",
    filters: companyFilter(["Acme", "Initech"]),
  });
  // The dashboard's description, the trends insight's name, the alert's bound, and the HogQL insight deleted.
  await dashboards.updateDashboard(http, projectId, dashboardId, { description: "Edited by hand" });
  await insights.updateInsight(http, projectId, views!.id, { name: "Renamed by hand" });
  await alerts.updateAlert(http, projectId, output<string>("alertId"), {
    threshold: { configuration: { type: "absolute", bounds: { upper: 5 } } },
  });
  await insights.deleteInsight(http, projectId, made.signupsId);
  // The hook's secret, never answered, is no drift: its other drift, as every kind's, is the contract's
  // (test/e2e/contract.test.ts).
  await hogFunctions.updateHogFunction(http, surveysProjectId, output<string>("hogFunctionId"), { enabled: false });

  // Refresh: the cohort, the dashboard, the insight, the alert and the hook; the deleted insight dropped.
  expect((await stack.refresh()).summary.resourceChanges).toMatchObject({ update: 5, delete: 1 });
  expect(exported()).not.toContain(SECRET);
  const preview = await stack.preview({ diff: true });
  expect(preview.stdout).toMatch(/~ description\s*: "Edited by hand" => "Persons of Acme, Globex"/);
  expect(preview.stdout).toMatch(/~ \[1\]\s*: "Initech" => "Globex"/);
  // Only the drift: PostHog's `negation: false` is not shown as a change.
  expect(preview.stdout).not.toMatch(/negation/);
  // The cohort's flag shows its condition as [unknown]: a dynamic resource's update cannot tell the engine its
  // cohortId stays. `up` then writes the cohort only.
  expect(preview.stdout).toMatch(/~ value\s*: \d+ => \[unknown\]/);
  expect(preview.stdout).toMatch(/~ description\s*: "Edited by hand" => "Page views and sign-ups of the web app"/);
  expect(preview.stdout).toMatch(/~ name\s*: "Renamed by hand" => "Page views"/);
  expect(preview.stdout).toMatch(/~ upper\s*: 5 => 10000/);
  expect(preview.stdout).toMatch(/~ enabled\s*: false => true/);
  // Updated: the cohort and its flag, the dashboard, the insight, the alert, the hook; the same: the stack, the two
  // projects, the surveys' flag, the survey, the experiment and the remote configuration flag.
  expect(preview.changeSummary).toEqual({ update: 6, create: 1, same: 7 });

  await server.clearRequests();
  outputs = (await stack.up()).outputs;
  expect((await writes()).map((r) => [r.method, r.path.replace(/\/\d+\/|\/[0-9a-f-]{36}\//g, "/x/"), r.bodyKeys]).sort()).toEqual([
    ["PATCH", "/api/projects/x/alerts/x/", ["threshold"]],
    ["PATCH", "/api/projects/x/cohorts/x/", ["description", "filters"]],
    ["PATCH", "/api/projects/x/dashboards/x/", ["description"]],
    ["PATCH", "/api/projects/x/dashboards/x/", ["tiles"]],
    ["PATCH", "/api/projects/x/hog_functions/x/", ["enabled"]],
    ["PATCH", "/api/projects/x/insights/x/", ["name"]],
    ["POST", "/api/projects/x/insights/", ["saved", "name", "description", "query", "dashboards"]],
  ]);
  const again = output<number>("signupsInsightId");
  expect(again).not.toBe(made.signupsId);
  expect((await insights.getInsight(http, projectId, again)).dashboards).toEqual([dashboardId]);
});

test("deleted by hand: the cohort with its flag (PostHog keeps a cohort an active flag uses) and the survey (DELETE); up --refresh creates them again, the flag naming the new cohort", async () => {
  await expect(cohorts.deleteCohort(http, cohortProjectId, made.cohortId)).rejects.toThrow(
    /This cohort is used in 1 active feature flag\(s\): Beta for the listed companies/,
  );
  await featureFlags.deleteFeatureFlag(http, cohortProjectId, made.cohortFlagId);
  await cohorts.deleteCohort(http, cohortProjectId, made.cohortId);
  await surveys.deleteSurvey(http, output<number>("surveysProjectId"), made.surveyId);

  const again = await stack.up({ refresh: true });
  expect(again.summary.resourceChanges).toMatchObject({ create: 3 });
  outputs = again.outputs;
  expect(output<number>("cohortId")).not.toBe(made.cohortId);
  const newFlag = await featureFlags.getFeatureFlag(http, cohortProjectId, output<number>("cohortFlagId"));
  expect(newFlag.filters.groups[0]!.properties).toMatchObject([{ type: "cohort", value: output<number>("cohortId") }]);
  expect(output<string>("surveyId")).not.toBe(made.surveyId);
});

test("destroy deletes each as PostHog does: the cohort's flag before the cohort; the alert, then the insights and the dashboard; the survey with DELETE", async () => {
  const dashboardProjectId = output<number>("dashboardProjectId");
  const surveysProjectId = output<number>("surveysProjectId");
  await server.clearRequests();
  await stack.destroy();

  // The flag first (the cohort it names would be refused), each marked deleted; no DELETE.
  expect(await writesIn(cohortProjectId)).toEqual([
    ["PATCH", "feature_flags", ["deleted"]],
    ["PATCH", "cohorts", ["deleted"]],
  ]);
  expect((await cohorts.getCohort(http, cohortProjectId, output<number>("cohortId"))).deleted).toBe(true);

  // The alert DELETEd first, the insights and the dashboard marked deleted.
  const deleted = await writesIn(dashboardProjectId);
  expect(deleted[0]).toEqual(["DELETE", "alerts", undefined]);
  expect(deleted.filter((w) => w[1] === "insights")).toEqual([
    ["PATCH", "insights", ["deleted"]],
    ["PATCH", "insights", ["deleted"]],
  ]);
  expect(deleted.filter((w) => w[1] === "dashboards")).toEqual([["PATCH", "dashboards", ["deleted"]]]);

  // The survey with DELETE, the experiment and the hog function marked deleted; the experiment's flag is the
  // program's, deleted as a FeatureFlag is (with the remote configuration flag), before their project.
  const surveysWrites = await writesIn(surveysProjectId);
  expect(surveysWrites.filter((w) => w[1] === "surveys")).toEqual([["DELETE", "surveys", undefined]]);
  expect(surveysWrites.filter((w) => w[1] === "experiments")).toEqual([["PATCH", "experiments", ["deleted"]]]);
  expect(surveysWrites.filter((w) => w[1] === "hog_functions")).toEqual([["PATCH", "hog_functions", ["deleted"]]]);
  expect(surveysWrites.filter((w) => w[1] === "feature_flags")).toEqual([
    ["PATCH", "feature_flags", ["deleted"]],
    ["PATCH", "feature_flags", ["deleted"]],
  ]);
});

test("no failure names a secret: a hog function whose inputs PostHog keeps otherwise (a typo), one PostHog refuses quoting part of its secret input", async () => {
  const token = `tok{en-${SECRET}}`;
  const hostile = (name: string) =>
    [
      `new posthog.HogFunction(${JSON.stringify(name)}, {`,
      `  projectId: ${cohortProjectId},`,
      `  type: "transformation",`,
      `  name: ${JSON.stringify(name)},`,
      `  hog: "return event",`,
      `  inputsSchema: [{ key: "token", type: "string", secret: true }, { key: "note", type: "string" }],`,
      `  inputs: { token: { value: ${JSON.stringify(token)} }, note: { valeu: "typo" } },`,
      `});`,
    ].join("\n");
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [`import * as posthog from "pulumi-posthog";`, hostile("typo"), hostile("refused"), ""].join("\n"),
  );
  const fragment = token.slice(4, 14);
  await server.fault({
    method: "POST",
    path: "/hog_functions/$",
    status: 400,
    body: {
      type: "validation_error",
      code: "invalid_input",
      detail: `Invalid template: extraneous input '${fragment}' expecting {<EOF>, '}'}`,
      attr: "inputs__token",
    },
  });
  const failure = await stack.up({ continueOnError: true }).then(
    () => new Error("up succeeded"),
    (error: Error) => error,
  );
  expect(failure.message).toMatch(/PostHog accepted but did not apply inputs \(declared .*\[secret\]/);
  expect(failure.message).toMatch(/extraneous input '\[secret\]'/);
  expect(failure.message).not.toContain(fragment.slice(2, 8));
  expect(failure.message).not.toContain(SECRET.slice(0, 6));
  await stack.destroy();
});
