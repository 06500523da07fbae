/**
 * Groups and group types of a project: what `$groupidentify` events create (capture.ts) and what the groups
 * endpoints read (routes.ts). Group type indices 0..4 are handed out on first use; a sixth type is dropped.
 */
import { cloneJson, type Json, type JsonObject } from "../state/json";
import type { Store } from "../state/store";
import { isoFromMicros, nowMicros } from "../state/time";
import type { GroupRecord, GroupTypeRecord } from "../state/types";
import type { PostHogVersion } from "../pipeline/version";

export const MAX_GROUP_TYPES = 5;

export function groupTypesOf(store: Store, teamId: number): GroupTypeRecord[] {
  return store.state.groupTypes.filter((g) => g.teamId === teamId).sort((a, b) => a.groupTypeIndex - b.groupTypeIndex);
}

/**
 * The items of `groups_types/`: posthog/models/group_type_mapping.py `GROUP_TYPE_MAPPING_SERIALIZER_FIELDS`;
 * `created_at` is newer than 2025-08-04 (measured).
 */
export function serializeGroupType(g: GroupTypeRecord, version: PostHogVersion = "current"): JsonObject {
  const { created_at, ...older } = serializeGroupTypeFields(g);
  return version === "2025-08-04" ? older : { ...older, created_at };
}

function serializeGroupTypeFields(g: GroupTypeRecord): JsonObject {
  return {
    group_type: g.groupType,
    group_type_index: g.groupTypeIndex,
    name_singular: g.nameSingular,
    name_plural: g.namePlural,
    detail_dashboard: g.detailDashboard,
    default_columns: g.defaultColumns === null ? null : [...g.defaultColumns],
    created_at: isoFromMicros(g.createdAtMicros),
  };
}

export function serializeGroupTypes(store: Store, teamId: number, version: PostHogVersion = "current"): JsonObject[] {
  return groupTypesOf(store, teamId).map((g) => serializeGroupType(g, version));
}

/** GroupSerializer. */
export function serializeGroup(g: GroupRecord): JsonObject {
  return {
    group_type_index: g.groupTypeIndex,
    group_key: g.groupKey,
    group_properties: cloneJson(g.properties),
    created_at: isoFromMicros(g.createdAtMicros),
  };
}

/** The index of a group type, creating the mapping on first use; null when the project already has five. */
export function ensureGroupType(store: Store, teamId: number, groupType: string, atMicros: number): number | null {
  const types = groupTypesOf(store, teamId);
  const existing = types.find((t) => t.groupType === groupType);
  if (existing) return existing.groupTypeIndex;
  if (types.length >= MAX_GROUP_TYPES) return null;
  const used = new Set(types.map((t) => t.groupTypeIndex));
  let index = 0;
  while (used.has(index)) index++;
  store.state.groupTypes.push({
    teamId,
    groupType,
    groupTypeIndex: index,
    nameSingular: null,
    namePlural: null,
    detailDashboard: null,
    defaultColumns: null,
    createdAtMicros: atMicros,
  });
  store.changed();
  return index;
}

export function findGroup(store: Store, teamId: number, groupTypeIndex: number, groupKey: string): GroupRecord | undefined {
  return store.state.groups.find((g) => g.teamId === teamId && g.groupTypeIndex === groupTypeIndex && g.groupKey === groupKey);
}

/** `$groupidentify`: create the group (created_at = first identify) or merge `$group_set` into its properties. */
export function identifyGroup(
  store: Store,
  teamId: number,
  groupType: string,
  groupKey: string,
  set: JsonObject,
  atMicros: number,
): GroupRecord | null {
  const index = ensureGroupType(store, teamId, groupType, atMicros);
  if (index === null) return null;
  const existing = findGroup(store, teamId, index, groupKey);
  if (existing) {
    existing.properties = { ...existing.properties, ...cloneJson(set) };
    existing.updatedAtMicros = nowMicros();
    store.changed();
    return existing;
  }
  const group: GroupRecord = {
    teamId,
    groupTypeIndex: index,
    groupKey,
    properties: cloneJson(set),
    createdAtMicros: atMicros,
    updatedAtMicros: atMicros,
  };
  store.state.groups.push(group);
  store.changed();
  return group;
}

/** `created_at DESC, group_key DESC`. */
export function compareGroupsNewestFirst(a: GroupRecord, b: GroupRecord): number {
  if (a.createdAtMicros !== b.createdAtMicros) return b.createdAtMicros - a.createdAtMicros;
  return a.groupKey < b.groupKey ? 1 : a.groupKey > b.groupKey ? -1 : 0;
}

/** The string form ClickHouse gives a property value (strings as they are, everything else as JSON). */
export function propertyValueName(value: Json): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
