/**
 * FeatureFlag, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/feature_flags/`),
 * soft-deleted as PostHog deletes flags (`PATCH {"deleted": true}`: FeatureFlagViewSet is a ForbidDestroyModel),
 * identified as `<projectId>/<id>`. Its field table is src/kinds/feature-flag/fields.ts.
 */
import { featureFlags } from "../../client";
import { idField, type ResourceDeclaration } from "../../kit/declaration";
import { ANY } from "../../kit/property";
import { PROJECT_SCOPED_ID_FORMS, projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-state";
import { FEATURE_FLAG_TOKEN, FEATURE_FLAG_TYPE } from "../../kit/tokens";
import { flagFields, normalFilters } from "./fields";
import { cohortsIn } from "../cohort/kind";
import { FeatureFlagProvider } from "./lifecycle";
import { type FlagRecord, secretInputPaths } from "./state";

export const featureFlagDeclaration: ResourceDeclaration<"project", FlagRecord> = {
  name: "FeatureFlag",
  token: FEATURE_FLAG_TOKEN,
  dynamicType: FEATURE_FLAG_TYPE,
  noun: "feature flag",
  scope: "project",
  identity: { output: "flagId", forms: PROJECT_SCOPED_ID_FORMS },
  // FeatureFlagViewSet is a ForbidDestroyModel (products/feature_flags/backend/api/feature_flag.py): DELETE is 405.
  deletion: "soft-delete",
  importInputs: ["projectId", "key", "name"],
  api: projectScopedApi({
    get: featureFlags.getFeatureFlag,
    update: featureFlags.updateFeatureFlag,
    remove: featureFlags.deleteFeatureFlag,
  }),
  schema: () => ({
    description:
      "A PostHog feature flag. Declared fields are managed; deleted as PostHog deletes flags (marked deleted); a flag deleted by hand is created again.",
    inputs: tableInputs(flagFields, "flag"),
    outputs: tableOutputs(flagFields, "flag", { flagId: { type: "integer", description: "Numeric id of the flag in PostHog." } }),
    required: ["flagId", "projectId", "key", "name"],
  }),
  secretInputPaths,
  lookups: {
    plural: "FeatureFlags",
    list: (http, projectId, query) => featureFlags.listFeatureFlags(http, projectId, query),
    uniqueBy: { input: "key", spec: { type: "string", description: "The flag's key." }, find: featureFlags.findFeatureFlagByKey },
    // FeatureFlagViewSet's list filters (products/feature_flags/backend/api/feature_flag.py, `safely_get_queryset`).
    filters: {
      search: { spec: { type: "string", description: "Part of the key or name (case-insensitive)." }, query: (v) => ["search", String(v)] },
      active: { spec: { type: "boolean" }, query: (v) => ["active", v ? "true" : "false"] },
      evaluationRuntime: {
        spec: { type: "string", description: '"server", "client" or "all".' },
        query: (v) => ["evaluation_runtime", String(v)],
      },
    },
    outputs: {
      key: { type: "string" },
      name: { type: "string" },
      active: { type: "boolean" },
      filters: { type: "object", additionalProperties: ANY },
      createdAt: { type: "string" },
    },
    // PostHog answers encrypted payloads decrypted to personal API keys (FeatureFlagViewSet.list and retrieve).
    secretOutputs: (result) => (result["hasEncryptedPayloads"] === true ? ["filters"] : []),
  },
  lifecycle: () => new FeatureFlagProvider(),
  // FeatureFlagViewSet lists with FeatureFlagSerializer itself: the lookups' list has every field, no GET each.
  importer: projectScopedImport(flagFields, {
    // The FeatureFlag model's defaults (posthog/models/feature_flag/feature_flag.py), as a new flag answers them.
    defaults: {
      name: "",
      active: true,
      archived: false,
      ensure_experience_continuity: false,
      tags: [],
      analytics_dashboards: [],
      has_enriched_analytics: false,
      is_remote_configuration: false,
      has_encrypted_payloads: false,
      evaluation_runtime: "all",
    },
    // Filters in one form: a cohort's `cohort_name` and null keys dropped, payloads as the values they hold.
    inputValue: (field, value) => (field === "filters" ? normalFilters(value) : value),
    references: [cohortsIn("filters"), idField("analytics_dashboards", "Dashboard")],
    // A survey's targeting flag is the survey's (SURVEY_TARGETING_FLAG_PREFIX, posthog/constants.py): made, changed
    // and deleted with it, declared through its `targetingFlagFilters`.
    skip: (flag) =>
      flag.key.startsWith("survey-targeting-")
        ? "a survey's targeting flag, which PostHog makes, changes and deletes with the survey (declared by its targetingFlagFilters)"
        : undefined,
    // A remote configuration flag's encrypted payloads are ciphertext in PostHog, decrypted for a personal API key
    // (get_decrypted_flag_payloads, posthog/helpers/encrypted_flag_payloads.py): secrets, never written out.
    secrets: (flag) =>
      flag.has_encrypted_payloads === true
        ? Object.keys(flag.filters.payloads ?? {}).map((key) => ({
            field: "filters",
            path: ["payloads", key],
            what: `the encrypted payload of ${JSON.stringify(key)}`,
          }))
        : [],
    // A payload may be given as its JSON text (payloadValue, src/kinds/feature-flag/fields.ts): PostHog stores that.
    jsonText: [{ field: "filters", path: ["payloads", "*"] }],
    label: (flag) => flag.key,
  }),
};
