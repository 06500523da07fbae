/** Action lookups, for actions a program reads (its own or others'): the whole record, camelCased. */
import type { Kind } from "../kit/kind";
import { typedLookups } from "./lazy";
import type { LookupOverrides } from "./overrides";

/** An action as PostHog returns it, top-level fields camelCased (`steps` keep PostHog's names), `id` as `actionId`. */
export interface ActionResult {
  actionId: number;
  projectId: number;
  name: string | null;
  description: string;
  steps: Array<Record<string, unknown>>;
  tags: string[];
  [field: string]: unknown;
}

/** The project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID. */
type InProject = LookupOverrides & { projectId?: number };
export type GetActionArgs = InProject & ({ actionId: number; name?: never } | { name: string; actionId?: never });
export type ListActionsArgs = InProject & {
  /** Case-insensitive part of the name. */
  search?: string;
};

const lookups = typedLookups<GetActionArgs, ListActionsArgs, ActionResult>(
  async () => (await import("../kinds/action/kind")).actionKind as Kind<"project">,
);

/** One live action, by `actionId` or by exact `name`. */
export const getAction = lookups.get;
/** Every action of the project that is not deleted; `search` narrows by name. */
export const listActions = lookups.list;
export const getActionOutput = lookups.getOutput;
export const listActionsOutput = lookups.listOutput;
