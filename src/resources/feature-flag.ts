/**
 * `posthog.FeatureFlag`: a PostHog feature flag, project-scoped. The class declares inputs and outputs and hands them
 * to the engine; the lifecycle runs in `pulumi-posthog/provider` (FeatureFlagProvider), loaded by name inside Pulumi's
 * provider host. Like ./project, this module loads nothing else of the package: its types are written out plainly.
 */
import * as pulumi from "@pulumi/pulumi";
import { FEATURE_FLAG_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

/** JSON, as PostHog stores `filters` and `rollback_conditions`. */
type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A property filter of a release condition, as PostHog's `filters.groups[].properties[]`. */
export interface FlagPropertyFilter {
  key: string;
  /** The compared value; for a cohort condition (`{key: "id", type: "cohort"}`) a Cohort's `cohortId` output. */
  value?: pulumi.Input<JsonValue>;
  operator?: string;
  /** "person", "cohort", "flag" or, in a condition set on groups, "group". */
  type?: string;
  group_type_index?: number | null;
  [key: string]: pulumi.Input<JsonValue> | undefined;
}

/** One condition set: who matches, and how many of them get the flag. */
export interface FlagConditionSet {
  properties?: FlagPropertyFilter[];
  /** 0-100, or null for everyone who matches. */
  rollout_percentage?: number | null;
  /** A variant every match gets (a key of `multivariate.variants`). */
  variant?: string | null;
  /** The group type this condition set is on (companies, …); null for persons. */
  aggregation_group_type_index?: number | null;
  [key: string]: unknown;
}

/** PostHog's release conditions (`filters`). */
export interface FlagFilters {
  groups: FlagConditionSet[];
  /** Variants whose rollout percentages sum to 100. */
  multivariate?: { variants: Array<{ key: string; name?: string | null; rollout_percentage: number }> } | null;
  /** By `"true"` (boolean flags) or variant key: any JSON value (PostHog stores it as JSON text). */
  payloads?: Record<string, JsonValue>;
  /** For flags on groups (companies, …): the group type's index. */
  aggregation_group_type_index?: number | null;
  [key: string]: unknown;
}

type In<T> = pulumi.Input<T>;

/** A flag's inputs: PostHog's writable fields, camelCase (products/feature_flags/backend/api/feature_flag.py). */
export interface FeatureFlagArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the flag. */
  projectId?: In<number>;
  /** Take over this existing flag (its numeric id) on create instead of creating one (GET, then a PATCH of what differs). */
  adoptId?: In<number>;
  /** The key SDKs evaluate: letters, digits, `-` and `_`, at most 400 characters, unique in the project. */
  key: In<string>;
  /** Description of the flag (PostHog calls it `name`). */
  name?: In<string>;
  /** Release conditions. */
  filters?: In<FlagFilters>;
  active?: In<boolean>;
  /** Today's PostHog only; an archived flag must be inactive. */
  archived?: In<boolean>;
  /** Persist the value across authentication steps (not with device ID bucketing). */
  ensureExperienceContinuity?: In<boolean | null>;
  rollbackConditions?: In<JsonValue>;
  /** Trimmed and lower-cased by PostHog. */
  tags?: In<In<string>[]>;
  analyticsDashboards?: In<In<number>[]>;
  hasEnrichedAnalytics?: In<boolean | null>;
  isRemoteConfiguration?: In<boolean | null>;
  /** Remote configuration flags only. */
  hasEncryptedPayloads?: In<boolean | null>;
  evaluationRuntime?: In<"server" | "client" | "all" | null>;
  /** Today's PostHog only. */
  bucketingIdentifier?: In<"distinct_id" | "device_id" | null>;
}

/** Properties for looking up an existing flag with `FeatureFlag.get`. */
export interface FeatureFlagState {
  /** The project, when the id is only the flag's number; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const FEATURE_FLAG_PROVIDER = serializedProvider("featureFlagProvider");

export interface FeatureFlag {
  /** Numeric id of the flag in PostHog. */
  readonly flagId: pulumi.Output<number>;
  readonly projectId: pulumi.Output<number>;
  readonly key: pulumi.Output<string>;
  readonly name: pulumi.Output<string>;
  /** The live values of the declared fields (present when declared). */
  readonly filters?: pulumi.Output<FlagFilters>;
  readonly active?: pulumi.Output<boolean>;
  readonly archived?: pulumi.Output<boolean>;
  readonly ensureExperienceContinuity?: pulumi.Output<boolean | null>;
  readonly rollbackConditions?: pulumi.Output<unknown>;
  readonly tags?: pulumi.Output<string[]>;
  readonly analyticsDashboards?: pulumi.Output<number[]>;
  readonly hasEnrichedAnalytics?: pulumi.Output<boolean | null>;
  readonly isRemoteConfiguration?: pulumi.Output<boolean | null>;
  readonly hasEncryptedPayloads?: pulumi.Output<boolean | null>;
  readonly evaluationRuntime?: pulumi.Output<string | null>;
  readonly bucketingIdentifier?: pulumi.Output<string | null>;
}

/**
 * A PostHog feature flag.
 *
 * ```ts
 * new posthog.FeatureFlag("checkout", {
 *   projectId: web.projectId,
 *   key: "new-checkout",
 *   filters: { groups: [{ properties: [], rollout_percentage: 20 }] },
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class FeatureFlag extends pulumi.CustomResource {
  /** Reads an existing flag into the program without managing it. `id` is `<projectId>/<id>`, or the flag's number with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: FeatureFlagState, opts?: pulumi.CustomResourceOptions): FeatureFlag {
    return new FeatureFlag(name, { projectId: state?.projectId } as FeatureFlagArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is FeatureFlag {
    return (
      obj instanceof FeatureFlag ||
      (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === FEATURE_FLAG_TYPE)
    );
  }

  constructor(name: string, args: FeatureFlagArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "FeatureFlag",
      type: FEATURE_FLAG_TYPE,
      provider: FEATURE_FLAG_PROVIDER,
      outputNames: ["flagId", "projectId", "key", "name"],
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(FEATURE_FLAG_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
