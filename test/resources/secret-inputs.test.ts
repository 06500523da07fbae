/**
 * Layer 2: the inputs a kind makes Pulumi secrets in the program itself (its model's `secretInProgram`, carried by its
 * generated class and applied by src/resources/declared.ts), under pulumi.runtime.setMocks: always (a batch export's
 * destination, an external data source's job inputs), by another input's value (a flag's filters with encrypted
 * payloads), by its items (a workflow's actions with function inputs); a value known only later keeps them secret; a
 * log alert destination's webhook URL and PagerDuty key, its Slack channel plain.
 * Subscriptions and hog functions have their own files.
 */
import * as pulumi from "@pulumi/pulumi";
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources(() => ({ projectId: 3 }));

// Imported after setMocks, as Pulumi's docs require.
import { BatchExport, ExternalDataSource, FeatureFlag, HogFlow, LogsAlertDestination } from "../../src";

/** Pulumi's marker for a secret value on the wire (sdk/go/common/resource/sig). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";
const secret = (value: unknown) => ({ [SECRET_SIG]: SECRET_VALUE, value });
const input = (name: string, field: string) => registered.find((r) => r.name === name)!.inputs[field];

test("a batch export's destination and an external data source's job inputs are secrets, always", async () => {
  const destination = { type: "Postgres" as const, config: { user: "writer", password: "plain" } };
  const exported = new BatchExport("export", { projectId: 3, name: "e", interval: "hour", destination });
  const source = new ExternalDataSource("source", {
    projectId: 3,
    sourceType: "Stripe",
    jobInputs: { stripe_secret_key: "sk" },
    schemas: [],
  });
  await Promise.all([resolved(exported.projectId), resolved(source.projectId)]);
  expect(input("export", "destination")).toEqual(secret(destination));
  expect(input("source", "jobInputs")).toEqual(secret({ stripe_secret_key: "sk" }));
});

test("a flag's filters are a secret when its payloads are encrypted, or when whether they are is known only later", async () => {
  const filters = { groups: [{ rollout_percentage: 100 }], payloads: { true: "token" } };
  const flags = [
    new FeatureFlag("encrypted", { projectId: 3, key: "a", filters, hasEncryptedPayloads: true }),
    new FeatureFlag("plain", { projectId: 3, key: "b", filters, hasEncryptedPayloads: false }),
    new FeatureFlag("unsaid", { projectId: 3, key: "c", filters }),
    new FeatureFlag("later", { projectId: 3, key: "d", filters, hasEncryptedPayloads: pulumi.output(false) }),
  ];
  await Promise.all(flags.map((flag) => resolved(flag.projectId)));
  expect(input("encrypted", "filters")).toEqual(secret(filters));
  expect(input("plain", "filters")).toEqual(filters);
  expect(input("unsaid", "filters")).toEqual(filters);
  expect(input("later", "filters")).toEqual(secret(filters));
});

test("a workflow's actions are a secret when one has function inputs, or when they are known only later", async () => {
  const trigger = { id: "trigger", name: "Trigger", type: "trigger", config: { type: "event" } };
  const hook = {
    id: "hook",
    name: "Hook",
    type: "function",
    config: { template_id: "template-webhook", inputs: { url: { value: "https://x" } } },
  };
  const flows = [
    new HogFlow("with-inputs", { projectId: 3, actions: [trigger, hook] }),
    new HogFlow("without", { projectId: 3, actions: [trigger] }),
    new HogFlow("flow-later", { projectId: 3, actions: pulumi.output([trigger]) }),
  ];
  await Promise.all(flows.map((flow) => resolved(flow.projectId)));
  expect(input("with-inputs", "actions")).toEqual(secret([trigger, hook]));
  expect(input("without", "actions")).toEqual([trigger]);
  expect(input("flow-later", "actions")).toEqual(secret([trigger]));
});

test("a log alert destination's webhook URL and PagerDuty key are secrets; its Slack channel stays plain", async () => {
  const hook = "https://hooks.example.com/T1/secret-part";
  const made = [
    new LogsAlertDestination("to-hook", { projectId: 3, logsAlertId: "a", type: "webhook", webhookUrl: hook }),
    new LogsAlertDestination("to-pager", { projectId: 3, logsAlertId: "a", type: "pagerduty", pagerdutyRoutingKey: "R0123456789abcdef" }),
    new LogsAlertDestination("to-slack", {
      projectId: 3,
      logsAlertId: "a",
      type: "slack",
      slackWorkspaceId: 1,
      slackChannelId: "C0123456789",
    }),
  ];
  await Promise.all(made.map((destination) => resolved(destination.projectId)));
  expect(input("to-hook", "webhookUrl")).toEqual(secret(hook));
  expect(input("to-pager", "pagerdutyRoutingKey")).toEqual(secret("R0123456789abcdef"));
  expect(input("to-slack", "slackChannelId")).toBe("C0123456789");
});
