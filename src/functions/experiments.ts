/** Experiment lookups, for experiments a program reads (its own or others'): the whole record, camelCased. */
import type { Kind } from "../kit/kind";
import { typedLookups } from "./lazy";
import type { LookupOverrides } from "./overrides";

/** An experiment as PostHog returns it, top-level fields camelCased, `id` as `experimentId`. */
export interface ExperimentResult {
  experimentId: number;
  projectId: number;
  name: string;
  description: string | null;
  featureFlagKey: string;
  startDate: string | null;
  endDate: string | null;
  parameters: Record<string, unknown> | null;
  archived: boolean;
  [field: string]: unknown;
}

/** The project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID. */
type InProject = LookupOverrides & { projectId?: number };
export type GetExperimentArgs = InProject &
  ({ experimentId: number; featureFlagKey?: never } | { featureFlagKey: string; experimentId?: never });
export type ListExperimentsArgs = InProject & {
  /** Case-insensitive part of the name. */
  search?: string;
  /** PostHog's status: "draft", "running", "paused", "stopped", "complete" or "all". */
  status?: string;
};

const lookups = typedLookups<GetExperimentArgs, ListExperimentsArgs, ExperimentResult>(
  async () => (await import("../kinds/experiment/kind")).experimentKind as Kind<"project">,
);

/** One live experiment, by `experimentId` or by its flag's `featureFlagKey`. */
export const getExperiment = lookups.get;
/** Every experiment of the project that is not deleted, archived ones included; `search` and `status` narrow it. */
export const listExperiments = lookups.list;
export const getExperimentOutput = lookups.getOutput;
export const listExperimentsOutput = lookups.listOutput;
