/** Feature flag lookups, for flags a program reads (its own or others'): the whole record, camelCased. */
import type { Kind } from "../kit/kind";
import { typedLookups } from "./lazy";
import type { LookupOverrides } from "./overrides";

/**
 * A flag as PostHog returns it, top-level fields camelCased (`filters` keeps PostHog's names, as FeatureFlag's input
 * does), the numeric `id` as `flagId`. Fields a PostHog version does not send are absent.
 */
export interface FeatureFlagResult {
  flagId: number;
  projectId: number;
  key: string;
  name: string;
  active: boolean;
  filters: Record<string, unknown>;
  createdAt: string;
  [field: string]: unknown;
}

/** The project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID. */
type InProject = LookupOverrides & { projectId?: number };
export type GetFeatureFlagArgs = InProject & ({ flagId: number; key?: never } | { key: string; flagId?: never });
export type ListFeatureFlagsArgs = InProject & {
  /** Case-insensitive part of the key or name. */
  search?: string;
  active?: boolean;
  evaluationRuntime?: "server" | "client" | "all";
};

const lookups = typedLookups<GetFeatureFlagArgs, ListFeatureFlagsArgs, FeatureFlagResult>(
  async () => (await import("../kinds/feature-flag/kind")).featureFlagKind as Kind<"project">,
);

/** One live flag, by `flagId` or by exact `key`. */
export const getFeatureFlag = lookups.get;
/** Every flag of the project that is not deleted (all pages), filtered as PostHog's list filters them. */
export const listFeatureFlags = lookups.list;
export const getFeatureFlagOutput = lookups.getOutput;
export const listFeatureFlagsOutput = lookups.listOutput;
