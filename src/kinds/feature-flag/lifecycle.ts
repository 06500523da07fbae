/**
 * The FeatureFlag lifecycle: the kit's (src/kit/lifecycle.ts) with one hook of its own, the create, which is never
 * sent twice blindly (PostHog has no idempotency key: after an unclear answer the flag is looked up by its key and
 * taken only if this create made it; a key PostHog finds taken names the flag that holds it).
 */
import { featureFlags, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { FeatureFlag } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { featureFlagDeclaration } from "./kind";
import { featureFlagState, type FlagRecord } from "./state";

export class FeatureFlagProvider extends FieldTableLifecycle<FeatureFlag> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(featureFlagDeclaration, featureFlagState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<FlagRecord> {
    const key = body["key"];
    if (typeof key !== "string") throw new Error("key is required: PostHog keys every flag");
    const create = async () => {
      const created = await featureFlags.createFeatureFlag(this.http(), projectId, body);
      // The create answers encrypted payloads as stored, encrypted; a read answers them as written (PostHog decrypts
      // them for personal API keys: FeatureFlagViewSet.retrieve). Compared encrypted, they are written again (a PATCH
      // that says has_encrypted_payloads), which is what happens when that read fails.
      return created.has_encrypted_payloads === true
        ? await featureFlags.getFeatureFlag(this.http(), projectId, created.id).catch(() => created)
        : created;
    };
    // Keys are unique among live flags: the flag a lost answer may hide, or the one refusing the key, has it.
    const flag = await this.createOnce(projectId, body, create, {
      find: async () => {
        const found = await featureFlags.findFeatureFlagByKey(this.http(), projectId, key);
        return found ? [found] : [];
      },
      described: `with key "${key}"`,
      // FeatureFlagSerializer.validate_key (posthog/api/feature_flag.py): "There is already a feature flag with this key.", code unique.
      taken: (error) => error.status === 400 && error.attr === "key" && error.code === "unique",
      otherwise: "choose another key (PostHog keeps keys unique among live flags)",
    });
    return { ...flag, project_id: projectId };
  }
}
