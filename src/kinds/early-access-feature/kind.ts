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
import { earlyAccessFeatureExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as features from "./endpoints";
import * as featureFlags from "../feature-flag/endpoints";
import { idField, type Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import type { EarlyAccessFeature } from "./record";
import { earlyAccessFeatureFields } from "./fields";
import { type EarlyAccessFeatureRead, type EarlyAccessFeatureRecord, earlyAccessFeatureModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";
import { own } from "../../kit/json";

/** PostHog's answer with the id of the flag it releases (`feature_flag_id` is write-only, `feature_flag` answered). */
export function earlyAccessFeatureRecord(feature: EarlyAccessFeature): EarlyAccessFeatureRead {
  return { ...feature, feature_flag_id: feature.feature_flag?.id ?? null };
}

const UUID_KEY = { key: "uuid" } as const;

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
    const missed = Object.keys(body).filter((field) => !earlyAccessFeatureModel.valuesEqual(field, body[field], own(live, field)));
    if (missed.length === 0) return live;
    const names = missed.map((field) => earlyAccessFeatureModel.inputName(field)).join(", ");
    throw new Error(
      `${error.message} Read back, the early access feature does not hold ${names} as sent: the update did not happen; run \`pulumi up\` again.`,
    );
  }
}

export const earlyAccessFeatureKind: Kind<"project", EarlyAccessFeatureRecord> = {
  ...kindNames("EarlyAccessFeature"),
  example: earlyAccessFeatureExample,
  noun: "early access feature",
  scope: "project",
  identity: { output: "earlyAccessFeatureId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "stage"],
  api: projectScopedApi<EarlyAccessFeatureRead, string>({
    get: async (http, projectId, id) => earlyAccessFeatureRecord(await features.getEarlyAccessFeature(http, projectId, id)),
    update,
    remove: features.deleteEarlyAccessFeature,
  }),
  // EarlyAccessFeatureViewSet lists with EarlyAccessFeatureSerializer, as it retrieves (the 2025-08-04 backend's list
  // and GET compared equal), read as a GET is.
  listReads: listedPages(features.earlyAccessFeaturePages, earlyAccessFeatureRecord),
  schema: () => ({
    description:
      "A PostHog early access feature: a feature users can opt into before it is released, through its feature flag. Declared fields are managed; deleted with DELETE, which leaves its flag (PostHog's own, when it created it); one deleted by hand is created again.",
    inputs: tableInputs(earlyAccessFeatureFields, "early access feature", UUID_KEY),
    outputs: tableOutputs(
      earlyAccessFeatureFields,
      "early access feature",
      {
        earlyAccessFeatureId: { type: "string", description: "The early access feature's UUID in PostHog." },
        featureFlagKey: { type: "string", description: "The key of the flag it releases." },
      },
      UUID_KEY,
    ),
    required: ["earlyAccessFeatureId", "projectId", "name", "stage"],
  }),
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
  model: earlyAccessFeatureModel,
  lifecycle: () => new EarlyAccessFeatureLifecycle(),
  // The list answers every field (no GET each). A flag PostHog created with a feature is imported as a FeatureFlag of
  // its own like any flag, and the feature names it.
  importer: projectScopedImport(earlyAccessFeatureFields, {
    list: async (http, projectId) => (await features.listEarlyAccessFeatures(http, projectId)).map(earlyAccessFeatureRecord),
    // The EarlyAccessFeature model's defaults (products/early_access_features/backend/models.py: blank=True).
    defaults: { description: "", documentation_url: "" },
    references: [idField("feature_flag_id", "FeatureFlag")],
    label: (feature) => feature.name,
  }),
};

/**
 * The EarlyAccessFeature lifecycle: the kit's field-table lifecycle with its create (never sent twice blindly), a
 * declared flag that replaces the feature when it changes (PostHog sets it at create only); its updates read back a
 * 500 (its kind's `api.update`).
 */
export class EarlyAccessFeatureLifecycle extends FieldTableLifecycle<EarlyAccessFeatureRead> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(earlyAccessFeatureKind, earlyAccessFeatureModel, connection);
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const declared = news["featureFlagId"];
    const changed = declared !== undefined && olds["featureFlagId"] !== undefined && declared !== olds["featureFlagId"];
    return [...super.replaces(olds, news), ...(changed ? ["featureFlagId"] : [])];
  }

  protected override async obtain(projectId: number, body: Json): Promise<EarlyAccessFeatureRecord> {
    const name = body["name"];
    if (typeof name !== "string") throw new Error("name is required: PostHog names every early access feature");
    const flagDeclared = body["feature_flag_id"] !== undefined;
    const made = await this.createOnce(
      projectId,
      body,
      async () => earlyAccessFeatureRecord(await features.createEarlyAccessFeature(this.http(), projectId, { ...body, name })),
      {
        find: async () =>
          (await features.listEarlyAccessFeatures(this.http(), projectId)).filter((f) => f.name === name).map(earlyAccessFeatureRecord),
        described: `named ${JSON.stringify(name)}`,
        // PostHog does not say who made a feature; the flag it made with one says (FeatureFlag.created_by, the
        // request's user). A declared flag was made before the feature: nothing then says who made the feature.
        maker: async (candidate) => {
          const flagId = candidate.feature_flag_id;
          if (flagDeclared || flagId === null) return null;
          return own(await featureFlags.getFeatureFlag(this.http(), projectId, flagId), "created_by") ?? null;
        },
        // Without a declared flag PostHog creates one keyed by the name slugified; a flag holding that key (one an
        // earlier feature of the name left: PostHog keeps it) refuses the create: FeatureFlagSerializer.validate_key.
        otherwise: "declare the flag as a FeatureFlag and give its id as `featureFlagId`, or choose another name",
      },
    ).catch((error: unknown) => {
      if (error instanceof PostHogError && error.status === 400 && error.code === "unique" && !flagDeclared)
        throw new Error(
          `${error.message} PostHog creates an early access feature's flag with the key it makes from the name (slugified), and a flag of the project has that key (a flag an earlier feature of this name left: PostHog keeps it when the feature is deleted). Give that flag's id as \`featureFlagId\` (declared as a FeatureFlag, adopting it with \`adoptId\`), or choose another name.`,
        );
      throw error;
    });
    return { ...made, project_id: projectId };
  }
}
