/**
 * Log metric rules, `/api/projects/:project_id/logs/metric_rules/` (today's LogsMetricRuleViewSet and
 * LogsMetricRuleSerializer, products/logs/backend/presentation/views/metric_rules_api.py; filter group limits
 * products/logs/backend/presentation/filter_group_validation.py; model LogsMetricRule, products/logs/backend/models.py;
 * tests products/logs/backend/test/test_metric_rules_api.py). PostHog 2025-08-04 has no metric rules: in that mode
 * these routes do not exist, and PostHog's router answers 404.
 *
 * - Keyed by UUID; DELETE destroys (204); listed oldest first, limit/offset. `scope_object = "logs"`; a create, an
 *   update or a delete by a personal API key needs `logs:write` and `metrics:write`.
 * - `name` (255, required), `metric_name` (200, required, `^[a-zA-Z][a-zA-Z0-9._-]*$`, unique in the project for
 *   its source), `enabled` (default false; at most 10 enabled rules a project), `filter_group` (a PropertyGroupFilter
 *   or null: groups of groups, depth 16, 256 nodes, 256 leaf values, values of 1024 characters, no empty group),
 *   `value_attribute` (512, `attributes.…` or `resource_attributes.…`, `duration_ms` in a spans rule, or null),
 *   `group_by` (at most 5 keys of 512: service_name, severity_text, event_name in a logs rule, service_name, name,
 *   status_code, kind in a spans rule, or `attributes.…` / `resource_attributes.…`), `source` (logs, the default, or
 *   spans: migration 0024_logsmetricrule_source and the generated types).
 * - `metric_name`, `value_attribute` and `source` sent in an update with another value are refused ("… is immutable
 *   after creation — create a new rule to change it."). Every update adds one to `version`.
 * - Today's serializer source was read without `source`; its generated types (LogsMetricRuleApi) state it: the words
 *   of its refusals of another source's keys are this server's, in the form of the logs keys' own.
 *
 * Not imitated: the `logs-metric-rules` feature flag PostHog's permission asks for (on here), metrics editor access
 * (every member here), child environments' canonical team, ingestion.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, fail, type FieldRule, jsonField, listField, parseChar } from "../drf/fields";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "logsMetricRules";
/** MAX_ENABLED_METRIC_RULES (products/logs/backend/models.py). */
const MAX_ENABLED = 10;
const MAX_GROUP_BY_KEYS = 5;
const GROUP_BY_TOP_LEVEL_KEYS: Record<string, string[]> = {
  logs: ["service_name", "severity_text", "event_name"],
  spans: ["service_name", "name", "status_code", "kind"],
};
const SOURCES = ["logs", "spans"];
const SPAN_DURATION = "duration_ms";
const ATTRIBUTE_PREFIXES = ["attributes.", "resource_attributes."];
const METRIC_NAME = /^[a-zA-Z][a-zA-Z0-9._-]*$/;
const LIMITS = { depth: 16, nodes: 256, leafValues: 256, valueLength: 1024 };
const IMMUTABLE = ["metric_name", "value_attribute", "source"];

const isAttributeKey = (key: string) => ATTRIBUTE_PREFIXES.some((p) => key.startsWith(p) && key.length > p.length);
const isGroup = (node: Json | undefined): node is JsonObject =>
  isJsonObject(node) && (node.type === "AND" || node.type === "OR") && Array.isArray(node.values);
const childrenOf = (node: JsonObject): Json[] => node.values as Json[];

/** `PropertyGroupFilter.model_validate` as far as the local server models it: groups of groups of filters. */
function shapeProblem(value: Json): string | undefined {
  if (!isJsonObject(value)) return "Input should be a valid dictionary or instance of PropertyGroupFilter";
  if (value.type !== "AND" && value.type !== "OR") return "Input should be 'AND' or 'OR'";
  if (!Array.isArray(value.values)) return "Input should be a valid list";
  const leafOk = (node: Json): boolean => (isGroup(node) ? childrenOf(node).every(leafOk) : isJsonObject(node));
  if (!value.values.every((v) => isGroup(v) && childrenOf(v).every(leafOk)))
    return "Input should be a valid dictionary or instance of PropertyGroupFilterValue";
  return undefined;
}

