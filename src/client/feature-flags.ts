/** The feature flag endpoints (posthog/api/feature_flag.py, FeatureFlagViewSet), one function each. */
import { type FeatureFlag, featureFlagSchema } from "../schema/feature-flag";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type FeatureFlagBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof featureFlagSchema> = { path: "feature_flags", noun: "feature flag", schema: featureFlagSchema };

export interface FeatureFlagFilters {
  /** Case-insensitive substring of the key or the name. */
  search?: string;
  active?: "true" | "false" | "STALE";
  type?: "boolean" | "multivariant" | "experiment" | "remote_config";
  evaluation_runtime?: "server" | "client" | "all";
}

export function listFeatureFlagsPage(
  http: Transport,
  projectId: number,
  page: FeatureFlagFilters & { limit?: number; offset?: number } = {},
) {
  return objects.listPage(http, kind, projectId, { ...page });
}

/** Every flag of the project that is not deleted, page by page. */
export function iterateFeatureFlags(http: Transport, projectId: number, filters: FeatureFlagFilters = {}, pageSize?: number) {
  return objects.iterate(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

export function listFeatureFlags(
  http: Transport,
  projectId: number,
  filters: FeatureFlagFilters = {},
  pageSize?: number,
): Promise<FeatureFlag[]> {
  return objects.listAll(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

/**
 * The live flag with exactly this key, or null. PostHog has no lookup by key: its `search` matches key or name as a
 * substring, so the answers are narrowed to the exact key (keys are unique among flags that are not deleted).
 */
export async function findFeatureFlagByKey(http: Transport, projectId: number, key: string): Promise<FeatureFlag | null> {
  for await (const flag of iterateFeatureFlags(http, projectId, { search: key })) if (flag.key === key) return flag;
  return null;
}

export function getFeatureFlag(http: Transport, projectId: number, id: number): Promise<FeatureFlag> {
  return objects.get(http, kind, projectId, id);
}

/** Never resent once it may have reached PostHog: look the key up (findFeatureFlagByKey) before trying again. */
export function createFeatureFlag(http: Transport, projectId: number, body: FeatureFlagBody): Promise<FeatureFlag> {
  return objects.create(http, kind, projectId, body);
}

export function updateFeatureFlag(http: Transport, projectId: number, id: number, body: FeatureFlagBody): Promise<FeatureFlag> {
  return objects.update(http, kind, projectId, id, body);
}

/** PostHog refuses while other active flags depend on this one (400 naming them). */
export function deleteFeatureFlag(http: Transport, projectId: number, id: number): Promise<FeatureFlag> {
  return objects.softDelete(http, kind, projectId, id);
}
