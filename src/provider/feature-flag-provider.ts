/**
 * The FeatureFlag lifecycle: the kit's (src/kit/lifecycle.ts) with one hook of its own, the create, which is never
 * sent twice blindly (PostHog has no idempotency key: after an unclear answer the flag is looked up by its key), and
 * the fields an older PostHog does not have reported as such rather than as refused.
 */
import { featureFlags, PostHogError, type Transport } from "../client";
import { DeclaredLifecycle, type Json, type Placed } from "../kit/lifecycle";
import type { ProviderConfig } from "./config";
import { featureFlagDeclaration } from "./feature-flag-declaration";
import { featureFlagState, type FlagRecord, type FlagRecorded } from "./feature-flag-state";

export class FeatureFlagProvider extends DeclaredLifecycle<"project", FlagRecord, FlagRecorded> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(featureFlagDeclaration, featureFlagState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<FlagRecord> {
    try {
      return { ...(await featureFlags.createFeatureFlag(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous") || typeof body["key"] !== "string") throw error;
      // The POST may have reached PostHog: its flag, if any, has this key (keys are unique among live flags).
      const found = await featureFlags.findFeatureFlagByKey(this.http(), projectId, body["key"]);
      if (found) return { ...found, project_id: projectId };
      throw new Error(`${error.message} No feature flag with key "${body["key"]}" was created; run \`pulumi up\` again.`);
    }
  }

  /** A declared field the record lacks is one this PostHog does not have (2025-08-04 has no `archived`, …). */
  protected override async complete(record: FlagRecord, declared: readonly string[]): Promise<Placed<FlagRecord>> {
    return { record, nowhere: declared.filter((field) => !Object.hasOwn(record, field)) };
  }
}
