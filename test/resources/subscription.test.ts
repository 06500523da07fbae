/**
 * Layer 2: posthog.Subscription on the program side under pulumi.runtime.setMocks: a webhook's URL given in plain
 * text reaches the engine as a Pulumi secret (so the state holds it, its output and `declaredInputs` encrypted), an
 * email address or a Slack channel stays plain, and a target type known only later keeps the value secret.
 */
import * as pulumi from "@pulumi/pulumi";
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources(() => ({ subscriptionId: 9, projectId: 3 }));

// Imported after setMocks, as Pulumi's docs require.
import { Subscription, type SubscriptionArgs } from "../../src";

/** Pulumi's marker for a secret value on the wire (sdk/go/common/resource/sig). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";
const HOOK = "https://hooks.example.net/services/T000/B000/Xq7zK9vT4mW2";
const entry = (name: string) => registered.find((r) => r.name === name)!;

const weekly: SubscriptionArgs = {
  projectId: 3,
  insightId: 5,
  targetType: "email",
  targetValue: "growth@example.com",
  frequency: "weekly",
  startDate: "2025-01-06T09:00:00Z",
};

test("a webhook's URL given in plain text reaches the engine as a secret; an email address and a Slack channel stay plain", async () => {
  const hook = new Subscription("hook", { ...weekly, targetType: "webhook", targetValue: HOOK });
  const mail = new Subscription("mail", weekly);
  const slack = new Subscription("slack", { ...weekly, targetType: "slack", targetValue: "C0123|#growth" });
  await Promise.all([hook, mail, slack].map((s) => resolved(s.subscriptionId)));
  // The mock records the inputs as the engine receives them: a secret is wrapped in Pulumi's secret signature.
  expect(entry("hook").inputs["targetValue"]).toEqual({ [SECRET_SIG]: SECRET_VALUE, value: HOOK });
  expect(entry("mail").inputs["targetValue"]).toBe("growth@example.com");
  expect(entry("slack").inputs["targetValue"]).toBe("C0123|#growth");
  expect(await pulumi.isSecret(hook.targetValue!)).toBe(true);
  expect(await pulumi.isSecret(mail.targetValue!)).toBe(false);
});

test("with a target type known only later, the value is kept secret", async () => {
  const later = new Subscription("later", { ...weekly, targetType: pulumi.output("webhook" as const), targetValue: HOOK });
  await resolved(later.subscriptionId);
  expect(entry("later").inputs["targetValue"]).toEqual({ [SECRET_SIG]: SECRET_VALUE, value: HOOK });
});
