/**
 * FeatureFlag, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/feature_flags/`),
 * soft-deleted as PostHog deletes flags (`PATCH {"deleted": true}`: FeatureFlagViewSet is a ForbidDestroyModel),
 * identified as `<projectId>/<id>`. Its field table is src/kinds/feature-flag/fields.ts.
 */
import { featureFlagExample } from "./example";
import type { Transport } from "../../client";
import * as featureFlags from "./endpoints";
import { idField, type Kind } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { projectScopedApi, projectScopedImport, providerInputsSchema, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { flagFields, normalFilters } from "./fields";
import { cohortsIn } from "../cohort/kind";
import { CREATE_USAGE_DASHBOARD, type FlagRecord, secretInputPaths, featureFlagModel } from "./model";
import * as dashboards from "../dashboard/endpoints";
import * as holdouts from "../experiment-holdout/endpoints";
import { PostHogError } from "../../client";
import { PartialSuccess } from "../../kit/outcome";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { FeatureFlag } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";
import { isPlainObject } from "../../kit/json";

export const featureFlagKind: Kind<"project", FlagRecord> = {
  ...kindNames("FeatureFlag"),
  example: featureFlagExample,
  noun: "feature flag",
  scope: "project",
  identity: { output: "flagId" },
  // FeatureFlagViewSet is a ForbidDestroyModel (products/feature_flags/backend/api/feature_flag.py): DELETE is 405.
  deletion: "soft-delete",
  importInputs: ["projectId", "key", "name"],
  api: projectScopedApi({
    get: featureFlags.getFeatureFlag,
    update: featureFlags.updateFeatureFlag,
    remove: featureFlags.deleteFeatureFlag,
  }),
  // FeatureFlagViewSet lists with FeatureFlagSerializer, as it retrieves (products/feature_flags/backend/api/feature_flag.py;
  // the 2025-08-04 backend's list and GET answers compared equal field by field); archived flags, left out of today's
  // list unless asked for, are read by their GET.
  listReads: listedPages(featureFlags.featureFlagPages),
  // Its update saves the flag as its request read it: never beside a holdout's update, which saves it too.
  flagWrites: "own",
  schema: () => ({
    description:
      "A PostHog feature flag. Declared fields are managed; deleted as PostHog deletes flags (marked deleted); a flag deleted by hand is created again.",
    inputs: { ...tableInputs(flagFields, "flag"), ...providerInputsSchema(featureFlagModel.spec.providerInputs) },
    outputs: tableOutputs(flagFields, "flag", { flagId: { type: "integer", description: "Numeric id of the flag in PostHog." } }),
    required: ["flagId", "projectId", "key", "name"],
  }),
  secretInputPaths,
  lookups: {
    list: (http, projectId, query) => featureFlags.listFeatureFlags(http, projectId, query),
    uniqueBy: { input: "key", spec: { type: "string", description: "The flag's key." }, find: featureFlags.findFeatureFlagByKey },
    // FeatureFlagViewSet's list filters (products/feature_flags/backend/api/feature_flag.py, `safely_get_queryset`).
    filters: {
      search: { spec: { type: "string", description: "Part of the key or name (case-insensitive)." }, query: (v) => ["search", String(v)] },
      active: {
        spec: { type: "boolean", description: "Only the flags that are (true) or are not (false) active." },
        query: (v) => ["active", v ? "true" : "false"],
      },
      evaluationRuntime: {
        spec: { type: "string" },
        values: ["server", "client", "all"],
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
  },
  model: featureFlagModel,
  lifecycle: () => new FeatureFlagLifecycle(),
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
    // A survey's targeting flag is the survey's (SURVEY_TARGETING_FLAG_PREFIX, posthog/constants.py), a product tour's
    // internal targeting flag the tour's (PRODUCT_TOUR_TARGETING_FLAG_PREFIX): made, changed and deleted with it,
    // declared through its `targetingFlagFilters`.
    skip: (flag) =>
      flag.key.startsWith("survey-targeting-")
        ? "a survey's targeting flag, which PostHog makes, changes and deletes with the survey (declared by its targetingFlagFilters)"
        : flag.key.startsWith("product-tour-targeting-")
          ? "a product tour's internal targeting flag, which PostHog makes, changes and deletes with the tour (declared by its targetingFlagFilters)"
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

/** How long a deleted flag's holdout is watched for its own DELETE to end, and how often. */
export const HOLDOUT_WATCH = { forMs: 10_000, everyMs: 250 };

/**
 * The holdout a flag's filters carry, by id: today's `holdout: {id, exclusion_percentage}`, 2025-08-04's
 * `holdout_groups` (the holdout's groups, each with the variant `holdout-<id>`).
 */
export function holdoutIn(filters: FeatureFlag["filters"]): number | undefined {
  const today = filters["holdout"];
  if (isPlainObject(today) && typeof today["id"] === "number") return today["id"];
  const groups = filters["holdout_groups"];
  const variant = Array.isArray(groups) && isPlainObject(groups[0]) ? groups[0]["variant"] : undefined;
  const id = typeof variant === "string" ? /^holdout-(\d+)$/.exec(variant)?.[1] : undefined;
  return id === undefined ? undefined : Number(id);
}

/**
 * The FeatureFlag lifecycle: the kit's (src/kit/lifecycle.ts) with two hooks of its own: the create, which is never
 * sent twice blindly (PostHog has no idempotency key: after an unclear answer the flag is looked up by its key and
 * taken only if this create made it; a key PostHog finds taken names the flag that holds it), and leaves no usage
 * dashboard unless the program asks for one; and the delete of a flag an experiment holdout is on, which outlasts
 * that holdout's own DELETE.
 */
export class FeatureFlagLifecycle extends FieldTableLifecycle<FeatureFlag> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(featureFlagKind, featureFlagModel, connection);
  }

  protected override async obtain(projectId: number, body: Json, inputs: Json): Promise<FlagRecord> {
    const key = body["key"];
    if (typeof key !== "string") throw new Error("key is required: PostHog keys every flag");
    const withDashboard = inputs[CREATE_USAGE_DASHBOARD] === true;
    const create = async () => {
      const created = await featureFlags.createFeatureFlag(this.http(), projectId, {
        ...body,
        _should_create_usage_dashboard: withDashboard,
      });
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
    if (!withDashboard && typeof flag.usage_dashboard === "number") await this.dropUsageDashboard(projectId, flag, inputs);
    return { ...flag, project_id: projectId };
  }

  /**
   * A flag deleted while a holdout's DELETE runs comes back: that DELETE saves the flag of each of the holdout's
   * experiments whole, deleted experiments included, from the copy it read before (ExperimentHoldoutViewSet.destroy,
   * ee/clickhouse/views/experiment_holdouts.py in 2025-08-04; `delete_holdout_and_clear_flags`, products/experiments/
   * backend/, today), and Pulumi deletes a flag and the holdout of its deleted experiment side by side. A launched
   * experiment cannot leave its holdout first ("Can't update holdout on running Experiment"). So the holdouts that may
   * be on the flag's experiments are watched until they are gone (a DELETE has then saved every flag it read: the row
   * goes last) or for `HOLDOUT_WATCH.forMs` (they are kept), and the flag is read again: one brought back is deleted
   * again, and one that stays live fails the delete, naming it. Those holdouts are the one the flag's filters carry,
   * else, for a flag an experiment can run on (two variants or more, `control` first:
   * `validate_existing_feature_flag_for_experiment`), whose filters PostHog leaves as they are, every holdout of the
   * project; no other flag is watched.
   */
  protected override async afterDelete(projectId: number, id: number, answer: FeatureFlag): Promise<void> {
    const http = this.http();
    const named = holdoutIn(answer.filters);
    const variants = answer.filters.multivariate?.variants ?? [];
    const runnable = variants.length > 1 && variants[0]?.key === "control";
    const watched =
      named !== undefined ? [named] : runnable ? (await holdouts.listExperimentHoldouts(http, projectId)).map((h) => h.id) : [];
    if (watched.length === 0) return;
    const until = Date.now() + HOLDOUT_WATCH.forMs;
    const gone = (holdoutId: number) =>
      holdouts.getExperimentHoldout(http, projectId, holdoutId).then(
        () => false,
        (error: unknown) => {
          if (error instanceof PostHogError && error.isNotFound) return true;
          throw error;
        },
      );
    let left = watched;
    while (left.length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, HOLDOUT_WATCH.everyMs));
      const still = await Promise.all(left.map(async (holdoutId) => ((await gone(holdoutId)) ? [] : [holdoutId])));
      left = still.flat();
    }
    const now = await featureFlags.getFeatureFlag(http, projectId, id);
    if (now.deleted) return;
    const again = await featureFlags.deleteFeatureFlag(http, projectId, id);
    if (again.deleted) return;
    throw new Error(
      `Feature flag ${id} ("${now.key}") is live again after its delete (an experiment holdout's DELETE saved it as it was before), and deleting it again was answered with it not deleted. Delete it in PostHog.`,
    );
  }

  /**
   * The usage dashboard a PostHog without `_should_create_usage_dashboard` (2025-08-04, posthog/api/feature_flag.py
   * `_create_usage_dashboard`) made with a flag the program asked none of: marked deleted, as PostHog deletes
   * dashboards. Its insights go with it (`delete_insights`): the dashboard's own, made for it. If that fails, the flag
   * is recorded all the same and the error names the dashboard.
   */
  private async dropUsageDashboard(projectId: number, flag: FeatureFlag, inputs: Json): Promise<void> {
    const dashboardId = flag.usage_dashboard!;
    try {
      await dashboards.deleteDashboard(this.http(), projectId, dashboardId, true);
    } catch (error) {
      if (!(error instanceof PostHogError)) throw error;
      throw new PartialSuccess(
        `Feature flag ${flag.id} was created, but deleting the usage dashboard ${dashboardId} this PostHog made with it failed: ${error.message} Delete it in PostHog, or set ${CREATE_USAGE_DASHBOARD}: true to keep it.`,
        String(flag.id),
        this.model.toOutputs({ ...flag, project_id: projectId }, this.model.recordInputs(inputs)),
        inputs,
        this.kind.noun,
      );
    }
  }
}
