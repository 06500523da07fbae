/**
 * EarlyAccessFeature, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/early_access_feature/`), keyed by UUID, deleted with DELETE (204:
 * EarlyAccessFeatureViewSet.destroy, products/early_access_features/backend/api.py, which takes the opt-in condition
 * off its flag and leaves the flag), identified as `<projectId>/<uuid>`.
 *
 * Its flag: a declared `featureFlagId` is the program's flag (a FeatureFlag resource), never deleted here. Without
 * one, PostHog creates the flag with the feature; PostHog keeps that flag when the feature is deleted, and so does
 * this provider, as for an experiment's flag: it is PostHog's, shown as the `featureFlagId` output.
 */
import { PostHogError, type Transport } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { inputNameOf, tableValuesEqual } from "../../kit/field-table";
import { own } from "../../kit/json";
import { idField } from "../../kit/kind";
import { listedPages } from "../../kit/list-reads";
import * as featureFlags from "../feature-flag/endpoints";
import * as features from "./endpoints";
import { earlyAccessFeatureExample } from "./example";
import { EARLY_ACCESS_STAGES, earlyAccessFeatureFields } from "./fields";
import type { EarlyAccessFeature } from "./record";

/** An early access feature as the kit reads it: PostHog's answer with its flag's id as `feature_flag_id`. */
export type EarlyAccessFeatureRead = EarlyAccessFeature & { feature_flag_id: number | null };

/** PostHog's answer with the id of the flag it releases (`feature_flag_id` is write-only, `feature_flag` answered). */
export function earlyAccessFeatureRecord(feature: EarlyAccessFeature): EarlyAccessFeatureRead {
  return { ...feature, feature_flag_id: feature.feature_flag?.id ?? null };
}

/**
 * A PATCH, read back when PostHog answers 500: PostHog 2025-08-04 stores the change and then fails producing its
 * `$early_access_feature_updated` event (EarlyAccessFeatureSerializer.update, `produce_internal_event`, without Kafka).
 * When the feature holds what was sent, the update happened and the record is answered; otherwise the error says what
 * it does not hold.
 */
async function update(http: Transport, projectId: number, id: string, body: Record<string, unknown>): Promise<EarlyAccessFeatureRead> {
  try {
    return earlyAccessFeatureRecord(await features.updateEarlyAccessFeature(http, projectId, id, body));
  } catch (error) {
    if (!(error instanceof PostHogError && error.status === 500)) throw error;
    const live = earlyAccessFeatureRecord(await features.getEarlyAccessFeature(http, projectId, id));
    const missed = Object.keys(body).filter((field) => !tableValuesEqual(earlyAccessFeatureFields, field, body[field], own(live, field)));
    if (missed.length === 0) return live;
    const names = missed.map((field) => inputNameOf(earlyAccessFeatureFields, field)).join(", ");
    throw new Error(
      `${error.message} Read back, the early access feature does not hold ${names} as sent: the update did not happen; run \`pulumi up\` again.`,
    );
  }
}

export const {
  kind: earlyAccessFeatureKind,
  model: earlyAccessFeatureModel,
  Lifecycle: EarlyAccessFeatureLifecycle,
} = defineKind({
  name: "EarlyAccessFeature",
  noun: "early access feature",
  summary: "A feature users can opt into before it is released, through its feature flag.",
  description:
    "A PostHog early access feature: a feature users can opt into before it is released, through its feature flag. Declared fields are managed; deleted with DELETE, which leaves its flag (PostHog's own, when it created it); one deleted by hand is created again.",
  example: earlyAccessFeatureExample,
  scope: "project",
  identity: { output: "earlyAccessFeatureId", key: "uuid", doc: "The early access feature's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "stage"],
  endpoints: {
    get: async (http, projectId, id: string) => earlyAccessFeatureRecord(await features.getEarlyAccessFeature(http, projectId, id)),
    update,
    remove: features.deleteEarlyAccessFeature,
    create: async (http, projectId, body) => earlyAccessFeatureRecord(await features.createEarlyAccessFeature(http, projectId, body)),
  },
  // EarlyAccessFeatureViewSet lists with EarlyAccessFeatureSerializer, as it retrieves (the 2025-08-04 backend's list
  // and GET compared equal), read as a GET is.
  listReads: listedPages(features.earlyAccessFeaturePages, earlyAccessFeatureRecord),
  outputs: { featureFlagKey: { type: "string", description: "The key of the flag it releases." } },
  fields: earlyAccessFeatureFields,
  exampleInput: "documentationUrl",
  // Model fields without defaults; the flag is read from PostHog's `feature_flag`.
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
  lookups: {
    list: (http, projectId) => features.listEarlyAccessFeatures(http, projectId),
    filters: {
      stage: {
        spec: { type: "string" },
        values: ["draft", "concept", "alpha", "beta", "general-availability", "archived"],
        match: (record, value) => record["stage"] === value,
      },
    },
    outputs: {
      name: { type: "string" },
      description: { type: "string" },
      stage: { type: "string" },
      documentationUrl: { type: "string" },
    },
  },
  // The list answers every field (no GET each). A flag PostHog created with a feature is imported as a FeatureFlag of
  // its own like any flag, and the feature names it.
  importer: {
    list: async (http, projectId) => (await features.listEarlyAccessFeatures(http, projectId)).map(earlyAccessFeatureRecord),
    // The EarlyAccessFeature model's defaults (products/early_access_features/backend/models.py: blank=True).
    defaults: { description: "", documentation_url: "" },
    references: [idField("feature_flag_id", "FeatureFlag")],
    label: (feature) => feature.name,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) =>
      (await features.listEarlyAccessFeatures(http, projectId)).filter((f) => f.name === name).map(earlyAccessFeatureRecord),
    // PostHog does not say who made a feature; the flag it made with one says (FeatureFlag.created_by, the request's
    // user). A declared flag was made before the feature: nothing then says who made the feature.
    maker: async (candidate, _self, { http, where, sent }) => {
      const flagId = candidate.feature_flag_id;
      if (sent["feature_flag_id"] !== undefined || flagId === null) return null;
      return own(await featureFlags.getFeatureFlag(http, where, flagId), "created_by") ?? null;
    },
    // Without a declared flag PostHog creates one keyed by the name slugified; a flag holding that key (one an earlier
    // feature of the name left: PostHog keeps it) refuses the create: FeatureFlagSerializer.validate_key.
    otherwise: "declare the flag as a FeatureFlag and give its id as `featureFlagId`, or choose another name",
  },
  createRefusal: (error, sent) =>
    error instanceof PostHogError && error.status === 400 && error.code === "unique" && sent["feature_flag_id"] === undefined
      ? new Error(
          `${error.message} PostHog creates an early access feature's flag with the key it makes from the name (slugified), and a flag of the project has that key (a flag an earlier feature of this name left: PostHog keeps it when the feature is deleted). Give that flag's id as \`featureFlagId\` (declared as a FeatureFlag, adopting it with \`adoptId\`), or choose another name.`,
        )
      : undefined,
  hooks: {
    /** A declared flag replaces the feature when it changes: PostHog sets it at create only. */
    replaces(olds, news) {
      const declared = news["featureFlagId"];
      const changed = declared !== undefined && olds["featureFlagId"] !== undefined && declared !== olds["featureFlagId"];
      return [...this.kit.replaces(olds, news), ...(changed ? ["featureFlagId"] : [])];
    },
  },
});
