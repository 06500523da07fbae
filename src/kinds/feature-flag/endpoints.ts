/** The feature flag endpoints (posthog/api/feature_flag.py, FeatureFlagViewSet), one function each. */
import { type FeatureFlag, featureFlagSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type FeatureFlagBody = objects.ObjectBody;

export interface FeatureFlagFilters {
  /** Case-insensitive substring of the key or the name. */
  search?: string;
  active?: "true" | "false" | "STALE";
  type?: "boolean" | "multivariant" | "experiment" | "remote_config";
  evaluation_runtime?: "server" | "client" | "all";
}

const flags = objects.endpoints<typeof featureFlagSchema, number, FeatureFlagFilters>({
  path: "feature_flags",
  noun: "feature flag",
  schema: featureFlagSchema,
});

export const listFeatureFlagsPage = flags.listPage;

/** Every flag of the project that is not deleted, page by page. */
export const iterateFeatureFlags = flags.iterate;

export const listFeatureFlags = flags.listAll;

/**
 * The live flag with exactly this key, or null. PostHog has no lookup by key: its `search` matches key or name as a
 * substring, so the answers are narrowed to the exact key (keys are unique among flags that are not deleted).
 */
export async function findFeatureFlagByKey(http: Transport, projectId: number, key: string): Promise<FeatureFlag | null> {
  for await (const flag of iterateFeatureFlags(http, projectId, { search: key })) if (flag.key === key) return flag;
  return null;
}

export const getFeatureFlag = flags.get;

/** Never resent once it may have reached PostHog: look the key up (findFeatureFlagByKey) before trying again. */
export const createFeatureFlag = flags.create;

export const updateFeatureFlag = flags.update;

/** PostHog refuses while other active flags depend on this one (400 naming them). */
export const deleteFeatureFlag = flags.softDelete;

/** Every page of the unfiltered list (archived flags left out today, as PostHog lists them). */
export const featureFlagPages = flags.pages;
