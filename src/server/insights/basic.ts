/**
 * InsightBasicSerializer (posthog/api/insight.py): the short form of an insight that an alert's answer carries as its
 * `insight`. Apart from the insights' routes because those answer each insight with its alerts (serializeAlert): the
 * alerts' routes take this form from here, so neither routes module imports the other.
 */
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { userBasic } from "../pipeline/nested-viewset";
import { cloneJson, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject } from "../state/types";
import { liveInsightTiles } from "../dashboards/tiles";

export function serializeInsightBasic(ctx: ApiContext, i: StoredObject): JsonObject {
  const f = i.fields;
  return {
    id: i.id,
    short_id: pyStr(f.short_id ?? ""),
    name: f.name ?? null,
    derived_name: f.derived_name ?? null,
    filters: cloneJson(f.filters ?? {}),
    query: cloneJson(f.query ?? null),
    dashboards: liveInsightTiles(ctx.store, i.id).map((t) => t.fields.dashboard_id ?? null),
    description: f.description ?? null,
    last_refresh: null,
    refreshing: false,
    saved: f.saved === true,
    tags: cloneJson(f.tags ?? []),
    updated_at: isoFromMicros(i.updatedAtMicros),
    created_by: userBasic(ctx.store, i.createdBy),
    created_at: isoFromMicros(i.createdAtMicros),
    last_modified_at: isoFromMicros(typeof f.last_modified_at === "number" ? f.last_modified_at : i.createdAtMicros),
    favorited: f.favorited === true,
    user_access_level: "manager",
  };
}
