/** Action lookups, for actions a program reads (its own or others'): the whole record, camelCased. */
import type * as pulumi from "@pulumi/pulumi";
import { actions } from "../client";
import { requireProject } from "../provider";
import { lookupConfig, lookupTransport, outputForm, recordResult } from "./context";
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

/** One live action, by `actionId` or by exact `name`. */
export async function getAction(args: GetActionArgs, _opts?: pulumi.InvokeOptions): Promise<ActionResult> {
  const http = lookupTransport(args);
  const projectId = requireProject(lookupConfig(args), args.projectId);
  if (args.actionId !== undefined) {
    const action = await actions.getAction(http, projectId, args.actionId);
    if (action.deleted) throw new Error(`Action ${args.actionId} of project ${projectId} is deleted.`);
    return recordResult(action, "actionId", projectId) as ActionResult;
  }
  if (typeof args.name !== "string") throw new Error("getAction needs actionId or name.");
  const action = await actions.findActionByName(http, projectId, args.name);
  if (!action) throw new Error(`Project ${projectId} has no action named "${args.name}" (deleted actions are not found).`);
  return recordResult(action, "actionId", projectId) as ActionResult;
}

/** Every action of the project that is not deleted; `search` narrows by name as PostHog's list does. */
export async function listActions(args: ListActionsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<ActionResult[]> {
  const projectId = requireProject(lookupConfig(args), args.projectId);
  const found = await actions.listActions(lookupTransport(args), projectId);
  const search = args.search?.toLowerCase();
  return found
    .filter((action) => search === undefined || (action.name ?? "").toLowerCase().includes(search))
    .map((action) => recordResult(action, "actionId", projectId) as ActionResult);
}

export const getActionOutput = outputForm(getAction);
export const listActionsOutput = outputForm(listActions);
