/**
 * A product tour's internal targeting flag (ProductTourSerializerCreateUpdateOnly, products/product_tours/backend/api/
 * product_tour.py): `product-tour-targeting-<slugified name>-<8 hex>`, "Product Tour: <name>", made through the flag
 * serializer when the tour first has `auto_launch`; its groups the tour's exclusions by `displayFrequency`
 * (`_get_base_exclusion_properties`), the wait period's alternatives (`_get_wait_period`, one group per combination,
 * `_build_flag_groups`) and the user's targeting, each group's properties only; on while the tour runs
 * (`_update_internal_targeting_flag_state`).
 */
import { randomBytes } from "node:crypto";
import { pyStr, slugify } from "../drf/py";
import { createFlag } from "../feature-flags/routes";
import type { ApiContext } from "../pipeline/api";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import type { StoredObject, StoredProject } from "../state/types";

const PREFIX = "product-tour-targeting-";
const LAST_SEEN = "$product_tour_last_seen_date";

const notSet = (key: string): JsonObject => ({ key, type: "person", value: "is_not_set", operator: "is_not_set" });

/** Whether the flag is on: started, not stopped, not archived. */
export const running = (tour: StoredObject): boolean =>
  typeof tour.fields.start_date === "number" && typeof tour.fields.end_date !== "number" && tour.fields.archived !== true;

const contentOf = (tour: StoredObject): JsonObject => (isJsonObject(tour.fields.content) ? tour.fields.content : {});

/** `_get_base_exclusion_properties`. */
function exclusions(tour: StoredObject): JsonObject[] {
  const id = pyStr(tour.fields.id);
  const frequency = contentOf(tour).displayFrequency;
  if (frequency === "always") return [];
  if (frequency === "show_once") return [notSet(`$product_tour_shown/${id}`)];
  return [notSet(`$product_tour_completed/${id}`), notSet(`$product_tour_dismissed/${id}`)];
}

/** `_get_wait_period`: `conditions.seenTourWaitPeriod` when its days (≥ 1) and types are set. */
export function waitPeriod(content: Json | undefined): { days: number; types: Json[] } | null {
  const conditions = isJsonObject(content) ? content.conditions : undefined;
  const wait = isJsonObject(conditions) ? conditions.seenTourWaitPeriod : undefined;
  if (!isJsonObject(wait)) return null;
  const { days, types } = wait;
  if (typeof days !== "number" || days < 1 || !Array.isArray(types) || types.length === 0) return null;
  return { days: Math.trunc(days), types };
}

/** `_build_flag_groups`: the exclusions and each wait-period combination, times the user's groups. */
export function flagGroups(tour: StoredObject, userGroups: Json[][] | null): JsonObject[] {
  const base = exclusions(tour);
  const wait = waitPeriod(tour.fields.content);
  let combined: JsonObject[][] = [base];
  if (wait) {
    combined = [[]];
    for (const type of wait.types) {
      const key = `${LAST_SEEN}/${pyStr(type)}`;
      const options: JsonObject[] = [notSet(key), { key, value: `${wait.days}d`, operator: "is_date_before", type: "person" }];
      combined = combined.flatMap((props) => options.map((option) => [...props, option]));
    }
    combined = combined.map((props) => [...base, ...props]);
  }
  const group = (properties: Json[]): JsonObject => ({ variant: "", rollout_percentage: 100, properties });
  if (!userGroups || userGroups.length === 0) return combined.map(group);
  return userGroups.flatMap((user) => combined.map((props) => group([...props, ...user])));
}

/** `_is_system_managed_property`. */
const isSystem = (tour: StoredObject, p: Json): boolean => {
  const key = isJsonObject(p) ? pyStr(p.key ?? "") : "";
  const id = pyStr(tour.fields.id);
  return (
    [`$product_tour_shown/${id}`, `$product_tour_completed/${id}`, `$product_tour_dismissed/${id}`].includes(key) ||
    key.startsWith(`${LAST_SEEN}/`)
  );
};

export function flagOf(ctx: ApiContext, tour: StoredObject): StoredObject | null {
  const id = tour.fields.internal_targeting_flag_id;
  return typeof id === "number" ? (ctx.store.object("featureFlags", id) ?? null) : null;
}

/** `_create_internal_targeting_flag`. */
export function createTargetingFlag(ctx: ApiContext, team: StoredProject, tour: StoredObject): void {
  const name = pyStr(tour.fields.name);
  const flag = createFlag(ctx, team, {
    key: `${PREFIX}${slugify(name)}-${randomBytes(4).toString("hex")}`,
    name: `Product Tour: ${name}`,
    filters: { groups: flagGroups(tour, null) },
    active: running(tour),
    creation_context: "product_tours",
  });
  tour.fields.internal_targeting_flag_id = flag.id;
}

/** `_update_targeting_flag_filters`: saved on the flag directly (no serializer, no new version). */
export function setTargeting(ctx: ApiContext, tour: StoredObject, filters: Json | null): void {
  const flag = flagOf(ctx, tour);
  if (!flag) return;
  const groups = isJsonObject(filters) && Array.isArray(filters.groups) ? filters.groups : [];
  const user = groups.map((g) => (isJsonObject(g) && Array.isArray(g.properties) ? g.properties : []));
  flag.fields.filters = { groups: flagGroups(tour, user.some((p) => p.length > 0) ? user : null) };
  ctx.store.changed();
}

/** `_refresh_targeting_flag_base_properties`: the user's properties kept (once each), the tour's own rebuilt. */
export function refreshTargeting(ctx: ApiContext, tour: StoredObject): void {
  const flag = flagOf(ctx, tour);
  if (!flag) return;
  const filters = isJsonObject(flag.fields.filters) ? flag.fields.filters : {};
  const seen = new Set<string>();
  const user: Json[][] = [];
  for (const g of Array.isArray(filters.groups) ? filters.groups : []) {
    const props = isJsonObject(g) && Array.isArray(g.properties) ? g.properties.filter((p) => !isSystem(tour, p)) : [];
    // Python's frozenset of (key, value, operator, type): the group's properties as a set.
    const signature = JSON.stringify(
      [
        ...new Set(props.map((p) => (isJsonObject(p) ? JSON.stringify([p.key ?? "", p.value ?? "", p.operator ?? "", p.type ?? ""]) : ""))),
      ].sort(),
    );
    if (seen.has(signature)) continue;
    seen.add(signature);
    user.push(props);
  }
  setTargeting(ctx, tour, user.some((p) => p.length > 0) ? { groups: user.map((properties) => ({ properties })) } : null);
}

/** ProductTourSerializer.get_targeting_flag_filters: the flag's groups without the tour's exclusions. */
export function targetingAnswer(ctx: ApiContext, tour: StoredObject): Json {
  const filters = flagOf(ctx, tour)?.fields.filters;
  if (!isJsonObject(filters) || !Array.isArray(filters.groups)) return null;
  const id = pyStr(tour.fields.id);
  const base = [`$product_tour_shown/${id}`, `$product_tour_completed/${id}`, `$product_tour_dismissed/${id}`];
  const groups = filters.groups.flatMap((g) => {
    if (!isJsonObject(g)) return [];
    const properties = (Array.isArray(g.properties) ? g.properties : []).filter(
      (p) => !(isJsonObject(p) && base.includes(pyStr(p.key ?? ""))),
    );
    return properties.length > 0 ? [{ ...g, properties }] : [];
  });
  return groups.length > 0 ? { groups } : null;
}
