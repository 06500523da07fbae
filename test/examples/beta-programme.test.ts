/**
 * examples/beta-programme under pulumi.runtime.setMocks: every resource it declares (a flag, its early access feature,
 * a survey to its users, a holdout, two saved metrics and an experiment on them) passes the provider's checks with the
 * ids the engine would give, before anything is sent. Needs the built lib/ (the program imports pulumi-posthog).
 */
import * as pulumi from "@pulumi/pulumi";
import { kindOf } from "../../src/kinds/index";

const registered: Array<{ type: string; name: string; inputs: Record<string, unknown> }> = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      const n = registered.length;
      // The ids each kind answers with: distinct, as PostHog's are.
      return { id: `${n}`, state: { ...args.inputs, projectId: 3, flagId: 100 + n, holdoutId: 200 + n, savedMetricId: 300 + n } };
    },
    call: () => ({}),
  },
  "posthog-beta-programme",
  "stack",
  false,
);

test("examples/beta-programme: each resource passes the checks, its references resolved", async () => {
  let program: Record<string, pulumi.Output<unknown>> = {};
  jest.isolateModules(() => {
    program = require("../../examples/beta-programme/index") as typeof program;
  });
  await Promise.all(Object.values(program).map((output) => new Promise((resolve) => output.apply(resolve))));
  const ours = registered.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/posthog:") && !r.type.endsWith(":Project"));
  expect(ours.map((r) => r.type.replace("pulumi-nodejs:dynamic/posthog:", "")).sort()).toEqual([
    "EarlyAccessFeature",
    "Experiment",
    "ExperimentHoldout",
    "ExperimentSavedMetric",
    "ExperimentSavedMetric",
    "FeatureFlag",
    "Survey",
  ]);
  for (const { type, inputs } of ours) {
    const { __provider: _, ...plain } = inputs;
    const token = type.replace("pulumi-nodejs:dynamic/posthog:", "posthog:index:");
    expect({ token, failures: (await kindOf(token)!.lifecycle().check!({}, plain)).failures ?? [] }).toEqual({ token, failures: [] });
  }
  const experiment = ours.find((r) => r.type.endsWith(":Experiment"))!;
  expect(experiment.inputs["savedMetricIds"]).toEqual([
    { id: expect.any(Number), metadata: { type: "primary" } },
    { id: expect.any(Number), metadata: { type: "secondary" } },
  ]);
});