/** `validate_filter_group`: the shape, then the limits of filter_group_validation.py, each its own message. */
function filterGroup(value: Json): Json {
  if (value === null) return null;
  const shape = shapeProblem(value);
  if (shape) return fail("invalid", `Invalid filter_group shape: ${shape}`);
  let depth = 0;
  let nodes = 0;
  let leafValues = 0;
  let oversized = false;
  let empty = false;
  const walk = (node: Json, at: number): void => {
    nodes += 1;
    depth = Math.max(depth, at);
    if (isGroup(node)) {
      if (childrenOf(node).length === 0) empty = true;
      for (const child of childrenOf(node)) walk(child, at + 1);
      return;
    }
    const leaf = isJsonObject(node) ? node.value : undefined;
    const values = Array.isArray(leaf) ? leaf : leaf === undefined || leaf === null ? [] : [leaf];
    leafValues += values.length;
    if (values.some((v) => typeof v === "string" && [...v].length > LIMITS.valueLength)) oversized = true;
  };
  walk(value, 0);
  if (depth > LIMITS.depth) return fail("invalid", `filter_group is nested too deeply (max depth ${LIMITS.depth}).`);
  if (nodes > LIMITS.nodes) return fail("invalid", `filter_group has too many nodes (max ${LIMITS.nodes} groups + leaves).`);
  if (leafValues > LIMITS.leafValues)
    return fail("invalid", `filter_group has too many filter values (max ${LIMITS.leafValues} across all filters).`);
  if (oversized) return fail("invalid", `filter_group contains a value longer than ${LIMITS.valueLength} characters.`);
  if (empty)
    return fail(
      "invalid",
      "Every group in filter_group must contain at least one filter — an empty group never matches, so the rule would never produce data points. Omit filter_group to match all logs.",
    );
  return cloneJson(value);
}

const metricName: FieldRule<unknown> = {
  nullable: false,
  parse: (v) => {
    const name = parseChar(v, { maxLength: 200, allowBlank: false });
    if (!METRIC_NAME.test(name))
      return fail("invalid", "Metric name must start with a letter and contain only letters, digits, dots, underscores, and dashes.");
    return name;
  },
};

const valueAttribute: FieldRule<unknown> = {
  nullable: true,
  parse: (v) => {
    const key = parseChar(v, { maxLength: 512, allowBlank: false });
    // `duration_ms` is a spans rule's alone: checked with the source (`checkSourceKeys`).
    if (!isAttributeKey(key) && key !== SPAN_DURATION)
      return fail("invalid", "value_attribute must be prefixed with `attributes.` or `resource_attributes.`.");
    return key;
  },
};

const groupByItems = listField<unknown>({
  nullable: false,
  item: (value, path) => parseChar(value, { maxLength: 512, allowBlank: false }, path),
});

/** `validate_group_by`'s count, after the ListField's children; the keys are checked with the source. */
const groupBy: FieldRule<unknown> = {
  nullable: false,
  parse: (v, ctx) => {
    const keys = groupByItems.parse(v, ctx) as string[];
    if (keys.length > MAX_GROUP_BY_KEYS) return fail("invalid", `At most ${MAX_GROUP_BY_KEYS} group-by keys are allowed.`);
    return keys;
  },
};

/** The group-by keys and the value attribute of the rule's source (sent, else stored, else logs). */
function checkSourceKeys(attrs: JsonObject, instance?: StoredObject): void {
  const source = String(attrs.source ?? instance?.fields.source ?? "logs");
  const own = GROUP_BY_TOP_LEVEL_KEYS[source]!;
  for (const key of (attrs.group_by as string[] | undefined) ?? [])
    if (!own.includes(key) && !isAttributeKey(key))
      throw validationError(
        `Invalid group-by key '${key}'. Use one of ${own.join(", ")}, or a key prefixed with \`attributes.\` / \`resource_attributes.\`.`,
        "group_by",
      );
  if (attrs.value_attribute === SPAN_DURATION && source !== "spans")
    throw validationError("value_attribute must be prefixed with `attributes.` or `resource_attributes.`.", "value_attribute");
}

