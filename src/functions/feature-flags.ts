/** Feature flag lookups, for flags a program reads (its own or others'): the whole record, camelCased. */
import type * as pulumi from "@pulumi/pulumi";
import { featureFlags } from "../client";
import { requireProject } from "../provider";
import { lookupConfig, lookupTransport, outputForm, recordResult } from "./context";
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

/** One live flag, by `flagId` or by exact `key`. */
export async function getFeatureFlag(args: GetFeatureFlagArgs, _opts?: pulumi.InvokeOptions): Promise<FeatureFlagResult> {
  const http = lookupTransport(args);
  const projectId = requireProject(lookupConfig(args), args.projectId);
  if (args.flagId !== undefined) {
    const flag = await featureFlags.getFeatureFlag(http, projectId, args.flagId);
    if (flag.deleted) throw new Error(`Feature flag ${args.flagId} of project ${projectId} is deleted.`);
    return recordResult(flag, "flagId", projectId) as FeatureFlagResult;
  }
  if (typeof args.key !== "string") throw new Error("getFeatureFlag needs flagId or key.");
  const flag = await featureFlags.findFeatureFlagByKey(http, projectId, args.key);
  if (!flag) throw new Error(`Project ${projectId} has no feature flag with key "${args.key}" (deleted flags are not found).`);
  return recordResult(flag, "flagId", projectId) as FeatureFlagResult;
}

/** Every flag of the project that is not deleted (all pages), filtered as PostHog's list filters them. */
export async function listFeatureFlags(args: ListFeatureFlagsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<FeatureFlagResult[]> {
  const projectId = requireProject(lookupConfig(args), args.projectId);
  const found = await featureFlags.listFeatureFlags(lookupTransport(args), projectId, {
    search: args.search,
    active: args.active === undefined ? undefined : args.active ? "true" : "false",
    evaluation_runtime: args.evaluationRuntime,
  });
  return found.map((flag) => recordResult(flag, "flagId", projectId) as FeatureFlagResult);
}

export const getFeatureFlagOutput = outputForm(getFeatureFlag);
export const listFeatureFlagsOutput = outputForm(listFeatureFlags);
