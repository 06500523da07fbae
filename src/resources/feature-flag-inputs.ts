/**
 * What posthog.FeatureFlag's class (./feature-flag, generated) does to a program's inputs before registering them:
 * the filters of a flag with encrypted payloads become a Pulumi secret here, before anything reaches the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { FeatureFlagArgs } from "./feature-flag-types";

/**
 * The inputs with `filters` a Pulumi secret when the flag encrypts its payloads (`hasEncryptedPayloads`: PostHog's
 * place for a secret, posthog/helpers/encrypted_flag_payloads.py): the engine then stores them, `declaredInputs` and
 * the `filters` output encrypted. Pulumi's SDK makes an object holding a secret secret as a whole, so the release
 * conditions are secret with the payloads. When `hasEncryptedPayloads` is not a plain value (an Output), whether it
 * is true is known only later, so the filters are kept secret.
 */
export function withSecretPayloads(args: FeatureFlagArgs): FeatureFlagArgs {
  const { filters, hasEncryptedPayloads } = args;
  if (filters === undefined || hasEncryptedPayloads === undefined || hasEncryptedPayloads === null || hasEncryptedPayloads === false)
    return args;
  return { ...args, filters: pulumi.secret(filters) };
}
