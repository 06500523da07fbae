/**
 * Logs sampling rules, `/api/projects/:project_id/logs/sampling_rules/` and
 * `/api/environments/:project_id/logs/sampling_rules/` (today's LogsSamplingRuleViewSet and LogsSamplingRuleSerializer,
 * products/logs/backend/presentation/views/sampling_api.py; model LogsExclusionRule, products/logs/backend/models.py;
 * the answer's shape from products/logs/frontend/generated/api.schemas.ts). PostHog 2025-08-04 has none (its
 * products/logs/backend/ holds the log query only): in that mode these routes do not exist, and PostHog's router
 * answers 404.
 *
 * - Keyed by UUID; DELETE destroys (204); listed by `priority`, then creation, limit/offset. `scope_object = "logs"`.
 * - `name` (255, required, not blank), `enabled` (default false), `priority` (≥ 0; omitted or null on create: after
 *   the project's others, the highest plus one), `rule_type` (severity_sampling, path_drop, rate_limit; required),
 *   `scope_service` (512) and `scope_path_pattern` (1024), nullable, not blank, `scope_attribute_filters` (objects
 *   each with `key` and `op`, default []), `config` (JSON, required, not null). `validate`: a path_drop or rate_limit
 *   rule's config is an object; path_drop's `patterns` strings, its `match_attribute_key` a string; rate_limit's one
 *   of `logs_per_second` / `kb_per_second` (1 to 1000000) with its burst (no lower, at most 10000000); a
 *   `filter_group` of either a property group of at most 16 levels and 256 nodes, with no empty group when the config
 *   is sent. `version` starts at 1 and is counted up on each update.
 *
 * Not imitated: the `logs-settings-drop-rules` feature flag PostHog's permission asks for (on here), PropertyGroupFilter's
 * checks of each property filter (any object is taken), and the reorder and simulate actions.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, fail, type FieldRule, integerField, jsonField, listField } from "../drf/fields";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "logsSamplingRules";
const RULE_TYPES = ["severity_sampling", "path_drop", "rate_limit"];
const MAX_DEPTH = 16;
const MAX_NODES = 256;

/** `validate_scope_attribute_filters`, over ListField(child=DictField()). */
const attributeFilters: FieldRule<unknown> = listField<unknown>({
  nullable: false,
  item: (v, path) => {
    if (!isJsonObject(v)) return fail("invalid", "Each filter must be an object.", path);
    if (!("key" in v) || !("op" in v)) return fail("invalid", "Each filter must include key and op.", path);
    return v;
  },
});

/** The writable fields in LogsSamplingRuleSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 255, nullable: false, allowBlank: false })],
  ["enabled", booleanField(false)],
  ["priority", integerField({ nullable: true, min: 0 })],
  ["rule_type", choiceField(false, (s) => (RULE_TYPES.includes(s) ? s : undefined))],
  ["scope_service", charField({ maxLength: 512, nullable: true, allowBlank: false })],
  ["scope_path_pattern", charField({ maxLength: 1024, nullable: true, allowBlank: false })],
  ["scope_attribute_filters", attributeFilters],
  ["config", jsonField(false)],
];

type Node = Json | undefined;
const isGroup = (n: Node): n is JsonObject & { values: Json[] } =>
  isJsonObject(n) && (n.type === "AND" || n.type === "OR") && Array.isArray(n.values);
const depth = (n: Node, d = 0): number => (d > MAX_DEPTH || !isGroup(n) ? d : Math.max(d, ...n.values.map((c) => depth(c, d + 1))));
const nodes = (n: Node): number => (isGroup(n) ? 1 + n.values.reduce<number>((sum, c) => sum + nodes(c), 0) : 1);
const emptyGroup = (n: Node): boolean => isGroup(n) && (n.values.length === 0 || n.values.some(emptyGroup));

const configError = (detail: string, key?: string) => validationError(detail, key ? `config__${key}` : "config");

/** `_validate_filter_group`: PropertyGroupFilter's shape (groups of groups of filters), then depth, size, emptiness. */
function validateFilterGroup(group: Node, rejectVacuous: boolean): void {
  if (group === undefined || group === null) return;
  const leafOrGroup = (n: Node): boolean => isJsonObject(n) && (!("values" in n) || (isGroup(n) && n.values.every(leafOrGroup)));
  if (!isGroup(group) || !group.values.every((c) => isGroup(c) && c.values.every(leafOrGroup)))
    throw configError(
      "Invalid filter_group shape: Input should be a valid dictionary or instance of PropertyGroupFilterValue",
      "filter_group",
    );
  if (depth(group) > MAX_DEPTH) throw configError(`filter_group is nested too deeply (max depth ${MAX_DEPTH}).`, "filter_group");
  if (nodes(group) > MAX_NODES) throw configError(`filter_group has too many nodes (max ${MAX_NODES} groups + leaves).`, "filter_group");
  if (rejectVacuous && emptyGroup(group))
    throw configError(
      "Every group in filter_group must contain at least one filter — an empty group never matches, so the rule would never apply. For rate_limit rules, omit filter_group entirely to cap all matching logs.",
      "filter_group",
    );
}

const isInt = (v: Node): v is number => typeof v === "number" && Number.isInteger(v);

