/**
 * Between Pulumi's view of an early access feature and PostHog's: the kit's field-table model over its table
 * (src/kinds/early-access-feature/fields.ts). `name` and `stage` are required (model fields without defaults); the
 * flag is read from PostHog's `feature_flag`.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { EarlyAccessFeature } from "./record";
import { EARLY_ACCESS_STAGES, earlyAccessFeatureFields } from "./fields";

/** An early access feature as the kit reads it: PostHog's answer with its flag's id as `feature_flag_id`. */
export type EarlyAccessFeatureRead = EarlyAccessFeature & { feature_flag_id: number | null };
export type EarlyAccessFeatureRecord = InProject<EarlyAccessFeatureRead>;

export const earlyAccessFeatureModel = fieldModel<EarlyAccessFeatureRead>({
  className: "EarlyAccessFeature",
  noun: "early access feature",
  summary: "A feature users can opt into before it is released, through its feature flag.",
  fields: earlyAccessFeatureFields,
  exampleInput: "documentationUrl",
  required: {
    name: "PostHog names every early access feature",
    stage: "PostHog places every early access feature at a stage (EarlyAccessFeature.stage has no default)",
  },
  fixedOutputs: (record) => ({
    name: record.name,
    stage: record.stage,
    featureFlagId: record.feature_flag?.id ?? null,
    featureFlagKey: record.feature_flag?.key ?? null,
  }),
  outputTypes: {
    name: { type: "string", doc: "The feature's name." },
    stage: { type: "EarlyAccessStage", doc: "Where the feature is." },
    featureFlagId: { type: "number | null", doc: "Numeric id of the flag it releases: the declared one, or the one PostHog created." },
    featureFlagKey: { type: "string | null", doc: "The key of that flag (users opt in through `$feature_enrollment/<key>`)." },
  },
  types: {
    EarlyAccessStage: {
      type: EARLY_ACCESS_STAGES.map((s) => `"${s}"`).join(" | "),
      doc: "The stage of an early access feature (EarlyAccessFeature.Stage).",
    },
  },
});
