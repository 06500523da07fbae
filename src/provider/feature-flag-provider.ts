/**
 * The FeatureFlag lifecycle: the kit's (src/kit/lifecycle.ts) with one hook of its own, the create, which is never
 * sent twice blindly (PostHog has no idempotency key: after an unclear answer the flag is looked up by its key).
 */
import { featureFlags, PostHogError, type Transport } from "../client";
import { FieldTableLifecycle } from "../kit/field-lifecycle";
import type { Json } from "../kit/lifecycle";
import type { FeatureFlag } from "../schema/feature-flag";
import type { ProviderConfig } from "./config";
import { featureFlagDeclaration } from "./feature-flag-declaration";
import { featureFlagState, type FlagRecord } from "./feature-flag-state";

export class FeatureFlagProvider extends FieldTableLifecycle<FeatureFlag> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(featureFlagDeclaration, featureFlagState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<FlagRecord> {
    try {
      const created = await featureFlags.createFeatureFlag(this.http(), projectId, body);
      // The create answers encrypted payloads as stored, encrypted; a read answers them as written (PostHog decrypts
      // them for personal API keys: FeatureFlagViewSet.retrieve). Compared encrypted, they are written again (a PATCH
      // that says has_encrypted_payloads), which is what happens when that read fails.
      const record =
        created.has_encrypted_payloads === true
          ? await featureFlags.getFeatureFlag(this.http(), projectId, created.id).catch(() => created)
          : created;
      return { ...record, project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous") || typeof body["key"] !== "string") throw error;
      // The POST may have reached PostHog: its flag, if any, has this key (keys are unique among live flags).
      const found = await featureFlags.findFeatureFlagByKey(this.http(), projectId, body["key"]);
      if (found) return { ...found, project_id: projectId };
      throw new Error(`${error.message} No feature flag with key "${body["key"]}" was created; run \`pulumi up\` again.`);
    }
  }
}
