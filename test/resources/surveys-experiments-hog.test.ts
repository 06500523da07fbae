/**
 * Layer 2: posthog.Survey, posthog.Experiment and posthog.HogFunction on the program side under
 * pulumi.runtime.setMocks: types, serialized providers, outputs, get, and a hog function's secret inputs made secrets
 * before they reach the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({
  surveyId: "0190a000-0000-7000-8000-000000000001",
  experimentId: 9,
  hogFunctionId: "0190a000-0000-7000-8000-000000000002",
  projectId: 3,
  name: inputs["name"] ?? "read",
}));

// Imported after setMocks, as Pulumi's docs require.
import { Experiment, type ExperimentArgs, HogFunction, type HogFunctionArgs, Survey, type SurveyArgs } from "../../src";
import { serializedProvider } from "../../src/resources/declared";
import type { experimentFields } from "../../src/kinds/experiment/fields";
import type { hogFunctionFields } from "../../src/kinds/hog-function/fields";
import type { CamelCase } from "../../src/kit/names";
import type { surveyFields } from "../../src/kinds/survey/fields";

/** Pulumi's marker for a secret value on the wire (sdk/go/common/resource/sig). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";
const entry = (name: string) => registered.find((r) => r.name === name)!;

test.each([
  [
    "Survey",
    () => new Survey("nps", { projectId: 3, name: "NPS", type: "popover" }),
    "surveyId",
    serializedProvider("surveyProvider"),
    ".surveyProvider",
  ],
  [
    "Experiment",
    () => new Experiment("exp", { projectId: 3, name: "Exp", featureFlagKey: "exp" }),
    "experimentId",
    serializedProvider("experimentProvider"),
    ".experimentProvider",
  ],
  [
    "HogFunction",
    () => new HogFunction("fn", { projectId: 3, name: "Fn", hog: "return event" }),
    "hogFunctionId",
    serializedProvider("hogFunctionProvider"),
    ".hogFunctionProvider",
  ],
])(
  "%s registers its dynamic type with the serialized provider and its id output",
  async (className, make, idOutput, provider, exportName) => {
    const resource = make() as unknown as Record<string, pulumi.Output<unknown>>;
    expect(await resolved(resource[idOutput]!)).toBeDefined();
    const found = registered.find((r) => r.type === `pulumi-nodejs:dynamic/posthog:${className}`)!;
    expect(found.inputs["__provider"]).toBe(provider);
    expect(provider).toContain(exportName);
  },
);

test("get reads by <projectId>/<id>, a UUID for surveys and hog functions", async () => {
  expect(await resolved(Survey.get("s", "3/0190a000-0000-7000-8000-000000000001").id)).toBe("3/0190a000-0000-7000-8000-000000000001");
  expect(await resolved(Experiment.get("e", "3/9").experimentId)).toBe(9);
  expect(await resolved(HogFunction.get("h", "3/0190a000-0000-7000-8000-000000000002").hogFunctionId)).toBe(
    "0190a000-0000-7000-8000-000000000002",
  );
  expect(Survey.isInstance(Survey.get("s2", "3/0190a000-0000-7000-8000-000000000001"))).toBe(true);
  expect(Experiment.isInstance({})).toBe(false);
});

test("a hog function's inputs are a secret when one is, however the program gave it; without secret inputs they stay plain", async () => {
  const fn = new HogFunction("hook", {
    projectId: 3,
    hog: "return event",
    inputsSchema: [
      { key: "url", type: "string" },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com" }, token: { value: "plain-secret" } },
  });
  expect(await resolved(fn.hogFunctionId)).toBeDefined();
  // The mock records the inputs as the engine receives them: a secret is wrapped in Pulumi's secret signature.
  expect(entry("hook").inputs["inputs"]).toEqual({
    [SECRET_SIG]: SECRET_VALUE,
    value: { url: { value: "https://example.com" }, token: { value: "plain-secret" } },
  });
  const plain = new HogFunction("plain", {
    projectId: 3,
    hog: "return event",
    inputsSchema: [{ key: "url", type: "string" }],
    inputs: { url: { value: "https://example.com" } },
  });
  expect(await resolved(plain.hogFunctionId)).toBeDefined();
  expect(entry("plain").inputs["inputs"]).toEqual({ url: { value: "https://example.com" } });
});

test("with a schema known only later, every input is kept secret", async () => {
  const fn = new HogFunction("later", {
    projectId: 3,
    hog: "return event",
    inputsSchema: pulumi.output([{ key: "token", type: "string" as const, secret: true }]),
    inputs: { token: { value: "plain-secret" } },
  });
  expect(await resolved(fn.hogFunctionId)).toBeDefined();
  expect(entry("later").inputs["inputs"]).toEqual({ [SECRET_SIG]: SECRET_VALUE, value: { token: { value: "plain-secret" } } });
});

// The written-out inputs are the field tables', camelCase, projectId and adoptId, and the provider's own inputs (npm run
// typecheck fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const tablesMatch: [boolean, boolean, boolean] = [
  true satisfies Same<keyof SurveyArgs, CamelCase<keyof typeof surveyFields> | "projectId" | "adoptId">,
  true satisfies Same<
    keyof ExperimentArgs,
    CamelCase<keyof typeof experimentFields> | "projectId" | "adoptId" | "allowReplaceWhileLaunched"
  >,
  true satisfies Same<keyof HogFunctionArgs, CamelCase<keyof typeof hogFunctionFields> | "projectId" | "adoptId">,
];

test("each class's args name every field of its table", () => {
  expect(tablesMatch).toEqual([true, true, true]);
});