/** `_validate_rate_limit_config` and the lines or KB form's checks. */
function validateRate(config: JsonObject): void {
  const lines = "logs_per_second" in config;
  const kb = "kb_per_second" in config;
  if (lines && kb) throw configError("Set either `logs_per_second` or `kb_per_second` on a rate_limit rule, not both.");
  if (!lines && !kb) throw configError("rate_limit rules require either `logs_per_second` or `kb_per_second`.");
  const [rate, burst, unit] = lines ? ["logs_per_second", "burst_logs", "logs"] : ["kb_per_second", "burst_kb", "KB"];
  const value = config[rate];
  if (!isInt(value)) throw configError(`Must be an integer (${lines ? "logs" : "kilobytes"} per second sustained).`, rate);
  if (value < 1 || value > 1_000_000)
    throw configError(
      lines ? "Must be between 1 and 1000000 logs/sec inclusive." : "Must be between 1 KB/s and 1000000 KB/s (1 GB/s) inclusive.",
      rate,
    );
  const most = config[burst];
  if (most === undefined || most === null) return;
  if (!isInt(most)) throw configError("Must be an integer when provided.", burst);
  if (most < value) throw configError(`Must be greater than or equal to ${rate}.`, burst);
  if (most > 10_000_000) throw configError(`Must be at most 10000000 ${unit}.`, burst);
}

/** LogsSamplingRuleSerializer.validate, over what is sent and, for the rest, what is stored. */
function validateRule(attrs: JsonObject, stored: JsonObject | undefined): void {
  const ruleType = attrs.rule_type ?? stored?.rule_type;
  const sent = attrs.config !== undefined && attrs.config !== null;
  const config = sent ? attrs.config : stored?.config;
  if (ruleType !== "path_drop" && ruleType !== "rate_limit") return;
  if (!isJsonObject(config)) throw configError(`${ruleType} rules require config to be a JSON object.`);
  if (ruleType === "path_drop") {
    const patterns = config.patterns;
    if (patterns !== undefined && patterns !== null) {
      if (!Array.isArray(patterns)) throw configError("patterns must be a list of strings.");
      const i = patterns.findIndex((p) => typeof p !== "string");
      if (i >= 0) throw configError("Each pattern must be a string.", `patterns[${i}]`);
    }
    const key = config.match_attribute_key;
    if (key !== undefined && key !== null && key !== "" && typeof key !== "string")
      throw configError("Must be a string when provided.", "match_attribute_key");
    validateFilterGroup(config.filter_group, sent);
    return;
  }
  validateFilterGroup(config.filter_group, sent);
  validateRate(config);
}

function serialize(r: StoredObject): JsonObject {
  const f = r.fields;
  return {
    id: String(f.id),
    name: f.name ?? "",
    enabled: f.enabled === true,
    priority: f.priority ?? 0,
    rule_type: f.rule_type ?? "",
    scope_service: f.scope_service ?? null,
    scope_path_pattern: f.scope_path_pattern ?? null,
    scope_attribute_filters: cloneJson(f.scope_attribute_filters ?? []),
    config: cloneJson(f.config ?? {}),
    version: f.version ?? 1,
    created_by: r.createdBy,
    created_at: isoFromMicros(r.createdAtMicros),
    updated_at: isoFromMicros(r.updatedAtMicros),
  };
}

const rulesOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects(KIND).filter((r) => r.teamId === team.id);

/** `order_by("priority", "created_at")`. */
const inOrder = (a: StoredObject, b: StoredObject) =>
  Number(a.fields.priority ?? 0) - Number(b.fields.priority ?? 0) || a.createdAtMicros - b.createdAtMicros;

function ruleOf(ctx: ApiContext, id: number): StoredObject {
  const r = ctx.store.object(KIND, id);
  if (!r) throw notFound();
  return r;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, ["name", "rule_type", "config"], false);
  validateRule(attrs, undefined);
  // perform_create: a rule without a priority goes after the others.
  const highest = Math.max(-1, ...rulesOf(ctx, team).map((r) => Number(r.fields.priority ?? 0)));
  const fields: JsonObject = {
    enabled: false,
    scope_service: null,
    scope_path_pattern: null,
    scope_attribute_filters: [],
    ...attrs,
    priority: attrs.priority ?? highest + 1,
    id: randomUUID(),
    version: 1,
  };
  return json(201, serialize(ctx.store.addObject(KIND, team.id, ctx.user.id, fields)));
}

function update(ctx: ApiContext, id: number, partial: boolean) {
  const rule = ruleOf(ctx, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, ["name", "rule_type", "config"], partial);
  validateRule(attrs, rule.fields);
  Object.assign(rule.fields, attrs);
  rule.fields.version = Number(rule.fields.version ?? 1) + 1;
  return updatedAnswer(ctx, rule, () => serialize(rule));
}

/** Today's PostHog only: PostHog 2025-08-04 routes no logs sampling rules (404). */
export function logsSamplingRuleRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  return nestedViewSetRoutes({
    path: "logs/sampling_rules",
    scopeObject: "logs",
    environments: true,
    lookup: uuidLookup(KIND, "id"),
    list: (ctx, team) => pageAnswer(ctx, rulesOf(ctx, team).sort(inOrder), serialize),
    create,
    retrieve: (ctx, _team, id) => json(200, serialize(ruleOf(ctx, id))),
    update: (ctx, _team, id, partial) => update(ctx, id, partial),
    destroy: (ctx, _team, id) => {
      ctx.store.removeObject(KIND, id);
      return noContent();
    },
  });
}
