/**
 * The early access feature's field table: the writable fields of EarlyAccessFeatureSerializer and its create-only
 * EarlyAccessFeatureSerializerCreateOnly (products/early_access_features/backend/api.py; model
 * products/early_access_features/backend/models.py), the same in PostHog 2025-08-04 and today's source, each with
 * PostHog's rule and how a declared value compares with PostHog's answer.
 */
import { z } from "zod";
import { CREATE_IN_FOLDER, type FieldDef, type LeftOut, type ApiTypes } from "../../kit/field-table";

export const EARLY_ACCESS_SERIALIZER = "EarlyAccessFeatureSerializer, products/early_access_features/backend/api.py";

/** `EarlyAccessFeature.Stage`; `ReleaseStage` is every one but draft and archived. */
export const EARLY_ACCESS_STAGES = ["draft", "concept", "alpha", "beta", "general-availability", "archived"] as const;

/**
 * Django's URLValidator as far as it can be told without its host grammar: one of its schemes (http, https, ftp,
 * ftps), `://`, something after it, no whitespace. PostHog checks the host's form itself.
 */
const URL_SHAPE = /^(?:https?|ftps?):\/\/[^\s/?#]+[^\s]*$/i;

export const earlyAccessFeatureFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(200, { error: `must be at most 200 characters (EarlyAccessFeature.name, ${EARLY_ACCESS_SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `may not be blank (${EARLY_ACCESS_SERIALIZER})` }),
    doc: "The feature's name, shown to users who may opt in (at most 200 characters). Without `featureFlagId`, PostHog names the flag it creates after it: its key is the name slugified (`New checkout` → `new-checkout`).",
  },
  description: {
    input: z.string({ error: "must be a string" }),
    doc: "What the feature does, shown to users who may opt in; may be empty.",
  },
  stage: {
    type: "EarlyAccessStage",
    input: z.enum(EARLY_ACCESS_STAGES, {
      error: `must be one of ${EARLY_ACCESS_STAGES.map((s) => `"${s}"`).join(", ")} (EarlyAccessFeature.Stage, ${EARLY_ACCESS_SERIALIZER})`,
    }),
    doc: 'Where the feature is: "draft", "concept", "alpha", "beta", "general-availability" or "archived". In alpha, beta and general availability PostHog marks the flag so that those who opted in (a person property `$feature_enrollment/<flag key>`) get it, as `feature_enrollment: true` (PostHog 2025-08-04: the condition `super_groups`, in concept too); in the other stages, and when the feature is deleted, it takes that off.',
  },
  documentation_url: {
    input: z
      .string({ error: "must be a string" })
      .max(800, { error: `must be at most 800 characters (EarlyAccessFeature.documentation_url, ${EARLY_ACCESS_SERIALIZER})` })
      .refine((v) => v === "" || URL_SHAPE.test(v), {
        error: `must be a URL (http, https, ftp or ftps; Django's URLValidator, ${EARLY_ACCESS_SERIALIZER}) or empty`,
      }),
    doc: "A link to the feature's documentation (at most 800 characters); may be empty.",
  },
  feature_flag_id: {
    input: z
      .number({ error: "must be the numeric id of a feature flag" })
      .int({ error: "must be the numeric id of a feature flag" })
      .positive({ error: "must be the numeric id of a feature flag" }),
    doc: "The flag (a FeatureFlag's `flagId`) the feature releases: boolean, not on groups, and released by no other early access feature (EarlyAccessFeatureSerializerCreateOnly.validate). Without it PostHog creates a flag at 0% (the feature's `featureFlagId` output), which deleting the feature leaves in PostHog, as PostHog does. Set at create only: changing it replaces the feature.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const earlyAccessFeatureLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  payload: "not yet managed: the feature flag payload of the feature (create only)",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const earlyAccessFeatureApiTypes: ApiTypes = {
  file: "products/early_access_features/frontend/generated/api.schemas.ts",
  schemas: ["EarlyAccessFeatureApi", "EarlyAccessFeatureSerializerCreateOnlyApi"],
};
