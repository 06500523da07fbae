/**
 * FeatureFlag, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/feature_flags/`),
 * soft-deleted as PostHog deletes flags (`PATCH {"deleted": true}`: FeatureFlagViewSet is a ForbidDestroyModel),
 * identified as `<projectId>/<id>`. Its field table is src/schema/feature-flag-fields.ts.
 */
import { featureFlags, type Transport } from "../client";
import type { ResourceDeclaration } from "../kit/declaration";
import { inProject, tableInputs, tableOutputs } from "../kit/field-state";
import { FEATURE_FLAG_TOKEN, FEATURE_FLAG_TYPE } from "../kit/tokens";
import { flagFields } from "../schema/feature-flag-fields";
import { FeatureFlagProvider } from "./feature-flag-provider";
import type { FlagRecord } from "./feature-flag-state";

export const featureFlagDeclaration: ResourceDeclaration<"project", FlagRecord> = {
  name: "FeatureFlag",
  token: FEATURE_FLAG_TOKEN,
  dynamicType: FEATURE_FLAG_TYPE,
  noun: "feature flag",
  scope: "project",
  identity: { output: "flagId", forms: ["<projectId>/<id>", "the numeric id (in the configured project)"] },
  // FeatureFlagViewSet is a ForbidDestroyModel (products/feature_flags/backend/api/feature_flag.py): DELETE is 405.
  deletion: "soft-delete",
  importInputs: ["projectId", "key", "name"],
  api: {
    get: (http: Transport, projectId: number, id: number) => inProject(projectId, featureFlags.getFeatureFlag(http, projectId, id)),
    update: (http: Transport, projectId: number, id: number, body: Record<string, unknown>) =>
      inProject(projectId, featureFlags.updateFeatureFlag(http, projectId, id, body)),
    remove: (http: Transport, projectId: number, id: number) => featureFlags.deleteFeatureFlag(http, projectId, id),
  },
  schema: () => ({
    description:
      "A PostHog feature flag. Declared fields are managed; deleted as PostHog deletes flags (marked deleted); a flag deleted by hand is created again.",
    inputs: tableInputs(flagFields, "flag"),
    outputs: tableOutputs(flagFields, "flag", { flagId: { type: "integer", description: "Numeric id of the flag in PostHog." } }),
    required: ["flagId", "projectId", "key", "name"],
  }),
  lookups: ["getFeatureFlag", "listFeatureFlags"],
  lifecycle: () => new FeatureFlagProvider(),
};
