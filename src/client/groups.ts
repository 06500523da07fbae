/** The project-scoped, read-only group endpoints (ee/clickhouse/views/groups.py) and the group types list. */
import { z } from "zod";
import {
  groupPageSchema,
  groupSchema,
  groupTypeSchema,
  propertyDefinitionsSchema,
  propertyValuesSchema,
  type Group,
  type GroupType,
  type PropertyCount,
  type PropertyDefinitions,
} from "./group-record";
import { PostHogError } from "./errors";
import { followPages } from "./pagination";
import { numberSegment } from "./paths";
import type { Transport } from "./transport";

const base = (projectId: number) => `/api/projects/${numberSegment("project id", projectId)}/`;
const inProject = (projectId: number) => `project ${projectId}`;

export async function listGroupTypes(http: Transport, projectId: number): Promise<GroupType[]> {
  return http.request({
    method: "GET",
    path: `${base(projectId)}groups_types/`,
    schema: z.array(groupTypeSchema),
    subject: inProject(projectId),
  });
}

export interface GroupQuery {
  readonly groupTypeIndex: number;
  readonly search?: string;
}

export async function listGroupsPage(http: Transport, projectId: number, query: GroupQuery & { cursor?: string }) {
  return http.request({
    method: "GET",
    path: `${base(projectId)}groups/`,
    query: { group_type_index: query.groupTypeIndex, search: query.search, cursor: query.cursor },
    schema: groupPageSchema,
    subject: inProject(projectId),
  });
}

/** Every group of one type, newest first, following PostHog's cursor 100 at a time. */
export function iterateGroups(http: Transport, projectId: number, query: GroupQuery): AsyncGenerator<Group, void, undefined> {
  const first: Record<string, string> = { group_type_index: String(query.groupTypeIndex) };
  if (query.search !== undefined) first["search"] = query.search;
  return followPages(
    (q) => listGroupsPage(http, projectId, { groupTypeIndex: query.groupTypeIndex, search: q["search"], cursor: q["cursor"] }),
    first,
  );
}

export async function findGroup(http: Transport, projectId: number, groupTypeIndex: number, groupKey: string): Promise<Group> {
  return http.request({
    method: "GET",
    path: `${base(projectId)}groups/find/`,
    query: { group_type_index: groupTypeIndex, group_key: groupKey },
    schema: groupSchema,
    subject: `group "${groupKey}" of group type ${groupTypeIndex} in project ${projectId}`,
  });
}

/**
 * Property names per group type index. The newest PostHog no longer serves this endpoint: its 404 "Endpoint not
 * found." reads as `undefined`, so callers can say so instead of failing.
 */
export async function getGroupPropertyDefinitions(http: Transport, projectId: number): Promise<PropertyDefinitions | undefined> {
  try {
    return await http.request({
      method: "GET",
      path: `${base(projectId)}groups/property_definitions/`,
      schema: propertyDefinitionsSchema,
      subject: inProject(projectId),
    });
  } catch (error) {
    if (error instanceof PostHogError && error.endpointMissing) return undefined;
    throw error;
  }
}

export async function getGroupPropertyValues(
  http: Transport,
  projectId: number,
  query: { groupTypeIndex: number; key: string; value?: string },
): Promise<PropertyCount[]> {
  const answer = await http.request({
    method: "GET",
    path: `${base(projectId)}groups/property_values/`,
    query: { group_type_index: query.groupTypeIndex, key: query.key, value: query.value },
    schema: propertyValuesSchema,
    subject: inProject(projectId),
  });
  return answer.results;
}
