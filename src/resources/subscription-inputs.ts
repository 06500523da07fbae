/**
 * What posthog.Subscription's class (./subscription, generated) does to a program's inputs before registering them:
 * a webhook's URL becomes a Pulumi secret here, before anything reaches the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { SubscriptionArgs } from "./subscription-types";

/**
 * The inputs with `targetValue` a Pulumi secret when the subscription is delivered to a webhook: such a URL carries
 * its own credential (a Slack or Zapier hook's path), and PostHog keeps it as plain text (Subscription.target_value,
 * posthog/models/subscription.py). The engine then stores it, its output and `declaredInputs` encrypted. When
 * `targetType` is not a plain value (an Output), whether it is "webhook" is known only later, so the value is kept
 * secret; email addresses and Slack channels stay plain.
 */
export function withSecretWebhook(args: SubscriptionArgs): SubscriptionArgs {
  const { targetType, targetValue } = args;
  if (targetValue === undefined || (typeof targetType === "string" && targetType !== "webhook")) return args;
  return { ...args, targetValue: pulumi.secret(targetValue) };
}
