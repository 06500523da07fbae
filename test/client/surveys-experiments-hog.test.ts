/**
 * The endpoint functions of surveys, experiments and hog functions (src/kinds/survey/endpoints.ts, experiments.ts,
 * hog-functions.ts) against the local server over loopback: every page of a list, UUID ids, DELETE against soft
 * delete, lookups, secret inputs, errors naming the object, and creates that are never resent.
 */
import { PostHogError, type Transport } from "../../src/client-entry";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as hogFunctions from "../../src/kinds/hog-function/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import { startClientProject } from "../helpers/client-project";
import type { LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId = 0;
beforeAll(async () => ({ server, http, projectId } = await startClientProject("Second wave")));
afterAll(() => server.close());

test("surveys: every page, lookup by name, update, DELETE takes the targeting flag along", async () => {
  for (let i = 0; i < 3; i++) await surveys.createSurvey(http, projectId, { name: `Survey ${i}`, type: "popover", questions: [] });
  const targeting = {
    groups: [{ properties: [{ key: "email", value: "@acme.com", operator: "icontains", type: "person" }], rollout_percentage: 50 }],
  };
  const s = await surveys.createSurvey(http, projectId, {
    name: "NPS",
    type: "popover",
    questions: [{ type: "rating", question: "How likely?", scale: 10 }],
    targeting_flag_filters: targeting,
  });
  expect(s.questions?.[0]).toMatchObject({ type: "rating", scale: 10 });
  await server.clearRequests();
  expect((await surveys.listSurveys(http, projectId, {}, 2)).map((x) => x.name).sort()).toEqual([
    "NPS",
    "Survey 0",
    "Survey 1",
    "Survey 2",
  ]);
  expect(await server.requests({ method: "GET" })).toHaveLength(2);
  expect((await surveys.findSurveyByName(http, projectId, "NPS"))?.id).toBe(s.id);
  expect(await surveys.findSurveyByName(http, projectId, "Survey")).toBeNull();
  const launched = await surveys.updateSurvey(http, projectId, s.id, { start_date: "2026-01-01T00:00:00Z" });
  expect(launched.targeting_flag?.active).toBe(true);
  await surveys.deleteSurvey(http, projectId, s.id);
  await expect(surveys.getSurvey(http, projectId, s.id)).rejects.toMatchObject({ status: 404 });
  await expect(featureFlags.getFeatureFlag(http, projectId, launched.targeting_flag?.id ?? 0)).rejects.toMatchObject({ status: 404 });
});

test("a survey id that is not a UUID is refused before anything is sent", async () => {
  await server.clearRequests();
  expect(() => surveys.getSurvey(http, projectId, "../feature_flags")).toThrow(/survey id "..\/feature_flags" must be a UUID/);
  expect(await server.requests()).toHaveLength(0);
});

test("experiments: the created flag, launch, lookup by flag key, soft delete keeps the flag", async () => {
  const e = await experiments.createExperiment(http, projectId, {
    name: "Checkout button",
    feature_flag_key: "checkout-button",
    parameters: {
      feature_flag_variants: [
        { key: "control", rollout_percentage: 50 },
        { key: "red", rollout_percentage: 50 },
      ],
    },
  });
  expect(e.feature_flag).toMatchObject({ key: "checkout-button", active: false });
  expect((await experiments.updateExperiment(http, projectId, e.id, { start_date: "2026-01-01T00:00:00Z" })).feature_flag?.active).toBe(
    true,
  );
  expect((await experiments.findExperimentsByFlagKey(http, projectId, "checkout-button")).map((found) => found.id)).toEqual([e.id]);
  expect((await experiments.deleteExperiment(http, projectId, e.id)).deleted).toBe(true);
  expect(await experiments.findExperimentsByFlagKey(http, projectId, "checkout-button")).toEqual([]);
  expect((await featureFlags.findFeatureFlagByKey(http, projectId, "checkout-button"))?.deleted).toBe(false);
  const refused = await experiments
    .createExperiment(http, projectId, { name: "No control", feature_flag_key: "x", parameters: { feature_flag_variants: [{ key: "a" }] } })
    .catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(PostHogError);
  expect(refused).toMatchObject({ status: 400, attr: "parameters" });
});

test("hog functions: secrets come back as placeholders, the list is minimal, soft delete", async () => {
  const f = await hogFunctions.createHogFunction(http, projectId, {
    name: "Webhook",
    type: "destination",
    hog: "fetch(inputs.url, {'headers': {'Authorization': inputs.token}})",
    inputs_schema: [
      { key: "url", type: "string", required: true },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com/hook" }, token: { value: "t0ken" } },
  });
  expect(f.inputs).toEqual({
    url: { value: "https://example.com/hook", bytecode: ["_H", 1, 32, "https://example.com/hook"], input_deps: [], order: 0 },
    token: { secret: true },
  });
  expect(JSON.stringify(await hogFunctions.getHogFunction(http, projectId, f.id))).not.toContain("t0ken");
  const listed = await hogFunctions.listHogFunctions(http, projectId, { type: "destination" });
  expect(listed.map((x) => x.id)).toEqual([f.id]);
  expect(listed[0]).not.toHaveProperty("inputs");
  expect((await hogFunctions.updateHogFunction(http, projectId, f.id, { enabled: true })).enabled).toBe(true);
  await hogFunctions.deleteHogFunction(http, projectId, f.id);
  await expect(hogFunctions.getHogFunction(http, projectId, f.id)).rejects.toMatchObject({ status: 404 });
});

test("a survey create that fails after it may have reached PostHog is not resent", async () => {
  await server.clearRequests();
  await server.fault({ method: "POST", path: "/surveys/", status: 503 });
  await expect(surveys.createSurvey(http, projectId, { name: "Once", type: "api" })).rejects.toMatchObject({ kind: "ambiguous" });
  expect(await server.requests({ method: "POST" })).toHaveLength(1);
});
