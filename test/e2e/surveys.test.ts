/**
 * A survey, an experiment and a hog function through the real Pulumi CLI, in one program and one stack against one
 * local server: a flag the survey is shown by and the experiment runs on, a hog function with a secret input given in
 * plain text; create, no-op preview, drift as old => new, up restores, deleted by hand and created again, destroy as
 * PostHog deletes each; the secret never in the state in plain text.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { experiments, featureFlags, hogFunctions, surveys, Transport } from "../../src/client";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

const SECRET = `e2e-s3cr3t-${process.pid}`;
let server: LocalPostHog;
let session: PulumiSession;
let stack: Stack;
let http: Transport;
let dir: string;

const output = async <T>(name: string) => (await stack.outputs())[name]!.value as T;
const writes = async () => (await server.requests()).filter((r) => r.method !== "GET");
const exported = () => {
  const result = session.cli(dir, ["stack", "export", "--stack", stack.name]);
  expect(result.status).toBe(0);
  return result.stdout;
};

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server);
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  dir = fs.mkdtempSync(path.join(repoRoot, ".cache", "e2e-surveys-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: posthog-surveys\nruntime: nodejs\nmain: index.ts\n");
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      `import * as posthog from "pulumi-posthog";`,
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
      `export const projectId = project.projectId;`,
      `export const flagId = flag.flagId;`,
      `export const surveyId = survey.surveyId;`,
      `export const experimentId = experiment.experimentId;`,
      `export const experimentFlagId = experiment.featureFlagId;`,
      `export const hogFunctionId = hook.hogFunctionId;`,
      ``,
    ].join("\n"),
  );
  stack = await session.stack(dir, `e2e-surveys-${process.pid}`);
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("create, no-op preview, drift as old => new, up restores, deleted by hand and created again, destroy; the secret never plain", async () => {
  const up = await stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 6 });
  const projectId = await output<number>("projectId");
  const flagId = await output<number>("flagId");
  const surveyId = await output<string>("surveyId");
  expect(await surveys.getSurvey(http, projectId, surveyId)).toMatchObject({ name: "NPS", linked_flag_id: flagId });
  // PostHog ran the experiment on the program's flag, launched.
  expect(await output<number>("experimentFlagId")).toBe(flagId);
  const experimentId = await output<number>("experimentId");
  expect((await experiments.getExperiment(http, projectId, experimentId)).start_date).toEqual(expect.any(String));
  const hookId = await output<string>("hogFunctionId");
  expect((await hogFunctions.getHogFunction(http, projectId, hookId)).inputs?.["token"]).toEqual({ secret: true });
  expect(exported()).not.toContain(SECRET);

  await server.clearRequests();
  await stack.preview({ expectNoChanges: true });
  expect(await writes()).toEqual([]);

  // Changed by hand: refresh, then each drift shows as old => new (the secret, never answered, is no drift).
  await surveys.updateSurvey(http, projectId, surveyId, { name: "NPS (edited)" });
  await experiments.updateExperiment(http, projectId, experimentId, { description: "Edited by hand" });
  await hogFunctions.updateHogFunction(http, projectId, hookId, { enabled: false });
  const refresh = await stack.refresh();
  expect(refresh.summary.resourceChanges).toMatchObject({ update: 3 });
  expect(exported()).not.toContain(SECRET);
  const preview = await stack.preview({ diff: true });
  expect(preview.stdout).toMatch(/~ name\s*: "NPS \(edited\)" => "NPS"/);
  expect(preview.stdout).toMatch(/~ description\s*: "Edited by hand" => "Faster checkout"/);
  expect(preview.stdout).toMatch(/~ enabled\s*: false => true/);
  expect(preview.changeSummary).toMatchObject({ update: 3 });
  await server.clearRequests();
  await stack.up();
  expect((await writes()).map((r) => [r.method, r.bodyKeys]).sort()).toEqual([
    ["PATCH", ["description"]],
    ["PATCH", ["enabled"]],
    ["PATCH", ["name"]],
  ]);

  // Deleted by hand (DELETE, as PostHog deletes surveys): `up --refresh` finds it gone and creates it again.
  await surveys.deleteSurvey(http, projectId, surveyId);
  const again = await stack.up({ refresh: true });
  expect(again.summary.resourceChanges).toMatchObject({ create: 1 });
  const newSurveyId = await output<string>("surveyId");
  expect(newSurveyId).not.toBe(surveyId);

  // Destroy: the survey with DELETE, the experiment and the hog function marked deleted; the experiment's flag is the
  // program's, deleted as a FeatureFlag is.
  await server.clearRequests();
  await stack.destroy();
  const byPath = (pattern: RegExp) => writes().then((all) => all.filter((r) => pattern.test(r.path)).map((r) => [r.method, r.bodyKeys]));
  expect(await byPath(/surveys/)).toEqual([["DELETE", undefined]]);
  expect(await byPath(/experiments/)).toEqual([["PATCH", ["deleted"]]]);
  expect(await byPath(/hog_functions/)).toEqual([["PATCH", ["deleted"]]]);
  expect((await featureFlags.getFeatureFlag(http, projectId, flagId)).deleted).toBe(true);
});
