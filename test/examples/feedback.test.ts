/**
 * examples/feedback (TypeScript) under pulumi.runtime.setMocks and examples/feedback-yaml as the YAML it is: every
 * Survey, Experiment and HogFunction they declare passes the provider's checks, the YAML's interpolations standing for
 * values not known yet; the webhook's token reaches the engine as a secret. Needs the built lib/ (the TypeScript
 * program imports pulumi-posthog).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { parse } from "yaml";
import { kindOf } from "../../src/kinds/index";
import { unwrapSecrets } from "../../src/plugin/provider";
import { UNKNOWN } from "../../src/kit/unknown";

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const registered: Array<{ type: string; name: string; inputs: Record<string, unknown> }> = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: `${registered.length}`, state: { ...args.inputs, projectId: 3, flagId: 7, key: "new-checkout" } };
    },
    call: () => ({}),
  },
  "posthog-feedback",
  "stack",
  false,
);

const checked = ["Survey", "Experiment", "HogFunction"];
/** The check of a plugin token's lifecycle, as the engine runs it before anything is sent. */
const failures = async (token: string, inputs: Record<string, unknown>) =>
  (await kindOf(token)!.lifecycle().check!({}, inputs)).failures ?? [];

test("examples/feedback: each survey, experiment and hog function passes the checks; the token is a secret", async () => {
  pulumi.runtime.setAllConfig({ "posthog-feedback:hookToken": "token-from-config" }, ["posthog-feedback:hookToken"]);
  let program: Record<string, pulumi.Output<unknown>> = {};
  jest.isolateModules(() => {
    program = require("../../examples/feedback/index") as typeof program;
  });
  await Promise.all(Object.values(program).map((output) => new Promise((resolve) => output.apply(resolve))));
  const ours = registered.filter((r) => checked.some((name) => r.type === `pulumi-nodejs:dynamic/posthog:${name}`));
  expect(ours.map((r) => r.name).sort()).toEqual(["checkout", "checkout-feedback", "orders-webhook"]);
  for (const { type, inputs } of ours) {
    const { __provider: _, ...plain } = unwrapSecrets(inputs) as Record<string, unknown>;
    expect(await failures(type.replace("pulumi-nodejs:dynamic/posthog:", "posthog:index:"), plain)).toEqual([]);
  }
  const hook = ours.find((r) => r.name === "orders-webhook")!;
  expect(Object.keys(hook.inputs["inputs"] as object)).toContain(SECRET_SIG);
});

test("examples/feedback-yaml: each survey, experiment and hog function passes the checks, interpolations unknown", async () => {
  const program = parse(fs.readFileSync(path.join(__dirname, "..", "..", "examples", "feedback-yaml", "Pulumi.yaml"), "utf8")) as {
    resources: Record<string, { type: string; properties: Record<string, unknown> }>;
  };
  const unknownInterpolations = (value: unknown): unknown => {
    if (typeof value === "string") return value.includes("${") ? UNKNOWN : value;
    if (Array.isArray(value)) return value.map(unknownInterpolations);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unknownInterpolations(v)]));
    return value;
  };
  const ours = Object.values(program.resources).filter((r) => checked.some((name) => r.type === `posthog:index:${name}`));
  expect(ours.map((r) => r.type).sort()).toEqual(["posthog:index:Experiment", "posthog:index:HogFunction", "posthog:index:Survey"]);
  for (const { type, properties } of ours)
    expect(await failures(type, unknownInterpolations(properties) as Record<string, unknown>)).toEqual([]);
});
