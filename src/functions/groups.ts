/**
 * Read-only lookups of PostHog groups (companies, workspaces, …). Groups are written through PostHog's capture
 * endpoint, never through the API these wrap.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Group, GroupType, PropertyCount, Transport } from "../client";
import { httpClient, lookupTransport, outputForm } from "./lazy";
import type { LookupOverrides } from "./overrides";

/** The group type, by index (0–4) or by its name such as "company". */
export type GroupTypeRef = { groupTypeIndex: number; groupType?: never } | { groupType: string; groupTypeIndex?: never };

export interface GroupResult {
  groupTypeIndex: number;
  groupKey: string;
  /** The group's properties as captured, keys untouched. */
  groupProperties: Record<string, unknown>;
  createdAt: string;
}

export interface GroupTypeResult {
  groupType: string;
  groupTypeIndex: number;
  nameSingular: string | null;
  namePlural: string | null;
  detailDashboard: number | null;
  defaultColumns: string[] | null;
  createdAt: string | null;
}

export type PropertyCountResult = { name: string; count: number };

export type GetGroupArgs = LookupOverrides & GroupTypeRef & { projectId: number; groupKey: string };
export type ListGroupsArgs = LookupOverrides & GroupTypeRef & { projectId: number; search?: string; limit?: number };
export type ProjectLookupArgs = LookupOverrides & { projectId: number };
export type GetGroupPropertyValuesArgs = LookupOverrides & GroupTypeRef & { projectId: number; key: string; value?: string };

/** One group by key. Fails with a message naming the key and type when there is none. */
export async function getGroup(args: GetGroupArgs, _opts?: pulumi.InvokeOptions): Promise<GroupResult> {
  const { groups, PostHogError } = await httpClient();
  const http = await lookupTransport(args);
  const type = await resolveGroupType(http, args);
  try {
    return groupResult(await groups.findGroup(http, args.projectId, type.index, args.groupKey));
  } catch (error) {
    if (error instanceof PostHogError && error.isNotFound && error.detail === "Not found.") {
      throw new Error(`Project ${args.projectId} has no group with key "${args.groupKey}" of type ${type.label}.`);
    }
    throw error;
  }
}

/** Groups of one type, newest first: every page (100 each), or as many as `limit` without fetching further pages. */
export async function listGroups(args: ListGroupsArgs, _opts?: pulumi.InvokeOptions): Promise<GroupResult[]> {
  const { collect, groups } = await httpClient();
  const http = await lookupTransport(args);
  const type = await resolveGroupType(http, args);
  const found = await collect(groups.iterateGroups(http, args.projectId, { groupTypeIndex: type.index, search: args.search }), args.limit);
  return found.map(groupResult);
}

export async function listGroupTypes(args: ProjectLookupArgs, _opts?: pulumi.InvokeOptions): Promise<GroupTypeResult[]> {
  const { groups } = await httpClient();
  return (await groups.listGroupTypes(await lookupTransport(args), args.projectId)).map(groupTypeResult);
}

/**
 * Property names of each group type with the number of groups that have them: `{ "0": [{ name, count }] }`. The
 * newest PostHog no longer serves this endpoint; there the same counts are made from the groups themselves.
 */
export async function getGroupPropertyDefinitions(
  args: ProjectLookupArgs,
  _opts?: pulumi.InvokeOptions,
): Promise<Record<string, PropertyCountResult[]>> {
  const { groups } = await httpClient();
  const http = await lookupTransport(args);
  const served = await groups.getGroupPropertyDefinitions(http, args.projectId);
  if (served) return Object.fromEntries(Object.entries(served).map(([index, list]) => [index, list.map(propertyCount)]));
  const definitions: Record<string, PropertyCountResult[]> = {};
  for (const type of await groups.listGroupTypes(http, args.projectId)) {
    const counts = new Map<string, number>();
    for await (const group of groups.iterateGroups(http, args.projectId, { groupTypeIndex: type.group_type_index })) {
      for (const key of Object.keys(group.group_properties ?? {})) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (counts.size === 0) continue;
    definitions[String(type.group_type_index)] = [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return definitions;
}

/** The most common values of one property of a group type (at most 20), optionally filtered by `value`. */
export async function getGroupPropertyValues(
  args: GetGroupPropertyValuesArgs,
  _opts?: pulumi.InvokeOptions,
): Promise<PropertyCountResult[]> {
  const { groups } = await httpClient();
  const http = await lookupTransport(args);
  const type = await resolveGroupType(http, args);
  const values = await groups.getGroupPropertyValues(http, args.projectId, {
    groupTypeIndex: type.index,
    key: args.key,
    value: args.value,
  });
  return values.map(propertyCount);
}

export const getGroupOutput = outputForm(getGroup);
export const listGroupsOutput = outputForm(listGroups);
export const listGroupTypesOutput = outputForm(listGroupTypes);
export const getGroupPropertyDefinitionsOutput = outputForm(getGroupPropertyDefinitions);
export const getGroupPropertyValuesOutput = outputForm(getGroupPropertyValues);

async function resolveGroupType(http: Transport, args: GroupTypeRef & { projectId: number }): Promise<{ index: number; label: string }> {
  if (args.groupTypeIndex !== undefined && args.groupTypeIndex !== null) {
    if (!Number.isInteger(args.groupTypeIndex) || args.groupTypeIndex < 0 || args.groupTypeIndex > 4) {
      throw new Error(`groupTypeIndex must be a whole number from 0 to 4; got ${JSON.stringify(args.groupTypeIndex)}.`);
    }
    return { index: args.groupTypeIndex, label: `index ${args.groupTypeIndex}` };
  }
  if (typeof args.groupType !== "string" || args.groupType === "") {
    throw new Error('Give either groupTypeIndex (0–4) or groupType (a group type name such as "company").');
  }
  const { groups } = await httpClient();
  const types = await groups.listGroupTypes(http, args.projectId);
  const match = types.find((t) => t.group_type === args.groupType);
  if (!match) {
    const known = types.map((t) => `"${t.group_type}"`).join(", ") || "none yet";
    throw new Error(`Project ${args.projectId} has no group type named "${args.groupType}" (group types: ${known}).`);
  }
  return { index: match.group_type_index, label: `"${args.groupType}" (index ${match.group_type_index})` };
}

function groupResult(group: Group): GroupResult {
  return {
    groupTypeIndex: group.group_type_index,
    groupKey: group.group_key,
    groupProperties: group.group_properties ?? {},
    createdAt: group.created_at,
  };
}

function groupTypeResult(type: GroupType): GroupTypeResult {
  return {
    groupType: type.group_type,
    groupTypeIndex: type.group_type_index,
    nameSingular: type.name_singular ?? null,
    namePlural: type.name_plural ?? null,
    detailDashboard: type.detail_dashboard ?? null,
    defaultColumns: type.default_columns ?? null,
    createdAt: type.created_at ?? null,
  };
}

function propertyCount(entry: PropertyCount): PropertyCountResult {
  return { name: entry.name, count: entry.count };
}
