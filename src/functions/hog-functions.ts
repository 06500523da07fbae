/** Hog function lookups, for functions a program reads (its own or others'): the whole record, camelCased. */
import type { Kind } from "../kit/kind";
import { typedLookups } from "./lazy";
import type { LookupOverrides } from "./overrides";

/** A hog function as PostHog returns it, top-level fields camelCased, `id` as `hogFunctionId`; secret inputs read `{secret: true}`. */
export interface HogFunctionResult {
  hogFunctionId: string;
  projectId: number;
  type: string | null;
  name: string | null;
  description: string;
  enabled: boolean;
  hog: string;
  [field: string]: unknown;
}

/** The project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID. */
type InProject = LookupOverrides & { projectId?: number };
export type GetHogFunctionArgs = InProject & { hogFunctionId: string };
export type ListHogFunctionsArgs = InProject & {
  /** "destination", "transformation", "site_app", … (comma-separated for several). */
  type?: string;
  enabled?: boolean;
  /** Case-insensitive part of the name or description. */
  search?: string;
};

const lookups = typedLookups<GetHogFunctionArgs, ListHogFunctionsArgs, HogFunctionResult>(
  async () => (await import("../kinds/hog-function/kind")).hogFunctionKind as Kind<"project">,
);

/** One live hog function by `hogFunctionId` (its UUID), with its inputs, schema and masking. */
export const getHogFunction = lookups.get;
/** Every hog function of the project that is not deleted, in PostHog's list form (no inputs, schema or masking). */
export const listHogFunctions = lookups.list;
export const getHogFunctionOutput = lookups.getOutput;
export const listHogFunctionsOutput = lookups.listOutput;