/** The writable fields in LogsMetricRuleSerializer.Meta.fields order. */
const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 255, nullable: false, allowBlank: false })],
  ["metric_name", metricName],
  ["enabled", booleanField(false)],
  ["filter_group", jsonField(true, filterGroup)],
  ["value_attribute", valueAttribute],
  ["group_by", groupBy],
  ["source", choiceField(false, (v) => (SOURCES.includes(v) ? v : undefined))],
];
const REQUIRED = ["name", "metric_name"];
const DEFAULTS: JsonObject = { enabled: false, filter_group: null, value_attribute: null, group_by: [], source: "logs" };

function serialize(rule: StoredObject): JsonObject {
  const f = rule.fields;
  return {
    id: String(f.id),
    name: f.name ?? "",
    metric_name: f.metric_name ?? "",
    enabled: f.enabled === true,
    filter_group: cloneJson(f.filter_group ?? null),
    value_attribute: f.value_attribute ?? null,
    group_by: cloneJson(f.group_by ?? []),
    source: f.source ?? "logs",
    version: f.version ?? 1,
    created_by: rule.createdBy,
    created_at: isoFromMicros(rule.createdAtMicros),
    updated_at: isoFromMicros(rule.updatedAtMicros),
  };
}

const rulesOf = (ctx: ApiContext, team: StoredProject) =>
  ctx.store
    .objects(KIND)
    .filter((r) => r.teamId === team.id)
    .sort((a, b) => a.createdAtMicros - b.createdAtMicros || a.id - b.id);

function ruleOf(ctx: ApiContext, id: number): StoredObject {
  const rule = ctx.store.object(KIND, id);
  if (!rule) throw notFound();
  return rule;
}

/** `_validate_team_limits`: the metric name once in the project for its source, at most 10 enabled rules. */
function checkTeamLimits(ctx: ApiContext, team: StoredProject, attrs: JsonObject, instance?: StoredObject): void {
  const others = rulesOf(ctx, team).filter((r) => r !== instance);
  const source = attrs.source ?? instance?.fields.source ?? "logs";
  if (attrs.metric_name && others.some((r) => r.fields.metric_name === attrs.metric_name && (r.fields.source ?? "logs") === source))
    throw validationError("A rule already emits this metric name in this project.", "metric_name");
  if (attrs.enabled === true && others.filter((r) => r.fields.enabled === true).length >= MAX_ENABLED)
    throw validationError(`At most ${MAX_ENABLED} metric rules can be enabled per project.`, "enabled");
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, REQUIRED, false);
  checkSourceKeys(attrs);
  checkTeamLimits(ctx, team, attrs);
  const rule = ctx.store.addObject(KIND, team.id, ctx.user.id, { ...DEFAULTS, ...attrs, id: randomUUID(), version: 1 });
  return json(201, serialize(rule));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const rule = ruleOf(ctx, id);
  const body = ctx.req.body();
  const attrs = validateBody(body, FIELDS, undefined, REQUIRED, partial);
  // `_validate_immutable_fields`: what was sent (not a default) against what is stored.
  for (const field of IMMUTABLE)
    if (isJsonObject(body) && field in body && (attrs[field] ?? null) !== (rule.fields[field] ?? null))
      throw validationError(`${field} is immutable after creation — create a new rule to change it.`, field);
  checkSourceKeys(attrs, rule);
  checkTeamLimits(ctx, team, attrs, rule);
  Object.assign(rule.fields, attrs, { version: Number(rule.fields.version ?? 1) + 1 });
  return updatedAnswer(ctx, rule, () => serialize(rule));
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Today's PostHog only: PostHog 2025-08-04 routes no log metric rules (404). */
export function logsMetricRuleRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  return nestedViewSetRoutes({
    path: "logs/metric_rules",
    scopeObject: "logs",
    lookup: uuidLookup(KIND, "id"),
    // `dangerously_get_required_scopes`: a rule publishes log attributes to the Metrics product.
    scopesFor: (ctx) => (WRITES.has(ctx.req.method) ? ["logs:write", "metrics:write"] : undefined),
    list: (ctx, team) => pageAnswer(ctx, rulesOf(ctx, team), serialize),
    create,
    retrieve: (ctx, _team, id) => json(200, serialize(ruleOf(ctx, id))),
    update,
    destroy: (ctx, _team, id) => {
      ctx.store.removeObject(KIND, ruleOf(ctx, id).id);
      return noContent();
    },
  });
}
